"""The checks Ordo's lessons (``lessons.toml``) may name in a goal, beyond the shared
ones ("wins", "position: …"): each looks at the position before a move, the move and
the position after, and says whether the move did what its name says. ``OrdoRules``
hands them to the course through ``Rules.lesson_goals``."""

from __future__ import annotations

from collections.abc import Callable

from .notation import Move, Position, rank_of
from .play import FORWARD, is_split

Check = Callable[[Position, Move, Position], bool]


def captures(before: Position, move: Move, after: Position) -> bool:
    """A piece of the opponent left the board."""
    them = 1 - before.turn
    return after.pieces(them) != before.pieces(them)


def ordo(before: Position, move: Move, after: Position) -> bool:
    """Two or more pieces moved together (an ordo move)."""
    return move.is_ordo


def singleton(before: Position, move: Move, after: Position) -> bool:
    """One piece moved."""
    return not move.is_ordo


def backward(before: Position, move: Move, after: Position) -> bool:
    """The move went towards the mover's own home row (allowed only while split)."""
    return (rank_of(move.to) - rank_of(move.frm)) * FORWARD[before.turn] < 0


def reconnects(before: Position, move: Move, after: Position) -> bool:
    """The mover was split and is one group again."""
    return is_split(before) and not is_split(after, before.turn)


def splits(before: Position, move: Move, after: Position) -> bool:
    """The opponent's pieces are in more than one group after the move."""
    return is_split(after, 1 - before.turn) and bool(after.pieces(1 - before.turn))


GOALS: dict[str, Check] = {
    "capture": captures,
    "ordo": ordo,
    "singleton": singleton,
    "backward": backward,
    "reconnects": reconnects,
    "splits": splits,
}
