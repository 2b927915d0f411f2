"""The lazy SMP experiment (``bench/lazy_smp.py``): its shared table keeps what a plain
table keeps, and a search through it finds the values the plain search finds."""

from __future__ import annotations

import time
from multiprocessing import get_context

import pytest

from bench.lazy_smp import SharedSearcher, SharedTable
from ogames.ai.alphabeta import Searcher, deepen
from ogames.core.registry import get_rules


def table(slots: int = 8) -> SharedTable:
    return SharedTable(get_context("spawn").RawArray("Q", 3 * slots))


def test_a_slot_keeps_the_deeper_entry_of_a_position_and_yields_to_another_position() -> None:
    shared = table()
    shared.put(17, 5, -1.25, 2, 99)
    assert shared.get(17) == (5, -1.25, 2, 99)
    shared.put(17, 3, 0.5, 0, 7)  # shallower: the deeper one stays
    assert shared.get(17) == (5, -1.25, 2, 99)
    shared.put(17 + 8, 1, 0.5, 0, 0)  # another position in the same slot replaces it
    assert shared.get(17) is None
    assert shared.get(25) == (1, 0.5, 0, 0)


def test_a_torn_slot_reads_as_empty() -> None:
    shared = table()
    shared.put(3, 4, 2.0, 0, 5)
    shared.words[3 * 3 + 2] ^= 1  # a second writer changed the value, not the check
    assert shared.get(3) is None


@pytest.mark.parametrize("game_id", ["ordo", "onitama"])
def test_searching_through_the_shared_table_gives_the_plain_searchs_values(game_id) -> None:
    """Alpha-beta's value at a fixed depth does not depend on the table it keeps: the
    same value, depth by depth, from the start."""
    rules = get_rules(game_id)
    pos = rules.start(rules.variants[0], 1)
    found = []
    for searcher in (Searcher(rules, rules.policy()),
                     SharedSearcher(table(1 << 12), rules, rules.policy())):
        moves = searcher.ordered(pos, list(rules.legal_moves(pos)), None)
        found.append([v for _, _, v in deepen(searcher, pos, moves, 3, time.perf_counter(),
                                               None, one_move_stops=False)[4]])
    assert found[0] == pytest.approx(found[1])


def test_a_lazy_search_on_two_processes_answers_a_legal_move_and_leaves_none() -> None:
    import multiprocessing
    import random

    from bench.lazy_smp import search
    from ogames.ai.alphabeta import Level

    rules = get_rules("ordo")
    pos = rules.start(rules.variants[0], 1)
    legal = rules.legal_moves(pos)
    found = search(rules, pos, legal, rules.policy(), Level("hard", 3, 5.0),
                   random.Random(1), workers=2)
    assert found.move in legal and found.depth == 3
    assert multiprocessing.active_children() == []
