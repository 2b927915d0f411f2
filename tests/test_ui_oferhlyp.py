"""Oferhlýp in the app: games by keys and by clicks, a chain stopped early, repetition."""

from __future__ import annotations

from ogames.core.board import cell
from tests.uihelp import (
    click_cell,
    pick_click,
    pick_key,
    play_clicks,
    play_from_here,
    play_keys,
    playing,
    position,
    screen,
    status,
    ui_test,
)

CHAIN = "D3/5/1DL3/1lL2/6/5/L3 d 1"
LAST = "D3/5/1Dl3/5/6/5/L3 d 1"
REPEAT = [
    ("b2-b3", "D2L/D1DLL/DD2LL/DD1LL/DD2LL/DD1LL/D2L l 1"),
    ("d4-d3", "D2L/D1DLL/DD2LL/DDL1L/DD2LL/DD1LL/D2L d 2"),
    ("b3-b2", "D2L/DD1LL/DD2LL/DDL1L/DD2LL/DD1LL/D2L l 2"),
    ("d3-d4", "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 3"),
    ("b2-b3", "D2L/D1DLL/DD2LL/DD1LL/DD2LL/DD1LL/D2L l 3"),
    ("d4-d3", "D2L/D1DLL/DD2LL/DDL1L/DD2LL/DD1LL/D2L d 4"),
    ("b3-b2", "D2L/DD1LL/DD2LL/DDL1L/DD2LL/DD1LL/D2L l 4"),
]


@ui_test
async def test_short_game_by_keys_and_the_repetition_refusal():
    async with playing("oferhlyp") as (app, pilot):
        for text, after in REPEAT:
            await play_keys(pilot, text)
            assert position(app) == after
        s = screen(app)
        assert "occurred 2 times" in status(app)
        await pick_key(pilot, cell("d3"))
        await click_cell(pilot, "d4")
        assert "repeat" in status(app)
        assert len(s.game.plies) == len(REPEAT)
        await pilot.press("escape")
        await play_keys(pilot, "d3-c3")
        assert position(app) == "D2L/DD1LL/DDL1LL/DD2L/DD2LL/DD1LL/D2L d 5"


@ui_test
async def test_game_to_the_end_by_clicks():
    async with playing("oferhlyp", position=LAST) as (app, pilot):
        await play_clicks(pilot, "c2xc4")
        s = screen(app)
        assert position(app) == "D3/5/3D2/5/6/5/L3 l 1"
        assert s.game.outcome() is not None
        assert "Dark wins" in str(s.query_one("#banner").render())
        assert "c3" in s.changed  # the removed piece is marked for one ply


@ui_test
async def test_chain_stopped_early_by_clicks():
    async with playing("oferhlyp", position=CHAIN) as (app, pilot):
        s = screen(app)
        await pick_click(pilot, cell("c2"))
        await pick_click(pilot, cell("c4"))
        assert s.game.plies == [] and "e3" in s._targets()
        # the chain so far is shown: c3 is already hit (half), c4 holds the piece
        assert s.preview["c3"] != s.views["c3"] and "c3" in s.board.marks.changed
        await pick_click(pilot, cell("c4"))  # the landing hex again: stop here
        assert s.game.plies[-1].text == "c2xc4"


@ui_test
async def test_chain_stopped_early_by_keys_and_a_full_chain():
    async with playing("oferhlyp", position=CHAIN) as (app, pilot):
        s = screen(app)
        for name in ("c2", "c4", "e3"):
            await pick_key(pilot, cell(name))
        assert s.game.plies == []
        await pilot.press("enter")  # Enter on the current landing hex stops the chain
        assert s.game.plies[-1].text == "c2xc4xe3"
        await pilot.press("u")
        await play_from_here(pilot, "c2xc4xe3xc2")  # asked first: c2xc4xe3 is dropped
        assert position(app) == "D3/5/1Dl3/2l2/6/5/L3 l 1"


@ui_test
async def test_a_move_the_repetition_rule_bars_is_named_in_the_status_line():
    """d3-d4 would bring the position back a third time: the cursor keys never reach d4,
    so the status line says that d3-d4 is barred and why (a tester saw the cursor jump
    to c4 instead, with no word about d4)."""
    async with playing("oferhlyp") as (app, pilot):
        s = screen(app)
        for text in "b2-b3 d4-d3 b3-b2 d3-d4 b2-b3 d4-d3 b3-b2".split():
            s.game.play_text(text)
        s.position_changed()
        await pick_key(pilot, cell("d3"))
        assert "d4" not in s._targets()
        assert "d3-d4 barred: that would repeat a position for the 3rd time" in status(app)
        await pilot.press("escape")
        await pick_key(pilot, cell("b4"))  # a piece whose moves are all allowed
        assert "barred" not in status(app)


@ui_test
async def test_a_refused_continuation_says_why_and_keeps_the_chain():
    """c2 jumps c3 to c4; jumping back to c2 would attack c3 again (§2.2: no piece is
    attacked twice in a turn). The click on c2 — the piece's own start hex, where a new
    selection would begin — is refused with that reason and the chain stays at c4; so is
    a click on the other piece, a1. The chain then goes on and ends as usual."""
    async with playing("oferhlyp", position=CHAIN) as (app, pilot):
        s = screen(app)
        await pick_click(pilot, cell("c2"))
        await pick_click(pilot, cell("c4"))
        await pick_click(pilot, cell("c2"))
        assert s.picks == (cell("c2"), cell("c4")) and s.game.plies == []
        assert status(app) == "c3 was already attacked this turn; the chain stays at c4"
        await pick_click(pilot, cell("a1"))
        assert s.picks == (cell("c2"), cell("c4"))
        assert status(app).startswith("too far: a jump goes over one adjacent piece")
        await pick_click(pilot, cell("e3"))
        assert s.picks == (cell("c2"), cell("c4"), cell("e3"))
        await pick_click(pilot, cell("c4"))  # back over d3, an empty hex: refused the same
        assert status(app) == "d3 was already attacked this turn"
        assert s.picks == (cell("c2"), cell("c4"), cell("e3"))
        await pick_click(pilot, cell("e3"))
        assert s.game.plies[-1].text == "c2xc4xe3"
