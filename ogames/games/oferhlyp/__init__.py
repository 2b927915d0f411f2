"""Oferhlýp: everything that knows this game lives in this package. A newcomer's map:

* :mod:`.notation` — the cells and pieces, the ``Position`` and ``Move`` values, and their
  text (reading and writing positions and moves);
* :mod:`.play` — the rules proper: hex geometry, legal moves, what a move does, how the
  game ends, why a move is refused;
* :mod:`.drawing` — how the board looks on screen (full and compact drawings, piece glyphs);
* :mod:`.teaching` — the words that teach and explain: endings, hints, refusals;
* :mod:`.computer` — what the computer player knows (evaluation, move priority);
* :mod:`.rules` — the ``Rules`` object the rest of ogames sees, delegating to the above;
* ``rules.md`` — the player's rules text.
"""

from .notation import Move, Position
from .rules import RULES, OferhlypRules

__all__ = ["RULES", "Move", "OferhlypRules", "Position"]
