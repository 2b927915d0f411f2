"""The advantage chart of a review: each side's chance after every ply, one line per side
in its colour, drawn with half blocks (two pixels a character, one above the other, each
of any colour: ``▀`` in one colour on another; ASCII: the side's initial letter a
character), the current ply marked by a column, the marks of the marked plies under it in
the move list's symbols (``?!``, ``?``, ``??``), and a one-line legend under them. Half
blocks are in every terminal font, braille dots are not. A click asks to jump to the ply
under the mouse (``Jump``), like a click on the move list.

It knows no game: it is given the points (``None`` for a ply not reviewed yet), the
sides' colours and initials, and the marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from .board import parse_colour

Shares = tuple[float, ...]

#: the background of the current ply's column
CURRENT = "grey35"
#: each mark's colour under the chart, worst first
MARK_COLOURS = {"??": "red", "?": "dark_orange", "?!": "yellow"}
#: how bad each mark is: where two would overlap, the worse one is written
SEVERITY = {"??": 3, "?": 2, "?!": 1}


class AdvantageChart(Widget):
    """Chances (0 at the bottom, 1 at the top) against plies (0: the start)."""

    DEFAULT_CSS = """
    AdvantageChart { height: 9; border: round $foreground 25%; padding: 0 0; }
    """

    class Jump(Message):
        def __init__(self, ply: int) -> None:
            super().__init__()
            self.ply = ply

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Chances"
        #: chances after each ply (index 0: the start), None where not reviewed
        self.points: list[Shares | None] = []
        self.current = 0
        self.marks: dict[int, str] = {}
        self.colours: tuple[str, ...] = ()
        self.initials: tuple[str, ...] = ()
        self.ascii = False
        #: the line under the marks that says what they mean ("" for none)
        self.legend = ""

    def show(self, points: Sequence[Shares | None], current: int, marks: Mapping[int, str],
             colours: Sequence[str], initials: Sequence[str], ascii: bool = False) -> None:
        self.points = list(points)
        self.current = current
        self.marks = dict(marks)
        self.colours = tuple(colours)
        self.initials = tuple(initials)
        self.ascii = ascii
        self.refresh()

    # ----- geometry ---------------------------------------------------------------------

    @property
    def plies(self) -> int:
        return max(len(self.points) - 1, 0)

    def _scale(self) -> tuple[int, int]:
        """Pixels per character across and down."""
        return (1, 1) if self.ascii else (1, 2)

    def column_of(self, ply: int) -> int:
        """The character column (inside the content) where ``ply`` is drawn."""
        width = max(self.content_size.width, 1)
        dots = width * self._scale()[0]
        return self._dot_x(ply, dots) // self._scale()[0]

    def _dot_x(self, ply: int, dots: int) -> int:
        return 0 if self.plies == 0 else round(ply * (dots - 1) / self.plies)

    def ply_at(self, column: int) -> int:
        """The ply drawn nearest to a character column."""
        if self.plies == 0:
            return 0
        return min(range(self.plies + 1), key=lambda p: abs(self.column_of(p) - column))

    # ----- drawing --------------------------------------------------------------------------

    def render(self) -> Text:
        width, height = self.content_size.width, self.content_size.height
        if width < 2 or height < 2 or not self.points:
            return Text("")
        rows = height - 1 - (1 if self.legend and height > 4 else 0)  # marks, legend
        sx, sy = self._scale()
        pixels: dict[tuple[int, int], int] = {}  # (x, y) → side; a later side on top
        for side in range(len(self.colours)):
            for x, y in self._dots(side, width * sx, rows * sy):
                pixels[(x, y)] = side
        return self._text(pixels, width, rows)

    def _dots(self, side: int, across: int, down: int) -> list[tuple[int, int]]:
        """The dots of one side's line, consecutive reviewed plies joined."""
        out: list[tuple[int, int]] = []
        previous: tuple[int, int] | None = None
        for ply, shares in enumerate(self.points):
            if shares is None:
                previous = None
                continue
            x = self._dot_x(ply, across)
            y = round((1.0 - shares[side]) * (down - 1))
            if previous is None:
                out.append((x, y))
            else:
                out += _segment(previous, (x, y))
            previous = (x, y)
        return out

    def _text(self, pixels: dict[tuple[int, int], int], width: int, rows: int) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        current = self.column_of(self.current)
        colours = [parse_colour(c).rich_color for c in self.colours]
        for row in range(rows):
            for col in range(width):
                here = CURRENT if col == current else None
                if self.ascii:
                    side = pixels.get((col, row), -1)
                    glyph = self.initials[side][:1] or "*" if side >= 0 else " "
                    text.append(glyph, Style(color=colours[side] if side >= 0 else None,
                                             bgcolor=here, bold=True))
                    continue
                top, bottom = pixels.get((col, 2 * row), -1), pixels.get((col, 2 * row + 1), -1)
                text.append(*self._cell(top, bottom, colours, here,
                                        midline=row == rows // 2))
            text.append("\n")
        text.append_text(self._axis(width, current))
        if self.legend and self.content_size.height > 4:
            text.append("\n")
            text.append(self.legend[:width], Style(dim=True))
        return text

    @staticmethod
    def _cell(top: int, bottom: int, colours: list, here: str | None,
              midline: bool) -> tuple[str, Style]:
        """A character of two pixels: the upper one's side and the lower one's (-1: none)."""
        if top < 0 and bottom < 0:
            return ("·" if midline else " "), Style(dim=True, bgcolor=here)
        if top == bottom:
            return "█", Style(color=colours[top], bgcolor=here)
        if bottom < 0:
            return "▀", Style(color=colours[top], bgcolor=here)
        if top < 0:
            return "▄", Style(color=colours[bottom], bgcolor=here)
        return "▀", Style(color=colours[top], bgcolor=colours[bottom])

    def _axis(self, width: int, current: int) -> Text:
        """The row under the chart: each marked ply's mark (``?!``, ``?``, ``??``) from its
        column on, and the current ply (``▲``, ASCII ``^``, on its column's colour). Marks
        too close to read apart (touching or overlapping) give way to the worse one, the
        earlier one of two alike."""
        placed: list[tuple[int, str]] = []  # (first column, mark)
        for ply, mark in sorted(self.marks.items()):
            col = self.column_of(ply)
            if col >= width:
                continue
            near = [p for p in placed if p[0] <= col + len(mark) and col <= p[0] + len(p[1])]
            if any(SEVERITY.get(m, 0) >= SEVERITY.get(mark, 0) for _, m in near):
                continue
            placed = [p for p in placed if p not in near] + [(col, mark)]
        row: list[tuple[str, str | None]] = [(" ", None)] * width
        for col, mark in placed:
            for offset, glyph in enumerate(mark[: width - col]):
                row[col + offset] = (glyph, MARK_COLOURS.get(mark))
        text = Text(no_wrap=True, overflow="crop")
        for col, (glyph, colour) in enumerate(row):
            if col == current and glyph == " ":
                glyph = "^" if self.ascii else "▲"
            text.append(glyph, Style(color=colour, bold=True,
                                     bgcolor=CURRENT if col == current else None))
        return text

    # ----- input ---------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.points:
            return
        event.stop()
        self.post_message(self.Jump(self.ply_at(offset.x)))


def _segment(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The dots from ``a`` (excluded) to ``b``: one per column, and a steep step filled
    down its column so that the line stays connected."""
    (x0, y0), (x1, y1) = a, b
    out = []
    steps = max(x1 - x0, 1)
    last = y0
    for i in range(1, steps + 1):
        x = x0 + i if x1 > x0 else x1
        y = round(y0 + (y1 - y0) * i / steps)
        if y == last:
            out.append((x, y))
        else:
            step = 1 if y > last else -1
            out += [(x, fill) for fill in range(last + step, y + step, step)]
        last = y
    return out
