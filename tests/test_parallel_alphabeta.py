"""The hard level on every core (issue #25): splitting the root over processes never changes
the value at a fixed depth, the same seed gives the same move under a node budget, a cancel
is obeyed at once and no process is left behind, in the search and in the app."""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import subprocess
import threading
import time
from dataclasses import replace

import pytest

from ogames.ai import alphabeta, monte_carlo, parallel_alphabeta, player
from ogames.ai.alphabeta import PROVEN, Level
from ogames.ai.parallel_alphabeta import Part
from ogames.core import registry
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.table import computer as computer_module
from ogames.ui.app import OgamesApp
from tests.test_alphabeta import QUIET, plain_minimax, playout
from tests.uihelp import SIZE, need, path_of, pick_key, screen, ui_test, wait_for

#: a fixed depth without node budget or clock: the answer depends on nothing else
FIXED = Level("hard", 2, None, None, quiescence=QUIET)


def our_processes() -> list[str]:
    """This process's children as ``ps`` sees them, but multiprocessing's resource
    tracker and fork server (one each per interpreter, started by the first search on
    every core, live until the interpreter exits: ``processes.workers_context``)."""
    # -ww: whole command lines (ps cuts them at 80 columns when it writes to a pipe, and
    # in a checkout with a longer path the tracker's name was cut off)
    out = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(os.getpid())],
                         capture_output=True, text=True, check=False).stdout
    return [line for line in out.splitlines()
            if line.strip() and "resource_tracker" not in line and "forkserver" not in line
            and " ps " not in f" {line} "]


#: the children this process had before the test began (another test in the same worker
#: may keep one of its own, e.g. a server): only the ones a test starts count
_BEFORE: dict[str, tuple[set, set]] = {}


@pytest.fixture(autouse=True)
def _children_before():
    _BEFORE["now"] = (set(multiprocessing.active_children()), set(our_processes()))
    yield
    _BEFORE.clear()


def no_process_left() -> bool:
    """No child process started by this test is still there."""
    known, seen = _BEFORE.get("now", (set(), set()))
    return (not set(multiprocessing.active_children()) - known
            and not set(our_processes()) - seen)


# ----- the merge ----------------------------------------------------------------------------


def test_merge_compares_parts_at_their_common_depth():
    a = Part(0, "a2", 9.0, 3, 0, False, ((1, "a1", 1.0), (2, "a2", 2.0), (3, "a2", 9.0)))
    b = Part(1, "b1", 3.0, 2, 0, False, ((1, "b1", 5.0), (2, "b1", 3.0)))
    assert parallel_alphabeta.merge([b, a], "x") == ("b1", 3.0, 2)  # a's depth 3 is not compared


def test_merge_compares_one_ply_further_where_every_part_began_it():
    """A part cut in depth 3 after its first move was searched there (its unfinished best)
    counts at depth 3 when the other part finished it, or was cut in it too; a part cut
    in depth 3 before any move finished there holds the comparison at depth 2."""
    a = Part(0, "a2", 2.0, 2, 0, True, ((1, "a1", 1.0), (2, "a2", 2.0)), (3, "a2", 0.5))
    b = Part(1, "b1", 1.0, 3, 0, False, ((1, "b1", 5.0), (2, "b1", 3.0), (3, "b1", 1.0)))
    assert parallel_alphabeta.merge([a, b], "x") == ("b1", 1.0, 3)
    cut_b = replace(b, depths=b.depths[:2], unfinished=(3, "b3", 0.25), cut=True)
    assert parallel_alphabeta.merge([a, cut_b], "x") == ("a2", 0.5, 3)
    not_begun = replace(a, unfinished=None)
    assert parallel_alphabeta.merge([not_begun, b], "x") == ("b1", 3.0, 2)


def test_a_proven_part_does_not_hold_the_depth_back():
    lost = Part(0, "a1", -PROVEN - 5, 1, 0, False, ((1, "a1", -PROVEN - 5),))
    b = Part(1, "b1", 1.0, 3, 0, False, ((1, "b1", 4.0), (2, "b1", 0.5), (3, "b1", 1.0)))
    assert parallel_alphabeta.merge([lost, b], "x") == ("b1", 1.0, 3)
    won = Part(0, "a1", PROVEN + 5, 1, 0, False, ((1, "a1", PROVEN + 5),))
    assert parallel_alphabeta.merge([won, b], "x") == ("a1", PROVEN + 5, 3)


