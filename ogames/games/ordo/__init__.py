"""Ordo: everything that knows this game lives in this package. A newcomer's map:

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

from .notation import Move, Position
from .rules import RULES, OrdoRules

__all__ = ["RULES", "Move", "OrdoRules", "Position"]
