"""How an Ochmir position is drawn: the board canvas (full and compact), the glyph of each
triangle, the hands panel and the line under each side's name. Drawing only: nothing
here decides how a game goes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache

from ogames.core.board import (
    BoardLayout,
    CellSpec,
    CellView,
    PanelItem,
    PanelSection,
    Pick,
    Run,
)

from .geometry import CENTRE, COORDS, NAMES, ROW_LETTERS, UP, lattice_vertices
from .notation import Position
from .play import SIDES, scores, stall_limit
from .tiles import (
    CANON,
    CARRIES,
    CODE_OF_TEXT,
    COLOURS,
    EXPOSED,
    FLIP,
    HIDDEN,
    TEXT,
    VALUE,
    VALUES,
    F,
    as_held,
)

#: readable on a dark background; the glyph shapes (○ ● ◆) tell them apart without colour
SIDE_COLOURS = ("bright_white", "#60a5fa", "#c08040")
#: a tile's glyph: a shape per exposed colour, then the exposed value letter
COLOUR_SHAPES = ("○", "●", "◆")

# ----- the canvas: 3 columns per board column, one line per row, lattice vertices between
CELL_WIDTH = 3
BOARD_LEFT = 3  # columns 0–2: row letter
LAYOUT_WIDTH = BOARD_LEFT + 23 * CELL_WIDTH + 3  # 75
LAYOUT_HEIGHT = 1 + 2 * 12 + 1 + 1  # numbers, 13 vertex lines + 12 rows, numbers = 27
# ----- the compact canvas: 2 columns per board column, one line per row, nothing between
COMPACT_CELL_WIDTH = 2  # a tile's glyph (○F, WF) fills it: neighbouring tiles touch
COMPACT_BOARD_LEFT = 2  # column 0: row letter
COMPACT_WIDTH = COMPACT_BOARD_LEFT + 23 * COMPACT_CELL_WIDTH  # 48
COMPACT_HEIGHT = 2 + 12 + 2  # two lines of numbers (odd, even), 12 rows, two lines = 16


@cache
def layout(flipped: bool, ascii: bool, compact: bool) -> BoardLayout:
    """The same canvas serves every variant; built once per orientation, alphabet and size."""
    return _draw_layout(flipped, ascii, compact)


def _draw_layout(flipped: bool, ascii: bool, compact: bool) -> BoardLayout:
    """Rows a–l down the canvas, columns 1–23 across (3 characters each), the lattice
    vertices (·) on the lines between rows, so that every minor hexagon shows as six
    triangles around a dot. Flipped: turned 180°, so ▲ cells are drawn as ▼ (``kind``
    gives the drawn orientation).

    Compact (48×16): 2 characters per column (a tile's glyph, ○F or WF, fills them) and
    no vertex lines, so the rows touch and ▲▼ alternate along a row and between rows; the
    row letter on the left only (flipped too, with l at the top); each column's number
    above and below it, odd numbers on the outer line and even ones on the inner line
    (two digits do not fit a 2-column pitch, but do fit 4), starting where a one-column
    glyph is drawn. The top left::

          1   3   5   7   9   11  13
            2   4   6   8   10  12
        a           ▲ ▼ ▲ ▼ ▲ ▼ ▲ ▼ ▲
        b         ▲ ▼ ▲ ▼ ▲ ▼ ▲ ▼ ▲ ▼
    """
    if compact:
        width, height, pitch, left = (COMPACT_WIDTH, COMPACT_HEIGHT, COMPACT_CELL_WIDTH,
                                      COMPACT_BOARD_LEFT)
    else:
        width, height, pitch, left = LAYOUT_WIDTH, LAYOUT_HEIGHT, CELL_WIDTH, BOARD_LEFT
    grid = [[" "] * width for _ in range(height)]

    def put(line: int, col: int, text: str) -> None:
        for k, ch in enumerate(text):
            grid[line][col + k] = ch

    def slot(column: int) -> int:
        shown = 24 - column if flipped else column
        return left + (shown - 1) * pitch

    for column in range(1, 24):
        if compact:
            outer = column % 2
            put(1 - outer, slot(column), f"{column:<2}")
            put(height - 2 + outer, slot(column), f"{column:<2}")
        else:
            put(0, slot(column), f"{column:>2}")
            put(height - 1, slot(column), f"{column:>2}")
    if not compact:
        dot = "." if ascii else "·"
        for j, x in lattice_vertices():
            line = 2 * (12 - j if flipped else j) + 1
            put(line, slot(x + 12) + 1, dot)
    cells = []
    for i, (r, c) in enumerate(COORDS):
        shown = 11 - r if flipped else r
        line = shown + 2 if compact else 2 * shown + 2
        put(line, 0 if compact else 1, ROW_LETTERS[r])
        if not compact:
            put(line, width - 2, ROW_LETTERS[r])
        up = UP[i] != flipped
        cells.append(CellSpec(NAMES[i], line, slot(c), pitch, 1, "up" if up else "down"))
    return BoardLayout(width, height, tuple("".join(g) for g in grid), tuple(cells))


@cache
def grown_layout(flipped: bool, ascii: bool, scale: int) -> BoardLayout:
    """The full drawing larger, for a big window (issue 16): ``3·scale`` columns per board
    column and ``2·scale`` lines per row, every triangle outlined (its base along a line
    of vertices, its sides one ``╱`` or ``╲`` a line), so that its inside is its own to
    click and to highlight. A cell's rectangle is ``scale`` lines of its wide half (the
    bottom of a ▲, the top of a ▼), as wide as the inside of its narrowest line there; a
    tile fills it. Row letters at both ends of each row's middle line, column numbers
    above and below. At scale 2, the left of row a (a6 ▲, a7 ▼, a8 ▲, a9 ▼, a10 ▲)::

        5     6     7     8     9    10    11
              ·───────────·───────────·──────
            ╱   ╲       ╱   ╲       ╱   ╲
           ╱     ╲     ╱     ╲     ╱     ╲
          ╱       ╲   ╱       ╲   ╱       ╲
        ·───────────·───────────·───────────·
    """
    canvas = _GrownCanvas(scale)
    edges, cells = canvas.triangles()
    canvas.draw_edges(edges, ascii)
    grid, width, height = canvas.grid, canvas.width, canvas.height
    specs = []
    for i, row, col, size in cells:
        up = UP[i] != flipped
        if flipped:  # turned through 180°: a ▲ shows as a ▼
            row, col = height - row - scale, width - col - size
        specs.append(CellSpec(NAMES[i], row, col, size, scale, "up" if up else "down"))
    if flipped:
        grid = [line[::-1] for line in reversed(grid)]
    for column in range(1, 24):
        col = canvas.vertex(0, column - CENTRE)[1]
        col = width - 1 - col if flipped else col
        grid[0][col - 1:col + 1] = f"{column:>2}"
        grid[height - 1][col - 1:col + 1] = f"{column:>2}"
    for r in range(12):
        line = canvas.vertex(11 - r if flipped else r, 0)[0] + scale
        grid[line][1] = grid[line][width - 2] = ROW_LETTERS[r]
    return BoardLayout(width, height, tuple("".join(g) for g in grid), tuple(specs))


class _GrownCanvas:
    """The grown drawing's measures and its grid, unflipped: ``pitch`` columns per board
    column, ``band`` lines per row."""

    #: the column of the leftmost vertex: a row letter and a column free before it
    MARGIN = 3

    def __init__(self, scale: int) -> None:
        self.scale, self.pitch, self.band = scale, 3 * scale, 2 * scale
        self.width = 2 * self.MARGIN + 24 * self.pitch + 1
        self.height = 12 * self.band + 3
        self.grid = [[" "] * self.width for _ in range(self.height)]

    def vertex(self, j: int, x: int) -> tuple[int, int]:
        """Line j's vertex x (from −12 to 12): its line and column."""
        return 1 + self.band * j, self.MARGIN + (x + 12) * self.pitch

    def offset(self, k: int) -> int:
        """The column of a side ``k`` lines below its upper end, from that end: rounded
        towards the side's middle, so that both halves of it look alike."""
        exact = self.pitch * k / self.band
        return math.ceil(exact) if 2 * k < self.band else math.floor(exact)

    def triangles(self) -> tuple[set, list[tuple[int, int, int, int]]]:
        """Every triangle's edges (pairs of vertices), and each cell's rectangle in its
        wide half: (cell index, first line, first column, width)."""
        edges: set = set()
        cells = []
        for i, (r, c) in enumerate(COORDS):
            x = c - CENTRE
            corners = ((r, x), (r + 1, x - 1), (r + 1, x + 1)) if UP[i] else (
                (r + 1, x), (r, x - 1), (r, x + 1))
            edges |= {tuple(sorted((a, b))) for a in corners for b in corners if a != b}
            line, middle = self.vertex(r, x)
            reach = self.offset(self.band - self.scale) - 1
            first = line + (self.band - self.scale if UP[i] else 1)
            cells.append((i, first, middle - reach, 2 * reach + 1))
        return edges, cells

    def draw_edges(self, edges: set, ascii: bool) -> None:
        """The triangles' sides and bases, and a dot on every vertex."""
        horizontal, rise, fall, dot = ("-", "/", "\\", ".") if ascii else ("─", "╱", "╲", "·")
        grid = self.grid
        for (j0, x0), (j1, x1) in edges:
            line, col = self.vertex(j0, x0)
            if j0 == j1:
                grid[line][col + 1:self.vertex(j1, x1)[1]] = horizontal * (
                    self.pitch * (x1 - x0) - 1)
                continue
            for k in range(1, self.band):
                # a side steps a column or two a line: where it steps two (above scale 2),
                # the column between is drawn too, so that no inside leaks into the next
                start = self.offset(k - 1) + 1 if k > 1 else self.offset(k)
                for step in range(start, self.offset(k) + 1):
                    grid[line + k][col + step if x1 > x0 else col - step] = (
                        fall if x1 > x0 else rise)
        for j, x in lattice_vertices():
            line, col = self.vertex(j, x)
            grid[line][col] = dot


