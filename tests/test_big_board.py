"""A big window gets a big board (issue 16): ``scaled_layout`` grows a drawing of squares
by a whole factor, keeping its lines joined and its labels on their rows and columns; the
game screen uses the largest that fits, and a piece is then drawn as a disc that fills its
square. Boards of triangles and hexes keep their full size (their diagonals would break)."""

from __future__ import annotations

import pytest

from ogames.core.board import BoardLayout, CellSpec, scaled_layout
from ogames.core.registry import get_rules
from ogames.ui.widgets.board import BoardView
from tests.uihelp import playing, screen, ui_test

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
def test_only_boards_of_squares_grow(game_id, grows):
    rules = get_rules(game_id)
    assert (scaled_layout(rules.layout(rules.variants[0]), 2) is not None) == grows


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
