"""Onitama in the app: games by keys and by clicks, the card choice, card-first entry."""

from __future__ import annotations

from ogames.core.board import cell, item
from ogames.ui.widgets.panel import ItemBox, PanelView
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
    wait_for,
)

TWO_CARDS = "bbBbb/5/5/5/rrRrr b Elephant,Horse Boar,Ox Crab"
STREAM = "B4/5/2R2/5/5 r Tiger,Ox Cobra,Rabbit Frog"


@ui_test
async def test_short_game_by_keys():
    async with playing("onitama", seed=1) as (app, pilot):
        assert position(app) == "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster"
        await play_keys(pilot, "Frog b1-a2")
        assert position(app) == "bbBbb/5/5/r4/r1Rrr b Ox,Rooster Goose,Horse Frog"
        await play_keys(pilot, "Horse d5-d4")
        assert position(app) == "bbB1b/3b1/5/r4/r1Rrr r Ox,Rooster Frog,Goose Horse"
        await play_keys(pilot, "Ox c1-c2")
        assert position(app) == "bbB1b/3b1/5/r1R2/r2rr b Horse,Rooster Frog,Goose Ox"


@ui_test
async def test_game_to_the_end_by_clicks():
    async with playing("onitama", position=STREAM) as (app, pilot):
        await click_cell(pilot, "a5")
        assert status(app) == screen(app).rules.explain(screen(app).game.position, (),
                                                         cell("a5"))
        await play_clicks(pilot, "Tiger c3-c5")
        s = screen(app)
        assert s.game.outcome() is not None
        assert "Red wins" in str(s.query_one("#banner").render())


@ui_test
async def test_card_choice_by_digit_and_by_click():
    async with playing("onitama", position=TWO_CARDS) as (app, pilot):
        s = screen(app)
        await pick_key(pilot, cell("a5"))
        await pick_key(pilot, cell("a4"))
        assert s.game.plies == []
        assert "card" in status(app)
        order = s.query_one(PanelView).order
        assert sorted(order) == ["card:Boar", "card:Ox"]
        await pilot.press(str(order.index("card:Ox") + 1))
        await pilot.pause()
        assert s.game.plies[-1].text == "Ox a5-a4"
        await pilot.press("u")
        await pick_click(pilot, cell("b5"))
        await pick_click(pilot, cell("b4"))
        await pick_click(pilot, item("card:Boar"))
        await pilot.press("y")  # play from here: "Ox a5-a4" is dropped
        await pilot.pause()
        assert s.game.plies[-1].text == "Boar b5-b4" and len(s.game.plies) == 1


@ui_test
async def test_card_first_then_piece():
    async with playing("onitama", position=TWO_CARDS) as (app, pilot):
        s = screen(app)
        await pick_click(pilot, item("card:Ox"))
        assert s.picks == (item("card:Ox"),)
        await pick_click(pilot, cell("e5"))
        await pick_click(pilot, cell("e4"))
        assert s.game.plies[-1].text == "Ox e5-e4"
        # a card of the other side is refused with the engine's reason
        await pick_click(pilot, item("card:Boar"))
        assert status(app)
        assert s.picks == ()


@ui_test
async def test_long_card_names_keep_the_movers_cards_in_view():
    """Elephant and Monkey are the longest titles: every card must still be on screen in
    full at the usual window size, each hand's two cards side by side (seen in session 3:
    one card per row pushed the mover's cards below the panel's fold)."""
    async with playing("onitama", position="bbBbb/5/5/5/rrRrr r Elephant,Monkey Rooster,Mantis Crane") as (app, pilot):
        await pilot.pause()
        panel = screen(app).query_one(PanelView)
        boxes = {box.key: box.region for box in panel.query(ItemBox)}
        assert set(boxes) == {"card:Elephant", "card:Monkey", "card:Rooster", "card:Mantis",
                              "card:Crane"}
        visible = panel.region
        for key, region in boxes.items():
            assert visible.contains_region(region), f"{key} is not fully visible"
        assert boxes["card:Elephant"].y == boxes["card:Monkey"].y
        assert boxes["card:Rooster"].y == boxes["card:Mantis"].y
        # a title is not cut: each card's drawing starts on the line after its title
        for key in boxes:
            box = next(b for b in panel.query(ItemBox) if b.key == key)
            assert box.region.height == 6, f"{key} wraps its title"


