"""The review in the app: ``a`` in a replay searches in the background with a progress
bar while the keys still work, Esc cancels and keeps the plies done, ``a`` goes on from
them; marks in the move list, ``n``/``N`` and clicks on the chart reach the marked plies,
where the preferred move is highlighted; the chart shows what ``ogames review --json``
prints; a finished game is reviewed from its own screen and saved with the review; an
unfinished hidden-information game shows no private text."""

from __future__ import annotations

import json
import multiprocessing
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from ogames.ai.review import Budget
from ogames.cli import cli
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, load_game, save_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens import replay as replay_module
from ogames.ui.screens.replay import ReplayScreen
from ogames.ui.widgets.chart import AdvantageChart
from ogames.ui.widgets.diagram import path_cells
from ogames.ui.widgets.history import HistoryList
from tests.uihelp import SIZE, drawn, play_keys, screen, ui_test, wait_for

TINY = Budget(nodes=1500, iterations=24)
#: slow enough that a review is still running when Esc is pressed
SLOW = Budget(nodes=12_000, iterations=4000)
#: Ordo, White to move: d6-d8 reaches the goal row and wins; any other move lets Black's
#: a4 run down the free a-file to its own goal row (§2.4.4)
WIN_OR_LOSE = "10/4W5/3W6/10/B9/10/10/10 w"


@pytest.fixture(autouse=True)
def data_dir(private_data_dir: Path) -> Path:
    return private_data_dir


def saved_game(tmp_path: Path, game_id: str = "ordo", plies: int = 24, seed: int = 4
               ) -> tuple[Game, Path]:
    """A game of seeded random moves (random moves give marks), saved and read back."""
    rules = get_rules(game_id)
    game = Game.new(rules, None, seed, ("Ann", "Bob"))
    rng = random.Random(seed)
    while game.cursor < plies and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / f"{game_id}.ogame"
    save_game(game, path)
    return load_game(path), path


def replay_of(app: OgamesApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), app.screen
    return app.screen


def status(replay: ReplayScreen) -> str:
    return str(replay.query_one("#status").render())


async def reviewed(pilot, replay: ReplayScreen) -> None:
    await wait_for(pilot, lambda: replay.review is not None and replay.review.complete
                   and not replay.reviewing, 30)
    await pilot.pause()


@ui_test
async def test_esc_cancels_a_review_keeping_the_plies_done_and_a_goes_on(tmp_path,
                                                                         monkeypatch):
    game, path = saved_game(tmp_path)
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", SLOW)
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        await pilot.press("a")
        assert replay.reviewing and replay.query_one("#review-progress").has_class("shown")
        await wait_for(pilot, lambda: len(replay.review_values) >= 2, 30)
        await pilot.press("right", "right")  # the screen stays live while it searches
        assert replay.game.cursor == 2
        await pilot.press("escape")
        assert app.screen is replay and not replay.reviewing
        assert status(replay).startswith("Review cancelled:")
        assert not replay.query_one("#review-progress").has_class("shown")
        kept = dict(replay.review_values)
        assert kept and not replay.review.complete
        await wait_for(pilot, replay.review_idle.is_set, 10)
        assert multiprocessing.active_children() == []
        monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
        await pilot.press("a")
        await reviewed(pilot, replay)
        assert all(replay.review_values[k] is v for k, v in kept.items())
        assert len(replay.review.plies) == len(game.plies)
        assert status(replay).startswith("Review done:")
    assert multiprocessing.active_children() == []


@ui_test
async def test_marks_are_reached_by_keys_and_by_a_click_on_the_chart(tmp_path, monkeypatch):
    game, path = saved_game(tmp_path)
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        await pilot.press("a")
        await reviewed(pilot, replay)
        marked = replay.review.marked()
        assert len(marked) >= 2, "random moves are expected to give marks"
        await pilot.press("n")
        first = replay.review.at(marked[0])
        assert replay.game.cursor == marked[0]
        rows = replay.query_one(HistoryList)._texts
        assert rows[marked[0]].endswith(f"{first.move} {first.mark}")
        before = game.position_at(marked[0] - 1)
        preferred = game.rules.parse_move(before, first.best)
        assert replay.board.marks.hint == frozenset(path_cells(game.rules, before, preferred))
        info = str(replay.query_one("#review-info").render())
        assert f"Preferred {first.best}" in info
        await pilot.press("n")
        assert replay.game.cursor == marked[1]
        await pilot.press("N")
        assert replay.game.cursor == marked[0]
        await pilot.press("home", "N")
        assert replay.game.cursor == 0 and status(replay).startswith("No marked move before")
        chart = replay.query_one(AdvantageChart)
        target = marked[-1]
        await pilot.click(chart, offset=(1 + chart.column_of(target), 2))
        assert replay.game.cursor == target
        await pilot.click(chart, offset=(1 + chart.column_of(0), 2))
        assert replay.game.cursor == 0 and replay.board.marks.hint == frozenset()


@ui_test
async def test_the_chart_shows_what_review_json_prints(tmp_path, monkeypatch):
    game, path = saved_game(tmp_path, "onitama", plies=14, seed=2)
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", Budget(nodes=2000, iterations=2000))
    printed = CliRunner().invoke(cli, ["review", str(path), "--json", "--nodes", "2000"])
    data = json.loads(printed.stdout)
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        await pilot.press("a")
        await reviewed(pilot, replay)
        chart = replay.query_one(AdvantageChart)
        expected = [tuple(data["start"])] + [tuple(p["chances"]) for p in data["plies"]]
        assert chart.points == expected
        assert chart.marks == {p["ply"]: p["mark"] for p in data["plies"] if p["mark"]}
        await pilot.press("right", "right", "right")
        assert chart.current == 3


