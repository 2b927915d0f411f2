"""What the computer knows of Oferhlýp: material (a whole piece counts two hits) and
attacks tried first; attacks are what the alpha-beta search follows past its horizon.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import DARK_FULL, DARK_HALF, LIGHT_FULL, LIGHT_HALF, Move, Position


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    def balance(pos: Position) -> int:
        """Dark's advantage in hits (a whole piece takes two)."""
        b = pos.board
        dark = 2 * b.count(DARK_FULL) + b.count(DARK_HALF)
        light = 2 * b.count(LIGHT_FULL) + b.count(LIGHT_HALF)
        return dark - light

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 3.0))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.side else balance(pos)

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        return [float(len(m.attacked)) for m in moves]

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        return bool(m.attacked)

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5, score=score, noisy=noisy,
                  material=score)