_EMPTY_VIEWS = {True: CellView("▲", "^"), False: CellView("▼", "v")}
_TILE_VIEWS = tuple(
    CellView(COLOUR_SHAPES[c] + VALUES[v], COLOURS[c] + VALUES[v], c, v != F)
    for c in range(3) for v in range(3)
)


def cell_views(pos: Position) -> Mapping[str, CellView]:
    """Empty: ▲/▼ (``^``/``v``). A tile: its exposed face only, a shape per colour and
    the value letter (``○F`` ``●T`` ``◆L``; ASCII ``WF`` ``BT`` ``NL``); thurin and
    leremoc (the tiles that move) in bold. Reverse faces are never drawn, for any
    viewer."""
    views = {}
    for i, t in enumerate(pos.board):
        if not t:
            views[NAMES[i]] = _EMPTY_VIEWS[UP[i]]
        else:
            views[NAMES[i]] = _TILE_VIEWS[EXPOSED[t] * 3 + VALUE[t]]
    return views


def side_summary(pos: Position) -> tuple[str, ...]:
    """Under each side's name, short enough for one line of an 80-column window: its score
    and the tiles in its hand."""
    points = scores(pos.board, pos.players)
    return tuple(f"{n} pt{'' if n == 1 else 's'} · hand {len(pos.hands[i])}"
                 for i, n in enumerate(points))


