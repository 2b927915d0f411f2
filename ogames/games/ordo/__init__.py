"""Ordo: everything that knows this game lives in this package. A newcomer's map:

* :mod:`.about` — the name, the picker's line, the variants and the sides: what the
  picker shows, read without the engine (importing this package imports only it);
* :mod:`.notation` — the board's size and squares, the ``Position`` and ``Move`` values,
  and reading and writing position and move text;
* :mod:`.play` — the rules proper: geometry, legal moves, making a move, how the game
  ends and why a move is refused (start here to learn the game);
* :mod:`.drawing` — what the board looks like, full and compact;
* :mod:`.teaching` — the words for endings, hints and refusals;
* :mod:`.computer` — what the computer knows;
* :mod:`.rules` — ``OrdoRules``, the shared ``Rules`` interface over all of the above;
* ``rules.md`` — the player's rules text.
"""

from ogames.core.about import lazy_exports

from .about import ABOUT

# the engine is imported when first asked for (the picker reads only ABOUT)
__getattr__ = lazy_exports(__name__, rules=("RULES", "OrdoRules"), notation=("Move", "Position"))

__all__ = ["ABOUT", "RULES", "Move", "OrdoRules", "Position"]
