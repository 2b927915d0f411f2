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

    In ``picture`` a space is transparent (it leaves the neighbours' strokes alone), the run
    of ``#`` is the cell rectangle and ``{}`` takes the hex's label. The first line is the
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


def board_layout(flipped: bool, compact: bool = False) -> BoardLayout:
    """The board drawn with ``FULL`` or ``COMPACT`` hexes; file letters run along the top
    and bottom edges. Flipped, the board is turned through 180° (labels stay upright)."""
    d = COMPACT if compact else FULL
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
    cell_line = next(line for line in d.picture if "#" in line)
    glyph_col = cell_line.index("#") + (cell_line.count("#") - 1) // 2
    specs = []
    for i, (x, y) in enumerate(CELL_XY):
        sx, sy = screen(x, y)
        top = TOP + (10 - sy) * d.step_y
        left = d.margin_x + d.step_x * sx
        label = CELL_NAMES[i][1:] if d.rank_only else CELL_NAMES[i]
        for k, line in enumerate(d.picture):
            if k == 0 and (sx, sy + 2) in on_screen:
                continue
            if "#" in line:
                specs.append(CellSpec(CELL_NAMES[i], top + k, left + line.index("#"),
                                      line.count("#"), 1, "hex"))
                line = line.replace("#", " ")
            put(top + k, left, line.format(label))
    for sx in range(7):
        letter = FILES[6 - sx] if flipped else FILES[sx]
        col = d.margin_x + d.step_x * sx + glyph_col
        put(0, col, letter)
        put(height - 1, col, letter)
    background = tuple("".join(row) for row in grid)
    return BoardLayout(width, height, background, tuple(specs))
