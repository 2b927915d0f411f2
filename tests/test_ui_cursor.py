"""The cursor keys: arrows and h j k l move to the adjacent cell in that screen direction
on every geometry, full and compact, over empty cells too; a run of keys keeps to its row
of hexes or points; Tab / Shift+Tab visit the cells that may be selected next, in reading
order; after a move the cursor leaves the last move's cells visible, drawn in a calm
colour. The expected cells are read off the drawings (``ogames show GAME [--compact]``)."""

from __future__ import annotations

import colorsys

import pytest

from ogames.core.board import cell
from tests.uihelp import hand_over, play_keys, playing, screen, ui_test

VIM = {"left": "h", "down": "j", "up": "k", "right": "l"}

#: per game: a cell and its neighbours on screen (left, right, up, down), the same in the
#: full and the compact drawing
NEIGHBOURS = {
    # squares: one square over; e5 is empty
    "ordo": ("e5", {"left": "d5", "right": "f5", "up": "e6", "down": "e4"}),
    "onitama": ("c3", {"left": "b3", "right": "d3", "up": "c4", "down": "c2"}),
    # hexes in columns: up/down along the column; left/right to the next column, where
    # two hexes are as near (b3 up-left, b2 down-left of c3): the upper one
    "oferhlyp": ("c3", {"left": "b3", "right": "d3", "up": "c4", "down": "c2"}),
    # points on lines │ ╱ ╲: up/down two ranks along the file, left/right to the next
    # file's nearest points (b9 and b7 of c8): the upper one
    "opprimo": ("c8", {"left": "b9", "right": "d9", "up": "c10", "down": "c6"}),
    # triangles: a row's neighbours beside, the triangles of the same column number above
    # and below
    "ochmir": ("f12", {"left": "f11", "right": "f13", "up": "e12", "down": "g12"}),
}
#: a run of keys along one axis, from a cell: where each key lands
RUNS = [
    # a row of hexes: the zig-zag keeps to c3's row (d3 up-right, then e3 level with c3)
    ("oferhlyp", "c3", ["right", "right", "right", "left"], ["d3", "e3", "f3", "e3"]),
    ("opprimo", "c4", ["right", "right", "left", "left"], ["d5", "e4", "d5", "c4"]),
    # down the c file from c4, past the castle triangles that flank it (bc2, cd2)
    ("opprimo", "c4", ["down", "up"], ["c2", "c4"]),
    # the king's triangles between the points: a2, then the triangle ab1 beside it; ab2
    # above it, b1 below it
    ("opprimo", "a2", ["right", "up", "down", "down"], ["ab1", "ab2", "ab1", "b1"]),
    # at the edge the cursor stays
    ("ordo", "a1", ["left", "down", "up"], ["a1", "a1", "a2"]),
    ("onitama", "e5", ["up", "right", "left"], ["e5", "e5", "d5"]),
]


async def start_at(pilot, name: str):
    s = screen(pilot.app)
    s.cursor = name
    s.board.run = None  # a fresh run: no line kept from earlier keys
    return s


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["full", "compact"])
@pytest.mark.parametrize("game_id", list(NEIGHBOURS))
@ui_test
async def test_each_key_lands_on_the_adjacent_cell(game_id, size):
    start, around = NEIGHBOURS[game_id]
    async with playing(game_id, size=size, seed=1) as (app, pilot):
        await pilot.pause()
        await hand_over(pilot)
        assert screen(app).compact == (size == (80, 24))
        for direction, expected in around.items():
            for key in (direction, VIM[direction]):
                s = await start_at(pilot, start)
                await pilot.press(key)
                assert s.cursor == expected, (key, s.cursor)
                assert s.board.marks.cursor == expected  # drawn there too
                assert s.picks == () and s.game.plies == []  # a key only moves it


@pytest.mark.parametrize(("game_id", "start", "keys", "landings"), RUNS)
@ui_test
async def test_runs_of_keys(game_id, start, keys, landings):
    async with playing(game_id, seed=1) as (app, pilot):
        s = await start_at(pilot, start)
        for key, expected in zip(keys, landings, strict=True):
            await pilot.press(key)
            assert s.cursor == expected, (key, s.cursor)


