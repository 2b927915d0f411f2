"""Draw a position with Rich, outside the app: ``ogames show``, rules diagrams, SVG export.

It reads only the engine's board description (layout + cell views), like the app's board
widget, so every geometry is drawn by the same few lines.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.text import Text

from .core.describe import outcome_text
from .core.rules import Position, Rules

#: background colours of the layout's shade classes
SHADES = {
    "light": "#3a3f4b",
    "dark": "#2a2e37",
    "zone0": "#3b3520",
    "zone1": "#3d2426",
    "special": "#27413a",
    "": "",
}
HIGHLIGHT = "#5b6b2f"


def board_text(rules: Rules, pos: Position, *, flipped: bool = False, ascii: bool = False,
               highlight: Collection[str] = (), viewer: int | None = None,
               colour: bool = True, compact: bool = False) -> Text:
    """The board as Rich ``Text``: background canvas, shaded cells, coloured glyphs."""
    variant = rules.variant_of(pos)
    layout = rules.layout(variant, flipped=flipped, ascii=ascii, compact=compact)
    views = rules.cell_views(pos, viewer)
    colours = rules.side_colours(variant)
    grid = [list(line) for line in layout.background]
    styles: list[list[Style | None]] = [[None] * layout.width for _ in range(layout.height)]
    for spec in layout.cells:
        shade = HIGHLIGHT if spec.name in highlight else SHADES.get(spec.shade, "")
        view = views.get(spec.name)
        glyph = (view.ascii if ascii else view.glyph) if view else ""
        for r in range(spec.row, spec.row + spec.height):
            for c in range(spec.col, spec.col + spec.width):
                if glyph.strip():  # an empty cell shows the drawing beneath (as the app)
                    grid[r][c] = " "
                if colour and shade:
                    styles[r][c] = Style(bgcolor=shade)
        if not glyph.strip():
            continue
        row = spec.row + (spec.height - 1) // 2
        col = spec.col + max(0, (spec.width - len(glyph)) // 2)
        fg = colours[view.owner] if colour and view.owner is not None else None
        style = Style(color=fg, bold=view.strong, bgcolor=shade or None) if colour else None
        for i, ch in enumerate(glyph):
            if col + i < layout.width:
                grid[row][col + i] = ch
                styles[row][col + i] = style
    text = Text()
    for r, chars in enumerate(grid):
        for c, ch in enumerate(chars):
            text.append(ch, styles[r][c])
        if r < layout.height - 1:
            text.append("\n")
    return text


def status_line(rules: Rules, pos: Position) -> str:
    """Whose turn it is, or how the game ended."""
    sides = rules.sides(rules.variant_of(pos))
    outcome = rules.outcome(pos)
    if outcome is None:
        return f"{sides[rules.to_move(pos)]} to move"
    return f"Game over: {outcome_text(rules, outcome, sides)} ({outcome.result_token})"


def panel_sections(rules: Rules, pos: Position, *, viewer: int | None = None,
                   colour: bool = True) -> Group:
    """The engine's panel (Onitama's cards, Ochmir's hands and bag), drawn generically like
    the app's: each section's title and note, then its items side by side, each in its
    owner's colour on the board's dark shade, so a colour reads as it does on the board."""
    colours = rules.side_colours(rules.variant_of(pos))
    paper = Style(bgcolor=SHADES["dark"]) if colour else Style()
    parts: list[RenderableType] = []
    for section in rules.panel(pos, viewer):
        parts.append(Text(f"\n{section.title}", style="bold"))
        if section.note:
            parts.append(Text(section.note, style="dim"))
        boxes = []
        for item in section.items:
            owned = colour and item.owner is not None and item.owner < len(colours)
            ink = Style(color=colours[item.owner]) if owned else Style()
            text = Text(item.title, style=ink + Style(bold=True))
            for line in item.lines:
                text.append("\n" + line, style=ink)
            boxes.append(Padding(text, (0, 1), style=paper))
        if boxes:
            parts.append(Columns(boxes))
    if parts:
        parts.append(Text(""))  # a blank line before the status line below
    return Group(*parts)


def print_position(rules: Rules, pos: Position, console: Console | None = None, *,
                   ascii: bool = False, flipped: bool = False, compact: bool = False) -> None:
    """The board, the panel sections below it, then whose turn it is or how it ended. The
    viewer is None, as for the board: an analysis shows every hidden face and tile."""
    console = console or Console()
    console.print(board_text(rules, pos, ascii=ascii, flipped=flipped, compact=compact),
                  highlight=False)
    console.print(panel_sections(rules, pos), highlight=False)
    console.print(status_line(rules, pos), highlight=False)
