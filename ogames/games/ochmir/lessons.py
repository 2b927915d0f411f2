"""The checks Ochmir's lessons (``lessons.toml``) may name in a goal, beyond the shared
ones ("wins", "position: …"): each looks at the position before a move, the move and
the position after, and says whether the move did what its name says. ``OchmirRules``
hands them to the course through ``Rules.lesson_goals``.

A lesson cannot tell "capture" from "cascade" by the accepted moves alone when many
placements are right, so these checks read the boards themselves."""

from __future__ import annotations

from collections.abc import Callable

from .geometry import HEX_CELLS, HEXES_OF, VERTEX
from .notation import Move, Position
from .play import capture_threshold
from .tiles import EXPOSED, VALUE, L, T

Check = Callable[[Position, Move, Position], bool]


def places(before: Position, move: Move, after: Position) -> bool:
    """A tile from the hand was laid on the board."""
    return move.tile != 0


def steps(before: Position, move: Move, after: Position) -> bool:
    """A thurin or leremoc on the board moved one step."""
    return move.tile == 0 and move.dst >= 0


def _tile_of(before: Position, move: Move) -> int:
    """The tile placed or moved (as it lies), 0 for a pass."""
    if move.dst < 0:
        return 0
    return move.tile or before.board[move.src]


def thurin(before: Position, move: Move, after: Position) -> bool:
    """The tile placed or moved shows a thurin."""
    tile = _tile_of(before, move)
    return bool(tile) and VALUE[tile] == T


def leremoc(before: Position, move: Move, after: Position) -> bool:
    """The tile placed or moved shows a leremoc."""
    tile = _tile_of(before, move)
    return bool(tile) and VALUE[tile] == L


def corner(before: Position, move: Move, after: Position) -> bool:
    """A step across a corner (only a leremoc may do that)."""
    return steps(before, move, after) and move.dst in VERTEX[move.src]


def _turned(before: Position, after: Position) -> set[int]:
    """The cells whose tile was there before and shows the mover's colour only now."""
    p = before.to_move
    return {c for c, (old, new) in enumerate(zip(before.board, after.board, strict=True))
            if old and new and EXPOSED[old] != p and EXPOSED[new] == p}


def captures(before: Position, move: Move, after: Position) -> bool:
    """At least one tile was turned to the mover's colour."""
    return bool(_turned(before, after))


def cascade(before: Position, move: Move, after: Position) -> bool:
    """A tile was turned that no hexagon around the new tile could win by itself: a
    hexagon was won only thanks to tiles turned earlier in the same move."""
    if move.dst < 0:
        return False
    p = before.to_move
    board = bytearray(before.board)
    board[move.dst] = _tile_of(before, move)
    if move.tile == 0:
        board[move.src] = 0
    k = capture_threshold(before.players)
    first: set[int] = set()  # the cells of the hexagons won without any turned tile
    for h in HEXES_OF[move.dst]:
        cells = HEX_CELLS[h]
        if all(board[c] for c in cells) and sum(EXPOSED[board[c]] == p for c in cells) >= k:
            first.update(cells)
    return bool(_turned(before, after) - first)


def draws(before: Position, move: Move, after: Position) -> bool:
    """The move emptied the hand and a new hand was drawn from the bag."""
    p = before.to_move
    return move.tile != 0 and len(before.hands[p]) == 1 and bool(after.hands[p])


GOALS: dict[str, Check] = {
    "place": places,
    "step": steps,
    "thurin": thurin,
    "leremoc": leremoc,
    "corner": corner,
    "capture": captures,
    "cascade": cascade,
    "draws": draws,
}
