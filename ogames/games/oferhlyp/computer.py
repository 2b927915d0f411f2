"""What the computer knows of Oferhlýp: material (a whole piece counts two hits) and
attacks tried first.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ogames.core.policy import Policy, logistic, two_sided
from ogames.core.rules import Rules


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    def evaluate(rules: Rules, pos: Any) -> tuple[float, float]:
        b = pos.board
        dark = 2 * b.count("D") + b.count("d")
        light = 2 * b.count("L") + b.count("l")
        return two_sided(logistic(dark - light, 3.0))

    def priority(rules: Rules, pos: Any, moves: Sequence[Any]) -> list[float]:
        return [float(len(m.attacked)) for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5)