@ui_test
async def test_the_smallest_window_allowed_shows_every_card_in_full():
    """The size the full drawing needs counts the panel too (it once let the cards fall
    below the fold); a line less and the compact drawing is shown instead."""
    async with playing("onitama", position="bbBbb/5/5/5/rrRrr r Elephant,Monkey Rooster,Mantis Crane") as (app, pilot):
        await pilot.pause()
        w, h = screen(app).needs(compact=False)
        await pilot.resize_terminal(w, h)
        await pilot.pause()
        assert not screen(app).compact
        panel = screen(app).query_one(PanelView)
        assert panel.max_scroll_y == 0
        for box in panel.query(ItemBox):
            assert panel.region.contains_region(box.region), box.key
        await pilot.resize_terminal(w, h - 1)
        await pilot.pause()
        assert screen(app).compact and not screen(app).has_class("tiny")


@ui_test
async def test_the_cards_to_pick_scroll_into_view_when_the_panel_is_short():
    """Should the panel ever be too short for all its items, the ones the player to move
    may pick are scrolled into view: Red's, then Blue's."""
    async with playing("onitama", position="bbBbb/5/5/5/rrRrr r Elephant,Monkey Rooster,Mantis Crane") as (app, pilot):
        await pilot.pause()
        panel = screen(app).query_one(PanelView)
        panel.styles.max_height = 12
        await pilot.pause()
        assert panel.max_scroll_y > 0

        def in_view(*keys: str) -> bool:
            regions = {box.key: box.region for box in panel.query(ItemBox)}
            return all(panel.region.contains_region(regions[k]) for k in keys)

        await play_keys(pilot, "Elephant a1-b2")  # Blue's cards, at the top, to pick
        await wait_for(pilot, lambda: in_view("card:Rooster", "card:Mantis"))
        assert not in_view("card:Crane", "card:Monkey")
        await play_keys(pilot, "Mantis a5-b4")  # Red's, at the bottom, scrolled to
        await wait_for(pilot, lambda: in_view("card:Crane", "card:Monkey"))


@ui_test
async def test_a_selected_piece_shows_which_card_reaches_each_target():
    """§2.3.10: targets are shown per card, so Blue's 180° turn is never left to the
    player's imagination. Blue (top) on c3 with Ox (0,+1) (+1,0) (0,−1) and Horse (0,+1)
    (−1,0) (0,−1), turned: Ox reaches c2, b3, c4; Horse reaches c2, d3, c4."""
    async with playing("onitama", position="2B2/5/2b2/5/2R2 b Boar,Crab Ox,Horse Tiger") as (app, pilot):
        await click_cell(pilot, "c3")
        board = screen(app).board
        expected = {"c2": "Horse Ox", "c4": "Horse Ox", "b3": "Ox", "d3": "Horse"}
        assert dict(board.marks.labels) == expected

        def words_in(name: str) -> list[str]:
            region = board.cell_region(name)
            rows = [board.render_line(y).text[region.x:region.right]
                    for y in range(region.y, region.bottom)]
            return " ".join(rows).split()

        for name, label in expected.items():
            assert words_in(name) == label.split(), name
        await pilot.press("f")  # flipped, each square keeps its cards
        await pilot.pause()
        for name, label in expected.items():
            assert words_in(name) == label.split(), name
        await pilot.press("escape")  # nothing selected: no labels
        await pilot.pause()
        assert not board.marks.labels and words_in("d3") == []


@ui_test
async def test_turning_the_board_keeps_each_players_cards_at_their_edge():
    """Blue's cards sit above the board's top edge's player: Blue at the top, Blue's cards
    on top; after `f`, Red is at the top and Red's cards come first (the side card stays
    between), and the digits follow the cards as shown."""
    async with playing("onitama", position="bbBbb/5/5/5/rrRrr r Elephant,Monkey Rooster,Mantis Crane") as (app, pilot):
        await pilot.pause()
        s = screen(app)
        panel = s.query_one(PanelView)

        def rows() -> dict[str, int]:
            return {box.key.removeprefix("card:"): box.region.y for box in panel.query(ItemBox)}

        before = rows()
        assert before["Rooster"] < before["Crane"] < before["Elephant"]  # Blue, side, Red
        await pilot.press("f")
        await pilot.pause()
        after = rows()
        assert after["Elephant"] < after["Crane"] < after["Rooster"]  # Red, side, Blue
        assert after["Elephant"] == after["Monkey"] and after["Rooster"] == after["Mantis"]
        assert panel.order == ["card:Elephant", "card:Monkey"]  # Red to move: keys 1 and 2
        await pilot.press("1")
        assert [p.key for p in s.picks] == ["card:Elephant"]


