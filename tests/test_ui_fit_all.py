"""Every screen of every game at 80×24 and 70×20 (issue 65): no title, status, banner, notice,
players' or panel line is cut in the middle of a word (a line shortened to fit ends where a
phrase or a word ends), and the board stays on the same rows when the move box opens, when
the game ends and when `u` takes the end back."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets._toast import Toast

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import load_game, save_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens.learn import CourseScreen, LessonScreen
from ogames.ui.screens.replay import ReplayScreen
from ogames.ui.widgets.fitted import FittedText, rows_of
from ogames.ui.widgets.panel import ItemBox, PlayersView, players_text
from tests.uihelp import hand_over, screen, ui_test, wait_for

SIZES = [(80, 24), (70, 20)]
#: per game, a position one move before its end, and that move
NEAR_END = {
    "opprimo": ("1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1", "e10xc12#"),
    "oferhlyp": ("4/1Ll2/1L1d2/4L/3dl1/5/4 l 79", "b3xd4"),
    "onitama": ("b1b1b/1b1B1/1R3/r3r/r3r b Goose,Rooster Frog,Horse Ox", "Horse b4-b3"),
    "ordo": ("10/4W5/3W6/10/B9/10/10/10 w", "d6-d8"),
    "ochmir": ("2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W -/WFbf - 11 0",
               "d8-c10"),
}


@pytest.fixture(autouse=True)
def data_dir(private_data_dir: Path) -> Path:
    return private_data_dir


def whole_or_cut_at_a_phrase(shown: str, full: str) -> bool:
    """``shown`` is ``full``, or its beginning ending where a phrase or a word ends ("…"
    after a whole word)."""
    if shown == full:
        return True
    if shown.endswith("…"):
        head = shown[:-1]
        return full.startswith(head) and len(full) > len(head) and full[len(head)] in " ,;:—·("
    return full.startswith(shown) and len(full) > len(shown) and full[len(shown)] in " ,;·—("


def cut_lines(app) -> list[str]:
    """What the screen on top shows cut in the middle of a word, or too long for its
    place: its fitted texts (title, status, banners), players, panel items and notices."""
    s = app.screen
    problems = []
    for widget in s.query(FittedText):
        if not widget.display or widget.region.area == 0 or not widget.text:
            continue
        width, rows = widget.content_size
        shown = str(widget.render())
        if rows_of(shown, width) > rows or not whole_or_cut_at_a_phrase(shown, widget.text):
            problems.append(f"#{widget.id}: {shown!r} of {widget.text!r}")
    for players in s.query(PlayersView):
        if players.display and players.region.area:
            width = players.content_region.width
            for line in players_text(players.players, width)[0].plain.splitlines():
                if cell_len(line) > width:
                    problems.append(f"players: {line!r} wider than {width}")
    for box in s.query(ItemBox):
        if box.display and box.region.area and box.key:
            width = box.content_region.width
            for line in box.render().plain.splitlines():
                if cell_len(line) > width:
                    problems.append(f"item {box.key}: {line!r} wider than {width}")
    for toast in s.query(Toast):
        width = toast.content_region.width
        for line in str(toast.render()).splitlines():
            if cell_len(line) > width:
                problems.append(f"notice: {line!r} wider than {width}")
    return problems


def board_rows(s) -> tuple[int, int, int]:
    """Where the board's canvas stands: its first row and column, and its height."""
    board = s.board
    return (board.content_region.y + board.origin[1], board.content_region.x + board.origin[0],
            board.layout_.height)


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause(0.05)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(NEAR_END))
@ui_test
async def test_the_game_screen_fits_and_its_board_stays(game_id, size):
    position, winning = NEAR_END[game_id]
    app = OgamesApp(game_id, position=position)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        await hand_over(pilot)
        s = screen(app)
        await settle(pilot)
        if s.has_class("tiny"):  # the window says how large it must be, whole
            notice = str(s.query_one("#toosmall").render())
            assert f"{s.min_size[0]}×{s.min_size[1]}" in notice
            return
        where = board_rows(s)
        assert cut_lines(app) == [], "start"
        # a piece selected: the hint
        await pilot.press("enter")
        await settle(pilot)
        assert cut_lines(app) == [], "selected"
        await pilot.press("escape")
        # the move box, open and closed again
        await pilot.press("colon")
        await settle(pilot)
        assert board_rows(s) == where, "the move box opened"
        await pilot.press("escape")
        await settle(pilot)
        assert board_rows(s) == where, "the move box closed"
        # the end
        s.play(s.rules.parse_move(s.game.position, winning))
        await settle(pilot)
        assert s.game.outcome() is not None
        assert board_rows(s) == where, "the game ended"
        assert cut_lines(app) == [], "the end"
        # taken back
        await pilot.press("u")
        await settle(pilot)
        await hand_over(pilot)
        assert s.game.outcome() is None
        assert board_rows(s) == where, "the end taken back"
        assert cut_lines(app) == [], "the end taken back"
        await pilot.press("U")
        await settle(pilot)
        assert board_rows(s) == where and s.game.outcome() is not None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(NEAR_END))
@ui_test
async def test_a_games_first_lesson_fits(game_id, size):
    app = OgamesApp(learn=game_id)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        assert cut_lines(app) == [], "the course"
        await pilot.press("home", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await settle(pilot)
        lesson = app.screen
        if lesson.has_class("tiny"):
            return
        assert cut_lines(app) == [], "the lesson"
        await pilot.press("i")  # the hint
        await settle(pilot)
        assert cut_lines(app) == [], "the lesson's hint"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(NEAR_END))
@ui_test
async def test_a_finished_games_replay_fits(game_id, size, tmp_path):
    rules = get_rules(game_id)
    position, winning = NEAR_END[game_id]
    start = rules.parse_position(position)
    game = Game.from_position(rules, start, ("Ann", "Bob", "Cy")[:len(rules.sides(
        rules.variant_of(start)))])
    game.play(rules.parse_move(start, winning))
    assert game.outcome() is not None
    path = tmp_path / f"{game_id}.ogame"
    save_game(game, path)
    app = OgamesApp(replay=load_game(path), replay_name=path.name)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await settle(pilot)
        replay = app.screen
        if replay.has_class("tiny"):
            return
        assert cut_lines(app) == [], "the start"
        await pilot.press("end")
        await settle(pilot)
        assert cut_lines(app) == [], "the end"
