"""How an Ochmir position is drawn: the board canvas (full and compact), the glyph of each
triangle, the hands panel and the line under each side's name. Drawing only: nothing
here decides how a game goes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache

from ogames.core.board import BoardLayout, CellSpec, CellView, PanelItem, PanelSection, Run

from .geometry import COORDS, NAMES, ROW_LETTERS, UP, lattice_vertices
from .notation import Position
from .play import SIDES, scores, stall_limit
from .tiles import (
    CARRIES,
    COLOURS,
    EXPOSED,
    FLIP,
    HIDDEN,
    REVERSE,
    TEXT,
    VALUE,
    VALUES,
    F,
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
        shown = FLIP[t] if REVERSE[t] == seat else t
        items.append(_tile_item(f"{prefix}:{TEXT[shown]}", shown, n, not CARRIES[seat][t]))
    either = any(not CARRIES[seat][t] for t in counts)
    return PanelSection(title, tuple(items), EITHER_FACE if either else "" if hand else "empty")


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
