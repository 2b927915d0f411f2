"""What the computer knows of Opprimo: material (a knight counts half again) and the
pressure on each King's castle; jumps and steps towards the enemy castle are tried first,
and jumps and steps onto a corner of the enemy King's triangle are what the alpha-beta
search follows past its horizon.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import JUMP, TRIANGLE_MASK, Move, Position


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    masks = TRIANGLE_MASK
    jump = JUMP

    def pressure(pos: Position, side: int) -> int:
        """Own men on the corners of the enemy King's triangle (3 = trapped)."""
        return (pos.men(side) & masks[pos.king(1 - side)]).bit_count()

    def men(pos: Position) -> float:
        """Yellow's advantage in men (a Knight counts half again)."""
        y, r, k = pos.yellow, pos.red, pos.knights
        return (y.bit_count() - r.bit_count()) + 0.5 * ((y & k).bit_count()
                                                        - (r & k).bit_count())

    def balance(pos: Position) -> float:
        return men(pos) + 0.6 * (pressure(pos, 0) ** 2 - pressure(pos, 1) ** 2)

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 2.5))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.side else balance(pos)

    def material(rules: Rules, pos: Position) -> float:
        return -men(pos) if pos.side else men(pos)

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        return m.kind == jump or bool(m.tbit & masks[pos.king(1 - pos.side)])

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        target = masks[pos.king(1 - pos.side)]
        return [(2.0 if m.kind == jump else 0.0) + (1.0 if m.tbit & target else 0.0)
                for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5, score=score, noisy=noisy,
                  material=material)
