"""The gauntlet's plain opponent (``bench.gauntlet``): a fixed-depth alpha-beta written apart
from the app's search, with its own evaluation of each game (``bench.plain_eval``).

Nothing of ``ogames.ai`` is used: only the game's rules (its moves, a move applied, how
the game ends). Negamax with alpha-beta to a fixed depth, no transposition table, no
quiescence, no pruning beyond alpha-beta; the children of a node searched best-first by
the evaluation of the position each leads to (a one-ply look, which is what makes six
plies affordable), but for the last ply, whose children are leaves anyway. A won game is worth more the sooner it is won. Ties between root
moves go to the first in the rules' order, so a game can be played again move for move.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.rules import Move, Position, Rules

from .plain_eval import EVALUATIONS

#: a won game's value (less the plies it takes)
WON = 10_000.0

Evaluation = Callable[[Rules, Position, int], float]


class PlainSearch:
    """Negamax with alpha-beta to ``depth`` plies, ``evaluate(rules, pos, side)`` at the
    leaves (``side``'s advantage)."""

    def __init__(self, rules: Rules, evaluate: Evaluation, depth: int) -> None:
        self.rules, self.evaluate, self.depth = rules, evaluate, depth
        self.nodes = 0

    def value(self, pos: Position, depth: int, alpha: float, beta: float, ply: int) -> float:
        """``pos``'s value for its side to move."""
        self.nodes += 1
        rules = self.rules
        ended = rules.outcome(pos)
        side = rules.to_move(pos)
        if ended is not None:
            share = float(ended.shares[side])
            return (2 * share - 1) * (WON - ply)
        if depth == 0:
            return self.evaluate(rules, pos, side)
        moves = rules.moves(pos)
        if not moves:
            share = float(rules.no_move_outcome(pos).shares[side])
            return (2 * share - 1) * (WON - ply)
        best = -math.inf
        if depth == 1:  # the children are leaves: ordering them would evaluate them twice
            children = [rules.apply(pos, move) for move in moves]
        else:
            children = self.children(pos, moves, side)
        for child in children:
            if rules.to_move(child) == side:
                v = self.value(child, depth - 1, alpha, beta, ply + 1)
            else:
                v = -self.value(child, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best = v
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        return best

    def children(self, pos: Position, moves: list[Move], side: int) -> list[Position]:
        """The positions after ``moves``, the best for ``side`` first (by the evaluation;
        a finished game by its result)."""
        rules = self.rules
        keyed = []
        for i, move in enumerate(moves):
            child = rules.apply(pos, move)
            ended = rules.outcome(child)
            if ended is not None:
                key = WON * (2 * float(ended.shares[side]) - 1)
            else:
                key = self.evaluate(rules, child, side)
            keyed.append((-key, i, child))
        keyed.sort(key=lambda k: (k[0], k[1]))
        return [child for _, _, child in keyed]

    def choose(self, pos: Position, legal: list[Move]) -> Move:
        """The best of ``legal`` (history rules applied) at the full depth."""
        rules = self.rules
        side = rules.to_move(pos)
        best, best_value = legal[0], -math.inf
        alpha = -math.inf
        order = sorted(range(len(legal)), key=lambda i: -self._key(pos, legal[i], side))
        for i in order:
            child = rules.apply(pos, legal[i])
            if rules.to_move(child) == side:
                v = self.value(child, self.depth - 1, alpha, math.inf, 1)
            else:
                v = -self.value(child, self.depth - 1, -math.inf, -alpha, 1)
            if v > best_value:
                best, best_value = legal[i], v
                alpha = max(alpha, v)
        return best

    def _key(self, pos: Position, move: Move, side: int) -> float:
        child = self.rules.apply(pos, move)
        ended = self.rules.outcome(child)
        if ended is not None:
            return WON * (2 * float(ended.shares[side]) - 1)
        return self.evaluate(self.rules, child, side)


def plain_player(game_id: str, depth: int) -> Callable[[Game, int], Move]:
    """The plain opponent of ``game_id`` at ``depth`` plies, as a chooser for a game."""
    search = PlainSearch(get_rules(game_id), EVALUATIONS[game_id], depth)

    def choose(game: Game, side: int) -> Move:
        legal = game.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return search.choose(game.position, legal)

    return choose
