"""Opprimo in the app: points and king triangles on one board, by keys and by clicks."""

from __future__ import annotations

from ogames.core.board import cell
from tests.uihelp import (
    click_cell,
    pick_click,
    play_clicks,
    play_keys,
    playing,
    position,
    screen,
    status,
    ui_test,
)

WORKED = "1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1"
GAME = [
    ("Kcd1-de1", "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS r de1 de11 1"),
    ("c12-c10", "sss/s1ss/sss/1s2/3/4/3/4/3/4/SSS/SSSS/SSS y de1 de11 2"),
    ("c2-c4", "sss/s1ss/sss/1s2/3/4/3/4/3/1S2/SSS/S1SS/SSS r de1 de11 2"),
    ("b11-a10", "sss/s1ss/1ss/ss2/3/4/3/4/3/1S2/SSS/S1SS/SSS y de1 de11 3"),
]


@ui_test
async def test_short_game_by_keys():
    async with playing("opprimo") as (app, pilot):
        for text, after in GAME:
            await play_keys(pilot, text)
            assert position(app) == after


@ui_test
async def test_short_game_by_clicks():
    async with playing("opprimo") as (app, pilot):
        for text, after in GAME:
            await play_clicks(pilot, text)
            assert position(app) == after


@ui_test
async def test_trap_ends_the_game_and_refusals():
    async with playing("opprimo", position=WORKED) as (app, pilot):
        s = screen(app)
        await click_cell(pilot, "d11")
        assert status(app) == "that is not your piece"
        await pick_click(pilot, cell("e10"))
        await click_cell(pilot, "e8")
        assert status(app) == "a soldier moves forward only"
        await pilot.press("escape")
        await play_keys(pilot, "e10xc12#")
        assert position(app) == "1N1/1SS1/1S1/4/3/4/3/4/1s1/4/3/4/3 r cd1 de11 1"
        assert "Yellow wins" in str(s.query_one("#banner").render())
        assert "d11" in s.changed  # the converted soldier is marked


@ui_test
async def test_an_odd_set_up_position_is_noted_in_the_status_line():
    async with playing("opprimo", position="3/4/3/4/3/4/3/4/3/4/1S1/4/3 y cd1 de11 1") as (app, pilot):
        await pilot.pause()
        assert status(app).startswith("Note: soldiers and knights on the board: 1;")
        await play_keys(pilot, "Kcd1-cd2")
        assert "Note:" not in status(app)
