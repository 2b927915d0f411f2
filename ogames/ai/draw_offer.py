"""How the computer answers a draw offer.

None of these games draws but by agreement, so a game that has run level for a long time
(two Oferhlýp pieces a side circling, two Ordo groups sliding sideways) ends only when one
side resigns or both agree. The computer used to decline every offer; it now does what a
player would: it accepts when its evaluation of the position as it stands (the game's
``Policy.evaluate``, each side's expected share of the result) gives it no more than an
even share, and plays on when it judges itself ahead. It looks at no hidden tile or card:
the evaluations read only what every player sees.

Neither the players nor the game loop ask this (only a person offering a draw does), so
the strength log's fingerprint leaves this file out (``bench/strength.py``).
"""

from __future__ import annotations

from ..core.rules import Position, Rules

#: how far above an even share the computer still takes a draw (none: an even share is
#: enough, a better one is not)
EVEN = 1e-9


def accepts_draw(rules: Rules, pos: Position, side: int) -> bool:
    """Whether the computer playing ``side`` accepts a draw in ``pos``: its expected share
    is no more than the sides' mean. A game whose policy has no evaluation declines."""
    evaluate = rules.policy().evaluate
    if evaluate is None:
        return False
    shares = evaluate(rules, pos)
    return shares[side] <= sum(shares) / len(shares) + EVEN