def test_merge_without_a_finished_depth_plays_what_was_seen():
    none = Part(0, "a1", 0.0, 0, 0, True, ())
    b = Part(1, "b1", 1.0, 2, 0, True, ((1, "b1", 4.0), (2, "b1", 1.0)))
    assert parallel_alphabeta.merge([none, b], "x") == ("b1", 1.0, 0)
    assert parallel_alphabeta.merge([none], "x") == ("x", 0.0, 0)


# ----- the search: the value of a single search, on two processes -------------------------------


@pytest.mark.parametrize("game_id", ("onitama", "oferhlyp"))
@pytest.mark.parametrize("seed", (1, 4))
def test_splitting_the_root_keeps_the_value_at_a_fixed_depth(game_id, seed):
    rules, pos = playout(game_id, seed, 6 + seed)
    game = Game.from_position(rules, pos)
    # without the extension of a threatened side: a plain minimax that follows it has no
    # pruning to bound it (test_alphabeta checks the extension against minimax)
    legal, policy = game.legal_moves(), replace(rules.policy(), threatened=None)
    found = parallel_alphabeta.search(rules, pos, legal, policy, FIXED, random.Random(seed), workers=2)
    single = alphabeta.search(rules, pos, legal, policy, FIXED, random.Random(seed))
    assert found.move in legal and found.depth == FIXED.depth and not found.cut
    assert found.value == pytest.approx(single.value)
    assert found.value == pytest.approx(plain_minimax(rules, policy, pos, FIXED.depth))
    assert no_process_left()


def test_same_seed_same_move_under_a_node_budget():
    rules, pos = playout("onitama", 11, 9)
    game = Game.from_position(rules, pos)
    side = rules.to_move(pos)
    level = Level("hard", 30, None, 3000)
    first = parallel_alphabeta.choose_move(game, side, level, seed=5, workers=2)
    assert first in game.legal_moves()
    assert parallel_alphabeta.choose_move(game, side, level, seed=5, workers=2) == first


def test_hard_time_limited_search_returns_a_legal_move_in_time():
    rules, pos = playout("oferhlyp", 2, 8)
    game = Game.from_position(rules, pos)
    level = Level("hard", 64, 0.8)
    started = time.monotonic()
    move = parallel_alphabeta.choose_move(game, rules.to_move(pos), level, seed=1, workers=2)
    assert move in game.legal_moves()
    assert time.monotonic() - started < 0.8 + 1.5  # without its clock: minutes
    assert no_process_left()


# ----- cancelling ------------------------------------------------------------------------------


#: seconds a cancelled search may take to return: well under the second or more that hard
#: would still think, with room for a machine busy with other tests
CANCELLED_WITHIN = 0.6


def assert_a_cancel_returns_at_once(choose, game: Game, after: float) -> None:
    """``choose(should_stop)`` (a search on every core for ``game``), cancelled ``after``
    seconds into it, returns a legal move within ``CANCELLED_WITHIN`` and leaves no process
    behind."""
    stop = threading.Event()
    got: list = []
    thread = threading.Thread(target=lambda: got.append(choose(stop.is_set)))
    thread.start()
    time.sleep(after)
    assert thread.is_alive()
    stop.set()
    cancelled = time.monotonic()
    thread.join(5)
    assert time.monotonic() - cancelled < CANCELLED_WITHIN
    assert got and got[0] in game.legal_moves()
    assert no_process_left()


@pytest.mark.parametrize("after", (0.3, 0.02))  # searching, and still starting the processes
def test_a_cancel_returns_at_once_and_leaves_no_process(after):
    rules, pos = playout("onitama", 7, 10)
    game = Game.from_position(rules, pos)
    assert_a_cancel_returns_at_once(lambda stop: parallel_alphabeta.choose_move(
        game, rules.to_move(pos), "hard", seed=2, should_stop=stop, workers=2), game, after)


# ----- which search plays ----------------------------------------------------------------------