@ui_test
async def test_m_shows_the_move_list_over_the_cards_at_80x24():
    """80×24 has no room for the cards and the move list together: ``m`` shows the moves in
    the cards' place, ``m`` again the cards (issue 16)."""
    from ogames.ui.widgets.history import HistoryList

    async with playing("onitama", size=(80, 24), seed=7) as (app, pilot):
        s = screen(app)
        s.game.play_text("Eel b1-a2")
        s.position_changed()
        history, panel = s.query_one(HistoryList), s.query_one(PanelView)
        assert not history.display and panel.display
        await pilot.press("m")
        await pilot.pause()
        assert history.display and not panel.display
        shown = "".join(history.render_line(y).text for y in range(history.region.height))
        assert "Eel b1-a2" in shown
        await pilot.press("m")
        await pilot.pause()
        assert not history.display and panel.display


@ui_test
async def test_the_table_view_draws_every_card_as_the_board_faces(private_data_dir):
    """By default each card is drawn as its holder reads it; in the table view (a setting,
    kept) Blue's cards are drawn upside down, as Red at the bottom sees them across the
    table, and they turn with the board (issue 16)."""
    from ogames.ui.settings import load_settings

    async with playing("onitama", seed=7) as (app, pilot):
        def grid(key: str) -> tuple[str, ...]:
            section = next(sec for sec in screen(app).sections
                           for i in sec.items if i.key == key)
            return next(i.lines for i in section.items if i.key == key)

        blue = next(i.key for sec in screen(app).sections if sec.title == "Blue's cards"
                    for i in sec.items)
        own = grid(blue)
        app.action_toggle_table_view()
        await pilot.pause()
        turned = grid(blue)
        assert turned == tuple(line[::-1] for line in own[::-1]) and turned != own
        assert load_settings().table_view
        await pilot.press("f")  # Blue at the bottom now: Blue's cards read upright
        await pilot.pause()
        assert grid(blue) == own
        app.action_toggle_table_view()
        await pilot.pause()
        assert grid(blue) == own and not load_settings().table_view


@ui_test
async def test_panel_boxes_follow_the_cards_after_a_move():
    """A move passes a card on, so every section shows other cards: the boxes are kept
    (nothing is rebuilt) and each shows, and picks on a click, the card now in its place."""
    async with playing("onitama", seed=1) as (app, pilot):
        panel = screen(app).query_one(PanelView)
        before = list(panel.query(ItemBox))
        await play_keys(pilot, "Frog b1-a2")
        s = screen(app)
        boxes = list(panel.query(ItemBox))
        assert boxes == before
        shown = [box.item for box in boxes]
        wanted = [it for sec in s.rules.panel(s.game.position, None) for it in sec.items]
        assert [it.key for it in shown] == [it.key for it in wanted]
        assert [box.key for box in boxes] == [it.key for it in wanted]
        goose = next(box for box in boxes if box.key == "card:Goose")
        await pilot.click(goose)
        await pilot.pause()
        assert s.picks == (item("card:Goose"),)


@ui_test
async def test_the_move_list_says_which_ply_of_how_many():
    """The move list has no scroll bar (it keeps the ply shown in view): its border says
    which ply is shown of how many, after moves, an undo and a redo."""
    from ogames.ui.widgets.history import HistoryList

    async with playing("onitama", seed=1) as (app, pilot):
        history = screen(app).query_one(HistoryList)
        assert history.border_subtitle == ""
        for text in ("Frog b1-a2", "Horse d5-d4", "Ox c1-c2"):
            await play_keys(pilot, text)
        assert history.border_subtitle == "3/3"
        await pilot.press("u")
        await pilot.pause()
        assert history.border_subtitle == "2/3"
        await pilot.press("U")
        await pilot.pause()
        assert history.border_subtitle == "3/3"
