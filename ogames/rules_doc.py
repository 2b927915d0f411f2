"""``ogames rules GAME [--reference]``: the in-app rules (or their reference) printed with
Rich, diagrams drawn as Unicode."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, Group
from rich.markdown import Markdown
from rich.padding import Padding
from rich.style import Style
from rich.text import Text

from .core.errors import OgamesError
from .core.rules import Rules
from .core.rules_text import Diagram, split_diagrams
from .render import board_text


def diagram_highlight(rules: Rules, pos, move_text: str | None) -> set[str]:
    """The cells a diagram's move passes through (its canonical pick path)."""
    if not move_text:
        return set()
    move = rules.parse_move(pos, move_text)
    return {p.key for p in rules.pick_paths(pos, move)[0] if p.kind == "cell"}


#: how far a diagram is indented from the text, when the width leaves room for it
INDENT = 4


def diagram(rules: Rules, pos, marks: set[str], width: int) -> Padding:
    """A board diagram that fits ``width`` columns, its indentation counted: indented by
    ``INDENT`` (less when the board leaves less room). The compact drawing, as a diagram
    in a text should be (the full one took 25 lines even for Onitama's 5×5 board), unless
    the game draws none; then the panel's items (Onitama's cards, a hand's tiles), so that
    "Red's Frog moves …" can be followed. Never wrapped: a wrapped row put its right-hand
    labels on a line of their own, and a diagram twice as tall could not be read."""
    board = board_text(rules, pos, highlight=marks, compact=True)
    if _widest(board) > width:
        board = board_text(rules, pos, highlight=marks, compact=False)
    board.no_wrap = True
    board.overflow = "crop"
    indent = max(0, min(INDENT, width - _widest(board)))
    panel = panel_items(rules, pos, width - indent)
    panel.no_wrap, panel.overflow = True, "crop"
    return Padding(Group(board, panel) if panel.plain else board, (0, 0, 0, indent))


def panel_items(rules: Rules, pos, width: int) -> Text:
    """The panel's sections that hold items (cards, tiles), each titled with its items side
    by side, and the sections side by side as far as ``width`` allows (a diagram stays
    short); sections with none (a legend, the bag) are left to the text."""
    colours = rules.side_colours(rules.variant_of(pos))
    blocks = [_section_block(section, colours) for section in rules.panel(pos, None)
              if section.items]
    rows: list[Text] = []
    line: list[list[Text]] = []
    for block in blocks:  # sections side by side while they fit, then on the next lines
        if line and sum(_block_width(b) + GAP for b in (*line, block)) - GAP > width:
            rows += _side_by_side(line)
            line = []
        line.append(block)
    rows += _side_by_side(line)
    return Text("\n").join(rows)


#: the columns between two items, or two sections, of a diagram's panel
GAP = 4


def _section_block(section, colours) -> list[Text]:
    """A section's lines: its title, then its items side by side (title and lines each)."""
    items = []
    for item in section.items:
        ink = (Style(color=colours[item.owner])
               if item.owner is not None and item.owner < len(colours) else Style())
        items.append([Text(item.title, style=ink + Style(bold=True)),
                      *(Text(line, style=ink) for line in item.lines)])
    return [Text(section.title, style="bold"), *_side_by_side(items)]


def _block_width(lines: list[Text]) -> int:
    return max((line.cell_len for line in lines), default=0)


def _side_by_side(blocks: list[list[Text]]) -> list[Text]:
    """Blocks of lines joined line by line, each padded to its width, ``GAP`` between."""
    widths = [_block_width(b) for b in blocks]
    rows = []
    for r in range(max((len(b) for b in blocks), default=0)):
        row = Text()
        for k, (block, w) in enumerate(zip(blocks, widths, strict=True)):
            piece = block[r] if r < len(block) else Text()
            row.append_text(piece)
            if k < len(blocks) - 1:
                row.append(" " * (w - piece.cell_len + GAP))
        rows.append(row)
    return rows


def _widest(text: Text) -> int:
    return max((cell_len(line) for line in text.plain.splitlines()), default=0)


def print_rules(rules: Rules, console: Console | None = None, *,
                reference: bool = False) -> None:
    """The player's rules text, or with ``reference`` the precise one (notation, rulings,
    perft); the first ends with where to find the second."""
    console = console or Console()
    if console.is_terminal:
        _print_rules(rules, console, reference)
        return
    with console.capture() as captured:  # piped or into a file: no line padded with spaces
        _print_rules(rules, console, reference)
    console.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    console.file.flush()


def _print_rules(rules: Rules, console: Console, reference: bool) -> None:
    text = rules.reference_markdown() if reference else rules.rules_markdown()
    if not text:
        what = "reference" if reference else "rules text"
        console.print(f"# {rules.name}\n\n{rules.description}\n\n(The {what} is not written "
                      "yet.)", markup=False)
        return
    print_markdown(rules, text, console)
    if not reference and rules.reference_markdown():
        console.print(f"\nNotation, exact rulings and check counts: ogames rules {rules.id} "
                      "--reference", markup=False, highlight=False)


def print_markdown(rules: Rules, text: str, console: Console) -> None:
    """Markdown with its diagrams drawn by the engine (one not shown says why)."""
    for part in split_diagrams(text):
        if isinstance(part, Diagram):
            try:
                pos = rules.parse_position(part.position)
                marks = diagram_highlight(rules, pos, part.move)
            except OgamesError as exc:
                console.print(f"[diagram not shown: {exc}]", markup=False)
                continue
            console.print(diagram(rules, pos, marks, console.width))
            if part.move:
                console.print(Padding(f"Move: {part.move}", (0, 0, 0, INDENT)), highlight=False)
            console.print()  # a blank line before the text or heading that follows
        else:
            console.print(Markdown(part))
