"""The game picker: focus in the settings form, the settings remembered per game, and what
it says about the game to resume."""

from __future__ import annotations

from ogames.ui.app import OgamesApp
from ogames.ui.screens.picker import PickerScreen
from tests.uihelp import SIZE, choose_in_picker, click_button, need, screen, ui_test


@ui_test
async def test_a_variant_chosen_in_its_dropdown_keeps_the_focus():
    """Rebuilding the form for the new variant once sent the focus back to the games list:
    the next Tab reached the variant again, and a typed "o" or "q" acted on the picker."""
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        picker.query_one("#games").focus()
        await pilot.press("tab", "enter", "down", "enter")
        await pilot.pause()
        variant = picker.query_one("#variant")
        assert variant.value == "8x8"
        assert app.focused is variant
        await pilot.press("tab")
        assert app.focused is picker.query_one("#name-0")


@ui_test
async def test_each_games_settings_are_kept_while_the_highlight_moves_on():
    for gid in ("ordo", "onitama"):
        need(gid)
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        games = picker.query_one("#games")
        games.focus()
        await pilot.press("tab", "enter", "down", "enter")
        await pilot.pause()
        games.focus()
        await pilot.press("up")  # Onitama: a seed to give
        await pilot.pause()
        picker.query_one("#seed").focus()
        await pilot.press("7")
        games.focus()
        await pilot.press("down")  # back on Ordo
        await pilot.pause()
        assert picker.query_one("#variant").value == "8x8"
        await pilot.press("up")
        await pilot.pause()
        assert picker.query_one("#seed").value == "7"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert screen(app).game.variant == "8x8"


@ui_test
async def test_a_new_game_after_a_game_keeps_its_variant():
    """``n`` after an Ordo 8x8 game offered 10x8 (the game was not started in the
    picker, so only the game played says which variant it was)."""
    need("ordo")
    app = OgamesApp("ordo", variant="8x8")
    async with app.run_test(size=SIZE) as pilot:
        screen(app).action_resign()
        await pilot.pause()
        await pilot.press("y", "n")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.game_id == "ordo"
        assert picker.query_one("#variant").value == "8x8"
        await click_button(pilot, "#start")
        await pilot.pause()
        assert screen(app).game.variant == "8x8"
