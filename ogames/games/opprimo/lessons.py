"""The checks Opprimo's lessons (``lessons.toml``) may name in a goal, beyond the shared
ones ("wins", "position: …", "safe"): each looks at the position before a move, the move
and the position after, and says whether the move did what its name says. ``OpprimoRules``
hands them to the course through ``Rules.lesson_goals``."""

from __future__ import annotations

from collections.abc import Callable

from .notation import JUMP, KING, POINTS, STEP, Move, Position
from .play import promotes

Check = Callable[[Position, Move, Position], bool]


def steps(before: Position, move: Move, after: Position) -> bool:
    """A Soldier or Knight stepped to a neighbouring point (no conversion)."""
    return move.kind == STEP


def converts(before: Position, move: Move, after: Position) -> bool:
    """An enemy Soldier or Knight was jumped and changed sides."""
    return move.kind == JUMP


def converts_knight(before: Position, move: Move, after: Position) -> bool:
    """The piece jumped was an enemy Knight (it is now the mover's plain Soldier)."""
    return move.kind == JUMP and bool(before.knights & move.mbit)


def promoting(before: Position, move: Move, after: Position) -> bool:
    """A Soldier ended its move on one of its own shields and became a Knight."""
    return promotes(before, move)


def by_knight(before: Position, move: Move, after: Position) -> bool:
    """The piece that moved was a Knight (before the move)."""
    return move.kind != KING and bool(before.knights & move.fbit)


def backward(before: Position, move: Move, after: Position) -> bool:
    """A Soldier or Knight moved towards the mover's own edge (only a Knight may)."""
    if move.kind == KING:
        return False
    rise = POINTS[move.to][1] - POINTS[move.frm][1]
    return rise < 0 if before.side == 0 else rise > 0


def king(before: Position, move: Move, after: Position) -> bool:
    """The King moved to another triangle of its Castle."""
    return move.kind == KING


GOALS: dict[str, Check] = {
    "step": steps,
    "converts": converts,
    "converts knight": converts_knight,
    "promotes": promoting,
    "knight": by_knight,
    "backward": backward,
    "king": king,
}
