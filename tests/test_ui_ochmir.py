"""Ochmir in the app: hand-off screens that hide private information, tile placements by
keys and by clicks, three-handed side choices, the stall ending."""

from __future__ import annotations

from ogames.core.board import cell, item
from ogames.ui.app import OgamesApp
from ogames.ui.screens.handoff import HandoffScreen
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import PanelView
from tests.savehelp import play_texts, random_texts
from tests.uihelp import (
    SIZE,
    hand_over,
    holds_nothing_private,
    need,
    pick_click,
    pick_key,
    play_clicks,
    play_keys,
    position,
    screen,
    shown_boxes,
    ui_test,
)

GAME = [
    ("WFbf@f12", "2 13/15/17/19/21/11WFbf11/23/21/19/17/15/13 B "
                 "WFbf,WFbf,WFbf,WFbf,WFbt/WFbf,WFbf,WFbf,WFbf,WFbt,WTbf @1:12 0 1"),
    ("BFwf@f13", "2 13/15/17/19/21/11WFbfBFwf10/23/21/19/17/15/13 W "
                 "WFbf,WFbf,WFbf,WFbf,WFbt/WFbf,WFbf,WFbf,WFbt,WTbf @1:12 0 2"),
    ("WFbt@e11", "2 13/15/17/19/9WFbt11/11WFbfBFwf10/23/21/19/17/15/13 B "
                 "WFbf,WFbf,WFbf,WFbf/WFbf,WFbf,WFbf,WFbt,WTbf @1:12 0 3"),
]
SIDES = "3 WFnfBFnfNFwf10/1BTnfWTbt12/17/19/21/23/23/21/19/17/15/13 W WFbf/BFnf/BFnf - 0 0"
STALL = "2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W -/WFbf - 11 0"


def visible_text(app) -> str:
    """Everything the active screen shows, as text."""
    return "\n".join(str(w.render()) for w in app.screen.query("Static"))


def handed_off(s) -> bool:
    """The game screen under a hand-off shows a spectator's view: no hand at all (the
    panel keeps only the bag), move texts without reverse faces."""
    return holds_nothing_private(s)


@ui_test
async def test_handoff_hides_everything_private():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "White to play" in visible_text(app)
        assert "WFbf" not in visible_text(app)
        game_screen = app.screen_stack[-2]
        assert handed_off(game_screen)
        await hand_over(pilot)
        s = screen(app)
        assert s.viewer == 0
        assert any(b.key == "tile:WFbf" for b in shown_boxes(s))
        await play_keys(pilot, GAME[0][0])
        assert isinstance(app.screen, HandoffScreen)
        assert "Blue to play" in visible_text(app)
        assert handed_off(s)  # White's hand is gone from the screen, the board stays
        history = s.query_one(HistoryList)
        assert s.views["f12"].glyph == "○F"
        assert str(history.get_option_at_index(1).prompt).endswith("WF??@f12")
        await hand_over(pilot)
        assert s.viewer == 1
        assert {b.key for b in shown_boxes(s)} == {"tile:BFwf", "tile:BTwf", "tile:BFwt"}


@ui_test
async def test_an_opened_game_draws_its_board_first_with_no_hand_then_the_handoff():
    """The first frame comes sooner without the hand-off screen: the board is drawn first,
    a spectator's view, and the hand-off comes with the next frame."""
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    first: list = []
    shown = app._display

    def display(screen, renderable):
        if renderable is not None and not first:
            first.append((screen, hasattr(screen, "viewer") and holds_nothing_private(screen)))
        return shown(screen, renderable)

    app._display = display
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        ((drawn, private_free),) = first
        assert drawn is app.screen_stack[-2] and private_free


@ui_test
async def test_short_game_by_keys():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        for text, after in GAME:
            await hand_over(pilot)
            await play_keys(pilot, text)
            assert position(app) == after


@ui_test
async def test_the_handoff_shows_the_game_screen_above_its_band_as_drawn():
    """The see-through hand-off draws the game screen's own lines (``ScreenBelow``): every
    row above the band reads and is coloured as the game screen draws it."""
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        band = app.screen.query_one("#handoff").region.y

        def rows(screen) -> list[list[tuple]]:  # each cell's character and colours
            return [[(char, seg.style and seg.style.color, seg.style and seg.style.bgcolor)
                     for seg in strip for char in seg.text]
                    for strip in screen._compositor.render_strips()[:band]]

        top, below = rows(app.screen), rows(app.screen_stack[-2])
        assert top == below
        assert "Ochmir" in "".join(text for text, *_ in top[0])
        assert band > SIZE[1] // 2


@ui_test
async def test_short_game_by_clicks():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        for text, after in GAME:
            await hand_over(pilot)
            await play_clicks(pilot, text)
            assert position(app) == after


@ui_test
async def test_three_handed_side_choices():
    need("ochmir")
    app = OgamesApp("ochmir", position=SIDES)
    async with app.run_test(size=SIZE) as pilot:
        await hand_over(pilot)
        s = screen(app)
        await pick_key(pilot, item("tile:WFbf"))
        await pick_key(pilot, cell("b8"))
        assert s.game.plies == []
        order = s.query_one(PanelView).order
        assert order == ["choice:a7=B", "choice:a7=N"]
        await pilot.press("1")  # a7: leave Blue showing
        await pilot.pause()
        assert s.query_one(PanelView).order == ["choice:b6=B", "choice:b6=N"]
        await pick_click(pilot, item("choice:b6=N"))
        assert s.game.plies[-1].text == "WFbf@b8/a7B,b6N"
        assert isinstance(app.screen, HandoffScreen)
        await hand_over(pilot)
        assert position(app).startswith("3 WFnfBFnfWFnf10/1NFbtWTbtWFbf11/")


