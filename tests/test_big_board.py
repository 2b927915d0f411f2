"""A big window gets a big board (issue 16): ``Rules.layout`` draws the full board
``scale`` times larger, and the game screen uses the largest that fits. A board of squares
is stretched (``scaled_layout`` grows a drawing by a whole factor, keeping its lines joined
and its labels on their rows and columns); Opprimo, Oferhlýp and Ochmir, whose diagonals
would break so, draw their own larger lattice, hexes and triangles. A piece is then drawn
large in its cell: a disc that fills its square or hex, a stone on its point, a tile's
block."""

from __future__ import annotations

import itertools

import pytest

from ogames.core.board import BoardLayout, CellSpec, scaled_layout
from ogames.core.registry import get_rules
from ogames.ui.widgets.board import BoardView, Marks
from tests.uihelp import drawn, hand_over, playing, screen, ui_test

#: the games that draw their own larger board, and the scale each reaches at 200×60
DRAWN_LARGER = {"opprimo": 2, "oferhlyp": 2, "ochmir": 2}

#: a 2×1 board of squares in a frame, labelled: what Onitama's drawing is made of
TINY = BoardLayout(
    width=9, height=4,
    background=("  a   b  ",
                "┌───────┐",
                "│       │",
                "└───────┘"),
    cells=(CellSpec("a1", 2, 1, 3, 1), CellSpec("b1", 2, 5, 3, 1)),
)


def test_scaling_stretches_lines_and_keeps_labels_on_their_cells():
    big = scaled_layout(TINY, 2)
    assert big is not None and (big.width, big.height) == (18, 8)
    assert [(c.row, c.col, c.width, c.height) for c in big.cells] == [(4, 2, 6, 2),
                                                                       (4, 10, 6, 2)]
    assert big.background[2] == "┌───────────────┐ "  # the frame's top, joined
    assert big.background[3] == "│               │ "  # its sides carried down
    assert big.background[6] == "└───────────────┘ "
    # a label sits over the middle of its grown column: a1's middle is 2 + (6 - 1) // 2
    assert big.background[0].index("a") == 4 and big.background[0].index("b") == 12
    assert scaled_layout(TINY, 1) is TINY


@pytest.mark.parametrize("game_id,grows", [("ordo", True), ("onitama", True),
                                           ("oferhlyp", False), ("opprimo", False),
                                           ("ochmir", False)])
def test_only_boards_of_squares_are_stretched(game_id, grows):
    rules = get_rules(game_id)
    assert (scaled_layout(rules.layout(rules.variants[0]), 2) is not None) == grows


@pytest.mark.parametrize("game_id", ["ordo", "onitama", *DRAWN_LARGER])
def test_every_game_draws_its_board_larger(game_id):
    """At scales 2 and 3, flipped or not, in Unicode or ASCII (where the game can: Onitama's
    ASCII drawing is not stretched), the larger drawing is a well-formed canvas with every
    cell of the full one, each in a larger rectangle, none overlapping; an ASCII one is
    ASCII only. A compact drawing never grows; scale 1 is the full drawing."""
    rules = get_rules(game_id)
    variant = rules.variants[0]
    assert rules.layout(variant, scale=1) == rules.layout(variant)
    for flipped, ascii, scale in itertools.product((False, True), (False, True), (2, 3)):
        assert rules.layout(variant, flipped=flipped, ascii=ascii, compact=True,
                            scale=scale) is None
        full = rules.layout(variant, flipped=flipped, ascii=ascii)
        big = rules.layout(variant, flipped=flipped, ascii=ascii, scale=scale)
        if big is None:
            assert game_id == "onitama" and ascii
            continue
        assert big.width > full.width and big.height > full.height
        assert len(big.background) == big.height
        assert all(len(line) == big.width for line in big.background)
        if ascii:
            assert all(line.isascii() for line in big.background), (game_id, scale)
        assert sorted(c.name for c in big.cells) == sorted(c.name for c in full.cells)
        taken: set[tuple[int, int]] = set()
        for spec in big.cells:
            small = full.cell(spec.name)
            assert spec.width > small.width and spec.height > small.height, spec
            assert 0 <= spec.row and spec.row + spec.height <= big.height
            assert 0 <= spec.col and spec.col + spec.width <= big.width
            rect = {(r, c) for r in range(spec.row, spec.row + spec.height)
                    for c in range(spec.col, spec.col + spec.width)}
            assert not rect & taken, f"{spec.name} overlaps another cell"
            taken |= rect


