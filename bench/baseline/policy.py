"""What a game may tell the computer player, behind one generic hook (``Rules.policy``).

The search in :mod:`ogames.ai.mcts` knows no game: each engine's package hands it a
``Policy`` (OpenSpiel passes an evaluator into a game-blind search the same way): an
evaluation of cut-off playouts, a priority for trying moves, and, for hidden-information
games, a way to sample a full position consistent with a player's view. Every field is
optional; a game without a policy is still played, only less well.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: the game's ``Rules`` object, passed back to its own hooks (typed loosely here: the Rules
#: interface returns a Policy, so this module may not import it back)
RulesObject = Any
Position = Any
Move = Any

#: shares per side in [0, 1] (they need not sum to 1): how good ``pos`` looks to each side
Evaluate = Callable[[RulesObject, Position], Sequence[float]]
#: one number per move, higher = try earlier (tree expansion and greedy playouts)
Priority = Callable[[RulesObject, Position, Sequence[Move]], Sequence[float]]
#: a full playable position consistent with ``view`` as ``side`` knows it
Determinize = Callable[[RulesObject, Position, int, random.Random], Position]


@dataclass(frozen=True)
class Policy:
    """What a game may tell the search. ``greedy`` is the chance that a playout move is
    the highest-priority one rather than a uniformly random one (needs ``priority``)."""

    evaluate: Evaluate | None = None
    priority: Priority | None = None
    determinize: Determinize | None = None
    playout_depth: int | None = None
    greedy: float = 0.0


#: the knowledge-free policy: plain random playouts to the end
DEFAULT = Policy()


def logistic(diff: float, scale: float) -> float:
    """Map an advantage to a win expectation in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-diff / scale))


def two_sided(first: float) -> tuple[float, float]:
    """Shares of a two-sided game from the first side's expectation."""
    return first, 1.0 - first
