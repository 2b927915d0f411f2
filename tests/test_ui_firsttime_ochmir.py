"""What a first-time player hit in Ochmir (issue 26), one test per point, played as a
player does: by keys and clicks, in the 80×24 window where the stumbles were seen.

1. the board with the move's result, its cells marked, at the hand-off (and for the next
   player); 2. the status line derived from who is to move, after a refusal during the
   computer's turn; 3. (the computer's back-and-forth: ``test_ochmir``); 4. the players'
   and bag lines fit one line each; 5. a tile without the mover's colour listed once and
   turned over by a pick; 6. a finished game shows every face; 7. printed rules fit 80
   columns, every game."""

from __future__ import annotations

import io
import threading
import time

import pytest
from rich.cells import cell_len
from rich.console import Console

from ogames.core.board import cell, item
from ogames.core.registry import get_rules
from ogames.core.rules_text import Diagram, split_diagrams
from ogames.render import board_text
from ogames.rules_doc import print_rules
from ogames.table import computer as computer_module
from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import SPECTATOR
from ogames.ui.screens.handoff import HandoffScreen
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import PanelView, PlayersView
from tests.conftest import GAME_IDS
from tests.test_ochmir import ALL_NAMES, CASCADE, MOVES, ocn
from tests.uihelp import (
    hand_over,
    holds_nothing_private,
    need,
    pick_click,
    pick_key,
    play_clicks,
    screen,
    shown_boxes,
    status,
    ui_test,
    wait_for,
)

SMALL = (80, 24)


def band(app) -> str:
    """The hand-off band's text."""
    assert isinstance(app.screen, HandoffScreen), app.screen
    return str(app.screen.query_one("#handoff").render())


def move_rows(app) -> list[str]:
    """The move list as shown, one row per ply after "start"."""
    history = screen(app).query_one(HistoryList)
    return [str(history.get_option_at_index(i).prompt) for i in range(1, history.option_count)]


# ----- 1. the mover sees what the move did --------------------------------------------------


@ui_test
async def test_the_handoff_shows_the_moves_result_with_the_turned_tiles_marked():
    """WFbf on b8 wins hexagon a8 and the one beside it: a8, b7, b9 and b10 turn white
    (worked out in ``test_ochmir.test_cascade_example``). At the hand-off White sees it,
    with b8 and the four turned tiles marked and no hand on screen; Blue, handed the
    keyboard, sees the same marks."""
    need("ochmir")
    app = OgamesApp("ochmir", position=CASCADE)
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        await play_clicks(pilot, "WFbf@b8")
        s = screen(app)
        assert "White played WF??@b8; 4 other cells changed (marked)." in band(app)
        assert "Blue to play" in band(app)
        assert holds_nothing_private(s)  # no hand shown
        marks = s.board.marks
        assert marks.last == {"b8"} and marks.changed == {"a8", "b7", "b9", "b10"}
        assert all(s.board.views[n].glyph == "○F" for n in ("b8", "a8", "b7", "b9", "b10"))
        await hand_over(pilot)
        assert s.viewer == 1 and {b.key for b in shown_boxes(s)} == {"tile:BFwf"}
        assert s.board.marks.last == {"b8"}
        assert s.board.marks.changed == {"a8", "b7", "b9", "b10"}


@ui_test
async def test_a_step_is_shown_from_and_to_at_the_handoff():
    need("ochmir")
    app = OgamesApp("ochmir", position=MOVES)
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        await play_clicks(pilot, "d8-c10")
        assert band(app).startswith("White played d8-c10.\nBlue to play")
        assert screen(app).board.marks.last == {"d8", "c10"}


