"""Today's computer player, frozen (issue 25): the Monte Carlo search and each game's
policy as they stood before alpha-beta, so that later players can be measured against it
(``python -m bench.strength --versus baseline``).

Copies, not imports: editing ``ogames/ai`` or a game's ``computer.py`` must not change
this player. It still uses the engines themselves (rules and the internals its policies
read), so a faster engine makes it faster too, as it should: the match measures search
and knowledge, not engine speed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ogames.core.game import Game
from ogames.core.rules import Move

from .mcts import LEVELS, choose_move
from .policy import Policy

Chooser = Callable[[Game, int], Move]


def policy_for(game_id: str) -> Policy:
    """The frozen policy of ``game_id`` (the knowledge-free one for a game added later)."""
    try:
        module = importlib.import_module(f"{__name__}.policy_{game_id}")
    except ModuleNotFoundError:
        return Policy()
    return module.policy()


def baseline_player(level: str, seed: int) -> Chooser:
    """A frozen computer seat at ``level``, seeded per ply as the app's player is."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; choose one of {', '.join(LEVELS)}")

    def choose(game: Game, side: int) -> Move:
        pol = policy_for(game.rules.id)
        return choose_move(game, side, level, seed * 1_000_003 + game.cursor, policy=pol)

    return choose
