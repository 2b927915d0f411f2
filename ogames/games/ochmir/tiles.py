"""Ochmir tiles, the tile sets and the seeded bag (CLARIFICATIONS §2.5.4–5).

A tile has two faces, each a **colour** (W white, B blue, N brown) and a **value**
(F ferrorn, T thurin, L leremoc); its two colours differ. One face is exposed, the other
is the reverse; turning a tile swaps them, so its value changes with its colour.

A tile is stored as one small integer, its **code**, so that a board is a ``bytes`` value
and turning or testing a tile is a table look-up::

    code = exposed colour·27 + exposed value·9 + reverse colour·3 + reverse value

Code 0 (a white ferrorn over a white ferrorn) cannot be a tile, so 0 means "empty".
Two extra kinds of code exist only in a player's *view* of a position (§2.5.10):
``MASKED + colour·3 + value`` is a board tile whose reverse is unknown, ``HIDDEN`` a tile
in someone else's hand or in the bag.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ogames.core.rng import SplitMix64

COLOURS = "WBN"
VALUES = "FTL"
COLOUR_NAMES = ("White", "Blue", "Brown")
VALUE_NAMES = ("ferrorn", "thurin", "leremoc")
W, B, N = 0, 1, 2
F, T, L = 0, 1, 2

EMPTY = 0
MASKED = 81  # 81 … 89: a board tile showing colour·3+value, reverse unknown
HIDDEN = 90  # a tile nobody but its holder may know
CODES = 91

# ----- data tables: the tile sets (row = value on the first colour, column = value on
# the second, order F, T, L). A correction to the sets is one edit here.
TWO_HANDED_MATRIX = ((147, 24, 3), (24, 10, 2), (3, 2, 1))
#: ruling of §2.5.4: the published three-handed matrix with ferrorn/ferrorn raised to 38,
#: so that the set has 216 tiles like the board
THREE_HANDED_MATRIX = ((38, 12, 1), (12, 5, 1), (1, 1, 1))
#: variant flag ``p``: the matrix as published (207 tiles)
THREE_HANDED_PUBLISHED_MATRIX = ((35, 12, 1), (12, 5, 1), (1, 1, 1))
TWO_HANDED_PAIRS = ((W, B),)
THREE_HANDED_PAIRS = ((W, B), (W, N), (B, N))


def code(ec: int, ev: int, rc: int, rv: int) -> int:
    """The code of a tile lying with (ec, ev) exposed and (rc, rv) beneath."""
    return ec * 27 + ev * 9 + rc * 3 + rv


def _tables():
    exposed = [-1] * CODES
    reverse = [-1] * CODES
    value = [-1] * CODES
    flip = [0] * CODES
    canon = [0] * CODES
    text = ["?"] * CODES
    for ec in range(3):
        for ev in range(3):
            for rc in range(3):
                for rv in range(3):
                    if ec == rc:
                        continue
                    t = code(ec, ev, rc, rv)
                    exposed[t], value[t], reverse[t] = ec, ev, rc
                    flip[t] = code(rc, rv, ec, ev)
                    canon[t] = t if ec < rc else flip[t]
                    text[t] = COLOURS[ec] + VALUES[ev] + COLOURS[rc].lower() + VALUES[rv].lower()
            m = MASKED + ec * 3 + ev
            exposed[m], value[m], flip[m], canon[m] = ec, ev, m, m
            text[m] = COLOURS[ec] + VALUES[ev] + "??"
    flip[HIDDEN] = canon[HIDDEN] = HIDDEN
    text[HIDDEN] = "????"
    text[EMPTY] = ""
    return tuple(exposed), tuple(reverse), tuple(value), tuple(flip), tuple(canon), tuple(text)


#: per code: exposed colour, reverse colour (−1 unknown/none), exposed value, the code after
#: turning, the code as written off the board (lower colour first), and the text
EXPOSED, REVERSE, VALUE, FLIP, CANON, TEXT = _tables()
#: every real tile code, and the codes by text (for parsers)
TILE_CODES = tuple(t for t in range(1, MASKED) if REVERSE[t] >= 0)
CODE_OF_TEXT = {TEXT[t]: t for t in TILE_CODES}
#: CARRIES[p][t]: tile t has colour p on one of its faces
CARRIES = tuple(tuple(EXPOSED[t] == p or REVERSE[t] == p for t in range(CODES))
                for p in range(3))


def as_held(t: int, seat: int) -> int:
    """Tile ``t`` (as a hand stores it, lower colour first) as ``seat`` holds it and every
    text shows it to that player: the seat's colour up when the tile carries it (Blue's
    ``BFwf``, stored ``WFbf``); a tile without that colour as stored."""
    return FLIP[t] if REVERSE[t] == seat else t


def faces_text(t: int) -> str:
    """Both faces of a tile for a panel: ``W F / b f``."""
    s = TEXT[t]
    return f"{s[0]} {s[1]} / {s[2]} {s[3]}"


def describe(t: int) -> str:
    """A tile's exposed face in words: ``white thurin``."""
    return f"{COLOUR_NAMES[EXPOSED[t]].lower()} {VALUE_NAMES[VALUE[t]]}"


def players_of(variant: str) -> int:
    return 3 if variant.startswith("3") else 2


@cache
def tile_set(variant: str) -> tuple[int, ...]:
    """The variant's tiles in canonical set order (§2.5.4): per pair, per first value, per
    second value, ``count`` copies, each written lower colour first."""
    if players_of(variant) == 2:
        pairs, matrix = TWO_HANDED_PAIRS, TWO_HANDED_MATRIX
    elif "p" in variant:
        pairs, matrix = THREE_HANDED_PAIRS, THREE_HANDED_PUBLISHED_MATRIX
    else:
        pairs, matrix = THREE_HANDED_PAIRS, THREE_HANDED_MATRIX
    tiles: list[int] = []
    for c1, c2 in pairs:
        for v1 in range(3):
            for v2 in range(3):
                tiles.extend([code(c1, v1, c2, v2)] * matrix[v1][v2])
    return tuple(tiles)


@lru_cache(maxsize=64)
def shuffled_bag(variant: str, seed: int) -> tuple[int, ...]:
    """The whole set shuffled by the shared SplitMix64 generator; index 0 is the top."""
    tiles = list(tile_set(variant))
    SplitMix64(seed).shuffle(tiles)
    return tuple(tiles)
