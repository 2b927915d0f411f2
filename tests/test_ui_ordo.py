"""Ordo in the app: games by keys and by clicks, refusals, ordo moves, undo/redo edges."""

from __future__ import annotations

from ogames.core.board import cell
from ogames.ui.screens.confirm import ConfirmScreen
from tests.uihelp import (
    click_cell,
    pick_click,
    pick_key,
    play_clicks,
    play_keys,
    playing,
    position,
    screen,
    status,
    ui_test,
)

START = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w"
GOAL = "10/4W5/3W6/10/B9/10/10/10 w"


@ui_test
async def test_short_game_by_keys():
    async with playing("ordo") as (app, pilot):
        assert position(app) == START
        await play_keys(pilot, "c2:d2-c3")
        assert position(app) == (
            "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WWWWWW2WW/WW2WWWWWW/2WW2WW2 b")
        await play_keys(pilot, "c7:d7-c6")
        assert position(app) == (
            "2BB2BB2/BB2BBBBBB/BBBBBB2BB/10/10/WWWWWW2WW/WW2WWWWWW/2WW2WW2 w")
        await play_keys(pilot, "e3-e4")
        assert position(app) == (
            "2BB2BB2/BB2BBBBBB/BBBBBB2BB/10/4W5/WWWW1W2WW/WW2WWWWWW/2WW2WW2 b")
        assert [p.text for p in screen(app).game.plies] == ["c2:d2-c3", "c7:d7-c6", "e3-e4"]


@ui_test
async def test_game_to_the_end_by_clicks():
    async with playing("ordo", position=GOAL) as (app, pilot):
        await click_cell(pilot, "e7")
        await click_cell(pilot, "e8")
        await pilot.pause()
        assert "split" in status(app)  # refused, with the reason
        assert screen(app).picks == (cell("e7"),)
        await play_clicks(pilot, "d6-d8")
        assert position(app) == "3W6/4W5/10/10/B9/10/10/10 b"
        s = screen(app)
        assert s.game.outcome() is not None
        assert s.has_class("over")
        banner = str(s.query_one("#banner").render())
        assert "White wins" in banner and "goal" in banner
        # the game is over: further picks are refused, the footer offers no move keys
        await click_cell(pilot, "a4")
        assert "over" in status(app)
        shown = {b.action for _, b, enabled, _ in app.active_bindings.values() if enabled}
        assert not shown & {"hint", "select", "item(1)"} and "undo" in shown


@ui_test
async def test_ordo_move_by_ends_in_either_order():
    async with playing("ordo") as (app, pilot):
        for pick in (cell("d2"), cell("c2"), cell("d4")):
            await pick_click(pilot, pick)
        assert screen(app).game.plies[-1].text == "c2:d2-c4"


@ui_test
async def test_refusals_and_reselection():
    async with playing("ordo") as (app, pilot):
        s = screen(app)
        await click_cell(pilot, "c5")
        assert status(app) == "there is no piece there: select one of your pieces"
        await click_cell(pilot, "a7")
        assert status(app) == "that is not your piece"
        await pick_click(pilot, cell("a3"))
        await click_cell(pilot, "a1")
        assert "forward or sideways" in status(app)
        assert s.picks == (cell("a3"),)
        await click_cell(pilot, "j3")  # another movable piece: start over from it
        assert s.picks == (cell("j3"),)
        await click_cell(pilot, "j3")  # the same piece again: deselect
        assert s.picks == ()
        await pick_key(pilot, cell("e3"))
        await pilot.press("escape")
        assert s.picks == ()
        await pick_key(pilot, cell("c2"))
        await pick_key(pilot, cell("d2"))
        await pilot.press("backspace")
        assert s.picks == (cell("c2"),)
        assert s.game.plies == []


