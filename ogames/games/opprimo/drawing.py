"""How the Opprimo board looks in the terminal (CLARIFICATIONS §2.1.9): the lattice drawn
full or compact, what each point and castle triangle shows, and the side summary.

Nothing here changes how the game is played; it only draws.
"""

from __future__ import annotations

from ogames.core.board import BoardLayout, CellSpec, CellView

from .notation import (
    ALL_SHIELDS,
    CASTLES,
    FILES,
    POINT_NAMES,
    POINTS,
    RANKS,
    RED,
    TRIANGLE_INDEX,
    TRIANGLE_NAMES,
    YELLOW,
    Position,
    has_point,
    point_index,
)

#: canvas geometry: file x at column 4 + 4x, rank r on line TOP + 2·(13 − r) (compact:
#: TOP + 13 − r); the file letters above and below, the rank numbers at both ends
_LEFT = 4
_TOP = 1
_WIDTH = 33


def _file_range(f: int) -> tuple[int, int]:
    return (1, 13) if f % 2 else (2, 12)


def _board_grid(ascii: bool) -> list[list[str]]:
    """The unflipped lattice (25 lines × 33 columns) without labels: vertical lines,
    diagonals and the empty points (cells are drawn on top)."""
    vert, rise, fall = ("|", "/", "\\") if ascii else ("│", "╱", "╲")
    grid = [[" "] * _WIDTH for _ in range(2 * RANKS - 1)]

    def line_of(rank2: int) -> int:  # rank2 = 2·rank (odd values are between ranks)
        return 2 * RANKS - rank2

    for f in range(7):
        lo, hi = _file_range(f)
        col = _LEFT + 4 * f
        for rank2 in range(2 * lo + 1, 2 * hi):  # strictly between the end points
            grid[line_of(rank2)][col] = vert
    for r in range(1, RANKS):  # the edge line between rank r and r+1
        line = line_of(2 * r + 1)
        for f in range(6):
            col = _LEFT + 4 * f + 2
            if has_point(f, r) and has_point(f + 1, r + 1):
                grid[line][col] = rise
            elif has_point(f + 1, r) and has_point(f, r + 1):
                grid[line][col] = fall
    for f, r in POINTS:
        bit = 1 << point_index(f, r)
        dot = ("*" if ascii else "◇") if bit & ALL_SHIELDS else ("." if ascii else "·")
        grid[line_of(2 * r)][_LEFT + 4 * f] = dot
    return grid


def _compact_grid(ascii: bool) -> list[list[str]]:
    """The lattice with one line per rank (13 lines): the rank lines of the full drawing,
    whose diagonals, having no line of their own, are drawn where they leave a point: in
    the column half way to the next file, ``<`` when a point on the left sends one up and
    one down to the file on its right, ``>`` the same to the left, ``╱`` or ``╲`` when only
    one goes on (at the top and bottom of the board). Each such column lies inside the
    triangle those two diagonals bound, which is where a King on it is drawn."""
    rise, fall = ("/", "\\") if ascii else ("╱", "╲")
    grid = _board_grid(ascii)[::2]
    for r in range(1, RANKS + 1):
        line = grid[RANKS - r]
        for f in range(6):
            if has_point(f, r):  # the point is on the left: its diagonals go right
                up, down, both = has_point(f + 1, r + 1), has_point(f + 1, r - 1), "<"
                one = rise if up else fall
            elif has_point(f + 1, r):  # on the right: they go left
                up, down, both = has_point(f, r + 1), has_point(f, r - 1), ">"
                one = fall if up else rise
            else:
                continue
            if up or down:
                line[_LEFT + 4 * f + 2] = both if up and down else one
    return grid