def panel(pos: Position, viewer: int | None = None) -> Sequence[PanelSection]:
    """The viewer's hand (None: every hand; a number that is no side, a spectator: none),
    then the bag. Items of the side to move have keys ``tile:<tile>`` (the first pick of a
    placement, see ``entry.tile_picks``); other hands use ``<side>:<tile>`` so that no key
    is shared."""
    seats = (range(pos.players) if viewer is None
             else (viewer,) if 0 <= viewer < pos.players else ())
    sections = [_hand_section(pos, seat) for seat in seats]
    sections.append(PanelSection("", note=LEGEND))
    limit = stall_limit(pos.players)
    sections.append(PanelSection(f"Bag {pos.bag_size} · stall {pos.streak}/{limit}"))
    return tuple(sections)


#: the rule beside a hand holding a tile without its holder's colour (three-handed): such a
#: tile lies either face up, as its holder chooses; short enough for the 80-column panel
EITHER_FACE = "⇄ choose face"


def _hand_section(pos: Position, seat: int) -> PanelSection:
    """One hand: one item per kind of tile held, or a count when the hand is hidden. A tile
    that carries the holder's colour is shown as it will lie (that colour up); one without
    it as it is held, its faces joined by ⇄: picked, it is turned over by a second click
    on it (or the number of "turn it over")."""
    hand = pos.hands[seat]
    title = f"{SIDES[seat]}'s hand"
    if hand and hand[0] == HIDDEN:
        return PanelSection(title, (), f"{len(hand)} tiles (hidden)")
    counts = Counter(hand)
    prefix = "tile" if seat == pos.to_move else SIDES[seat].lower()
    items = []
    for t, n in counts.items():
        shown = as_held(t, seat)
        items.append(_tile_item(f"{prefix}:{TEXT[shown]}", shown, n, not CARRIES[seat][t]))
    either = any(not CARRIES[seat][t] for t in counts)
    return PanelSection(title, tuple(items), EITHER_FACE if either else "" if hand else "empty")


