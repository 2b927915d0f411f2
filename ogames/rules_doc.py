"""``ogames rules GAME [--reference]``: the in-app rules (or their reference) printed with
Rich, diagrams drawn as Unicode."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.markdown import Markdown
from rich.padding import Padding
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
    ``INDENT`` (less when the board leaves less room), the compact board when the full one
    is wider than the width. Never wrapped: a wrapped row put its right-hand labels on a
    line of their own, and a diagram twice as tall could not be read."""
    board = board_text(rules, pos, highlight=marks)
    if _widest(board) > width:
        board = board_text(rules, pos, highlight=marks, compact=True)
    board.no_wrap = True
    board.overflow = "crop"
    return Padding(board, (0, 0, 0, max(0, min(INDENT, width - _widest(board)))))


def _widest(text: Text) -> int:
    return max((cell_len(line) for line in text.plain.splitlines()), default=0)


def print_rules(rules: Rules, console: Console | None = None, *,
                reference: bool = False) -> None:
    """The player's rules text, or with ``reference`` the precise one (notation, rulings,
    perft); the first ends with where to find the second."""
    console = console or Console()
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
        else:
            console.print(Markdown(part))