def layout(flipped: bool, ascii: bool, compact: bool = False) -> BoardLayout:
    """The full drawing, or the compact one (15 lines instead of 27): one line per rank,
    the diagonals drawn beside the points they leave (see ``_compact_grid``). Columns,
    cell widths and shades are the same in both."""
    grid = _compact_grid(ascii) if compact else _board_grid(ascii)
    step = 1 if compact else 2  # lines per rank
    height = len(grid) + 2
    right = _LEFT + 4 * 6  # column of file g
    mirror = _LEFT + right  # column c shows at mirror − c when flipped
    if flipped:
        # a half turn: reversing a 33-wide line maps column c to 32 − c = mirror − c (and
        # turns a < into a >)
        turn = {"<": ">", ">": "<"}
        grid = [[turn.get(ch, ch) for ch in reversed(line)] for line in reversed(grid)]
    lines: list[str] = []
    files = FILES[::-1] if flipped else FILES
    letters = [" "] * _WIDTH
    for x, letter in enumerate(files):
        letters[_LEFT + 4 * x] = letter
    lines.append("".join(letters))
    for k, chars in enumerate(grid):
        row = chars[:]
        if k % step == 0:
            rank = RANKS - k // step if not flipped else 1 + k // step
            label = f"{rank:>2}"
            row[0:2] = list(label)
            row[right + 3:right + 5] = list(f"{rank:<2}")
        lines.append("".join(row))
    lines.append("".join(letters))
    assert mirror == _WIDTH - 1

    def place(rank: int, col: int) -> tuple[int, int]:
        line = _TOP + step * (RANKS - rank)
        if flipped:
            return height - 1 - line, mirror - col
        return line, col

    cells: list[CellSpec] = []
    for i, (f, r) in enumerate(POINTS):
        row, col = place(r, _LEFT + 4 * f)
        shade = "special" if (1 << i) & ALL_SHIELDS else ""
        cells.append(CellSpec(POINT_NAMES[i], row, col - 1, 3, 1, "point", shade))
    for side in (YELLOW, RED):
        for name in CASTLES[side]:
            t = TRIANGLE_INDEX[name]
            strip, tri_row = t // 11, t % 11 + 1
            # on the line of its apex, half way between the two files
            row, col = place(tri_row + 1, _LEFT + 4 * strip + 2)
            cells.append(CellSpec(name, row, col, 1, 1, "triangle", f"zone{side}"))
    return BoardLayout(_WIDTH, height, tuple(lines), tuple(cells))


def grown_layout(flipped: bool, ascii: bool, scale: int) -> BoardLayout:
    """The full drawing larger, for a big window (issue 16): ranks ``2·scale`` lines
    apart and files ``6·scale`` columns apart (wider than the full drawing's 4 per rank
    line, so that the triangles come nearer their true shape and a castle has room for a
    King), the diagonals one ``╱`` or ``╲`` a line. A point's rectangle is centred on it,
    ``2·scale − 1`` lines tall; a castle's, as tall, lies on the line of its apex, between
    that point's rectangle and the file across; a piece is drawn large in either. At
    scale 2, the top left::

              a           b

        13                ◇
                       ╱  │  ╲
                    ╱     │     ╲
                 ╱        │        ╲
        12    ·           │           ·
              │  ╲        │        ╱  │
    """
    canvas = _GrownCanvas(flipped, scale)
    _draw_grown_lines(canvas, ascii)
    cells = _grown_points(canvas, ascii) + _grown_castles(canvas)
    grid, height = canvas.grid, canvas.height
    files = FILES[::-1] if flipped else FILES
    for x, letter in enumerate(files):
        grid[0][canvas.left + canvas.file_step * x] = letter
        grid[height - 1][canvas.left + canvas.file_step * x] = letter
    end = canvas.right + canvas.half
    for r in range(1, RANKS + 1):
        line = canvas.place(r, 0)[0]
        grid[line][0:2] = f"{r:>2}"
        grid[line][end + 2:end + 4] = f"{r:<2}"
    return BoardLayout(canvas.width, height, tuple("".join(line) for line in grid),
                       tuple(cells))


class _GrownCanvas:
    """The grown drawing's measures and its grid of characters, turned as the board is."""

    def __init__(self, flipped: bool, scale: int) -> None:
        self.flipped, self.scale = flipped, scale
        self.file_step, self.rank_step = 6 * scale, 2 * scale
        self.half = scale + 1  # columns each side of a point in its rectangle
        self.left = self.half + 3  # column of file a: rank numbers and a free column first
        self.right = self.left + 6 * self.file_step  # column of file g
        self.width = self.right + self.half + 4
        self.top = scale  # line of rank 13: the file letters and its rectangle's lines above
        self.height = 2 * self.top + 12 * self.rank_step + 1
        self.mirror = self.left + self.right  # column c shows at mirror − c when flipped
        self.grid = [[" "] * self.width for _ in range(self.height)]

    def place(self, rank: int, col: int) -> tuple[int, int]:
        line = self.top + self.rank_step * (RANKS - rank)
        return (self.height - 1 - line, self.mirror - col) if self.flipped else (line, col)

    def put(self, rank: int, col: int, steps: int, char: str) -> None:
        """``char`` ``steps`` lines above (below, when negative) ``rank``'s line in column
        ``col``."""
        line, at = self.place(rank, col)
        self.grid[line + (steps if self.flipped else -steps)][at] = char


