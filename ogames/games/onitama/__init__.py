"""Onitama (Shimpei Sato), the base game with its 16 move cards: everything that knows
this game lives in this package.

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

from .notation import Move, Position
from .rules import RULES, OnitamaRules

__all__ = ["RULES", "Move", "OnitamaRules", "Position"]
