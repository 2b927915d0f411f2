"""The game picker: focus in the settings form, the settings remembered per game, and what
it says about the game to resume."""

from __future__ import annotations

from ogames.core import storage
from ogames.core.game import Game
from ogames.core.savefile import format_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.saves import SavesScreen
from tests.uihelp import (
    SIZE,
    choose_in_picker,
    click_button,
    need,
    play_keys,
    screen,
    ui_test,
)


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


def shown_actions(screen) -> list[str]:
    """The actions the footer offers."""
    return [b.binding.action for b in screen.active_bindings.values() if b.binding.show]


@ui_test
async def test_resume_is_offered_only_when_there_is_a_game_to_resume():
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        assert "resume" not in shown_actions(picker)
        await pilot.press("r")  # pressed anyway: it says why nothing happens
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert [n.message for n in app._notifications] == ["No unfinished game to resume"]
        await choose_in_picker(pilot, "ordo")
        await click_button(pilot, "#start")
        await play_keys(pilot, "b3-b4")
        await pilot.press("q", "y")
        assert app.screen is picker and "resume" in shown_actions(picker)


@ui_test
async def test_an_autosave_that_cannot_be_resumed_is_kept_among_the_saved_games_and_said():
    """A hand-edited autosave (an illegal move) gave no Resume button and no word why."""
    rules = need("ordo")
    game = Game.new(rules, None, None, ("Ann", "Bob"))
    for text in ("b3-b4", "b6-b5"):
        game.play_text(text)
    data = format_game(game).replace("b6-b5", "b3-b4").encode()
    left = storage.unfinished_dir() / "left.ogame"
    left.parent.mkdir(parents=True, exist_ok=True)
    left.write_bytes(data)
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        assert not picker.has_class("can-resume")
        (kept,) = storage.saves_dir().iterdir()
        assert kept.read_bytes() == data and not left.exists()
        note = str(picker.query_one("#resume-note").render())
        assert note.startswith("An unfinished game could not be resumed: line 9, column 10: ")
        assert "'b3-b4'" in note  # the refused move (the wording is the save file's)
        assert f"it is kept as {kept.name} in Saved games" in note
        await pilot.press("o")
        saves = app.screen
        assert isinstance(saves, SavesScreen)
        (entry,) = saves.entries
        assert entry.path == kept and entry.error is not None
        assert [p.text for p in entry.game.plies] == ["b3-b4"]  # its valid part
        assert saves.query_one("#saves").get_row_at(0)[2] == "broken"
        await pilot.press("escape")
        assert app.screen is picker and picker.query_one("#resume-note").display
        await choose_in_picker(pilot, "ordo")
        await click_button(pilot, "#start")
        await pilot.press("q")
        assert app.screen is picker and not picker.query_one("#resume-note").display
