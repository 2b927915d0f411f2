"""The replay screen: keys, clicks on the move list, auto-play and its speed, "play on from
here" (the file untouched), read-only boards, and ``ogames replay FILE`` for every game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import CliRunner

from ogames.cli import cli
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import load_game, save_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import GameScreen
from ogames.ui.screens.replay import SPEEDS, ReplayScreen
from ogames.ui.widgets.board import BoardView
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import ItemBox, PanelView
from tests.savehelp import EVERY_PLAYOUT, random_texts, unfinished_games
from tests.uihelp import SIZE, need, screen, ui_test


@pytest.fixture(autouse=True)
def data_dir(private_data_dir: Path) -> Path:
    return private_data_dir


def saved_game(tmp_path: Path, game_id: str = "ordo", variant: str | None = None,
               plies: int = 12, seed: int = 2) -> tuple[Game, Path]:
    rules = get_rules(game_id)
    variant = variant or rules.variants[0]
    game = Game.new(rules, variant, seed, ("Ann", "Bob", "Cy")[: len(rules.sides(variant))])
    for text in random_texts(game_id, variant, seed, plies):
        game.play_text(text)
    path = tmp_path / f"{game_id}-{variant}.ogame"
    save_game(game, path)
    return load_game(path), path


def replay_of(app: OgamesApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), app.screen
    return app.screen


def shown(replay: ReplayScreen) -> dict:
    return dict(replay.board.views)


def expected(game: Game, ply: int) -> dict:
    return dict(game.rules.cell_views(game.position_at(ply), None))


async def click_move(pilot, ply: int) -> None:
    """Click row ``ply`` of the move list (row 0 is the start)."""
    history = pilot.app.screen.query_one(HistoryList)
    history.scroll_to(y=max(0, ply - 2), animate=False)
    await pilot.pause()
    await pilot.click(history, offset=(4, 1 + ply - round(history.scroll_y)))
    await pilot.pause()


@ui_test
async def test_keys_step_jump_and_the_board_follows(tmp_path):
    need("ordo")
    game, path = saved_game(tmp_path)
    before = path.read_bytes()
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        n = len(game.plies)
        assert replay.game.cursor == 0 and shown(replay) == expected(game, 0)
        await pilot.press("right", "right", "right")
        assert replay.game.cursor == 3 and shown(replay) == expected(game, 3)
        assert replay.board.marks.last  # the move that led here is outlined
        await pilot.press("left")
        assert replay.game.cursor == 2 and shown(replay) == expected(game, 2)
        await pilot.press("end")
        assert replay.game.cursor == n and shown(replay) == expected(game, n)
        await pilot.press("right")
        assert replay.game.cursor == n
        # an unfinished game's record ends, the game does not
        text = str(replay.query_one("#status").render())
        assert text.startswith("The last move saved: the game was not finished. Ply")
        assert text.count("p plays on") == 1
        await pilot.press("home")
        assert replay.game.cursor == 0
        await pilot.press("left")
        assert replay.game.cursor == 0
        assert path.name in str(replay.query_one("#title").render())
    assert path.read_bytes() == before


@ui_test
async def test_a_window_too_small_for_the_board_says_so_and_recovers(tmp_path):
    """The replay once clipped a board too large silently; it says what size it needs,
    like the game screen."""
    need("ordo")
    game, path = saved_game(tmp_path)
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        w, h = replay.min_size
        assert (w > 60 or h > 20) and replay.has_class("tiny")
        assert f"at least {w}×{h} to watch Ordo" in str(replay.query_one("#toosmall").render())
        await pilot.press("right", "end", "p")  # nothing happens blind
        await pilot.pause()
        assert replay.game.cursor == 0 and app.screen is replay
        await pilot.resize_terminal(w, h)
        await pilot.pause()
        assert not replay.has_class("tiny")
        assert replay.board.region.width > 0
        await pilot.press("right")  # the keys still step through the game
        assert replay.game.cursor == 1 and shown(replay) == expected(game, 1)


@ui_test
async def test_a_click_on_a_move_jumps_there_and_the_board_is_read_only(tmp_path):
    need("ordo")
    game, _ = saved_game(tmp_path, plies=30)
    app = OgamesApp(replay=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        await click_move(pilot, 5)
        assert replay.game.cursor == 5 and shown(replay) == expected(game, 5)
        await click_move(pilot, 27)
        assert replay.game.cursor == 27 and shown(replay) == expected(game, 27)
        await click_move(pilot, 0)
        assert replay.game.cursor == 0
        board = replay.query_one(BoardView)
        views = shown(replay)
        for name in ("c2", "c3", "a1"):
            await pilot.click(board, offset=(board.cell_region(name).x + 2,
                                             board.cell_region(name).y + 1))
        assert replay.game.cursor == 0 and len(replay.game.plies) == len(game.plies)
        assert shown(replay) == views


@ui_test
async def test_auto_play_pauses_and_changes_speed(tmp_path):
    need("ordo")
    game, _ = saved_game(tmp_path, plies=40)
    app = OgamesApp(replay=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        start = replay.speed
        await pilot.press("minus")
        assert replay.speed == start + 1
        for _ in SPEEDS:
            await pilot.press("plus")
        assert replay.speed == 0  # the fastest
        await pilot.press("space")
        assert replay.playing and "playing" in str(replay.query_one("#status").render())
        for _ in range(40):
            await asyncio.sleep(SPEEDS[0] / 2)
            if replay.game.cursor >= 2:
                break
        await pilot.press("space")
        assert not replay.playing
        stopped = replay.game.cursor
        assert stopped >= 2
        await asyncio.sleep(SPEEDS[0] * 2)
        await pilot.pause()
        assert replay.game.cursor == stopped
        for _ in SPEEDS:  # the slowest, so no tick lands before the check below
            await pilot.press("minus")
        await pilot.press("end", "space")  # at the end, Space plays from the start
        assert replay.playing and replay.game.cursor == 0
        await pilot.press("space")


@ui_test
async def test_play_on_from_here_starts_a_new_game_and_keeps_the_file(tmp_path):
    need("ordo")
    game, path = saved_game(tmp_path)
    before = path.read_bytes()
    app = OgamesApp(replay=game, replay_name=path.name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "right", "right", "p")
        await pilot.pause()
        s = screen(app)
        assert isinstance(app.screen, GameScreen)
        assert [p.text for p in s.game.plies] == [p.text for p in game.plies[:4]]
        assert s.game.cursor == 4 and not s.game.can_redo and s.save_path is None
        move = s.rules.legal_moves(s.game.position)[0]
        s.play(move)
        await pilot.pause()
        assert len(s.game.plies) == 5
        assert unfinished_games()[0].plies[-1].text == s.game.plies[-1].text
    assert path.read_bytes() == before


@ui_test
async def test_a_redo_tail_is_not_replayed_and_the_board_flips(tmp_path):
    need("ordo")
    game, path = saved_game(tmp_path)
    game.goto(5)
    app = OgamesApp(replay=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = replay_of(app)
        assert len(replay.game.plies) == 5
        before = replay.board.cell_region("a1")
        await pilot.press("f")
        assert replay.flipped and replay.board.cell_region("a1") != before


@pytest.mark.usefixtures("every_test_game")
@ui_test
async def test_ogames_replay_plays_back_every_game(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr("ogames.ui.app.run_app", lambda **kw: calls.append(kw))
    games = []
    for game_id, variant in EVERY_PLAYOUT:
        need(game_id)
        game, path = saved_game(tmp_path, game_id, variant, plies=10, seed=4)
        result = CliRunner().invoke(cli, ["replay", str(path)], standalone_mode=False)
        assert result.exception is None, result.output
        assert calls[-1]["replay_name"] == path.name
        games.append((game, path))
    first, *others = calls
    app = OgamesApp(**first)  # as `ogames replay` starts it; the others pushed on top
    async with app.run_test(size=SIZE) as pilot:
        for (game, path), kwargs in zip(games, calls, strict=True):
            if kwargs is not first:
                app.push_screen(ReplayScreen(kwargs["replay"], name=kwargs["replay_name"]))
            await pilot.pause()
            replay = replay_of(app)
            assert path.name in str(replay.query_one("#title").render())
            n = len(game.plies)
            for key, ply in (("right", 1), ("right", 2), ("end", n), ("left", n - 1),
                             ("home", 0)):
                await pilot.press(key)
                assert replay.game.cursor == ply
                assert shown(replay) == expected(game, ply), (path.name, ply)
            await pilot.press("q")


@pytest.mark.parametrize("content", [b"\x00\xff garbage", b'[Game "chess"]\n\n*\n'])
def test_ogames_replay_refuses_a_file_with_nothing_to_show(tmp_path, monkeypatch, content):
    path = tmp_path / "bad.ogame"
    path.write_bytes(content)
    monkeypatch.setattr("ogames.ui.app.run_app", lambda **kw: pytest.fail("app started"))
    check = CliRunner().invoke(cli, ["check", str(path)])
    replay = CliRunner().invoke(cli, ["replay", str(path)])
    assert check.exit_code == 1 and replay.exit_code == 2  # check's 1 says "a bad file"
    assert replay.output == check.output
    line = replay.output.strip().splitlines()
    assert len(line) == 1 and line[0].startswith(f"ogames: {path}:")
    assert path.read_bytes() == content
    missing = CliRunner().invoke(cli, ["replay", str(tmp_path / "none.ogame")])
    assert missing.exit_code == 2 and "cannot read it" in missing.output


def test_ogames_replay_shows_the_valid_part_of_a_broken_file(tmp_path, monkeypatch):
    """Issue 4: the app offers to open the valid prefix of a bad file read-only; so does
    ``ogames replay``, saying on stderr where the file is broken."""
    need("ordo")
    content = b'[Game "ordo"]\n[Variant "10x8"]\n\n1. b3-b4 c7:d7-c6 2. c2-c9 *\n'
    path = tmp_path / "bad.ogame"
    path.write_bytes(content)
    opened = {}
    monkeypatch.setattr("ogames.ui.app.run_app", lambda **kw: opened.update(kw))
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0
    assert [p.text for p in opened["replay"].plies] == ["b3-b4", "c7:d7-c6"]
    error = opened["replay_error"]
    assert (error.line, error.column) == (4, 22)
    assert result.stderr.startswith(f"ogames: {path}:4:22: ")
    assert "showing the 2 moves before it, read-only" in result.stderr
    assert path.read_bytes() == content


@ui_test
async def test_an_unfinished_ochmir_game_is_replayed_as_a_spectator_sees_it(tmp_path):
    """Saved games must not let a player look at the others' hands mid-game: an
    unfinished hidden-information game replays with every hand hidden and the moves as
    anyone may read them; a finished game shows everything, hands turned over."""
    need("ochmir")
    for plies, spectator in ((8, True), (1000, False)):
        game, path = saved_game(tmp_path, "ochmir", "3", plies=plies, seed=3)
        assert (game.outcome() is None) == spectator
        app = OgamesApp(replay=game, replay_name=path.name)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            replay = replay_of(app)
            await pilot.press("right", "right", "right", "right")
            await pilot.pause()
            panel = replay.query_one(PanelView)
            tiles = list(panel.query(ItemBox))
            history = replay.query_one(HistoryList)
            texts = [str(history.get_option_at_index(i).prompt) for i in range(1, 5)]
            if spectator:
                assert tiles == []
                assert all("??" in t for t in texts), texts  # reverse faces masked
            else:
                assert tiles  # every hand, face by face
                assert not any("??" in t for t in texts), texts
                await pilot.press("end", "right")
                assert "The end of the game." in str(replay.query_one("#status").render())
