"""What the computer checks before any search, at every level: a win in one, and a capture
that wins material at once.

"Wins material at once" is read strictly and cheaply: after the capture, whatever the
opponent replies (every reply, one ply), the mover's material balance (the game's
``Policy.material``) stays above what it was before the capture, and no reply wins the
game. The best such gain is what a hint may never fall short of (issue 25: a hint proposed
a quiet step beside a double attack).

One ply sees material and nothing else. A game may leave some captures to the search
(``Policy.search_weighs``): in Opprimo, a conversion by the man that anchors its own King
wins a man and gives up a King that could never be trapped, and the search, which counts
both, had refused every such conversion the pre-check then played in the games hard
lost against the baseline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.policy import Policy
from ..core.rules import Move, Position, Rules


@dataclass(frozen=True)
class Tactic:
    """The pre-check's finding: ``win`` is a move that wins at once (or None); ``capture``
    the noisy move with the largest sure material gain ``gain`` (> 0), or None."""

    win: Move | None = None
    capture: Move | None = None
    gain: float = 0.0


def wins_at_once(rules: Rules, pos: Position, move: Move) -> bool:
    side = rules.to_move(pos)
    ended = rules.outcome(rules.apply(pos, move))
    return ended is not None and ended.shares[side] == 1


def sure_gain(rules: Rules, pos: Position, move: Move, policy: Policy) -> float:
    """The least material gain for the mover over every reply to ``move`` (one ply): -inf
    when a reply wins (or the move loses at once), +inf when the move wins."""
    material = policy.material or policy.score
    if material is None:
        return 0.0
    side = rules.to_move(pos)
    before = material(rules, pos)
    after = rules.apply(pos, move)
    ended = rules.outcome(after)
    if ended is not None:
        return math.inf if ended.shares[side] == 1 else -math.inf
    replies = list(rules.moves(after))
    if not replies:
        ended = rules.no_move_outcome(after)
        return math.inf if ended.shares[side] == 1 else -math.inf
    worst = math.inf
    for reply in replies:
        then = rules.apply(after, reply)
        ended = rules.outcome(then)
        if ended is not None:
            if ended.shares[side] < 1:
                return -math.inf
            continue
        mine = material(rules, then)
        gain = (mine if rules.to_move(then) == side else -mine) - before
        worst = min(worst, gain)
    return worst


def precheck(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy) -> Tactic:
    """A win in one among ``legal`` (history rules applied), else the noisy move that
    surely wins the most material (if any wins some), of those the game does not leave to
    the search (``Policy.search_weighs``)."""
    for move in legal:
        if wins_at_once(rules, pos, move):
            return Tactic(win=move)
    if policy.noisy is None or (policy.material is None and policy.score is None):
        return Tactic()
    best, best_gain = None, 0.0
    weighs = policy.search_weighs
    for move in legal:
        if not policy.noisy(rules, pos, move) or (weighs and weighs(rules, pos, move)):
            continue
        gain = sure_gain(rules, pos, move, policy)
        if gain > best_gain + 1e-9:
            best, best_gain = move, gain
    return Tactic(capture=best, gain=best_gain)
