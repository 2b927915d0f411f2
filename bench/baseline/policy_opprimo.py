"""What the computer knows of Opprimo: material (a knight counts half again) and the
pressure on each King's castle; jumps and steps towards the enemy castle are tried first.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.rules import Rules
from ogames.games.opprimo.notation import JUMP, TRIANGLE_MASK, Move, Position

from .policy import Policy, logistic, two_sided


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    masks = TRIANGLE_MASK
    jump = JUMP

    def pressure(pos: Position, side: int) -> int:
        """Own men on the corners of the enemy King's triangle (3 = trapped)."""
        return (pos.men(side) & masks[pos.king(1 - side)]).bit_count()

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        y, r, k = pos.yellow, pos.red, pos.knights
        material = (y.bit_count() - r.bit_count()) + 0.5 * ((y & k).bit_count()
                                                            - (r & k).bit_count())
        threat = pressure(pos, 0) ** 2 - pressure(pos, 1) ** 2
        return two_sided(logistic(material + 0.6 * threat, 2.5))

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        target = masks[pos.king(1 - pos.side)]
        return [(2.0 if m.kind == jump else 0.0) + (1.0 if m.tbit & target else 0.0)
                for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5)