@ui_test
async def test_stall_ends_the_game():
    need("ochmir")
    app = OgamesApp("ochmir", position=STALL)
    async with app.run_test(size=SIZE) as pilot:
        await hand_over(pilot)
        await play_clicks(pilot, "d8-c10")
        await hand_over(pilot)
        s = screen(app)
        assert position(app) == ("2 13/15/4BFwf1WLbt10/19/7WTbf13/23/23/21/19/17/15/13 B "
                                 "-/WFbf - 12 1")
        assert s.game.outcome() is not None
        assert "White wins" in str(s.query_one("#banner").render())


@ui_test
async def test_the_mover_reads_the_tiles_drawn_before_the_handoff():
    # White places its last tile and draws the two left in the bag (§2.5.10)
    start = "2 13/15/17/19/21/23/23/21/19/17/15/13 W WFbf/WFbf WTbf,WFbt 0 0"
    app = OgamesApp("ochmir", position=start)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot)
        await play_clicks(pilot, "WFbf@f12")
        assert isinstance(app.screen, HandoffScreen)
        assert "You drew WFbt, WTbf." in visible_text(app)
        assert "Blue to play" not in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Blue to play" in visible_text(app)
        assert "WTbf" not in visible_text(app)
        await hand_over(pilot)
        assert screen(app).viewer == 1


@ui_test
async def test_a_long_player_name_puts_the_summaries_below_the_names():
    """Three seats with Ochmir's summaries left "Computer …" of a computer's name; in an
    80-column window the name still does not fit beside them, and they go below."""
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, variant="3", computer={1: "easy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        shown = str(screen(app).query_one("#players").render()).splitlines()
        assert shown[2].split() == ["Blue", "Computer", "easy"]
        assert shown[3].split() == ["0", "pts", "·", "hand", "6"]
        assert len(shown) == 6


@ui_test
async def test_the_move_list_of_three_sides_says_who_moved():
    """With three sides ``1…`` stood for both Blue's and Brown's moves."""
    need("ochmir")
    texts = random_texts("ochmir", "3", 5, 4)
    app = OgamesApp("ochmir", seed=5, variant="3")
    async with app.run_test(size=SIZE) as pilot:
        await hand_over(pilot)
        await play_texts(pilot, texts)
        history = screen(app).query_one(HistoryList)
        rows = [str(history.get_option_at_index(i).prompt)[2:]
                for i in range(history.option_count)]
        assert [r.split(":")[0] for r in rows[1:]] == ["1. White", "1… Blue", "1… Brown",
                                                      "2. White"]


@ui_test
async def test_the_handoff_screen_offers_rules_save_undo_and_leaving_without_showing_a_hand():
    """At a hand-off nobody may see the board, yet the keys that reveal nothing work:
    the rules and the save dialog open over it and return to it, `u` takes the move back
    (to a hand-off to its mover), `q` asks before leaving and a no brings the hand-off back."""
    from ogames.ui.screens.confirm import ConfirmScreen
    from ogames.ui.screens.game import GameScreen
    from ogames.ui.screens.picker import PickerScreen
    from ogames.ui.screens.rules import RulesScreen
    from ogames.ui.screens.save import SaveScreen

    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot)
        s = screen(app)
        await play_keys(pilot, GAME[0][0])
        assert isinstance(app.screen, HandoffScreen) and "Blue to play" in visible_text(app)
        for key, kind in (("question_mark", RulesScreen), ("ctrl+s", SaveScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen) and handed_off(s)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and handed_off(s)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and "Blue to play" in visible_text(app)
        assert handed_off(s)
        await pilot.press("u")
        await pilot.pause()
        assert s.game.cursor == 0
        assert isinstance(app.screen, HandoffScreen) and "White to play" in visible_text(app)
        assert handed_off(s) and "f12" not in {n for n, v in s.views.items() if v.owner is not None}
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and handed_off(s)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert not any(isinstance(x, GameScreen) for x in app.screen_stack)


@ui_test
async def test_a_tile_turned_over_shows_its_other_face_in_the_hand():
    # issue 65: three-handed, a tile turned with `1` kept its old picture in the hand
    app = OgamesApp("ochmir", variant="3", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await hand_over(pilot)
        s = screen(app)

        def tile_box():
            return next(b for b in shown_boxes(s) if b.key == "tile:BFnf")

        assert "BFnf" in tile_box().render().plain
        await pick_key(pilot, item("tile:BFnf"))
        await pick_key(pilot, item("turn:BFnf"))
        assert s.picks == (item("tile:BFnf"), item("turn:BFnf"))
        shown = tile_box().render().plain
        assert "NFbf" in shown and "BFnf" not in shown
        assert "picked" in tile_box().classes
        await pilot.press("backspace")
        await pilot.pause()
        assert "BFnf" in tile_box().render().plain
