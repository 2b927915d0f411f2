"""The plain opponent's own evaluations (``bench.plain``), one a game, written for the
gauntlet and apart from the app's (``ogames/games/<id>/computer.py``): the opponent must
not share the app's ideas of a position, or the gauntlet would measure the search alone.
Each gives ``side``'s advantage in ``pos`` in pieces.

* Onitama: students, each piece's square (a table a piece type, from its own seat, the
  same on both wings) and the moves each side's two cards give it (weights set by hand);
* Ordo: pieces, and how far they have come (the mean and the furthest);
* Oferhlýp: hits (a whole piece two, a half one);
* Opprimo: men (a Knight half again), and men on the corners of the enemy King's triangle.
"""

from __future__ import annotations

from collections.abc import Callable

from ogames.core.rules import Position, Rules

Evaluation = Callable[[Rules, Position, int], float]

# ----- Onitama ----------------------------------------------------------------------------------

#: per piece type, the value of a square by (rank from the own seat, file from the nearer
#: edge): rows are ranks 1 to 5, columns the edge, the wing and the middle file
ONITAMA_STUDENT = ((0.00, 0.05, 0.10), (0.05, 0.15, 0.20), (0.05, 0.20, 0.30),
                   (0.00, 0.10, 0.15), (-0.10, 0.00, 0.05))
ONITAMA_MASTER = ((0.00, 0.05, 0.00), (0.05, 0.10, 0.15), (0.10, 0.20, 0.30),
                  (0.20, 0.30, 0.45), (0.30, 0.50, 0.60))
#: a move available, in students
ONITAMA_MOBILITY = 0.03


def onitama(rules: Rules, pos: Position, side: int) -> float:
    total = 0.0
    for square, ch in enumerate(pos.board):
        if ch == ".":
            continue
        owner = 0 if ch in "rR" else 1
        seat = square if owner == 0 else 24 - square
        rank, file = divmod(seat, 5)
        file = min(file, 4 - file)
        value = (1.0 + ONITAMA_STUDENT[rank][file] if ch in "rb"
                 else ONITAMA_MASTER[rank][file])
        total += value if owner == side else -value
    mine = _onitama_moves(rules, pos, side)
    theirs = _onitama_moves(rules, pos, 1 - side)
    return total + ONITAMA_MOBILITY * (mine - theirs)


def _onitama_moves(rules: Rules, pos: Position, side: int) -> int:
    """The moves ``side``'s two cards give it on this board (passes not counted)."""
    if pos.turn != side:
        pos = type(pos)(pos.board, side, pos.red_hand, pos.blue_hand, pos.side_card)
    return sum(1 for m in rules.moves(pos) if m.origin is not None)


# ----- Ordo -------------------------------------------------------------------------------------


def ordo(rules: Rules, pos: Position, side: int) -> float:
    def advance(bits: int, owner: int) -> tuple[int, float, int]:
        count = best = total = 0
        for rank in range(8):
            n = ((bits >> (16 * rank)) & 0xFFFF).bit_count()
            if n:
                steps = rank if owner == 0 else 7 - rank
                count += n
                total += steps * n
                best = max(best, steps)
        return count, total / max(count, 1), best

    mine = advance(pos.pieces(side), side)
    theirs = advance(pos.pieces(1 - side), 1 - side)
    return ((mine[0] - theirs[0]) + 0.25 * (mine[1] - theirs[1])
            + 0.15 * (mine[2] - theirs[2]))


# ----- Oferhlýp ------------------------------------------------------------------------------------


def oferhlyp(rules: Rules, pos: Position, side: int) -> float:
    b = pos.board
    dark = 2 * b.count("D") + b.count("d")
    light = 2 * b.count("L") + b.count("l")
    return (dark - light if side == 0 else light - dark) / 2


# ----- Opprimo --------------------------------------------------------------------------------------


def opprimo(rules: Rules, pos: Position, side: int) -> float:
    from ogames.games.opprimo.notation import TRIANGLE_MASK

    def men(bits: int) -> float:
        return bits.bit_count() + 0.5 * (bits & pos.knights).bit_count()

    mine, theirs = pos.men(side), pos.men(1 - side)
    on_their_king = (mine & TRIANGLE_MASK[pos.king(1 - side)]).bit_count()
    on_my_king = (theirs & TRIANGLE_MASK[pos.king(side)]).bit_count()
    return men(mine) - men(theirs) + 0.4 * (on_their_king - on_my_king)


EVALUATIONS: dict[str, Evaluation] = {"onitama": onitama, "ordo": ordo,
                                      "oferhlyp": oferhlyp, "opprimo": opprimo}
