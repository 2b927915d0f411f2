"""Alpha-beta for a two-sided game with hidden information, searched in one sampled world.

Monte Carlo over information sets spreads its iterations over every world the hidden part
could be, and over hundreds of moves a side in a game like Ochmir it sees only a few
samples of each: its move is little better than a guess at the width of the board. Where
what is hidden decides little, the classic answer (bridge and Skat programs call it
*perfect-information Monte Carlo*) is to deal the hidden part once, consistently with what
the mover knows, and to search that world to full width with alpha-beta. One deal here,
not several: the time a move has buys depth in one world, and a game whose policy offers
this search has said, by giving a ``score``, that its hidden part moves values little
(two-handed Ochmir: a capture counts colours only, and every tile carries both colours;
hidden are which tiles can move and the order of the bag).

The move found is checked against the real game's legal moves (the mover's own moves do
not depend on what it cannot see, but the check costs nothing); should it not be legal
there, the caller falls back to the Monte Carlo search.
"""

from __future__ import annotations

import random

from ..core.game import Game
from ..core.policy import Policy
from ..core.rules import Move, Position, Rules
from . import alphabeta, parallel_alphabeta
from .alphabeta import Level, ShouldStop


def fits(rules: Rules, pos: Position, policy: Policy) -> bool:
    """This search fits: two sides, something hidden, and the game gives both a ``score``
    for alpha-beta and a ``determinize`` to deal a world with."""
    return (rules.hidden_information and policy.score is not None
            and policy.determinize is not None
            and len(rules.sides(rules.variant_of(pos))) == 2)


def world(game: Game, side: int, seed: int, policy: Policy) -> Game:
    """One full game position consistent with what ``side`` sees, dealt by the game's
    ``determinize`` from ``seed``."""
    rules = game.rules
    assert policy.determinize is not None
    view = rules.view(game.position, side)
    return Game.from_position(rules, policy.determinize(rules, view, side, random.Random(seed)))


def choose_move(game: Game, side: int, level: str | Level, seed: int, *,
                should_stop: ShouldStop | None = None, policy: Policy,
                every_core: bool = False) -> Move | None:
    """The alpha-beta move for ``side`` in one world dealt from ``seed`` (on every core
    when ``every_core``), or None when it is not legal in the real game."""
    dealt = world(game, side, seed, policy)
    if every_core:
        move = parallel_alphabeta.choose_move(dealt, side, level, seed, should_stop=should_stop,
                                    policy=policy)
    else:
        move = alphabeta.choose_move(dealt, side, level, seed, should_stop=should_stop,
                                     policy=policy)
    return move if move in game.legal_moves() else None