@ui_test
async def test_a_click_on_the_board_at_the_handoff_shows_no_hand():
    """The player who moved may click the board out of habit: only the band means ready."""
    need("ochmir")
    app = OgamesApp("ochmir", position=MOVES)
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        await play_clicks(pilot, "d8-c10")
        s = screen(app)
        region = s.board.region
        await pilot.click(offset=(region.x + region.width // 2, region.y + region.height // 2))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and s.viewer == SPECTATOR
        await pilot.click("#handoff")
        await pilot.pause()
        assert s.viewer == 1


# ----- 2. the computer's status never lies ---------------------------------------------------


class SlowBlue:
    """Blue thinks until released; Brown answers at once (the first legal move)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.thinking = threading.Event()

    def __call__(self, game, level, seed, should_stop):
        if game.rules.to_move(game.position) == 1:
            self.thinking.set()
            deadline = time.monotonic() + 20
            while not (self.release.is_set() or should_stop()) and time.monotonic() < deadline:
                time.sleep(0.005)
        return game.legal_moves()[0]


@ui_test
async def test_a_refusal_while_the_computer_thinks_does_not_outlive_its_turn(monkeypatch):
    """Enter pressed while Blue (computer) thinks is refused with "Blue (computer) is
    thinking…"; once Blue and Brown have moved it is White's turn, and the status says so
    (it kept the refusal, with no spinner, until White moved)."""
    need("ochmir")
    stub = SlowBlue()
    monkeypatch.setattr(computer_module, "choose", stub)
    app = OgamesApp("ochmir", seed=1, variant="3", computer={1: "hard", 2: "hard"})
    async with app.run_test(size=SMALL) as pilot:
        s = screen(app)
        await wait_for(pilot, lambda: s.cursor is not None)
        await pick_key(pilot, item("tile:WFbt"))
        await pick_key(pilot, cell("f12"))
        await wait_for(pilot, stub.thinking.is_set)
        await pilot.press("enter")
        await pilot.pause()
        assert status(app) == "Blue (computer) is thinking…"  # the refusal, as it was
        stub.release.set()
        await wait_for(pilot, lambda: len(s.game.plies) == 3)
        await pilot.pause()
        assert status(app).startswith("White to move — place a tile")


# ----- 4. one line per player, one for the bag ---------------------------------------------


@pytest.mark.parametrize("variant", ["2", "3"])
@ui_test
async def test_the_players_and_the_bag_take_one_line_each_at_80_columns(variant):
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, variant=variant)
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        s = screen(app)
        players = s.query_one(PlayersView)
        rows = str(players.render()).splitlines()
        assert len(rows) == int(variant) and players.content_region.height == int(variant)
        assert rows[0].split() == ["▶", "White", "0", "pts", "·", "hand", "6"]
        bag = [w for w in s.query_one(PanelView).query(".section-title")
               if str(w.render()).startswith("Bag")]
        assert [str(w.render()) for w in bag] == [
            f"Bag {216 - 6 * int(variant)} · stall 0/{6 * int(variant)}"]
        assert bag[0].size.height == 1


# ----- 5. a tile without your colour: listed once, turned over by a pick --------------------


@ui_test
async def test_a_tile_without_your_colour_is_listed_once_and_turned_by_a_second_click():
    """Seed 1, three-handed: White holds BFnf twice; it may lie Blue or Brown up (§2.5.6).
    The hand lists it once, "●F ⇄ ◆F" (its code "BFnf" below), with the rule beside the hand on one line; a
    second click on it turns it over, and the triangle then gets it Brown up."""
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, variant="3")
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        s = screen(app)
        boxes = {b.key: str(b.render()) for b in shown_boxes(s)}
        assert [k for k in boxes if "BFnf" in k or "NFbf" in k] == ["tile:BFnf"]
        assert "●F ⇄ ◆F" in boxes["tile:BFnf"] and "turned" not in " ".join(boxes.values())
        heading = next(w for w in s.query_one(PanelView).query(".section-title")
                       if str(w.render()).startswith("White's hand"))
        assert str(heading.render()) == "White's hand — ⇄ choose face"
        # one line, once the panel's layout has settled (a loaded machine lays it out late)
        await wait_for(pilot, lambda: heading.size.height == 1, 5)
        await pick_click(pilot, item("tile:BFnf"))
        assert "for BFnf (Blue up), or turn it over" in status(app)
        await pick_click(pilot, item("tile:BFnf"))
        assert s.picks == (item("tile:BFnf"), item("turn:BFnf"))
        assert "for NFbf, turned over (Brown up" in status(app)
        await pick_click(pilot, cell("f12"))
        assert s.game.plies[-1].text == "NFbf@f12"


@ui_test
async def test_a_tile_without_your_colour_is_turned_over_by_a_key():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, variant="3")
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        s = screen(app)
        await pick_key(pilot, item("tile:BFnf"))
        assert s.query_one(PanelView).order == ["turn:BFnf"]  # key 1 turns it over
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("backspace")  # and back: Blue up again
        await pilot.pause()
        assert s.picks == (item("tile:BFnf"),)
        await pilot.press("1")
        await pilot.pause()
        await pick_key(pilot, cell("f12"))
        assert s.game.plies[-1].text == "NFbf@f12"


# ----- 6. a finished game keeps no secrets ----------------------------------------------------

#: two triangles left: White fills f12 with WFbt, Blue a6 with its WTbf Blue up (BFwt)
LAST_TWO = ocn({n: "WFbf" for n in ALL_NAMES if n not in ("f12", "a6")},
               hands="WFbt/WTbf")


@ui_test
async def test_the_end_of_the_game_shows_every_face_and_hand():
    need("ochmir")
    app = OgamesApp("ochmir", position=LAST_TWO)
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        await play_clicks(pilot, "WFbt@f12")
        await hand_over(pilot)
        assert move_rows(app)[0].endswith("WF??@f12")  # Blue does not see White's reverse
        await play_clicks(pilot, "BFwt@a6")
        await pilot.pause()
        s = screen(app)
        assert s.game.outcome() is not None and not isinstance(app.screen, HandoffScreen)
        assert s.viewer is None
        rows = move_rows(app)
        assert rows[0].endswith("WFbt@f12") and rows[1].endswith("BFwt@a6")
        titles = [str(w.render()) for w in s.query_one(PanelView).query(".section-title")]
        assert [t.split(" — ")[0] for t in titles[:2]] == ["White's hand", "Blue's hand"]


# ----- 7. printed rules fit 80 columns --------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_printed_rules_fit_80_columns_with_every_diagram_whole(game_id):
    """Piped or in an 80-column terminal: no line wider than 80, and every row of every
    diagram on one line, indentation included (Ochmir's right-hand row labels wrapped onto
    lines of their own)."""
    rules = get_rules(game_id)
    out = io.StringIO()
    print_rules(rules, Console(file=out, width=80, color_system=None))
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    assert max(map(cell_len, lines)) <= 80
    diagrams = [p for p in split_diagrams(rules.rules_markdown()) if isinstance(p, Diagram)]
    assert diagrams
    for part in diagrams:
        # the compact drawing: a diagram in a text is as small as it stays clear (issue 65)
        drawn = board_text(rules, rules.parse_position(part.position),
                           compact=True).plain.splitlines()
        for row in (r.rstrip() for r in drawn if r.strip()):
            assert any(line.endswith(row) and not line[:-len(row)].strip() for line in lines), (
                f"{game_id}: diagram row broken: {row!r}")