def picked_items(pos: Position, picks: Sequence[Pick]) -> dict[str, PanelItem]:
    """A tile of the mover's hand picked and turned over (``turn:``, three-handed): its
    item shows the face it will now lie with up, as the hand would hold it so."""
    if len(picks) < 2 or not picks[1].key.startswith("turn:") or pos.masked:
        return {}
    key = picks[0].key
    t = CODE_OF_TEXT.get(key.partition(":")[2])
    seat = pos.to_move
    if t is None or CARRIES[seat][t]:
        return {}
    count = Counter(pos.hands[seat])[CANON[t]]
    return {key: _tile_item(key, FLIP[t], count, True)}


def _face(t: int) -> Run:
    """A tile's exposed face as the board draws it, in its colour: ``○F`` (ASCII ``WF``)."""
    view = _TILE_VIEWS[EXPOSED[t] * 3 + VALUE[t]]
    return Run(view.glyph, EXPOSED[t], view.ascii)


def _tile_item(key: str, shown: int, count: int, either: bool) -> PanelItem:
    """A hand tile as it will lie: the face up, then the face beneath (``○F / ●T``, each
    in its colour and drawn as on the board; ``⇄`` between them when either may lie up),
    and below, dimmed, its code (``WFbt``: what a move names it by) and how many are
    held. Both rows are short, so that two tiles stand side by side in an 80×24 window."""
    up, down = _face(shown), _face(FLIP[shown])
    title = (up, Run(" ⇄ ", None, " ~ ") if either else Run(" / "), down)
    more = f" ×{count}" if count > 1 else ""
    code = (Run(TEXT[shown], None, None, dim=True), Run(more, None, more.replace("×", "x")))
    return PanelItem(key, "".join(r.text for r in title), (TEXT[shown] + more,),
                     EXPOSED[shown], runs=(title, code))


#: the panel's one-line key to the value letters on the tiles (the colours are the players')
LEGEND = "F=ferrorn T=thurin L=leremoc"
