"""Four in a Row: the tests' tiny game, everything that knows it in this package, shaped
exactly like a game of ``ogames/games/``. A newcomer's map:

* :mod:`.about` — the name, the picker's line, the variants and the sides: what the
  picker shows, read without the engine (importing this package imports only it);
* :mod:`.notation` — the board's sizes and cells, the ``Position`` and ``Move`` values,
  and reading and writing position and move text;
* :mod:`.play` — the rules proper: legal moves, making a move, how the game ends;
* :mod:`.drawing` — what the board looks like, full and compact;
* :mod:`.teaching` — the words for endings, hints and refusals;
* :mod:`.computer` — what the computer knows;
* :mod:`.lessons` — the checks its lessons may name;
* :mod:`.rules` — ``FourInARowRules``, the shared ``Rules`` interface over all of the above;
* ``rules.md``, ``reference.md`` and ``lessons.toml`` — the rules text, its precise
  companion and the course.
"""

from ogames.core.about import lazy_exports

from .about import ABOUT

# the engine is imported when first asked for (the picker reads only ABOUT)
__getattr__ = lazy_exports(__name__, rules=("RULES", "FourInARowRules"),
                           notation=("Move", "Position"))

__all__ = ["ABOUT", "RULES", "FourInARowRules", "Move", "Position"]
