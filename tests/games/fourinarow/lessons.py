"""The checks Four in a Row's lessons (``lessons.toml``) may name in a goal, beyond the
shared ones ("wins", "safe", "position: …"): each looks at the position before a move,
the move and the position after, and says whether the move did what its name says.
``FourInARowRules`` hands them to the course through ``Rules.lesson_goals``."""

from __future__ import annotations

from collections.abc import Callable

from .notation import Move, Position
from .play import winning_drops

Check = Callable[[Position, Move, Position], bool]


def blocks(before: Position, move: Move, after: Position) -> bool:
    """The disc fills a cell where the opponent would have made four."""
    return move.column in winning_drops(before, 1 - before.turn)


def threatens(before: Position, move: Move, after: Position) -> bool:
    """After the move the mover could make four with its next drop."""
    return bool(winning_drops(after, before.turn))


def double_threat(before: Position, move: Move, after: Position) -> bool:
    """After the move the mover could make four in two columns: one block cannot stop
    both."""
    return len(winning_drops(after, before.turn)) >= 2


def middle(before: Position, move: Move, after: Position) -> bool:
    """The disc went into the middle column (either of the two of an even board)."""
    return abs(move.column - (before.width - 1) / 2) < 1


GOALS: dict[str, Check] = {
    "blocks": blocks,
    "threatens": threatens,
    "double threat": double_threat,
    "middle": middle,
}
