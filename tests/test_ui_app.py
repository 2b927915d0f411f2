"""The app around the games: picker, leaving and new games, rules, flip, ASCII, resign and
draw, history jumps, the tiny-terminal screen, engine errors."""

from __future__ import annotations

import pytest

from ogames.core.board import CellSpec, PanelItem, PanelSection, cell
from ogames.ui.app import OgamesApp
from ogames.ui.screens.confirm import ConfirmScreen
from ogames.ui.screens.game import GameScreen
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.rules import RulesScreen
from ogames.ui.widgets.board import BoardView
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import as_seated
from tests.conftest import GAME_IDS
from tests.uihelp import (
    SIZE,
    choose_in_picker,
    click_button,
    click_cell,
    hand_over,
    key_route,
    need,
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

GOAL = "10/4W5/3W6/10/B9/10/10/10 w"


@ui_test
async def test_picker_starts_a_game_with_names_variant_and_seed():
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        picker.query_one("#name-0").value = "Ann"
        picker.query_one("#name-1").value = "Bob"
        picker.query_one("#variant").value = "8x8"
        await pilot.pause()
        assert picker.query_one("#name-0").value == "Ann"  # kept across the variant change
        await pilot.click("#start")
        s = screen(app)
        assert s.game.variant == "8x8" and s.game.players == ("Ann", "Bob")
        assert "Ann" in str(s.query_one("#players").render())


@ui_test
async def test_a_person_cannot_take_a_computer_seats_name():
    """A person named "Computer easy" came back from a resume as the computer."""
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        picker.query_one("#name-0").value = "Computer easy"
        await pilot.click("#start")
        assert app.screen is picker
        assert "another name" in str(picker.query_one("#error").render())
        picker.query_one("#name-0").value = "Computer Easy fan"
        await click_button(pilot, "#start")
        assert screen(app).game.players[0] == "Computer Easy fan"
        assert not screen(app).computer.seats


@ui_test
async def test_picker_seed_and_enter_on_the_list():
    need("onitama")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "onitama")
        picker.query_one("#seed").value = "3"
        picker.query_one("#games").focus()
        await pilot.press("enter")
        s = screen(app)
        assert s.game.seed == 3
        assert s.rules.format_position(s.game.position) == (
            "bbBbb/5/5/5/rrRrr r Crane,Ox Elephant,Monkey Dragon")
        assert "seed 3" in str(s.query_one("#title").render())


@ui_test
async def test_tab_from_the_game_list_reaches_the_first_setting():
    """The settings pane itself once took a Tab stop, showing nothing focused."""
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        picker.query_one("#games").focus()
        await pilot.press("tab")
        assert app.focused is picker.query_one("#variant")
        await pilot.press("tab")
        assert app.focused is picker.query_one("#name-0")


@ui_test
async def test_back_from_a_game_started_after_a_name_the_picker_keys_work():
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        picker.query_one("#name-0").focus()
        # Enter in a name field goes on to the next name, from the last to Start
        await pilot.press("z", "enter")
        assert app.focused is picker.query_one("#name-1")
        await pilot.press("enter")
        assert app.focused is picker.query_one("#start")
        await pilot.press("enter")
        await pilot.pause()
        assert screen(app).game.players[0] == "z"
        await play_keys(pilot, "b3-b4")
        await pilot.press("q", "y")
        assert app.screen is picker and picker.has_class("can-resume")
        await pilot.press("r")  # resumes: the key does not go into the name
        assert picker.query_one("#name-0").value == "z"
        assert [p.text for p in screen(app).game.plies] == ["b3-b4"]


@ui_test
async def test_leaving_asks_only_when_moves_were_made():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await choose_in_picker(pilot, "ordo")
        await pilot.click("#start")
        await play_keys(pilot, "a3-a4")
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        assert isinstance(app.screen, PickerScreen)


@ui_test
async def test_new_game_returns_to_the_picker_with_the_game_chosen():
    need("ordo")
    app = OgamesApp("ordo", position=GOAL)
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "d6-d8")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and app.screen.game_id == "ordo"


@ui_test
async def test_a_game_opened_first_has_no_picker_under_it_until_it_leaves():
    """``ogames play GAME``: the picker is made when the game leaves (its first frame came
    sooner without one composed under it), with that game chosen, and offers to resume
    it."""
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        assert not any(isinstance(s, PickerScreen) for s in app.screen_stack)
        await play_keys(pilot, "a3-a4")
        await pilot.press("q", "y")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.has_class("can-resume")
        assert picker.game_id == "ordo"  # the game left is the one chosen
        await pilot.press("r")
        await pilot.pause()
        assert screen(app).game.plies[0].text == "a3-a4"
        await pilot.press("q", "y")  # leaving a game opened from the picker: the same one
        await pilot.pause()
        assert app.screen is picker


