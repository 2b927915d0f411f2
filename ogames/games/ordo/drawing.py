"""What the Ordo board looks like: the full and compact drawings of the board, what each
square shows, and the one-line summary of each side. Only drawing lives here; nothing in
it decides a move.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from ogames.core.board import BoardLayout, CellSpec, CellView

from .notation import FILES, RANKS, Position, square, square_name
from .play import GEOMETRY, components, is_split, squares_of

#: (columns, lines) of a square and columns of the margin that holds a rank number on each
#: side. The full drawing's squares are 6 × 3; the compact one's 4 × 2 (about square on a
#: terminal, wide enough for the cursor's brackets around a piece).
FULL_CELL = (6, 3, 3)
COMPACT_CELL = (4, 2, 2)

_EMPTY_VIEW = CellView(" ", ".", None)
_PIECE_VIEWS = (CellView("○", "W", 0), CellView("●", "B", 1))


@cache
def board_layout(width: int, flipped: bool,
                 size: tuple[int, int, int] = FULL_CELL) -> BoardLayout:
    """Squares of ``size`` = (columns, lines, margin), files above and below (centred over
    the pieces), ranks left and right on the squares' glyph line (where the pieces stand)."""
    cell_width, cell_height, margin = size
    canvas_width = 2 * margin + width * cell_width
    files = [FILES[width - 1 - i] if flipped else FILES[i] for i in range(width)]
    letters = " " * margin + "".join(f.center(cell_width) for f in files) + " " * margin
    lines = [letters]
    cells = []
    for row in range(RANKS):
        rank = row if flipped else RANKS - 1 - row
        label = str(rank + 1)
        lines_row = 1 + row * cell_height
        body = " " * (width * cell_width)
        for line in range(cell_height):
            if line == (cell_height - 1) // 2:
                lines.append(label.rjust(margin - 1) + " " + body + " " + label.ljust(margin - 1))
            else:
                lines.append(" " * canvas_width)
        for col in range(width):
            file = width - 1 - col if flipped else col
            shade = "dark" if (file + rank) % 2 == 0 else "light"
            cells.append(CellSpec(square_name(square(file, rank)), lines_row,
                                  margin + col * cell_width, cell_width, cell_height,
                                  "square", shade))
    lines.append(letters)
    return BoardLayout(canvas_width, len(lines), tuple(lines), tuple(cells))


#: the backgrounds of the parts of a split group, largest part first (§2.4.9: a split
#: side's groups are highlighted), repeated should there be more parts than shades
GROUP_SHADES = ("zone0", "special", "zone1")


def cell_views(pos: Position) -> dict[str, CellView]:
    """What each square shows: a white or black piece, or nothing. When the side to move
    is split, each part of its group is shaded apart, so the player sees what to join."""
    views = {}
    for sq in GEOMETRY[pos.width].squares:
        who = pos.occupant(sq)
        views[square_name(sq)] = _EMPTY_VIEW if who is None else _PIECE_VIEWS[who]
    if is_split(pos):
        parts = sorted(components(pos.pieces(pos.turn)), key=lambda p: -p.bit_count())
        for k, part in enumerate(parts):
            shaded = replace(_PIECE_VIEWS[pos.turn], shade=GROUP_SHADES[k % len(GROUP_SHADES)])
            for sq in squares_of(part):
                views[square_name(sq)] = shaded
    return views


def side_summary(pos: Position) -> tuple[str, ...]:
    """Each side's pieces, and whether its group is split (``20 pieces · split``)."""
    out = []
    for side in (0, 1):
        n = pos.pieces(side).bit_count()
        line = f"{n} piece" if n == 1 else f"{n} pieces"
        if n and is_split(pos, side):
            line += " · split"
        out.append(line)
    return tuple(out)
