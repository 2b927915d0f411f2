"""The 80×24 window, the size many terminals open at (and Pilot's default): every game is
shown with its compact drawing there and played by mouse and by keys; a window large enough
for the full drawing gets it back, with the game, the cursor and the picks as they were."""

from __future__ import annotations

import pytest
from textual.geometry import Region

from ogames.core.board import COMPACT_CANVAS
from ogames.ui.app import OgamesApp
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import ItemBox, PanelView, PlayersView

from .conftest import GAME_IDS
from .uihelp import (
    SIZE,
    drawn,
    hand_over,
    need,
    pick_key,
    play_clicks,
    play_keys,
    screen,
    ui_test,
    wait_for,
)

SMALL = (80, 24)


def on_screen(s) -> None:
    """Every cell of the board lies inside the board widget, and the board inside the
    window: nothing of it is cut off."""
    board = s.board
    window = Region(0, 0, *board.app.size)
    assert window.contains_region(board.content_region)
    area = board.content_region
    for name in board.cells:
        r = s.board.cell_region(name)
        assert area.contains_region(Region(area.x + r.x, area.y + r.y, r.width, r.height)), name


def first_move(s) -> str:
    pos = s.game.position
    moves = s.rules.legal_moves(pos)
    return s.rules.move_text(pos, moves[len(moves) // 2])


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_every_game_is_played_in_an_80x24_window(game_id: str):
    rules = need(game_id)
    app = OgamesApp(game_id, seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await hand_over(pilot)
        s = await drawn(pilot)
        assert not s.has_class("tiny") and s.compact
        assert s.board.layout_ == rules.layout(s.game.variant, flipped=s.flipped, compact=True)
        assert s.board.layout_.width <= COMPACT_CANVAS[0]
        on_screen(s)
        await play_clicks(pilot, first_move(s))
        await hand_over(pilot)
        s = await drawn(pilot)
        await play_keys(pilot, first_move(s))
        assert len(s.game.plies) == 2


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_the_full_drawing_comes_back_when_the_window_grows(game_id: str):
    rules = need(game_id)
    app = OgamesApp(game_id, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await hand_over(pilot)
        s = await drawn(pilot)
        full = rules.layout(s.game.variant, flipped=s.flipped)
        small = rules.layout(s.game.variant, flipped=s.flipped, compact=True)
        w, h = s.needs(compact=False)
        await pilot.resize_terminal(w, h)
        await pilot.pause()
        assert not s.compact and s.board.layout_ == full
        pos = s.game.position
        path = rules.pick_paths(pos, rules.parse_move(pos, first_move(s)))[0]
        await pick_key(pilot, path[0])  # a pick made survives the change of drawing
        before = (s.cursor, s.picks, s.game.position)
        if len(path) > 1:
            assert s.picks == (path[0],)
        else:  # a move of one pick (a drop into a column) is played by it
            assert s.picks == () and len(s.game.plies) == 1
        await pilot.resize_terminal(w, h - 1)  # one line short: the compact drawing
        await pilot.pause()
        assert s.compact and s.board.layout_ == small
        assert (s.cursor, s.picks, s.game.position) == before
        on_screen(s)
        await pilot.resize_terminal(w, h)
        await pilot.pause()
        assert not s.compact and s.board.layout_ == full
        assert (s.cursor, s.picks, s.game.position) == before
        on_screen(s)


@ui_test
async def test_a_small_window_gives_the_panel_the_move_list_s_room_first():
    """Onitama's five cards need more lines than 80×24 leaves beside them: the move list
    gives way, then the players' box (the status line still says whose turn it is), and all
    five cards show whole. With room to spare both come back."""
    need("onitama")
    app = OgamesApp("onitama", position="bbBbb/5/5/5/rrRrr r Elephant,Monkey Rooster,Mantis Crane")
    async with app.run_test(size=SMALL) as pilot:
        s = await drawn(pilot)
        await pilot.pause()
        assert s.compact
        assert not s.query_one(HistoryList).display
        panel = s.query_one(PanelView)
        mine = [b for b in panel.query(ItemBox) if b.key in panel.order]
        assert [b.key for b in mine] == ["card:Elephant", "card:Monkey"]
        await wait_for(pilot, lambda: all(panel.region.contains_region(b.region) for b in mine))
        assert not s.query_one(PlayersView).display
        assert panel.max_scroll_y == 0 and len(panel.query(ItemBox)) == 5
        for box in panel.query(ItemBox):
            assert panel.region.contains_region(box.region), box.key
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert s.query_one(HistoryList).display and s.query_one(PlayersView).display


@ui_test
async def test_a_window_smaller_than_the_compact_drawing_says_what_it_needs():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        s = screen(app)
        w, h = s.min_size
        assert (w, h) == s.needs(compact=True) and w <= 80 and h <= 24
        assert s.has_class("tiny")
        assert f"at least {w}×{h}" in str(s.query_one("#toosmall").render())
        await pilot.resize_terminal(w, h)
        await pilot.pause()
        assert not s.has_class("tiny") and s.compact