@ui_test
async def test_directions_are_screen_directions_on_a_flipped_board():
    async with playing("ordo") as (app, pilot):
        await pilot.press("f")
        s = await start_at(pilot, "e5")
        for key, expected in (("up", "e4"), ("right", "d4"), ("down", "d5"), ("left", "e5")):
            await pilot.press(key)
            assert s.cursor == expected, (key, s.cursor)


@ui_test
async def test_tab_visits_the_pieces_that_can_move_then_a_pieces_targets():
    async with playing("ordo") as (app, pilot):
        s = await start_at(pilot, "e5")
        # reading order from e5 (empty, above White's pieces): rank 3 left to right, where
        # every piece can step forward onto the empty rank 4
        seen = []
        for _ in range(6):
            await pilot.press("tab")
            seen.append(s.cursor)
        assert seen == ["a3", "b3", "e3", "f3", "i3", "j3"]
        await pilot.press("shift+tab", "shift+tab")
        assert s.cursor == "f3"
        # back past the first: the last in reading order, h1 (it may step to i1 as c1
        # steps to b1 on the other side of the symmetric start)
        s.cursor = "a3"
        await pilot.press("shift+tab")
        assert s.cursor == "h1"
        # a selected piece: its targets, read from the top row down, round and round
        s.cursor = "e3"
        await pilot.press("enter")
        assert s.picks == (cell("e3"),)
        targets = s._targets()
        regions = {name: s.board.cell_region(name) for name in targets}
        order = sorted(targets, key=lambda n: (regions[n].y, regions[n].x))
        assert order[0] == "e4"  # straight ahead; d4 would leave e3's piece alone
        visited = []
        for _ in range(len(order) + 1):
            await pilot.press("tab")
            visited.append(s.cursor)
        assert visited == [*order, order[0]]
        assert s.picks == (cell("e3"),)  # Tab moves the cursor, selects nothing


@ui_test
async def test_tab_reaches_the_landing_hex_that_stops_a_chain():
    async with playing("oferhlyp", position="D3/5/1DL3/1lL2/6/5/L3 d 1") as (app, pilot):
        s = await start_at(pilot, "c2")
        await pilot.press("enter")
        s.cursor = "c4"
        await pilot.press("enter")  # c2xc4 may stop here or go on to e3
        assert s.game.plies == []
        cells = set()
        for _ in range(4):
            await pilot.press("tab")
            cells.add(s.cursor)
        assert cells == {"c4", "e3"}


def hue_of(style) -> float:
    colour = style.bgcolor.get_truecolor()
    h, _, _ = colorsys.rgb_to_hls(*(c / 255 for c in colour))
    return h * 360


@ui_test
async def test_after_a_move_the_cursor_leaves_the_last_move_visible():
    async with playing("ordo") as (app, pilot):
        await play_keys(pilot, "b3-b4")
        s = screen(app)
        assert s.last == {"b3", "b4"}
        # the cursor was on b4: it goes to the nearest piece Black can move, b6, two
        # squares straight up (b6 steps to b5)
        assert s.cursor == "b6"
        for theme in ("dark", "light"):
            if theme == "light":
                app.action_toggle_dark()
                await pilot.pause()
            region = s.board.cell_region("b4")
            style = list(s.board.render_line(region.y).crop(region.x, region.x + 1))[0].style
            # a calm blue-green, not the yellow/orange/red of a warning
            assert 150 <= hue_of(style) <= 250, (theme, style)


@ui_test
async def test_the_hint_key_is_i_and_h_moves_left():
    async with playing("ordo") as (app, pilot):
        keys = {key: binding.action for key, (_, binding, _, _) in app.active_bindings.items()}
        assert keys["i"] == "hint" and keys["h"] == "cursor('left')"
        assert keys["colon"] == "type_move" and keys["tab"] == "tab(1)"
