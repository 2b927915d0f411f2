"""The checks Onitama's lessons (``lessons.toml``) may name in a goal, beyond the shared
ones ("wins", "position: …", "safe"): each looks at the position before a move, the move
and the position after, and says whether the move did what its name says.
``OnitamaRules`` hands them to the course through ``Rules.lesson_goals``."""

from __future__ import annotations

from collections.abc import Callable

from .notation import OWN, STUDENT, Move, Position

Check = Callable[[Position, Move, Position], bool]


def captures(before: Position, move: Move, after: Position) -> bool:
    """The move took an enemy piece (it landed on one: nothing else is ever captured)."""
    if move.target is None:
        return False
    return before.board[move.target] in OWN[1 - before.turn]


def passes(before: Position, move: Move, after: Position) -> bool:
    """The move was a pass: no piece moved, one card went to the side."""
    return move.origin is None


def student(before: Position, move: Move, after: Position) -> bool:
    """A student of the mover moved (not the master)."""
    return move.origin is not None and before.board[move.origin] == STUDENT[before.turn]


GOALS: dict[str, Check] = {
    "capture": captures,
    "pass": passes,
    "student": student,
}
