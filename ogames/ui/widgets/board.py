"""The one board widget: draws any ``BoardLayout`` (squares, hexes, triangles, points) with
the Line API and repaints only the cells whose look changed.

It knows no rules. It is told what every cell shows (``CellView``) and how each cell is
marked (cursor, selected, selectable, last move, changed); it reports clicks on cells and
moves the cursor geometrically, to the adjacent cell in a screen direction (see
``neighbour``), over every cell.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...core.board import BoardLayout, CellSpec, CellView
from .footprint import footprints

SHADES = ("light", "dark", "zone0", "zone1", "special")
#: marks in priority order for the cell background (first wins)
MARKS = ("selected", "hint", "target", "last", "changed")
#: how a target that captures or wins is told apart by shape, not colour alone (Unicode,
#: ASCII): a sign on each side of its glyph (or in its place, in a cell with no room
#: beside an empty glyph), and in a cell three rows tall or more, its four corners
KIND_SIGNS = {"capture": ("×", "x"), "win": ("★", "*")}
KIND_CORNERS = {"capture": ("┌┐└┘", "++++"), "win": ("★★★★", "****")}
#: the least square (columns, rows) in which a piece is drawn large, as a disc in its
#: owner's colour (issue 16: in a big window a piece fills its square)
DISC_LEAST = (10, 5)
#: the same for a cell of another shape (hex, triangle, point), which only a grown drawing
#: makes this large: its rectangle lies inside its outline, or about its point with the
#: lattice around it, so the piece fills it more closely (see ``BoardView._disc``)
SHAPED_LEAST = (5, 2)
#: a piece drawn as one glyph (``BoardView._disc``)
NO_DISC = (0, 0, 0, False)

#: screen directions (dx, dy) of the cursor keys
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
#: how a column and a row of the terminal compare, for the cursor's geometry: a row is
#: drawn about twice as tall as a column is wide (counted a little less, a lattice's ╱
#: drawn two columns a row lies a little under 45° from the horizontal: a step for ← →)
ASPECT = (10, 18)


@dataclass(frozen=True)
class Run:
    """Cursor keys along one axis: the line they keep to (the cross coordinate where the
    run began, in ``BoardView`` anchor units) and the cell the last one landed on."""

    horizontal: bool
    keep: int
    at: str


@dataclass(frozen=True)
class Marks:
    """How cells are highlighted. ``target`` are the cells that may be picked next (or the
    pieces that can move when nothing is selected)."""

    cursor: str | None = None
    selected: frozenset[str] = frozenset()
    target: frozenset[str] = frozenset()
    last: frozenset[str] = frozenset()
    changed: frozenset[str] = frozenset()
    #: the pick path of a move the computer suggests (``i``)
    hint: frozenset[str] = frozenset()
    #: a word shown low in a cell that has room (cell → text), e.g. the cards that reach it
    labels: Mapping[str, str] = field(default_factory=dict)
    #: the targets whose moves capture or win (cell → ``"capture"`` / ``"win"``, see
    #: ``core.move_kinds``), drawn with ``KIND_SIGNS``; the other targets are quiet
    kinds: Mapping[str, str] = field(default_factory=dict)


def _luminance(c: Color) -> float:
    def channel(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def _contrast(a: Color, b: Color) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=64)
def parse_colour(name: str) -> Color:
    """A colour from an engine: a CSS/Textual name, hex, or a Rich name (``bright_white``)."""
    try:
        return Color.parse(name)
    except Exception:
        pass
    try:
        from rich.color import Color as RichColor

        r, g, b = RichColor.parse(name).get_truecolor()
        return Color(r, g, b)
    except Exception:
        return Color(200, 200, 200)


def readable(ink: Color, paper: Color, minimum: float = 2.6) -> Color:
    """``ink`` blended towards black or white until it reads on ``paper``."""
    target = Color(0, 0, 0) if _luminance(paper) > 0.25 else Color(255, 255, 255)
    out = ink
    for step in range(1, 5):
        if _contrast(out, paper) >= minimum:
            break
        out = ink.blend(target, step / 4)
    return out


class BoardView(Widget, can_focus=True):
    """Draws a board canvas centred in the widget."""

    COMPONENT_CLASSES = {
        "board--lines", "board--light", "board--dark", "board--zone0", "board--zone1",
        "board--special", "board--cursor", "board--selected", "board--target",
        "board--last", "board--changed", "board--hint", "board--capture", "board--win",
    }

    DEFAULT_CSS = """
    BoardView { background: $surface; color: $foreground; }
    BoardView > .board--lines { color: $foreground-muted; }
    BoardView > .board--light { background: $foreground 22%; }
    BoardView > .board--dark { background: $foreground 9%; }
    BoardView > .board--zone0 { background: $primary-muted; }
    BoardView > .board--zone1 { background: $secondary-muted; }
    BoardView > .board--special { background: $warning-muted; }
    BoardView > .board--cursor { background: $accent; color: $text; text-style: bold; }
    BoardView > .board--selected { background: $success; }
    BoardView > .board--target { background: $success-muted; }
    BoardView > .board--last { background: #1f9e9e 40%; }
    BoardView > .board--changed { background: $error-muted; }
    BoardView > .board--hint { background: $primary; color: $text; }
    BoardView > .board--capture { color: $text-error; text-style: bold; }
    BoardView > .board--win { color: $text-warning; text-style: bold; }
    """

    class CellClicked(Message):
        """A cell was clicked."""

        def __init__(self, board: BoardView, name: str) -> None:
            super().__init__()
            self.board = board
            self.name = name

        @property
        def control(self) -> BoardView:
            return self.board

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.layout_: BoardLayout | None = None
        self.views: Mapping[str, CellView] = {}
        self.marks = Marks()
        self.side_colours: tuple[str, ...] = ()
        self.ascii = False
        self._specs: dict[str, CellSpec] = {}
        self._rows: dict[int, list[CellSpec]] = {}
        self._at: dict[tuple[int, int], str] = {}
        self._looks: dict[str, tuple] = {}
        self._strips: dict[int, Strip] = {}
        self._inks: dict[tuple[int, Color], Color] = {}
        self._styles: dict[str, Style] = {}
        self._painted: dict[tuple, list[Segment]] = {}
        #: each cell's drawn shape beyond its rectangle (see ``footprint``), and by row the
        #: columns of those shapes with their cells
        self._area: dict[str, tuple[tuple[int, int], ...]] = {}
        self._area_rows: dict[int, list[tuple[int, str]]] = {}
        #: the cursor keys' run along one axis (see ``advance``)
        self.run: Run | None = None

    # ----- what to draw ---------------------------------------------------------------

    def set_layout(self, layout: BoardLayout, side_colours: Iterable[str], ascii: bool) -> None:
        """A new canvas (new game, flip, ascii switch): everything is repainted."""
        self.layout_ = layout
        self.side_colours = tuple(side_colours)
        self.ascii = ascii
        self._specs = {c.name: c for c in layout.cells}
        self._rows = {}
        self._at = {}
        for spec in sorted(layout.cells, key=lambda c: c.col):
            for r in range(spec.row, spec.row + spec.height):
                self._rows.setdefault(r, []).append(spec)
                for c in range(spec.col, spec.col + spec.width):
                    self._at[(r, c)] = spec.name
        # the rest of each cell's drawn shape: it answers clicks and shows the cell's marks
        self._area = footprints(layout)
        self._area_rows = {}
        for name, places in self._area.items():
            for r, c in places:
                self._at.setdefault((r, c), name)
                self._area_rows.setdefault(r, []).append((c, name))
        for row in self._area_rows.values():
            row.sort()
        self._looks = {}
        self._invalidate_all()

    def show(self, views: Mapping[str, CellView], marks: Marks) -> None:
        """New cell contents and marks; repaints only the cells whose look changed."""
        self.views = views
        self.marks = marks
        if self.layout_ is None:
            return
        changed = []
        for name, spec in self._specs.items():
            look = self._look(name)
            if self._looks.get(name) != look:
                self._looks[name] = look
                changed.append(spec)
        if len(changed) > 24:  # many cells: one repaint is cheaper than many regions
            self._strips.clear()
            self.refresh()
            return
        for spec in changed:
            self._refresh_cell(spec)

    def _look(self, name: str) -> tuple:
        m = self.marks
        view = self.views.get(name)
        mark = next((k for k in MARKS if name in getattr(m, k)), "")
        return (view, mark, name == m.cursor, name in m.target, name in m.selected,
                name in m.hint, m.labels.get(name, ""), self._kind(name))

    def _kind(self, name: str) -> str:
        """``"capture"`` or ``"win"`` for a target marked so, else ""."""
        m = self.marks
        return m.kinds.get(name, "") if name in m.target else ""

    # ----- geometry -------------------------------------------------------------------

    @property
    def cells(self) -> frozenset[str]:
        """The names of all cells of the layout."""
        return frozenset(self._specs)

    @property
    def origin(self) -> tuple[int, int]:
        """Where the canvas's top-left corner sits in the content area."""
        if self.layout_ is None:
            return (0, 0)
        return (max(0, (self.size.width - self.layout_.width) // 2),
                max(0, (self.size.height - self.layout_.height) // 2))

    def cell_region(self, name: str) -> Region:
        """The content-relative region of a cell."""
        spec = self._specs[name]
        ox, oy = self.origin
        return Region(ox + spec.col, oy + spec.row, spec.width, spec.height)

    def cell_at(self, x: int, y: int) -> str | None:
        """The cell under a content-relative offset."""
        ox, oy = self.origin
        return self._at.get((y - oy, x - ox))

    def centre(self, name: str) -> tuple[float, float]:
        spec = self._specs[name]
        return (spec.col + spec.width / 2, spec.row + spec.height / 2)

    def _point(self, name: str) -> tuple[int, int]:
        """A cell's anchor (its centre) in units where a row is ``ASPECT`` columns tall."""
        spec = self._specs[name]
        return ((2 * spec.col + spec.width) * ASPECT[0], (2 * spec.row + spec.height) * ASPECT[1])

    def neighbour(self, start: str, direction: str, keep: int | None = None) -> str | None:
        """The cell adjacent to ``start`` in a screen direction (a key of ``DIRECTIONS``),
        or None at the edge: the nearest cell whose anchor lies within 45° of that
        direction — for up and down, first within about 27° (a column's cells stand
        straight above each other, so ↑ ↓ keep to a column: a file of points rather than
        the castle triangles that flank it). On a tie, the one that lies straighter, then
        the one nearer the line ``keep`` (the cross coordinate where a run of keys along
        this axis began, so that ← → zig-zag along a row of hexes or points instead of
        drifting off it), then the one above or to the left."""
        if start not in self._specs:
            return None
        sx, sy = self._point(start)
        dx, dy = DIRECTIONS[direction]
        keep = (sy if dx else sx) if keep is None else keep
        narrow: tuple[int, int, int, int, str] | None = None
        wide: tuple[int, int, int, int, str] | None = None
        for name in self._specs:
            x, y = self._point(name)
            vx, vy = x - sx, y - sy
            along = vx * dx + vy * dy
            across = abs(vx * dy - vy * dx)
            if along <= 0 or across > along:
                continue
            cross = y if dx else x
            rank = (vx * vx + vy * vy, across, abs(cross - keep), cross, name)
            if wide is None or rank < wide:
                wide = rank
            if dy and 2 * across <= along and (narrow is None or rank < narrow):
                narrow = rank
        best = narrow or wide
        return best[-1] if best else None

    def advance(self, start: str, direction: str,
                run: Run | None = None) -> tuple[str | None, Run | None]:
        """One cursor key from ``start``: the neighbour it lands on (None: it stays) and the
        run it goes on with. ``run`` (from the last key) keeps its line while the keys
        follow one axis and each starts where the last landed."""
        horizontal = DIRECTIONS[direction][0] != 0
        if run is not None and run.horizontal == horizontal and run.at == start:
            keep = run.keep
        elif start in self._specs:
            keep = self._point(start)[1 if horizontal else 0]
        else:
            return None, run
        found = self.neighbour(start, direction, keep)
        return found, (Run(horizontal, keep, found) if found is not None else run)

    def step(self, start: str, direction: str) -> str | None:
        """``advance``, remembering the run in ``run``."""
        found, self.run = self.advance(start, direction, self.run)
        return found

    def closest(self, start: str | None, among: Collection[str]) -> str | None:
        """The cell of ``among`` nearest to ``start`` (any direction), or None."""
        if start not in self._specs:
            return self.central(among)
        sx, sy = self._point(start)

        def dist(name: str) -> tuple[int, str]:
            x, y = self._point(name)
            return ((x - sx) ** 2 + (y - sy) ** 2, name)

        return min((n for n in among if n in self._specs), key=dist, default=None)

    def reading_order(self, names: Iterable[str]) -> list[str]:
        """``names`` as they are read on screen: by the row of their glyph, then left to
        right."""
        def place(name: str) -> tuple[int, int, str]:
            spec = self._specs[name]
            return (spec.row + (spec.height - 1) // 2, spec.col, name)

        return sorted((n for n in names if n in self._specs), key=place)

    def central(self, among: Collection[str]) -> str | None:
        """The cell of ``among`` nearest the canvas centre."""
        if self.layout_ is None or not among:
            return None
        cx, cy = self.layout_.width / 2, self.layout_.height / 2

        def dist(n: str) -> tuple[float, str]:
            x, y = self.centre(n)
            return ((x - cx) ** 2 + (2 * (y - cy)) ** 2, n)

        return min((n for n in among if n in self._specs), key=dist, default=None)

    # ----- painting -------------------------------------------------------------------

    def _invalidate_all(self) -> None:
        self._strips.clear()
        self._inks.clear()
        self._painted.clear()
        self.refresh()

    def _refresh_cell(self, spec: CellSpec) -> None:
        region = self.cell_region(spec.name)
        ox, oy = self.origin
        for r in range(spec.row, spec.row + spec.height):
            self._strips.pop(r, None)
        for r, c in self._area.get(spec.name, ()):  # the rest of its shape
            self._strips.pop(r, None)
            region = region.union(Region(ox + c, oy + r, 1, 1))
        self.refresh(region)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()
        self._inks.clear()
        self._styles.clear()
        self._painted.clear()

    def on_resize(self, event: events.Resize) -> None:
        self._strips.clear()

    def _style(self, name: str) -> Style:
        """A component style (or ``"base"``, the widget's own), cached until the CSS or the
        theme changes (Textual's own cache is cleared on every refresh)."""
        style = self._styles.get(name)
        if style is None:
            style = self.rich_style if name == "base" else self.get_component_rich_style(name)
            self._styles[name] = style
        return style

    def _ink(self, owner: int | None, paper: Style) -> Style:
        """The foreground for an owner's glyph on ``paper``, made readable."""
        if owner is None or owner >= len(self.side_colours):
            return Style()
        bg = Color.from_rich_color(paper.bgcolor) if paper.bgcolor else Color(0, 0, 0)
        key = (owner, bg)
        ink = self._inks.get(key)
        if ink is None:
            ink = self._inks[key] = readable(parse_colour(self.side_colours[owner]), bg)
        return Style(color=ink.rich_color)

    def _cell_segments(self, spec: CellSpec, row: int) -> list[Segment]:
        """The segments of one row of a cell, shared by every cell that looks the same."""
        layout = self.layout_
        beneath = (layout.background[row][spec.col:spec.col + spec.width]
                   if layout is not None and row < len(layout.background) else "")
        key = (self._looks.get(spec.name) or self._look(spec.name), spec.shade, spec.width,
               spec.height, row - spec.row, beneath)
        segments = self._painted.get(key)
        if segments is None:
            base = self._style("base")
            segments = [Segment(s.text, base + s.style) for s in self._paint_cell(spec, row)]
            self._painted[key] = segments
        return segments

    def _paper(self, spec: CellSpec) -> Style:
        """A cell's background as marked now: cursor, else its mark, else its shade."""
        marks = self.marks
        if spec.name == marks.cursor:
            return self._style("board--cursor")
        mark = next((k for k in MARKS if spec.name in getattr(marks, k)), "")
        view = self.views.get(spec.name)
        if mark in ("", "target") and view is not None and view.shade in SHADES:
            return self._style(f"board--{view.shade}")  # this position's (targets underlined)
        if mark:
            return self._style(f"board--{mark}")
        if spec.shade in SHADES:
            return self._style(f"board--{spec.shade}")
        return self._style("board--lines")

    def _disc(self, spec: CellSpec) -> tuple[int, int, int, bool]:
        """A piece drawn large in a grown cell: its columns, its first and last rows, and
        whether those two are rounded (``▄`` ``▀``); ``NO_DISC`` where the piece is one
        glyph: a small cell, an empty cell, ASCII drawing.

        In a square (from ``DISC_LEAST``) the disc keeps two columns and a row or so clear
        of the edges, where the next square touches it. In a cell of another shape (from
        ``SHAPED_LEAST``) it takes every row and all but a column each side (the outline
        or the lattice keeps it apart from its neighbours); in a rectangle of two rows, a
        tile's, it is a block as wide as the rectangle."""
        view = self.views.get(spec.name)
        if self.ascii or view is None or view.owner is None:
            return NO_DISC
        width, height = spec.width, spec.height
        if spec.kind == "square":
            if height < DISC_LEAST[1] or width < DISC_LEAST[0]:
                return NO_DISC
            middle = spec.row + (height - 1) // 2
            half = max(1, (height - 2) // 2)
            return min(width - 4, 4 * half), middle - half, middle + half, True
        if height < SHAPED_LEAST[1] or width < SHAPED_LEAST[0]:
            return NO_DISC
        last = spec.row + height - 1
        if height < 3:
            return width, spec.row, last, False
        disc = min(width - 2, 4 * ((height - 1) // 2) + 1)
        disc -= (width - disc) % 2  # centred in the cell, its glyph over the cell's middle
        return disc, spec.row, last, True

    def _beneath_text(self, spec: CellSpec, row: int) -> str:
        """The drawing's characters under a cell's ``row`` ("" where there is none)."""
        layout = self.layout_
        if layout is None or row >= len(layout.background):
            return ""
        return layout.background[row][spec.col:spec.col + spec.width]

    def _beneath(self, spec: CellSpec, row: int, start: int, end: int,
                 paper: Style) -> list[Segment]:
        """Columns ``start`` to ``end`` of a cell's ``row`` where the cell draws nothing: on
        its paper, blank, or the drawing beneath where there is one (the lines of a grown
        lattice run into a point's rectangle)."""
        if end <= start:
            return []
        layout = self.layout_
        text = (layout.background[row][spec.col + start:spec.col + end]
                if layout is not None and row < len(layout.background) else "")
        fill = Style(bgcolor=paper.bgcolor)
        if not text.strip():
            return [Segment(" " * (end - start), fill)]
        return [Segment(text.ljust(end - start), self._style("board--lines") + fill)]

    def _disc_row(self, spec: CellSpec, row: int, middle: int,
                  paper: Style) -> list[Segment] | None:
        """A row of a large piece above or below its glyph: the disc's rounded top (a
        crown's battlements for a distinguished piece: master, king), its body, its rounded
        bottom, in its owner's colour (None: not a row of the disc)."""
        width, first, last, rounded = self._disc(spec)
        if not width or row == middle or not first <= row <= last:
            return None
        fill = Style(bgcolor=paper.bgcolor)
        view = self.views[spec.name]
        ink = self._ink(view.owner, paper)
        edge = rounded and row in (first, last)
        if edge and last - first == 2:  # three rows: the corners rounded by quarter blocks
            top = ("▄ " * width)[:width] if view.strong else f"▗{'▄' * (width - 2)}▖"
            body = top if row < middle else f"▝{'▀' * (width - 2)}▘"
        else:
            top = " ▄" * width if view.strong else "▄" * width  # a distinguished piece: a crown
            body = (((top if row < middle else "▀" * width)[:width - 2]).center(width)
                    if edge else "")
        disc = (Segment(body, fill + ink) if edge
                else Segment(" " * width, Style(bgcolor=ink.color)))
        left = (spec.width - width) // 2
        return [*self._beneath(spec, row, 0, left, paper), disc,
                *self._beneath(spec, row, left + width, spec.width, paper)]

    def _paint_cell(self, spec: CellSpec, row: int) -> list[Segment]:
        paper = self._paper(spec)
        fill = Style(bgcolor=paper.bgcolor)
        middle = spec.row + (spec.height - 1) // 2
        if row != middle:
            return self._edge_row(spec, row, middle, paper)
        if self._disc(spec)[0]:
            return self._disc_middle(spec, paper)
        marks = self.marks
        name = spec.name
        cursor = name == marks.cursor
        kind = self._kind(name)
        view = self.views.get(name)
        glyph = ((view.ascii if self.ascii else view.glyph) if view else "") or " "
        lattice = False
        if not glyph.strip():  # an empty cell shows the drawing beneath it (Opprimo's
            beneath = self._beneath_text(spec, row).strip()  # compact castles: the lines
            if beneath and cell_len(beneath) <= spec.width:  # a King moves along)
                glyph, lattice = beneath, True
        glyph, left, right = self._placed(glyph, spec.width)
        flank = bool(kind) and left >= 1 and right >= 1
        if kind and not flank and (view is None or view.owner is None):
            # no room beside it: the sign takes an empty cell's place
            glyph, left, right = self._placed(KIND_SIGNS[kind][self.ascii], spec.width)
            lattice = False
        ink = fill + (paper if view is None or view.owner is None else self._ink(view.owner, paper))
        if lattice:
            ink = fill + Style(color=self._style("board--lines").color)
        if view is not None and view.strong:
            ink += Style(bold=True)
        if name in marks.target:
            ink += Style(underline=True)
        if name in marks.hint:
            ink += Style(bold=True, italic=True)
        if name in marks.selected:
            ink += Style(reverse=True, bold=True)
        before: list[Segment] = []
        after: list[Segment] = []
        if flank:  # the sign on each side, at the cell's edges
            sign = Segment(KIND_SIGNS[kind][self.ascii], fill + self._style(f"board--{kind}"))
            before, after = [sign], [sign]
            left, right = left - 1, right - 1
        if cursor and left >= 1 and right >= 1:
            bracket = fill + Style(color=paper.color, bold=True)
            return [*before, Segment(" " * (left - 1), fill), Segment("[", bracket),
                    Segment(glyph, ink), Segment("]", bracket), Segment(" " * (right - 1), fill),
                    *after]
        if cursor:
            ink += Style(reverse=name not in marks.selected)
        return [*before, Segment(" " * left, fill), Segment(glyph, ink),
                Segment(" " * right, fill), *after]

    def _disc_middle(self, spec: CellSpec, paper: Style) -> list[Segment]:
        """The glyph's row of a large piece: the disc in its owner's colour with the glyph
        (its shape tells the owner without colour) in the middle, the cursor's brackets
        and a capture's or win's signs beside it. Where the disc leaves no column for a
        sign beside it (a tile's block), it gives up its end on this row; where it leaves
        none for a bracket, the brackets go inside it, beside the glyph (or, with no room
        there either, the glyph is shown reversed)."""
        marks = self.marks
        name = spec.name
        fill = Style(bgcolor=paper.bgcolor)
        view = self.views[name]
        width = self._disc(spec)[0]
        ink = self._ink(view.owner, paper)
        colour = Style(bgcolor=ink.color)
        body = Style(bgcolor=ink.color, color=paper.bgcolor, bold=True)
        if name in marks.target:
            body += Style(underline=True)
        if name in marks.hint:
            body += Style(italic=True)
        if name in marks.selected:
            body += Style(reverse=True)
        before = (spec.width - width) // 2
        after = spec.width - width - before
        out_left: list[Segment] = []
        out_right: list[Segment] = []
        kind = self._kind(name)
        if kind:
            give_left, give_right = max(0, 1 - before), max(0, 1 - after)
            width -= give_left + give_right
            sign = Segment(KIND_SIGNS[kind][self.ascii], fill + self._style(f"board--{kind}"))
            out_left, out_right = [sign], [sign]
            before, after = before + give_left - 1, after + give_right - 1
        glyph, left, right = self._placed(view.glyph or " ", width)
        cursor = name == marks.cursor
        outside = cursor and before >= 1 and after >= 1
        inside = cursor and not outside and left >= 1 and right >= 1
        if cursor and not outside and not inside:
            body += Style(reverse=name not in marks.selected)
        if inside:
            bracket = Style(bgcolor=ink.color, color=paper.bgcolor, bold=True)
            disc = [Segment(" " * (left - 1), colour), Segment("[", bracket),
                    Segment(glyph, body), Segment("]", bracket),
                    Segment(" " * (right - 1), colour)]
        else:
            disc = [Segment(" " * left, colour), Segment(glyph, body),
                    Segment(" " * right, colour)]
        if outside:
            bracket = fill + Style(color=paper.color, bold=True)
            return [*out_left, Segment(" " * (before - 1), fill), Segment("[", bracket), *disc,
                    Segment("]", bracket), Segment(" " * (after - 1), fill), *out_right]
        return [*out_left, Segment(" " * before, fill), *disc, Segment(" " * after, fill),
                *out_right]

    @staticmethod
    def _placed(glyph: str, width: int) -> tuple[str, int, int]:
        """``glyph`` cut to ``width`` columns and centred: it and the columns left and
        right of it."""
        size = cell_len(glyph)
        if size > width:
            glyph, size = glyph[:width], width
        left = (width - size) // 2
        return glyph, left, width - size - left

    def _edge_row(self, spec: CellSpec, row: int, middle: int, paper: Style) -> list[Segment]:
        """A row of a cell above or below its glyph: blank, or a word of its label; a
        capture's or win's corners on the top and bottom rows of a cell three rows tall."""
        fill = Style(bgcolor=paper.bgcolor)
        width = spec.width
        text = self._label_line(self.marks.labels.get(spec.name, ""), spec, middle, row)
        disc = None if text else self._disc_row(spec, row, middle, paper)
        if disc is not None:
            return disc
        left = (width - cell_len(text)) // 2
        rest = width - left - cell_len(text)
        if text:
            out = [Segment(" " * left, fill)] if left else []
            out.append(Segment(text, fill + Style(color=paper.color, italic=True)))
            if rest:
                out.append(Segment(" " * rest, fill))
        else:  # blank, or the drawing beneath
            out = self._beneath(spec, row, 0, width, paper)
        kind = self._kind(spec.name)
        top, bottom = spec.row, spec.row + spec.height - 1
        if (not kind or spec.height < 3 or width < 3 or row not in (top, bottom)
                or (text and (left < 1 or rest < 1))):
            return out
        corners = KIND_CORNERS[kind][self.ascii][0 if row == top else 2:][:2]
        style = fill + self._style(f"board--{kind}")
        inner = Strip(out).crop(1, width - 1)
        return [Segment(corners[0], style), *inner, Segment(corners[1], style)]

    @staticmethod
    def _label_line(label: str, spec: CellSpec, middle: int, row: int) -> str:
        """The part of a cell's label on ``row``: its words one per row below the glyph,
        down to the bottom row; when the rows are too few, all on the bottom row. Words are
        never cut ("Rabb", "M R" named no card): a label that does not fit whole is not
        drawn (``label_fits``), and the screen says it in words instead."""
        words = label.split()
        rows = list(range(middle + 1, spec.row + spec.height))
        if not words or not rows or not BoardView._fits(words, spec, len(rows)):
            return ""
        if len(words) <= len(rows):
            at = rows[len(rows) - len(words):]
            return words[at.index(row)] if row in at else ""
        return " ".join(words) if row == rows[-1] else ""

    @staticmethod
    def _fits(words: list[str], spec: CellSpec, rows: int) -> bool:
        """Whether ``words`` fit whole in a cell's ``rows`` rows below its glyph, one per
        row, or all on the last."""
        # a column kept free in a wider cell, so that the labels of neighbours never touch
        room = spec.width - 1 if spec.width >= 4 else spec.width
        if len(words) <= rows:
            return all(cell_len(w) <= room for w in words)
        return cell_len(" ".join(words)) <= room

    def label_fits(self, name: str, label: str) -> bool:
        """Whether cell ``name`` shows ``label`` whole (see ``_label_line``)."""
        spec = self._specs.get(name)
        if spec is None:
            return False
        middle = spec.row + (spec.height - 1) // 2
        return self._fits(label.split(), spec, spec.row + spec.height - middle - 1)

    def _canvas_strip(self, r: int) -> Strip:
        layout = self.layout_
        assert layout is not None
        lines = self._style("board--lines")
        text = layout.background[r] if r < len(layout.background) else ""
        segments: list[Segment] = []
        x = 0
        for spec in self._rows.get(r, ()):
            if spec.col < x:
                continue
            if spec.col > x:
                segments.extend(self._background(r, text, x, spec.col, lines))
            segments.extend(self._cell_segments(spec, r))
            x = spec.col + spec.width
        if x < len(text):
            segments.extend(self._background(r, text, x, len(text), lines))
        return Strip(segments).simplify()

    def _background(self, r: int, text: str, start: int, end: int,
                    lines: Style) -> list[Segment]:
        """Columns ``start``–``end`` of canvas row ``r`` between cells: the drawing, where it
        lies in a cell's shape (``footprint``) on that cell's background."""
        out: list[Segment] = []
        x = start
        for col, name in self._area_rows.get(r, ()):
            if start <= col < end:
                if col > x:
                    out.append(Segment(text[x:col], lines))
                paper = self._paper(self._specs[name])
                out.append(Segment(text[col], lines + Style(bgcolor=paper.bgcolor)))
                x = col + 1
        if x < end:
            out.append(Segment(text[x:end], lines))
        return out

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self._style("base")
        layout = self.layout_
        if layout is None:
            return Strip.blank(width, base)
        ox, oy = self.origin
        r = y - oy
        if not 0 <= r < layout.height:
            return Strip.blank(width, base)
        strip = self._strips.get(r)
        if strip is None:
            strip = self._strips[r] = self._canvas_strip(r)
        return Strip([Segment(" " * ox, base), *strip]).extend_cell_length(width, base).crop(
            0, width)

    # ----- input ----------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        name = self.cell_at(offset.x, offset.y)
        if name is not None:
            event.stop()
            self.post_message(self.CellClicked(self, name))
