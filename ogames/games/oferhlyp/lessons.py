"""The checks Oferhlýp's lessons (``lessons.toml``) may name in a goal, beyond the shared
ones ("wins", "safe", "position: …"): each looks at the position before a move, the move
and the position after, and says whether the move did what its name says.
``OferhlypRules`` hands them to the course through ``Rules.lesson_goals``.

The checks see one position, never the game's history: the repetition rule is taught by
a lesson whose steps build that history on the board (see ``lessons.toml``)."""

from __future__ import annotations

from collections.abc import Callable

from .notation import CELL_XY, Move, Position, count_pieces
from .play import moves

Check = Callable[[Position, Move, Position], bool]


def step(before: Position, move: Move, after: Position) -> bool:
    """The move is a step to a touching hex."""
    return move.kind == "step"


def friendly(before: Position, move: Move, after: Position) -> bool:
    """The move is a friendly jump over one of the mover's own pieces."""
    return move.kind == "friendly"


def attack(before: Position, move: Move, after: Position) -> bool:
    """The move hops over at least one enemy piece."""
    return move.kind == "attack"


def chain(before: Position, move: Move, after: Position) -> bool:
    """The move is a chain attack: it hops over two enemy pieces or more."""
    return len(move.attacked) >= 2


def backward(before: Position, move: Move, after: Position) -> bool:
    """The piece ended nearer the mover's own side of the board (Dark's is the bottom,
    rank 1; Light's the top) than it started."""
    rise = CELL_XY[move.dest][1] - CELL_XY[move.origin][1]
    return rise < 0 if before.side == 0 else rise > 0


def removes(before: Position, move: Move, after: Position) -> bool:
    """An enemy piece (one that was half) left the board."""
    them = 1 - before.side
    return count_pieces(after.board, them) < count_pieces(before.board, them)


def no_counter(before: Position, move: Move, after: Position) -> bool:
    """The opponent, to move now, cannot attack any piece of the mover's."""
    return not any(m.attacked for m in moves(after))


GOALS: dict[str, Check] = {
    "step": step,
    "friendly": friendly,
    "attack": attack,
    "chain": chain,
    "backward": backward,
    "removes": removes,
    "no_counter": no_counter,
}