@ui_test
async def test_leaving_a_game_opened_first_and_quitting_at_once_closes_cleanly():
    """Leaving and Ctrl+Q typed ahead: the picker made as the app closes is left alone
    (it composed nothing; its handlers looked for what it holds)."""
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "a3-a4")
        screen(app).dismiss(None)
        app.exit()
        await pilot.pause()
    assert app.return_code == 0


@ui_test
async def test_rules_screen_opens_and_closes():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


@ui_test
async def test_flip_keeps_clicks_on_the_right_cells():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        board = screen(app).query_one(BoardView)
        before = board.cell_region("a1")
        await pilot.press("f")
        assert board.cell_region("a1") != before
        await play_clicks(pilot, "c2:d2-c3")


@ui_test
async def test_ascii_mode_draws_ascii_glyphs():
    need("ordo")
    app = OgamesApp("ordo", ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        board = screen(app).query_one(BoardView)
        region = board.cell_region("a2")
        middle = region.y + (region.height - 1) // 2  # the glyph's line
        line = board.render_line(middle).text
        assert "W" in line and "○" not in line
        app.action_toggle_ascii()
        await pilot.pause()
        assert "○" in board.render_line(middle).text


@ui_test
async def test_resign_and_undo_it():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        s.action_resign()
        await pilot.pause()
        await pilot.press("y")
        assert s.game.outcome().reason == "resigned"
        assert "Black wins — White resigned" in str(s.query_one("#banner").render())
        history = s.query_one(HistoryList)
        last = history.get_option_at_index(history.option_count - 1)
        assert str(last.prompt).strip() == "White resigned" and last.disabled
        await pilot.press("u")
        assert s.game.outcome() is None
        assert history.option_count == 1  # only the start: the resignation is taken back


@ui_test
async def test_draw_offer_declined_then_accepted():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        s.action_offer_draw()
        await pilot.pause()
        await pilot.press("n")
        assert s.game.outcome() is None and "declined" in status(app)
        s.action_offer_draw()
        await pilot.pause()
        await pilot.press("y")
        assert s.game.outcome().is_draw
        assert "Draw" in str(s.query_one("#banner").render())
        assert "declined" not in status(app)  # the earlier refusal is not left standing
        history = s.query_one(HistoryList)
        assert [str(history.get_option_at_index(i).prompt).strip()
                for i in range(history.option_count)] == ["▶ start", "draw by agreement"]


@ui_test
async def test_game_commands_are_in_the_palette():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE):
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Resign", "Offer draw", "New game", "Flip board", "ASCII board"} <= titles


@ui_test
async def test_history_jump_by_click_and_keys():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        for text in ("a3-a4", "a6-a5", "e3-e4"):
            await play_clicks(pilot, text)
        history = s.query_one(HistoryList)
        await pilot.click(history, offset=(3, 2))  # the row of ply 1
        await pilot.pause()
        assert s.game.cursor == 1
        await pilot.press("down")  # the move list has the focus now
        await pilot.pause()
        assert s.game.cursor == 2
        await pilot.press("up", "up")
        await pilot.pause()
        assert s.game.cursor == 0 and len(s.game.plies) == 3


@ui_test
async def test_tiny_terminal_screen_recovers_on_resize():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        s = screen(app)
        assert s.has_class("tiny")
        text = str(s.query_one("#toosmall").render())
        w, h = s.min_size
        assert f"at least {w}×{h}" in text
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not s.has_class("tiny")
        assert s.query_one(BoardView).region.width > 0


@ui_test
async def test_no_move_is_entered_or_taken_back_while_the_board_is_hidden():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "b3-b4")
        s = screen(app)
        before = (position(app), s.game.cursor, s.cursor)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert s.has_class("tiny")
        await pilot.press("enter", "up", "enter", "left", "u", "U", "1", "i", "f", "escape",
                          "colon", "tab")
        await pilot.pause()
        assert (position(app), s.game.cursor, s.cursor) == before
        assert not s.picks and not s.flipped
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("u")  # the keys work again
        assert s.game.cursor == 0


@ui_test
async def test_engine_errors_become_status_messages(monkeypatch):
    rules = need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:

        def broken(*args, **kwargs):
            raise RuntimeError("boom")

        monkeypatch.setattr(rules, "apply", broken)
        await pick_click(pilot, cell("a3"))
        await click_cell(pilot, "a4")
        assert "engine error" in status(app) and "boom" in status(app)
        monkeypatch.setattr(rules, "hint", broken)
        await pilot.press("escape")
        assert "boom" in status(app)