def test_the_player_searches_on_every_core_at_hard_only(monkeypatch):
    calls: list[str] = []

    def fake(name):
        def choose(game, side, *args, **kwargs):
            calls.append(name)
            return game.legal_moves()[0]
        return choose

    monkeypatch.setattr(parallel_alphabeta, "choose_move", fake("parallel"))
    monkeypatch.setattr(alphabeta, "choose_move", fake("alphabeta"))
    monkeypatch.setattr(monte_carlo, "choose_move", fake("mcts"))
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 2)
    game = Game.new(get_rules("onitama"), None, 1)
    player.Player("hard", 1).choose(game)
    player.Player("medium", 1).choose(game)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 1)  # one core: the single search
    player.Player("hard", 1).choose(game)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 2)
    two_handed = Game.new(get_rules("ochmir"), "2", 1)
    player.Player("hard", 1).choose(two_handed)  # alpha-beta in a dealt world, every core
    three_handed = Game.new(get_rules("ochmir"), "3", 1)
    player.Player("hard", 1).choose(three_handed)  # Monte Carlo: its own root-parallel search
    assert calls == ["parallel", "alphabeta", "alphabeta", "parallel", "mcts"]


def test_processes_that_cannot_start_fall_back_to_one_core(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise OSError("no semaphores here")

    monkeypatch.setattr(parallel_alphabeta, "_run", broken)
    rules, pos = playout("opprimo", 3, 6)
    game = Game.from_position(rules, pos)
    with caplog.at_level(logging.WARNING, logger="ogames.ai"):
        move = parallel_alphabeta.choose_move(game, rules.to_move(pos), Level("hard", 2), workers=2)
    assert move in game.legal_moves()
    assert "one core" in caplog.text


def _engines_loaded(should_stop) -> tuple[bool, ...]:
    """A worker's job: which games' computers were loaded before the job asked for any."""
    import sys

    return tuple(f"{registry.package_of(gid)}.computer" in sys.modules
                 for gid in registry.available_ids())


def test_workers_start_with_every_game_loaded():
    """Workers are forked from a server that imported every game's engine and computer
    once (``ogames.ai.preload``), instead of each spawned process importing them again at
    every move (0.13-0.3 s of hard's 1.7 s)."""
    from ogames.ai import processes

    answers = processes.run(_engines_loaded, [(), ()], time.monotonic() + 30, None)
    assert list(answers.values()) == [(True,) * len(registry.available_ids())] * 2
    assert no_process_left()


# ----- in the app ------------------------------------------------------------------------------


async def computer_thinking(pilot):
    """The person (seat 0) plays a first move; the computer (seat 1) is then searching on
    its processes. The game screen."""
    app = pilot.app
    s = screen(app)
    text = s.rules.move_text(s.game.position, s.game.legal_moves()[0])
    for pick in path_of(app, text):
        if s.game.cursor:
            break
        await pick_key(pilot, pick)
    await wait_for(pilot, lambda: s.computer.thinking and multiprocessing.active_children())
    await pilot.pause(0.2)  # the processes are searching
    return s


#: the games whose hard level searches on every core in the app, each with a seed: an
#: alpha-beta split at the root, and Ochmir's root-parallel Monte Carlo search
SEARCHED_IN_PROCESSES = [("onitama", 3), ("ochmir", 1)]


@pytest.mark.parametrize(("game_id", "seed"), SEARCHED_IN_PROCESSES)
@ui_test
async def test_undo_stops_the_hard_computer_at_once_and_leaves_no_process(monkeypatch, game_id,
                                                                          seed):
    need(game_id)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 2)
    returned = threading.Event()
    real = computer_module.choose

    def spy(game, level, seed, should_stop):
        try:
            return real(game, level, seed, should_stop)
        finally:
            returned.set()

    monkeypatch.setattr(computer_module, "choose", spy)
    app = OgamesApp(game_id, seed=seed, computer={1: "hard"})
    async with app.run_test(size=SIZE) as pilot:
        s = await computer_thinking(pilot)
        assert s.computer.thinking and not returned.is_set()
        assert len(multiprocessing.active_children()) >= 2
        await pilot.press("u")
        pressed = time.monotonic()
        assert not s.computer.thinking
        assert returned.wait(2) and time.monotonic() - pressed < 0.2  # the figure
        assert no_process_left()
        await pilot.pause(0.1)
        assert s.game.cursor == 0 and not s.computer.thinking
    assert no_process_left()


@pytest.mark.parametrize(("game_id", "seed"), SEARCHED_IN_PROCESSES)
@ui_test
async def test_quitting_while_the_hard_computer_thinks_leaves_no_process(monkeypatch, game_id,
                                                                         seed):
    need(game_id)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 2)
    app = OgamesApp(game_id, seed=seed, computer={1: "hard"})
    async with app.run_test(size=SIZE) as pilot:
        await computer_thinking(pilot)
        app.exit()
        quitting = time.monotonic()
    while not no_process_left() and time.monotonic() - quitting < 2:
        time.sleep(0.01)
    assert no_process_left()
