"""What the Four in a Row board looks like: the full and compact drawings, what each cell
shows, and each side's line in the players panel. Only drawing lives here; nothing in it
decides a move.
"""

from __future__ import annotations

from functools import cache

from ogames.core.board import BoardLayout, CellSpec, CellView

from .notation import FILES, Position, cell_name
from .play import fours

#: (columns, lines) of a cell and columns of the margin that holds a row number on each
#: side: 6 × 3 in the full drawing, 4 × 2 in the compact one
FULL_CELL = (6, 3, 3)
COMPACT_CELL = (4, 2, 2)

_HOLE = CellView("·", ".", None)
#: a disc of each side: the shapes differ, so colour is not the only sign of its owner
_DISCS = (CellView("●", "R", 0), CellView("○", "Y", 1))


@cache
def board_layout(width: int, height: int, flipped: bool,
                 size: tuple[int, int, int] = FULL_CELL) -> BoardLayout:
    """Cells of ``size`` = (columns, lines, margin), the column letters above and below,
    the row numbers left and right on each cell's middle line. ``flipped`` turns the
    drawing through 180° (row 1 on top, column a on the right)."""
    cell_width, cell_height, margin = size
    canvas_width = 2 * margin + width * cell_width
    order = [width - 1 - i if flipped else i for i in range(width)]
    letters = (" " * margin + "".join(FILES[c].center(cell_width) for c in order)
               + " " * margin)
    lines = [letters]
    cells = []
    for line_row in range(height):
        row = line_row if flipped else height - 1 - line_row
        label = str(row + 1)
        for line in range(cell_height):
            if line == (cell_height - 1) // 2:
                lines.append(label.rjust(margin - 1) + " " + " " * (width * cell_width)
                             + " " + label.ljust(margin - 1))
            else:
                lines.append(" " * canvas_width)
        for at, column in enumerate(order):
            cells.append(CellSpec(cell_name(column, row), 1 + line_row * cell_height,
                                  margin + at * cell_width, cell_width, cell_height,
                                  "square", "dark"))
    lines.append(letters)
    return BoardLayout(canvas_width, len(lines), tuple(lines), tuple(cells))


def cell_views(pos: Position) -> dict[str, CellView]:
    """What each cell shows: a hole or a disc; the discs of a finished game's four in
    bold."""
    winning = {i for line in fours(pos) for i in line}
    views = {}
    for row in range(pos.height):
        for column in range(pos.width):
            who = pos.owner(column, row)
            view = _HOLE if who is None else _DISCS[who]
            if row * pos.width + column in winning:
                view = CellView(view.glyph, view.ascii, view.owner, strong=True)
            views[cell_name(column, row)] = view
    return views


def side_summary(pos: Position) -> tuple[str, ...]:
    """The discs each side has left to drop (Red has the odd one of an odd board)."""
    cells = pos.width * pos.height
    left = ((cells + 1) // 2 - pos.discs(0), cells // 2 - pos.discs(1))
    return tuple(f"{n} disc left" if n == 1 else f"{n} discs left" for n in left)
