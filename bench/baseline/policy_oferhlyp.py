"""What the computer knows of Oferhlýp: material (a whole piece counts two hits) and
attacks tried first.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.rules import Rules
from ogames.games.oferhlyp.notation import (
    DARK_FULL,
    DARK_HALF,
    LIGHT_FULL,
    LIGHT_HALF,
    Move,
    Position,
)

from .policy import Policy, logistic, two_sided


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        b = pos.board
        dark = 2 * b.count(DARK_FULL) + b.count(DARK_HALF)
        light = 2 * b.count(LIGHT_FULL) + b.count(LIGHT_HALF)
        return two_sided(logistic(dark - light, 3.0))

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        return [float(len(m.attacked)) for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5)
