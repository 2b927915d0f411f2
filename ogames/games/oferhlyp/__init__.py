"""Oferhlýp: everything that knows this game lives in this package. A newcomer's map:

* :mod:`.about` — the name, the picker's line, the variants and the sides: what the
  picker shows, read without the engine (importing this package imports only it);
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

from ogames.core.about import lazy_exports

from .about import ABOUT

# the engine is imported when first asked for (the picker reads only ABOUT)
__getattr__ = lazy_exports(__name__, rules=("RULES", "OferhlypRules"), notation=("Move", "Position"))

__all__ = ["ABOUT", "RULES", "Move", "OferhlypRules", "Position"]
