"""The game picker: focus in the settings form, the settings remembered per game, and what
it says about the game to resume."""

from __future__ import annotations

from ogames.ui.app import OgamesApp
from tests.uihelp import SIZE, choose_in_picker, need, ui_test


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
