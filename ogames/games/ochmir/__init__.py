"""Ochmir — the tile game of Mary Gentle's Orthe novels (Duncan Ellis's ruleset v0.4, as
settled by CLARIFICATIONS §2.5).

The game in brief:

* The board is a hexagon of 216 triangles (:mod:`.geometry`). Six triangles around an
  interior corner form a **minor hexagon**; the 91 minor hexagons overlap.
* Tiles have two faces, each a colour (white, blue, brown) and a value (ferrorn, thurin,
  leremoc) (:mod:`.tiles`). They come from a bag shuffled by the shared seeded generator;
  every player holds six.
* On a turn a player places a tile from hand on any empty triangle (a tile carrying the
  player's colour shows it), or steps one of their thurin across a side or one of their
  leremoc to any touching triangle. Ferrorn never move.
* A hexagon that becomes full with at least 4 of 6 (three-handed: 3) tiles showing the
  mover's colour, and that holds the placed or moved tile or a tile turned this turn, is
  won: its tiles that carry the mover's colour turn to it, which may win further hexagons
  (the **cascade**). Three-handed, the mover chooses the face of the won tiles that do not
  carry their colour (:mod:`.play`).
* The game ends when the board is full, the tiles run out, a colour shows on 144 tiles
  (three-handed) or nobody has placed a tile for six rounds; most tiles showing wins.

Where things are (each module imports only those above it in this list):

* :mod:`.geometry` — the triangles, their neighbours, the minor hexagons;
  :mod:`.tiles` — tile codes, the tile sets, the seeded bag.
* :mod:`.about` — the name, the picker's line, the variants and the sides: what the
  picker shows, read without the engine (importing this package imports only it);
* :mod:`.notation` — the value types ``Position`` and ``Move`` and their text (OCN).
* :mod:`.play` — the rules proper: the deal, legal moves, the cascade, a turn, the end,
  why a move is refused, a player's view.
* :mod:`.entry` — entering a move by picks; :mod:`.drawing` — the board, the panel;
  :mod:`.teaching` — words (endings, hints, refusals, notes); :mod:`.computer` — the
  computer player's knowledge.
* :mod:`.rules` — ``OchmirRules``, the shared interface, delegating to the above.
* ``rules.md`` — the rules as players read them.
"""

from ogames.core.about import lazy_exports

from .about import ABOUT

# the engine is imported when first asked for (the picker reads only ABOUT)
__getattr__ = lazy_exports(__name__, rules=("RULES", "OchmirRules"), notation=("Move", "Position"))

__all__ = ["ABOUT", "RULES", "Move", "OchmirRules", "Position"]