@ui_test
async def test_light_theme_repaints_the_board():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        board = screen(app).query_one(BoardView)
        row = board.cell_region("a1").y
        before = board.render_line(row)
        app.action_toggle_dark()
        await pilot.pause()
        assert app.theme == "textual-light"
        assert board.render_line(row) != before


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_every_selectable_cell_is_reachable_by_arrow_keys(game_id):
    """The cursor keys never strand a selectable cell, on any geometry."""
    app = OgamesApp(game_id, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await hand_over(pilot)
        s = screen(app)
        board = s.query_one(BoardView)
        firsts = sorted(s.cursor_cells() or board.cells)  # Ochmir starts with a tile
        for goal in firsts:
            assert key_route(board, s.cursor, goal) is not None, goal
        # and the targets of a selected piece, from that piece
        s.cursor = firsts[0]
        s.select(cell(firsts[0]))
        for goal in sorted(s._targets()):
            assert key_route(board, s.cursor, goal) is not None, goal


@pytest.mark.parametrize(("height", "rows"), [
    (4, {2: "Elephant", 3: "Monkey"}),   # one word a row below the glyph, bottom-aligned
    (3, {}),                              # one row, too narrow for both whole: none
                                          # (issue 65: "Ele Mon" named no card)
    (1, {}),                              # no room below the glyph: no label
])
def test_a_cell_label_goes_below_the_glyph(height, rows):
    spec = CellSpec("c3", 0, 0, width=9, height=height)
    middle = (height - 1) // 2
    shown = {r: BoardView._label_line("Elephant Monkey", spec, middle, r) for r in range(height)}
    assert {r: t for r, t in shown.items() if t} == rows


def test_labels_of_neighbouring_cells_never_touch():
    """A compact square is 5 columns wide: its label keeps one free, so that the cards of
    two targets side by side do not read as one word ("MonkeCrane"); a word that does not
    fit whole is not cut ("Monk"): the label is left to the status line."""
    spec = CellSpec("d4", 0, 0, width=5, height=2)
    assert BoardView._label_line("Monkey", spec, 0, 1) == ""
    assert BoardView._label_line("Crab", spec, 0, 1) == "Crab"
    assert BoardView._label_line("Ox", spec, 0, 1) == "Ox"
    wide = CellSpec("d4", 0, 0, width=9, height=3)
    assert BoardView._label_line("Ox Eel", wide, 1, 2) == "Ox Eel"


def test_a_turned_board_swaps_only_the_sections_of_single_sides():
    """Sections that each belong to one side trade places when the board is turned; a
    lone hand (Ochmir), a mixed hand, a side card or the bag keep theirs."""
    def section(title: str, *owners: int | None) -> PanelSection:
        return PanelSection(title, tuple(PanelItem(f"{title}{i}", title, (), o)
                                         for i, o in enumerate(owners)))

    blue, side, red = section("blue", 1, 1), section("side", None), section("red", 0, 0)
    assert as_seated([blue, side, red], False) == (blue, side, red)
    assert as_seated([blue, side, red], True) == (red, side, blue)
    hand, bag, mixed = section("hand", 0, 0), section("bag"), section("mixed", 0, 1, 2)
    assert as_seated([hand, bag], True) == (hand, bag)
    assert as_seated([mixed, bag, hand], True) == (mixed, bag, hand)


@ui_test
async def test_a_new_theme_keeps_the_side_names_readable():
    """Side colours are made readable against the panel's background; switching to the
    light theme must do it again (Opprimo's Yellow stayed as it was for the dark one,
    invisible on the light background)."""
    from rich.style import Style
    from textual.color import Color

    from ogames.ui.widgets.board import _contrast
    from ogames.ui.widgets.panel import PlayersView

    def worst_contrast(widget) -> float:
        paper = widget.background_colors[1]
        worst = 21.0
        for span in widget.render().spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(str(span.style))
            if style.color is not None and style.color.triplet is not None:
                worst = min(worst, _contrast(Color(*style.color.triplet), paper))
        return worst

    need("opprimo")
    app = OgamesApp("opprimo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        players = screen(app).query_one(PlayersView)
        assert worst_contrast(players) >= 2.5
        app.action_toggle_dark()
        await pilot.pause()
        await pilot.pause()
        assert not app.current_theme.dark
        assert worst_contrast(players) >= 2.5


@ui_test
async def test_the_keys_panel_lies_over_the_screen_and_esc_closes_it():
    """The palette's "Keys" panel split the screen and cut the board at 80×24; it now lies
    over the right of the screen, the board keeps its size, and Esc closes it (then Esc
    clears a selection again, as usual) (issue 16)."""
    from textual.widgets import HelpPanel

    async with playing("ordo", size=(80, 24)) as (app, pilot):
        board = screen(app).query_one(BoardView)
        before = board.region
        app.action_show_help_panel()
        await pilot.pause()
        panel = app.screen.query_one(HelpPanel)
        assert board.region == before
        assert panel.region.right == 80 and panel.region.width == 36
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query(HelpPanel)
        await pick_key(pilot, cell("e3"))
        assert screen(app).picks
        await pilot.press("escape")
        assert not screen(app).picks
