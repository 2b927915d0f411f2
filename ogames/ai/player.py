"""The computer player: what the app plays, its hints, ``ogames selfplay`` and the strength
bench all call :class:`Player` (or :func:`choose_move`), and get the app's strength.

Each search lives in its own module, named for what it is, and knows no game; the player
picks the one that fits the game in front of it:

* :mod:`ogames.ai.alphabeta` when the game's policy gives a ``score``, two sides play and
  nothing is hidden (Opprimo, Oferhlýp, Onitama, Ordo); the hard level on every core,
  split at the root (:mod:`ogames.ai.parallel_alphabeta`);
* :mod:`ogames.ai.dealt_world` (alpha-beta in one world dealt from what the mover sees)
  when something is hidden and two sides play (two-handed Ochmir);
* :mod:`ogames.ai.monte_carlo` otherwise (three-handed Ochmir, a game without a
  ``score``); the hard level on every core, one whole search per process
  (:mod:`ogames.ai.parallel_monte_carlo`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.game import Game
from ..core.policy import Policy
from ..core.rules import Move, Position, Rules
from . import alphabeta, dealt_world, monte_carlo, parallel_alphabeta
from .monte_carlo import ShouldStop


@dataclass(frozen=True)
class Player:
    """A computer seat: a level and a seed. Each ply gets its own random stream, derived
    from the seed and the ply number, so a replayed game gets the same moves."""

    level: str = "medium"
    seed: int = 0

    def choose(self, game: Game, should_stop: ShouldStop | None = None) -> Move:
        side = game.rules.to_move(game.position)
        seed = self.seed * 1_000_003 + game.cursor
        policy = game.rules.policy()
        if uses_alphabeta(game.rules, game.position, policy):
            if parallel_alphabeta.wanted(self.level):  # hard, more than one core
                return parallel_alphabeta.choose_move(game, side, self.level, seed,
                                                      should_stop=should_stop, policy=policy)
            return alphabeta.choose_move(game, side, self.level, seed, should_stop=should_stop,
                                         policy=policy)
        if dealt_world.fits(game.rules, game.position, policy):
            move = dealt_world.choose_move(
                game, side, self.level, seed, should_stop=should_stop, policy=policy,
                every_core=parallel_alphabeta.wanted(self.level))
            if move is not None:
                return move
        workers = None if parallel_alphabeta.wanted(self.level) else 1  # hard, more than one core
        return monte_carlo.choose_move(game, side, self.level, seed, should_stop=should_stop,
                                       workers=workers)


def choose_move(game: Game, level: str = "medium", seed: int = 0, *,
                should_stop: ShouldStop | None = None) -> Move:
    """The move the app's computer plays at ``level`` for the side to move in ``game``
    (``Player(level, seed).choose``)."""
    return Player(level, seed).choose(game, should_stop)


def uses_alphabeta(rules: Rules, pos: Position, policy: Policy) -> bool:
    """Alpha-beta fits: the game scores positions, two sides, nothing hidden."""
    return (policy.score is not None and not rules.hidden_information
            and len(rules.sides(rules.variant_of(pos))) == 2)
