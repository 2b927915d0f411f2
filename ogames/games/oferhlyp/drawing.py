"""How an Oferhlýp board looks on screen: the hex outlines (a full and a compact drawing),
the glyph of each piece, and the piece count under each side's name. Nothing here
changes how a game goes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ogames.core.board import BoardLayout, CellSpec, CellView

from .notation import (
    CELL_NAMES,
    CELL_XY,
    DARK_FULL,
    DARK_HALF,
    EMPTY,
    FILES,
    LIGHT_FULL,
    LIGHT_HALF,
    OWN_PIECES,
    Position,
)

#: the colours of Dark and Light on screen
SIDE_COLOURS = ("#e0a050", "bright_white")

VIEWS: dict[str, CellView] = {
    EMPTY: CellView("·", ".", None, False),
    DARK_FULL: CellView("●", "D", 0, True),
    DARK_HALF: CellView("◐", "d", 0, False),
    LIGHT_FULL: CellView("○", "L", 1, True),
    LIGHT_HALF: CellView("◌", "l", 1, False),
}


def cell_views(pos: Position) -> dict[str, CellView]:
    """What each hex shows, by hex name (nothing is hidden in this game)."""
    return {name: VIEWS[pos.board[i]] for i, name in enumerate(CELL_NAMES)}


def side_summary(pos: Position) -> tuple[str, ...]:
    """Each side's full and half pieces, for the line under its name."""
    b = pos.board
    return tuple(f"{b.count(full)} full · {b.count(half)} half" for full, half in OWN_PIECES)


@dataclass(frozen=True)
class Drawing:
    """One way to draw the board: the picture of one hex, repeated at every cell.

    In ``picture`` a space is transparent (it leaves the neighbours' strokes alone), the
    ``#`` mark the cell rectangle (a run of them on each of its lines) and ``{}`` takes the
    hex's label. The first line is the
    hex's top edge; it is drawn only where no hex sits directly above, since otherwise it is
    the bottom edge of that hex. Files lie ``step_x`` columns apart and a half-hex step
    (one unit of doubled height) takes ``step_y`` lines.
    """

    picture: tuple[str, ...]
    step_x: int
    step_y: int
    margin_x: int
    #: label a hex with its rank alone (the file letter is above and below its file)
    rank_only: bool


#: §2.2.1's flat-topped hex outlines, a hex five lines tall: the piece on its middle line and
#: its name on the line below
FULL = Drawing(
    picture=(
        "  ____  ",
        " /    \\ ",
        "/ #### \\",
        "\\  {}  /",
        " \\____/ ",
    ),
    step_x=6,
    step_y=2,
    margin_x=2,
    rank_only=False,
)

#: the compact drawing (80×24 terminals): the same tiling with a hex two lines tall, the
#: piece on its upper line and its rank on its bottom edge, so that a hex's six neighbours
#: are its six nearest cells (two lines above and below, one line and four columns aside)
COMPACT = Drawing(
    picture=(
        " ___ ",
        "/###\\",
        "\\_{}_/",
    ),
    step_x=4,
    step_y=1,
    margin_x=1,
    rank_only=True,
)

#: lines above the board (the file-letter row), and as many below
TOP = 1


def grown(scale: int) -> Drawing:
    """``FULL`` with sides ``scale`` times longer, for a big window (issue 16): a hex
    ``4·scale + 1`` lines tall and ``8·scale`` columns wide, its cell rectangle a block of
    ``2·scale + 1`` lines about its middle (a piece is drawn large in it), its name on the
    line below. At scale 2::

            ________
           /        \\
          /##########\\
         / ########## \\
        /  ##########  \\
        \\  ##########  /
         \\ ########## /
          \\    {}    /
           \\________/
    """
    s = scale
    height, width = 4 * s + 1, 8 * s
    rows = [[" "] * width for _ in range(height)]
    rows[0][2 * s:6 * s] = "_" * (4 * s)
    rows[-1][2 * s:6 * s] = "_" * (4 * s)
    for k in range(1, 2 * s + 1):  # the upper half's sides, then the lower half's
        rows[k][2 * s - k], rows[k][6 * s + k - 1] = "/", "\\"
        rows[2 * s + k][k - 1], rows[2 * s + k][8 * s - k] = "\\", "/"
    # the rectangle: lines s … 3s, as wide as the inside of the first of them
    left, right = s + 1, 7 * s - 2
    for k in range(s, 3 * s + 1):
        rows[k][left:right + 1] = "#" * (right - left + 1)
    label = 3 * s + 1
    middle = (left + right) // 2
    rows[label][middle:middle + 2] = "{}"
    return Drawing(picture=tuple("".join(row) for row in rows), step_x=6 * s, step_y=2 * s,
                   margin_x=FULL.margin_x, rank_only=False)


def board_layout(flipped: bool, compact: bool = False, scale: int = 1) -> BoardLayout:
    """The board drawn with ``FULL`` or ``COMPACT`` hexes (or ``grown(scale)`` ones above
    scale 1); file letters run along the top and bottom edges. Flipped, the board is
    turned through 180° (labels stay upright)."""
    d = grown(scale) if scale > 1 else COMPACT if compact else FULL
    pic_w, pic_h = len(d.picture[0]), len(d.picture)
    width = d.margin_x * 2 + d.step_x * 6 + pic_w
    height = TOP * 2 + d.step_y * 10 + pic_h
    grid = [[" "] * width for _ in range(height)]

    def put(row: int, col: int, text: str) -> None:
        for k, ch in enumerate(text):
            if ch != " ":
                grid[row][col + k] = ch

    def screen(x: int, y: int) -> tuple[int, int]:
        return (6 - x, 10 - y) if flipped else (x, y)

    on_screen = {screen(x, y) for x, y in CELL_XY}
    # the cell rectangle: the lines that hold ``#``, from the first ``#`` of the first one
    cell_lines = [k for k, line in enumerate(d.picture) if "#" in line]
    cell_line = d.picture[cell_lines[0]]
    cell_col, cell_width = cell_line.index("#"), cell_line.count("#")
    glyph_col = cell_col + (cell_width - 1) // 2
    specs = []
    for i, (x, y) in enumerate(CELL_XY):
        sx, sy = screen(x, y)
        top = TOP + (10 - sy) * d.step_y
        left = d.margin_x + d.step_x * sx
        label = CELL_NAMES[i][1:] if d.rank_only else CELL_NAMES[i]
        specs.append(CellSpec(CELL_NAMES[i], top + cell_lines[0], left + cell_col,
                              cell_width, len(cell_lines), "hex"))
        for k, line in enumerate(d.picture):
            if k == 0 and (sx, sy + 2) in on_screen:
                continue
            put(top + k, left, line.replace("#", " ").format(label))
    for sx in range(7):
        letter = FILES[6 - sx] if flipped else FILES[sx]
        col = d.margin_x + d.step_x * sx + glyph_col
        put(0, col, letter)
        put(height - 1, col, letter)
    background = tuple("".join(row) for row in grid)
    return BoardLayout(width, height, background, tuple(specs))