@ui_test
async def test_undo_redo_edges():
    async with playing("ordo", position=GOAL) as (app, pilot):
        s = screen(app)
        await pilot.press("u")
        assert status(app) == "nothing to undo"
        await pilot.press("U")
        assert status(app) == "nothing to redo"
        await play_keys(pilot, "d6-d7")
        await play_keys(pilot, "a4-a3")
        await play_keys(pilot, "d7-d8")
        assert s.game.outcome() is not None
        await pilot.press("u")  # undo after the game is over
        assert s.game.outcome() is None and s.game.cursor == 2
        await pilot.press("ctrl+z")
        assert s.game.cursor == 1
        assert "Ply 1 of 3" in status(app)
        await pilot.press("ctrl+y", "U")
        assert s.game.outcome() is not None and s.game.cursor == 3
        await pilot.press("U")
        assert status(app) == "nothing to redo"
        # playing while viewing an earlier ply drops the redo tail, once the player agrees
        await pilot.press("u", "u")
        await click_cell(pilot, "a4")
        await click_cell(pilot, "b4")
        assert isinstance(app.screen, ConfirmScreen)
        assert "The 2 later moves will be dropped" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert [p.text for p in s.game.plies] == ["d6-d7", "a4-b4"]
        assert s.game.cursor == 2


# ----- the words of an ordo (issue #16) -------------------------------------------------------


@ui_test
async def test_two_ends_selected_say_where_each_end_may_land_and_either_landing_plays():
    """c2 and d2 selected: the status names both ends' landing squares (c3/c4, d3/d4 — c5
    and d5 would cut the row off the group), all four are highlighted, and d3, the landing
    of the end selected second, plays the same move as c3 would."""
    async with playing("ordo") as (app, pilot):
        await pick_click(pilot, cell("c2"))
        await pick_click(pilot, cell("d2"))
        s = screen(app)
        assert "c2 may land on c3 or c4, d2 on d3 or d4" in status(app)
        assert s.board.marks.target == {"c3", "c4", "d3", "d4"}
        await pick_click(pilot, cell("d3"))
        assert [p.text for p in s.game.plies] == ["c2:d2-c3"]


@ui_test
async def test_the_landing_of_the_first_selected_end_plays_too():
    async with playing("ordo") as (app, pilot):
        await pick_key(pilot, cell("d2"))
        await pick_key(pilot, cell("c2"))
        await pick_key(pilot, cell("d4"))
        assert [p.text for p in screen(app).game.plies] == ["c2:d2-c4"]


@ui_test
async def test_a_row_that_cannot_move_says_why_and_keeps_the_selection():
    """b3 then a3 (both could move alone) close the row a3–b3, whose every ordo move would
    leave it cut off: refused with that reason, b3 still selected — not a silent switch
    to a3."""
    async with playing("ordo") as (app, pilot):
        await pick_click(pilot, cell("b3"))
        await pick_click(pilot, cell("a3"))
        s = screen(app)
        assert s.picks == (cell("b3"),)
        assert status(app) == ("the row a3–b3 cannot move: every ordo move of this row "
                               "splits your group")
        await pick_click(pilot, cell("b2"))  # a blocked row: the same, with its reason
        assert s.picks == (cell("b3"),)
        assert "the row b2–b3 cannot move: it is blocked" in status(app)
        await pick_click(pilot, cell("b3"))  # the selection taken back, a3 alone then
        await pick_click(pilot, cell("a3"))
        assert s.picks == (cell("a3"),) and not s.message


@ui_test
async def test_a_split_sides_parts_are_shaded_apart():
    """White split into c6–d6 and e4 (§2.4.9): each part has its own background on the
    board, the status says so, and Black's piece and the empty squares keep theirs."""
    async with playing("ordo", position="B9/10/2WW6/10/4W5/10/10/10 w") as (app, pilot):
        s = screen(app)
        await pilot.pause()
        shades = {n: v.shade for n, v in s.board.views.items() if v.shade}
        assert shades["c6"] == shades["d6"] != shades["e4"] and set(shades) == {"c6", "d6", "e4"}
        assert status(app).startswith("White to move — White is split into 2 shaded parts")
        strip = s.board._paper(s.board._specs["c6"])
        assert strip == s.board._style(f"board--{shades['c6']}")