def test_a_grown_drawing_keeps_its_labels_beside_their_rows_and_columns():
    """Opprimo's rank numbers stay on their points' line, its file letters over their
    points; Ochmir's row letters on their row's cells, its column numbers over them;
    Oferhlýp's hex names inside their hexes, its file letters over their files."""
    opprimo = get_rules("opprimo").layout("standard", scale=2)
    a12, b13 = opprimo.cell("a12"), opprimo.cell("b13")
    assert opprimo.background[a12.row + 1].lstrip().startswith("12")
    assert opprimo.background[0][b13.col + b13.width // 2] == "b"
    ochmir = get_rules("ochmir").layout("2", flipped=True, scale=2)
    a6 = ochmir.cell("a6")
    assert "a" in [ochmir.background[r][1] for r in range(a6.row, a6.row + a6.height)]
    assert ochmir.background[0][a6.col + a6.width // 2] == "6"
    oferhlyp = get_rules("oferhlyp").layout("v1", scale=2)
    d4 = oferhlyp.cell("d4")
    assert "d4" in oferhlyp.background[d4.row + d4.height][d4.col:d4.col + d4.width]
    assert oferhlyp.background[0][d4.col + (d4.width - 1) // 2] == "d"


@ui_test
async def test_a_big_window_draws_big_squares_and_a_click_anywhere_in_one_selects_it():
    async with playing("ordo", size=(200, 60)) as (app, pilot):
        s = screen(app)
        board = s.query_one(BoardView)
        full = s.rules.layout(s.game.variant)
        spec = board.layout_.cell("c2")
        assert (spec.width, spec.height) == (2 * full.cell("c2").width, 2 * full.cell("c2").height)
        # the piece fills its square: its disc's rows above and below the glyph's are
        # drawn in the piece's colour, not left blank
        above = board.render_line(board.origin[1] + spec.row).text
        assert "▄" in above[board.origin[0] + spec.col:][:spec.width]
        # a click near the square's corner, far from the glyph, selects it
        region, off = board.cell_region("c2"), board.content_offset
        await pilot.click(board, offset=(off.x + region.x + 1, off.y + region.y + 1))
        await pilot.pause()
        assert s.picks and s.picks[0].key == "c2"


@ui_test
async def test_an_80x24_window_keeps_the_compact_board():
    async with playing("ordo", size=(80, 24)) as (app, pilot):
        board = screen(app).query_one(BoardView)
        assert board.layout_.width <= 48


async def _opened(pilot):
    """The game screen once drawn, past a hand-off (Ochmir)."""
    await hand_over(pilot)
    return await drawn(pilot)


@pytest.mark.parametrize("game_id", list(DRAWN_LARGER))
@ui_test
async def test_a_big_window_draws_hexes_triangles_and_points_larger(game_id):
    """At 200×60 the board is the game's larger drawing (every cell of the full one, in a
    larger rectangle); back at 120×40, the full drawing as it was."""
    async with playing(game_id, size=(200, 60)) as (app, pilot):
        s = await _opened(pilot)
        board = s.query_one(BoardView)
        full = s.rules.layout(s.game.variant, flipped=s.flipped)
        big = board.layout_
        assert big == s.rules.layout(s.game.variant, flipped=s.flipped,
                                     scale=DRAWN_LARGER[game_id])
        assert big.width > full.width and big.height > full.height
        assert {c.name for c in big.cells} == {c.name for c in full.cells}
        for spec in big.cells:
            small = full.cell(spec.name)
            assert spec.width > small.width and spec.height > small.height, spec
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert board.layout_ == full


@ui_test
async def test_a_120x40_window_keeps_the_full_drawing():
    async with playing("oferhlyp", size=(120, 40)) as (app, pilot):
        s = await _opened(pilot)
        assert s.query_one(BoardView).layout_ == s.rules.layout(s.game.variant,
                                                                flipped=s.flipped)


def _rows(board: BoardView, spec: CellSpec) -> list:
    """Each row of a cell as drawn: its segments, cropped to the cell's rectangle."""
    return [list(board._canvas_strip(r).crop(spec.col, spec.col + spec.width))
            for r in range(spec.row, spec.row + spec.height)]


@pytest.mark.parametrize("game_id", list(DRAWN_LARGER))
@ui_test
async def test_a_piece_on_a_grown_cell_is_drawn_large_and_marks_still_show(game_id):
    """A piece fills its grown cell: rows besides its glyph's are drawn in its owner's
    colour (a disc, a stone, a tile's block), not left blank. The cursor's brackets, a
    capture's signs, the selection and the last move still show on it and on an empty
    cell; every row of the board stays exactly as wide as the drawing."""
    async with playing(game_id, size=(200, 60)) as (app, pilot):
        s = await _opened(pilot)
        if game_id == "ochmir":  # the board starts empty: place a tile
            s.play(s.game.legal_moves()[0])
            await pilot.pause()
            await hand_over(pilot)
            s = await drawn(pilot)
        board = s.query_one(BoardView)
        layout = board.layout_
        views = s.rules.cell_views(s.game.position)
        piece = next(c for c in layout.cells if views[c.name].owner is not None)
        empty = next(c for c in layout.cells if views[c.name].owner is None)
        middle = piece.row + (piece.height - 1) // 2
        for cursor in (piece.name, empty.name):
            board.show(views, Marks(cursor=cursor, target=frozenset({piece.name, empty.name}),
                                    kinds={piece.name: "capture", empty.name: "capture"},
                                    selected=frozenset({piece.name}),
                                    last=frozenset({empty.name})))
            for r in range(layout.height):
                assert board._canvas_strip(r).cell_length == layout.width, (cursor, r)
            text = ["".join(seg.text for seg in row) for row in _rows(board, piece)]
            assert text[middle - piece.row].count("×") == 2
            if cursor == piece.name:
                assert "[" in text[middle - piece.row] or board._disc(piece)[0] == piece.width
        board.show(views, Marks())
        ink = board._ink(views[piece.name].owner, board._paper(piece)).color
        for r, row in enumerate(_rows(board, piece)):
            if piece.row + r != middle:
                assert any(seg.style and seg.style.bgcolor == ink
                           or seg.style and seg.style.color == ink and seg.text.strip()
                           for seg in row), f"row {r} of {piece.name} is not drawn"
        assert board._disc(empty)[0] == 0


@pytest.mark.parametrize("game_id", ["oferhlyp", "opprimo"])
@ui_test
async def test_a_click_near_a_grown_cells_corner_selects_it(game_id):
    """Clicking on a grown cell far from its glyph selects it: in a hex, its inside next to
    the outline; on a point, the corner of its rectangle."""
    async with playing(game_id, size=(200, 60)) as (app, pilot):
        s = await _opened(pilot)
        board = s.query_one(BoardView)
        pos = s.game.position
        name = s.rules.pick_paths(pos, s.game.legal_moves()[0])[0][0].key
        spec = board.layout_.cell(name)
        ox, oy = board.origin
        shape = board._area.get(name)
        if shape:  # the first place of its shape outside the rectangle: the top row
            row, col = shape[0]
            assert row < spec.row
        else:
            row, col = spec.row, spec.col
        assert board.cell_at(ox + col, oy + row) == name
        off = board.content_offset
        await pilot.click(board, offset=(off.x + ox + col, off.y + oy + row))
        await pilot.pause()
        assert s.picks and s.picks[0].key == name


@pytest.mark.parametrize("game_id", list(DRAWN_LARGER))
@ui_test
async def test_a_grown_board_in_ascii_is_ascii_only(game_id):
    """With ``--ascii`` the grown board's every drawn character is ASCII (pieces are then
    their ASCII glyphs, not discs)."""
    async with playing(game_id, size=(200, 60), ascii=True) as (app, pilot):
        s = await _opened(pilot)
        board = s.query_one(BoardView)
        assert board.ascii and board.layout_.width > s.rules.layout(s.game.variant).width
        for r in range(board.layout_.height):
            assert board._canvas_strip(r).text.isascii(), r


@pytest.mark.parametrize("game_id", ["opprimo", "oferhlyp", "ordo", "onitama"])
@ui_test
async def test_a_game_is_won_by_clicks_on_the_big_board(game_id):
    """The end of a game on the big board: in a position with a win in one (the tactics
    suite's first), the winning move clicked cell by cell ends the game, and the board,
    the panel and the move list agree."""
    from tests.test_tactics import POSITIONS
    from tests.uihelp import play_clicks

    text = next(t for kind, _, t in POSITIONS[game_id] if kind == "win")
    async with playing(game_id, position=text, size=(200, 60)) as (app, pilot):
        s = await drawn(pilot)
        full = s.rules.layout(s.game.variant)
        assert s.query_one(BoardView).layout_.width > full.width
        rules, pos = s.rules, s.game.position
        side = rules.to_move(pos)
        win = next(m for m in rules.moves(pos)
                   if (o := rules.outcome(rules.apply(pos, m))) is not None
                   and o.winners == (side,))
        await play_clicks(pilot, rules.move_text(pos, win))
        s = screen(app)
        assert s.game.outcome() is not None
        assert s.game.position == rules.apply(pos, win)
        assert "wins" in str(s.query_one("#banner").render())
