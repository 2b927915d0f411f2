"""``ogames rules GAME``: the in-app rules printed with Rich, diagrams drawn as Unicode."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.padding import Padding

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


def print_rules(rules: Rules, console: Console | None = None) -> None:
    console = console or Console()
    text = rules.rules_markdown()
    if not text:
        console.print(f"# {rules.name}\n\n{rules.description}\n\n(The rules text is not written yet.)")
        return
    for part in split_diagrams(text):
        if isinstance(part, Diagram):
            try:
                pos = rules.parse_position(part.position)
                marks = diagram_highlight(rules, pos, part.move)
            except OgamesError as exc:
                console.print(f"[diagram not shown: {exc}]", markup=False)
                continue
            console.print(Padding(board_text(rules, pos, highlight=marks), (0, 4)))
            if part.move:
                console.print(Padding(f"Move: {part.move}", (0, 4)), highlight=False)
        else:
            console.print(Markdown(part))