@ui_test
async def test_a_finished_game_is_reviewed_from_its_screen_and_saved_with_it(monkeypatch):
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
    app = OgamesApp("ordo", position=WIN_OR_LOSE)
    async with app.run_test(size=SIZE) as pilot:
        await drawn(pilot)
        await pilot.press("a")  # not over yet: no review
        assert not isinstance(app.screen, ReplayScreen)
        await play_keys(pilot, "d6-e6")
        await play_keys(pilot, "a4-a1")
        game = screen(app).game
        assert game.outcome() is not None
        await pilot.press("a")
        replay = replay_of(app)
        assert replay.game.cursor == 2  # it opens on the end of the game
        await reviewed(pilot, replay)
        first = replay.review.at(1)
        assert (first.mark, first.best) == ("??", "d6-d8")
        await pilot.press("q")
        assert screen(app).game is game
        text = format_game(game)
        assert "1. d6-e6\n{[%chance 0.00,1.00] [%best d6-d8]" in text
        assert "[%forced 1,1] [%bestforced 0,1]}" in text


@ui_test
async def test_an_unfinished_hidden_game_shows_no_private_text(tmp_path, monkeypatch):
    rules = get_rules("ochmir")
    game, path = saved_game(tmp_path, "ochmir", plies=8, seed=3)
    assert game.outcome() is None
    public = [rules.public_move_text(game.position_at(i), p.move, -1)
              for i, p in enumerate(game.plies)]
    private = [p.text for p, shown in zip(game.plies, public, strict=True) if p.text != shown]
    assert private, "the test needs placements whose reverse face is private"
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        await pilot.press("a")
        await reviewed(pilot, replay)
        assert "spectator" in replay.query_one(AdvantageChart).border_subtitle
        shown = []
        for ply in range(len(game.plies) + 1):
            replay.goto(ply)
            await pilot.pause()
            shown.append(str(replay.query_one("#review-info").render()))
            shown.append(status(replay))
        shown += replay.query_one(HistoryList)._texts
        leaks = [line for line in shown if any(text in line for text in private)]
        assert not leaks
        assert any(public[0] in line for line in shown)


@ui_test
async def test_ctrl_s_writes_the_review_into_its_file_and_check_accepts_it(tmp_path,
                                                                           monkeypatch):
    game, path = saved_game(tmp_path, plies=8)
    before = path.read_text()
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(ReplayScreen(game, name=path.name, path=path))
        replay = replay_of(app)
        await pilot.press("ctrl+s")
        assert status(replay).startswith("Review the whole game first")
        assert path.read_text() == before
        await pilot.press("a")
        await reviewed(pilot, replay)
        await pilot.press("ctrl+s")
        assert status(replay).startswith(f"The review is saved in {path.name}")
    text = path.read_text()
    assert text.count("{[%chance ") == 8
    checked = CliRunner().invoke(cli, ["check", str(path)])
    assert checked.exit_code == 0 and checked.stdout.startswith("Ordo (10x8): 8 moves")
    assert [p.text for p in load_game(path).plies] == [p.text for p in game.plies]


@ui_test
async def test_a_replay_opened_from_the_command_line_saves_its_review_into_its_file(
        tmp_path, monkeypatch):
    """``ogames replay FILE`` opens the app with the file's game and path: Ctrl+S there
    writes the review into FILE, as from the saved-games list."""
    game, path = saved_game(tmp_path, plies=6)
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
    app = OgamesApp(replay=game, replay_name=path.name, replay_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = replay_of(app)
        await pilot.press("a")
        await reviewed(pilot, replay)
        await pilot.press("ctrl+s")
        assert status(replay).startswith(f"The review is saved in {path.name}.")
    assert "[%chance" in path.read_text()


@ui_test
async def test_r_on_a_marked_move_sets_it_up_to_find_a_better_one(monkeypatch):
    """Learn from your mistakes: ``r`` on the blunder d6-e6 opens its position as a lesson;
    the move played is taken back with its own word, the winning d6-d8 solves it, and q
    comes back to the review at that ply."""
    from ogames.core.board import cell
    from ogames.ui.screens.mistakes import MistakeScreen
    from tests.uihelp import pick_key

    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", TINY)
    rules = get_rules("ordo")
    game = Game.from_position(rules, rules.parse_position(WIN_OR_LOSE), players=("Ann", "Bob"))
    game.play_text("d6-e6")
    game.play_text("a4-a1")
    app = OgamesApp(replay=game, replay_name="lost.ogame")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        await pilot.press("r")
        assert status(replay).startswith("R sets a marked move up")
        await pilot.press("a")
        await reviewed(pilot, replay)
        await pilot.press("home", "n")
        assert replay.game.cursor == 1
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, MistakeScreen), 30)
        exercise = app.screen
        assert not exercise.game.plies and exercise.rules.to_move(exercise.game.position) == 0
        text = " ".join(str(w.render()) for w in exercise.query("#lesson Static"))
        assert "White played d6-e6 here (??)" in text and "Find a better move" in text
        await pick_key(pilot, cell("d6"))
        await pick_key(pilot, cell("e6"))
        assert "that is the move played in the game" in status(exercise)
        assert not exercise.game.plies
        await pick_key(pilot, cell("d6"))
        await pick_key(pilot, cell("d8"))
        assert exercise.tutor.done and status(exercise).startswith("Solved!")
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is replay)
        assert replay.game.cursor == 1
