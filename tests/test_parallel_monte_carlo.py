"""The hard level of the Monte Carlo games on every core (issue #25): one whole
information-set search per process, their roots summed; the same seed gives the same move
under an iteration budget, a win in one is played before any process starts, a cancel is
obeyed at once and no process is left behind (in the app: tests/test_parallel_alphabeta.py, which
runs its Pilot tests for Ochmir too)."""

from __future__ import annotations

import logging
import time

import pytest

from ogames.ai import (
    monte_carlo,
    parallel_alphabeta,
    parallel_monte_carlo,
    player,
    processes,
)
from ogames.ai.levels import Level
from ogames.ai.parallel_monte_carlo import Root, RootMove
from ogames.core.game import Game
from ogames.core.registry import get_rules
from tests.test_ai import ochmir_endgame, random_game
from tests.test_parallel_alphabeta import (  # noqa: F401 - the fixture counts the test's processes only
    _children_before,
    assert_a_cancel_returns_at_once,
    no_process_left,
)
from tests.uihelp import need

#: an iteration budget and no clock: the answer depends on the seed only
BUDGET = Level("hard", 160, None, playout_depth=6)


def mid_game(variant: str = "2", seed: int = 3, plies: int = 30) -> tuple[Game, int]:
    need("ochmir")
    game = random_game("ochmir", seed, plies, variant)
    return game, game.rules.to_move(game.position)


def entry(text: str, visits: int, total: float) -> RootMove:
    return RootMove(text, text, visits, total, (total, visits - total))


# ----- the merge ------------------------------------------------------------------------------


def test_merge_sums_by_text_and_puts_the_most_visited_first():
    a = Root(0, (entry("x", 10, 6.0), entry("y", 30, 12.0)), 40, False)
    b = Root(1, (entry("x", 25, 15.0), entry("z", 5, 5.0)), 30, False)
    merged = parallel_monte_carlo.merge([b, a])
    assert [(m.text, m.visits, m.total) for m in merged] == [
        ("x", 35, 21.0), ("y", 30, 12.0), ("z", 5, 5.0)]
    assert merged[0].sums == (21.0, 14.0)


def test_merge_breaks_ties_by_mean_share_then_by_the_single_searchs_order():
    a = Root(0, (entry("x", 20, 8.0), entry("y", 10, 7.0)), 30, False)
    b = Root(1, (entry("y", 10, 1.0), entry("w", 20, 10.0)), 30, False)
    # x, y and w have 20 visits each; w's mean (0.5) beats x's and y's (0.4), and x was
    # tried before y
    assert [m.text for m in parallel_monte_carlo.merge([a, b])] == ["w", "x", "y"]
    c = Root(1, (entry("v", 20, 8.0),), 20, False)  # v ties x on both: x was tried first
    assert [m.text for m in parallel_monte_carlo.merge([c, a])] == ["x", "v", "y"]
    assert parallel_monte_carlo.merge([]) == ()


# ----- the search ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["2", "3"])
def test_same_seed_same_move_under_an_iteration_budget(variant):
    game, side = mid_game(variant, 4, 40)
    first = monte_carlo.choose_move(game, side, BUDGET, seed=5, workers=2)
    assert first in game.legal_moves()
    assert monte_carlo.choose_move(game, side, BUDGET, seed=5, workers=2) == first
    assert no_process_left()


@pytest.mark.parametrize("variant", ["2", "3"])
def test_every_process_searches_and_every_iteration_is_counted(variant):
    game, side = mid_game(variant)
    rules, pos = game.rules, game.position
    merged = parallel_monte_carlo.search(rules, rules.view(pos, side), side, frozenset(), BUDGET, 1,
                                  None, 2, monte_carlo.root_statistics)
    assert merged is not None and merged.answered == 2 and not merged.cut
    assert BUDGET.iterations < merged.iterations <= 2 * BUDGET.iterations
    assert sum(m.visits for m in merged.moves) == merged.iterations
    texts = {rules.move_text(pos, m) for m in game.legal_moves()}
    assert {m.text for m in merged.moves} <= texts
    assert no_process_left()


def test_a_win_in_one_is_played_before_any_process_starts(monkeypatch):
    need("ochmir")
    rules = get_rules("ochmir")
    pos = rules.parse_position(ochmir_endgame())
    started: list = []
    monkeypatch.setattr(parallel_monte_carlo, "search", lambda *args: started.append(args))
    move = monte_carlo.choose_move(Game.from_position(rules, pos), 0, "hard", seed=2, workers=2)
    assert rules.move_text(pos, move) == "WFbf@b8" and not started


def test_hard_with_its_clock_answers_in_time():
    game, side = mid_game("3", 4, 90)
    level = Level("hard", 100_000, 0.8)
    began = time.monotonic()
    move = monte_carlo.choose_move(game, side, level, seed=1, workers=2)
    assert move in game.legal_moves()
    assert time.monotonic() - began < 0.8 + 1.5  # without its clock: 100,000 playouts
    assert no_process_left()


# ----- cancelling ------------------------------------------------------------------------------


@pytest.mark.parametrize("after", (0.1, 0.4))  # starting the processes, and searching
def test_a_cancel_returns_at_once_and_leaves_no_process(after):
    game, side = mid_game()
    assert_a_cancel_returns_at_once(lambda stop: monte_carlo.choose_move(
        game, side, "hard", seed=2, should_stop=stop, workers=2), game, after)


# ----- which search plays ----------------------------------------------------------------------


def test_the_player_asks_for_every_core_at_hard_only(monkeypatch):
    asked: list = []

    def fake(game, side, *args, **kwargs):
        asked.append(kwargs.get("workers"))
        return game.legal_moves()[0]

    monkeypatch.setattr(monte_carlo, "choose_move", fake)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 2)
    game = Game.new(get_rules("ochmir"), "3", 1)
    player.Player("hard", 1).choose(game)
    player.Player("medium", 1).choose(game)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 1)
    player.Player("hard", 1).choose(game)
    assert asked == [None, 1, 1]


def test_one_core_plays_the_single_search(monkeypatch):
    game, side = mid_game()
    monkeypatch.setattr(processes, "cores", lambda: 1)
    monkeypatch.setattr(parallel_monte_carlo, "search", lambda *args: pytest.fail("processes"))
    single = monte_carlo.choose_move(game, side, BUDGET, seed=3)
    assert monte_carlo.choose_move(game, side, BUDGET, seed=3, workers=None) == single


def test_processes_that_cannot_start_fall_back_to_one_core(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise OSError("no semaphores here")

    monkeypatch.setattr(processes, "run", broken)
    game, side = mid_game()
    with caplog.at_level(logging.WARNING, logger="ogames.ai"):
        move = monte_carlo.choose_move(game, side, BUDGET, seed=3, workers=2)
    assert move in game.legal_moves()
    assert "one core" in caplog.text
