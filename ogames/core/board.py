"""What the UI needs to draw a board and enter moves, with no rules in it.

An engine describes its board once as a character canvas (``BoardLayout``): background
text (lines, outlines, coordinates) plus the rectangle of every cell. For a position it
tells what each cell shows (``CellView``) and, for every legal move, the path of
``Pick``\\ s a player makes to enter it. One board widget and one input mechanism then
serve squares, hexes, triangles and Opprimo's points-and-triangles alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: the most a compact layout may take (columns, lines): with the board's border, a side
#: column of 30 columns and the title, status and footer lines it fits an 80×24 terminal
COMPACT_CANVAS = (48, 19)


@dataclass(frozen=True)
class CellSpec:
    """One selectable cell: a rectangle on the canvas (0-based row/col, in terminal cells).

    The cell's glyph is drawn centred in the rectangle: at row ``row + (height-1)//2`` and
    column ``col + (width - glyph width)//2``. ``shade`` names a background class the UI
    maps to a colour: ``""`` (none), ``"light"``, ``"dark"`` (checkered squares),
    ``"zone0"``/``"zone1"`` (an area belonging to side 0/1: castles, temple arches, home rows),
    ``"special"`` (e.g. shields). ``kind`` is informational ("square", "hex", "up", "down",
    "point", "triangle").
    """

    name: str
    row: int
    col: int
    width: int = 1
    height: int = 1
    kind: str = "square"
    shade: str = ""


@dataclass(frozen=True)
class BoardLayout:
    """A board drawn as ``height`` lines of ``width`` columns.

    ``background`` holds exactly ``height`` strings of exactly ``width`` characters (one
    terminal column each): grid lines, outlines and coordinate labels. Cells are drawn on top.
    """

    width: int
    height: int
    background: tuple[str, ...]
    cells: tuple[CellSpec, ...]

    def cell(self, name: str) -> CellSpec:
        for spec in self.cells:
            if spec.name == name:
                return spec
        raise KeyError(name)


@dataclass(frozen=True)
class CellView:
    """What one cell shows in a position.

    ``glyph`` is the Unicode text (1 or 2 columns), ``ascii`` its fallback for terminals
    that draw ▲▼⬢ at the wrong width; ``owner`` is the side index whose colour to use (None:
    neutral, e.g. an empty cell). ``strong`` marks a distinguished piece (master, king,
    knight, full-strength) to draw in bold. Glyph shape must tell owners apart without colour.
    ``shade``, when set, is the cell's background in this position instead of the layout's
    (a shade name of ``CellSpec``): it groups cells that belong together now (the parts of
    a split Ordo group); it shows instead of the mark of a cell that may be picked (that
    cell's glyph is underlined all the same), under every other mark.
    """

    glyph: str
    ascii: str
    owner: int | None = None
    strong: bool = False
    shade: str = ""


@dataclass(frozen=True)
class Pick:
    """One selection while entering a move: a board cell or a panel item.

    ``kind`` is ``"cell"`` (``key`` = cell name) or ``"item"`` (``key`` = a panel item's key,
    e.g. ``"card:Tiger"``, ``"tile:WFbf"``, ``"choice:a7=B"``, ``"pass"``). ``label`` is
    what the UI shows for an item that is not on any panel (side choices); it does not take
    part in equality.
    """

    kind: Literal["cell", "item"]
    key: str
    label: str = field(default="", compare=False)


def cell(name: str) -> Pick:
    return Pick("cell", name)


def item(key: str, label: str = "") -> Pick:
    return Pick("item", key, label or key)


@dataclass(frozen=True)
class Run:
    """A stretch of a panel line in one side's colour (``owner``; None: the panel's own
    ink), for an item that shows several sides' colours at once (an Ochmir tile's two
    faces). ``ascii`` is its text in ASCII, as wide as ``text`` (None: ``text`` is ASCII);
    ``dim`` marks what is secondary (a tile's code)."""

    text: str
    owner: int | None = None
    ascii: str | None = None
    dim: bool = False


@dataclass(frozen=True)
class PanelItem:
    """A thing shown beside the board (a card, a hand tile). Selectable when its ``key``
    appears as an item pick in a legal move's path. ``lines`` are drawn as they are
    (e.g. a 5×5 card grid); ``owner`` colours it.

    ``runs``, when given, are the title and the lines again (one tuple of runs each, the
    same text), drawn instead of them in their runs' colours; the plain ``title`` and
    ``lines`` still serve to measure the item and wherever colour is not drawn."""

    key: str
    title: str
    lines: tuple[str, ...] = ()
    owner: int | None = None
    runs: tuple[tuple[Run, ...], ...] = ()


@dataclass(frozen=True)
class PanelSection:
    """A titled group of panel items (e.g. "Blue's cards", "Side card", "Your hand")."""

    title: str
    items: tuple[PanelItem, ...] = ()
    note: str = ""


#: what a move does, as the board marks its target (``Rules.move_kind``): nothing taken,
#: something taken (captured, converted, attacked, turned), or the game won at once
MoveKind = Literal["quiet", "capture", "win"]
#: the kinds from weakest to strongest: a target shows the strongest of its moves
MOVE_KINDS: tuple[MoveKind, ...] = ("quiet", "capture", "win")


@dataclass(frozen=True)
class PickOptions:
    """What may follow a prefix of picks, for engines that answer it directly (see
    ``Rules.pick_options``): the next picks to highlight, the move whose path the picks
    complete exactly (if any), and the move to play at once (if any)."""

    next: frozenset[Pick]
    complete: object | None = None
    ready: object | None = None


#: box-drawing characters a scaled drawing stretches: what follows one to its right, and
#: what continues it on the lines below (anything else, a label or a dot, is followed by
#: spaces, so a label keeps its letters together)
_RIGHT = {c: "─" for c in "─┌└├┬┴┼"}
_DOWN = {c: "│" for c in "│┌┐├┤┬┼"}
#: what may appear in a drawing that is scaled: labels, dots and straight box lines
_STRETCHABLE = set(" ·─│┌┐└┘├┤┬┴┼")


def scaled_layout(layout: BoardLayout, factor: int) -> BoardLayout | None:
    """``layout`` drawn ``factor`` times larger in both directions (squares stay square):
    every cell's rectangle grows by ``factor``, straight lines are stretched and labels are
    moved to stay centred on their row or column. A window larger than the full drawing
    shows a larger board this way (issue 16: a piece in a sea of empty cells is hard to
    see): it is ``Rules.layout``'s ``scale`` for a board of squares (``Rules.grown_layout``).
    None when the drawing cannot be stretched without distortion: a diagonal line
    (triangles, hexes) or a cell that is not a square; such a game draws its own larger
    board."""
    if factor <= 1:
        return layout
    if any(spec.kind != "square" for spec in layout.cells):
        return None
    if any(not (ch.isalnum() or ch in _STRETCHABLE) for line in layout.background
           for ch in line):
        return None
    # a label stays on the middle of the row or column of cells it names: the grown
    # cells' middles, by the old middles (a label elsewhere keeps its scaled place)
    cols = {spec.col + (spec.width - 1) // 2:
            spec.col * factor + (spec.width * factor - 1) // 2 for spec in layout.cells}
    rows = {spec.row + (spec.height - 1) // 2:
            spec.row * factor + (spec.height * factor - 1) // 2 for spec in layout.cells}
    width, height = layout.width * factor, layout.height * factor
    canvas = [[" "] * width for _ in range(height)]
    for y, line in enumerate(layout.background):
        x = 0
        while x < len(line):
            ch = line[x]
            if ch.isalnum():  # a label: its letters kept together, centred on its place
                end = x
                while end < len(line) and line[end].isalnum():
                    end += 1
                half = (end - x - 1) // 2
                row = rows.get(y, y * factor)
                start = cols[x + half] - half if x + half in cols else x * factor
                for i, letter in enumerate(line[x:end]):
                    if 0 <= start + i < width:
                        canvas[row][start + i] = letter
                x = end
                continue
            for dy in range(factor):
                for dx in range(factor):
                    if dy == 0:
                        out = ch if dx == 0 else _RIGHT.get(ch, " ")
                    else:
                        out = _DOWN.get(ch, " ") if dx == 0 else " "
                    canvas[y * factor + dy][x * factor + dx] = out
            x += 1
    cells = tuple(CellSpec(spec.name, spec.row * factor, spec.col * factor,
                           spec.width * factor, spec.height * factor, spec.kind, spec.shade)
                  for spec in layout.cells)
    return BoardLayout(width, height, tuple("".join(row) for row in canvas), cells)
