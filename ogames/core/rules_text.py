"""The in-app rules texts and their live diagrams.

Each game has two: ``rules.md``, the rules as a player reads them (the sections of
``SECTIONS``, in that order), and ``reference.md``, the precise material a player rarely
needs and an engine writer always does (``REFERENCE_SECTIONS``): notation, every ruling,
the perft counts. Kept apart so that the first can teach and the second can be complete.

A diagram is a fenced block with the info string ``diagram``: its first line is a position
in the game's notation, its optional second line the canonical text of a move to
highlight. Both the app's rules screen and ``ogames rules`` draw them with the real engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: the headings of ``rules.md``, in order (every game has each, if only to say it is empty)
SECTIONS = ("Overview", "Board", "Pieces", "A turn", "Captures", "Special rules", "The end",
            "Tips")
#: the headings of ``reference.md``, in order
REFERENCE_SECTIONS = ("Notation", "Rulings", "Perft")

_DIAGRAM = re.compile(r"^```diagram[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)


@dataclass(frozen=True)
class Diagram:
    position: str
    move: str | None
    line: int


def load_rules_text(game_id: str) -> str:
    """The Markdown rules of a game ("" when none is written yet)."""
    from .registry import get_rules

    return get_rules(game_id).rules_markdown()


def load_reference_text(game_id: str) -> str:
    """The Markdown reference of a game ("" when none is written yet)."""
    from .registry import get_rules

    return get_rules(game_id).reference_markdown()


def split_diagrams(text: str) -> list[str | Diagram]:
    """Markdown chunks and diagrams, in order."""
    parts: list[str | Diagram] = []
    last = 0
    for match in _DIAGRAM.finditer(text):
        if match.start() > last:
            parts.append(text[last:match.start()])
        body = [ln.strip() for ln in match.group(1).splitlines() if ln.strip()]
        line = text.count("\n", 0, match.start()) + 1
        parts.append(Diagram(body[0] if body else "", body[1] if len(body) > 1 else None, line))
        last = match.end()
    if last < len(text):
        parts.append(text[last:])
    return parts
