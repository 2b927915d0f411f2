"""Onitama (Shimpei Sato), the base game with its 16 move cards: everything that knows
this game lives in this package.

* :mod:`.about` — the name, the picker's line, the variants and the sides: what the
  picker shows, read without the engine (importing this package imports only it);
* :mod:`.notation` — squares, the move cards, the ``Position`` and ``Move`` values and
  their text;
* :mod:`.play` — the rules of play: the deal, legal moves, a turn, how the game ends and
  why a move is refused (start reading here);
* :mod:`.drawing` — the board drawing, the squares' contents, the card panel;
* :mod:`.teaching` — the words for endings, hints and explanations;
* :mod:`.computer` — what the computer knows;
* :mod:`.rules` — ``OnitamaRules``, the shared ``Rules`` interface over the above;
* ``rules.md`` — the rules as players read them.
"""

from ogames.core.about import lazy_exports

from .about import ABOUT

# the engine is imported when first asked for (the picker reads only ABOUT)
__getattr__ = lazy_exports(__name__, rules=("RULES", "OnitamaRules"), notation=("Move", "Position"))

__all__ = ["ABOUT", "RULES", "Move", "OnitamaRules", "Position"]