def _draw_grown_lines(canvas: _GrownCanvas, ascii: bool) -> None:
    """The files' lines between points and the diagonals, one character a line."""
    vert, rise, fall = ("|", "/", "\\") if ascii else ("│", "╱", "╲")
    steps = canvas.rank_step
    for f in range(7):
        col = canvas.left + canvas.file_step * f
        for r in range(1, RANKS + 1):
            if not has_point(f, r):
                continue
            if has_point(f, r + 2):  # the file's line up to the next point
                for k in range(1, 2 * steps):
                    canvas.put(r, col, k, vert)
            for up in (1, -1):  # the diagonals to the right, up and down
                if has_point(f + 1, r + up):
                    for k in range(1, steps):
                        canvas.put(r, col + canvas.file_step * k // steps, up * k,
                                   rise if up == 1 else fall)


def _grown_points(canvas: _GrownCanvas, ascii: bool) -> list[CellSpec]:
    """Every point's mark and its rectangle, centred on it."""
    shield_dot, dot = ("*", ".") if ascii else ("◇", "·")
    scale, half = canvas.scale, canvas.half
    cells = []
    for i, (f, r) in enumerate(POINTS):
        row, col = canvas.place(r, canvas.left + canvas.file_step * f)
        shield = bool((1 << i) & ALL_SHIELDS)
        canvas.grid[row][col] = shield_dot if shield else dot
        cells.append(CellSpec(POINT_NAMES[i], row - scale + 1, col - half, 2 * half + 1,
                              2 * scale - 1, "point", "special" if shield else ""))
    return cells


def _grown_castles(canvas: _GrownCanvas) -> list[CellSpec]:
    """Every castle's rectangle: on the line of its apex, its middle two thirds of the
    way from the apex to the file across."""
    scale, step = canvas.scale, canvas.file_step
    reach = step - 1 - 4 * scale  # columns each side of the middle, short of that file
    cells = []
    for side in (YELLOW, RED):
        for name in CASTLES[side]:
            t = TRIANGLE_INDEX[name]
            strip, tri_row = t // 11, t % 11 + 1
            apex = strip if has_point(strip, tri_row + 1) else strip + 1
            middle = canvas.left + step * apex + (1 if apex == strip else -1) * 4 * scale
            row, col = canvas.place(tri_row + 1, middle)
            cells.append(CellSpec(name, row - scale + 1, col - reach, 2 * reach + 1,
                                  2 * scale - 1, "triangle", f"zone{side}"))
    return cells


def cell_views(pos: Position) -> dict[str, CellView]:
    """What every point and castle triangle shows: pieces, shields, empty points, Kings."""
    views: dict[str, CellView] = {}
    for i, name in enumerate(POINT_NAMES):
        bit = 1 << i
        if pos.yellow & bit:
            views[name] = (CellView("N", "N", YELLOW, True) if pos.knights & bit
                           else CellView("S", "S", YELLOW))
        elif pos.red & bit:
            views[name] = (CellView("n", "n", RED, True) if pos.knights & bit
                           else CellView("s", "s", RED))
        elif ALL_SHIELDS & bit:
            views[name] = CellView("◇", "*")
        else:
            views[name] = CellView("·", ".")
    for side in (YELLOW, RED):
        for name in CASTLES[side]:
            views[name] = CellView(" ", " ")
    views[TRIANGLE_NAMES[pos.yellow_king]] = CellView("K", "K", YELLOW, True)
    views[TRIANGLE_NAMES[pos.red_king]] = CellView("k", "k", RED, True)
    return views


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def side_summary(pos: Position) -> tuple[str, ...]:
    """Each side's Soldiers and Knights, counted."""
    out = []
    for side in (YELLOW, RED):
        men = pos.men(side)
        knights = (men & pos.knights).bit_count()
        out.append(f"{_plural(men.bit_count() - knights, 'soldier')} · "
                   f"{_plural(knights, 'knight')}")
    return tuple(out)
