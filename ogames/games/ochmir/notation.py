"""Ochmir positions and moves as values, and their text (CLARIFICATIONS §2.5.12–13).

Position text (OCN), seven fields::

    <variant> <board> <to-move> <hands> <bag> <streak> <ply>
    2 13/15/17/19/21/23/23/21/19/17/15/13 W WFbf,WFbt/WFbf,WTbf @1:12 0 0

**Masked form** (our design, for a player's view, §2.5.10): a board tile whose reverse is
unknown is written with ``??`` for its reverse (``WT??``); a hand nobody may look into is
``?K`` (K tiles, 1 … 6); a bag whose order is secret is ``?K`` (K tiles). A masked position
can be drawn and described but not played (its captures would need the hidden faces).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ogames.core.errors import NotationError
from ogames.core.notation import Token, compress_empty, expand_empty, parse_number, split_fields
from ogames.core.rng import SEED_LIMIT

from .geometry import CELLS, COORDS, INDEX, NAMES, ROW_LETTERS, ROWS, half_width
from .tiles import (
    CANON,
    CODE_OF_TEXT,
    COLOUR_NAMES,
    COLOURS,
    EMPTY,
    EXPOSED,
    HIDDEN,
    MASKED,
    TEXT,
    VALUE,
    VALUES,
    code,
    players_of,
    shuffled_bag,
    tile_set,
)

HAND_LIMIT = 6
FIELDS = ("variant", "board", "to-move", "hands", "bag", "streak", "ply")
FLAG_ORDER = "prt"
EMPTY_BOARD = "13/15/17/19/21/23/23/21/19/17/15/13"


@dataclass(frozen=True, slots=True)
class Position:
    """Everything that decides the rest of the game.

    ``board``: one tile code per cell (0 = empty), index order. ``hands``: per seat, the
    held tiles written lower colour first, sorted. ``bag``: with a ``seed``, the whole
    shuffled set of which the first ``drawn`` tiles are gone; without one, the remaining
    tiles themselves (``drawn`` = 0), top first. ``streak``: turns since the last placement.
    """

    variant: str
    board: bytes
    to_move: int
    hands: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    seed: int | None
    drawn: int
    streak: int
    ply: int

    @property
    def players(self) -> int:
        return 3 if self.variant[0] == "3" else 2

    @property
    def bag_size(self) -> int:
        return len(self.bag) - self.drawn

    def remaining(self) -> tuple[int, ...]:
        """The tiles still in the bag, top first."""
        return self.bag[self.drawn:] if self.drawn else self.bag

    @property
    def masked(self) -> bool:
        """True for a player's view (some face or order hidden): drawable, not playable."""
        return (max(self.board) >= MASKED
                or any(HIDDEN in hand for hand in self.hands)
                or (self.bag_size > 0 and self.bag[-1] == HIDDEN))

    def __repr__(self) -> str:
        """The position text (OCN), so that a position prints as it is written."""
        return format_position(self)


class UnfrozenPosition:
    """A twin of ``Position`` with the very same slots but no frozen ``__setattr__``:
    ``fast_position`` fills one with plain attribute stores and then turns it into a
    ``Position`` (CPython allows ``__class__`` assignment between classes of one layout).
    Never hand one out before its class is ``Position``."""

    __slots__ = Position.__slots__


def fast_position(variant: str, board: bytes, to_move: int,
                  hands: tuple[tuple[int, ...], ...], bag: tuple[int, ...], seed: int | None,
                  drawn: int, streak: int, ply: int) -> Position:
    """``Position(...)`` without the frozen-dataclass ``__init__``, which sets each of the
    nine fields through ``object.__setattr__``: ``play.apply`` makes one per move, perft
    and the search one per node. The value is the very same (equal, hashable,
    immutable) ``Position``."""
    pos = UnfrozenPosition()
    pos.variant = variant
    pos.board = board
    pos.to_move = to_move
    pos.hands = hands
    pos.bag = bag
    pos.seed = seed
    pos.drawn = drawn
    pos.streak = streak
    pos.ply = ply
    pos.__class__ = Position  # type: ignore[assignment]
    return pos  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Move:
    """One distinct move (§2.5.11).

    A placement has ``tile`` = the code as it will lie and ``dst``; a movement has ``src``
    and ``dst``; a pass has neither. ``choices`` = (cell, final colour) for every loose
    cell, in index order (three-handed side choices, §2.5.8). ``text`` is the canonical
    text, kept with the move because it depends on nothing else (fast sorting). The hash
    is the one a dataclass computes, kept once computed: the three-handed search puts
    hundreds of moves into a set at every node it visits.
    """

    tile: int
    src: int
    dst: int
    choices: tuple[tuple[int, int], ...] = ()
    text: str = field(default="", compare=False, repr=False)
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        known = self._hash
        if known is None:
            known = hash((self.tile, self.src, self.dst, self.choices))
            object.__setattr__(self, "_hash", known)
        return known

    def __repr__(self) -> str:
        """The canonical move text (it does not depend on the position)."""
        return self.text or move_text(self.tile, self.src, self.dst, self.choices)


def move_text(tile: int, src: int, dst: int, choices: tuple[tuple[int, int], ...] = ()) -> str:
    """Canonical move text: ``WTbf@f12``, ``f12-f13``, ``WFbf@b8/a7B,b6N``, ``pass``."""
    if dst < 0:
        return "pass"
    head = f"{TEXT[tile]}@{NAMES[dst]}" if tile else f"{NAMES[src]}-{NAMES[dst]}"
    if choices:
        head += "/" + ",".join(NAMES[c] + COLOURS[col] for c, col in choices)
    return head


def make_move(tile: int, src: int, dst: int,
              choices: tuple[tuple[int, int], ...] = ()) -> Move:
    """A move with its canonical text."""
    return Move(tile, src, dst, choices, move_text(tile, src, dst, choices))


def masked_move_text(move: Move) -> str:
    """The move as the other players read it: a placed tile's reverse face hidden
    (``WT??@f12``, the masked form of a player's view)."""
    if not move.tile:
        return move.text or move_text(move.tile, move.src, move.dst, move.choices)
    masked = MASKED + EXPOSED[move.tile] * 3 + VALUE[move.tile]
    return move_text(masked, move.src, move.dst, move.choices)


PASS = make_move(0, -1, -1)

# ----- variants ----------------------------------------------------------------------------


def canonical_variant(text: str, column: int | None = None, *, any_case: bool = False) -> str:
    """``2``/``3`` plus flags ``p`` ``r`` ``t`` in any order → the canonical order ``prt``.
    Repeats, unknown flags and ``p``/``t`` in the two-handed game are refused. Flags are
    lower case in a position string (§2.5.12); ``any_case`` is for a variant a person types
    (``--variant 3P``, like every game's variant names)."""
    raw = text.strip()
    folded = raw.casefold() if any_case else raw
    if not folded or folded[0] not in "23":
        raise NotationError(f"'{raw}' is not an Ochmir variant: write 2 or 3, then any of the "
                            "flags p, r, t (e.g. 2, 2r, 3, 3pt)", field="variant", column=column)
    seen = ""
    for i, ch in enumerate(folded[1:], start=1):
        where = None if column is None else column + i
        if ch not in FLAG_ORDER:
            raise NotationError(f"unknown variant flag '{raw[i]}'; the flags are p (published "
                                "207-tile set), r (draw after every placement), t (turn all "
                                "loose tiles)", field="variant", column=where)
        if ch in seen:
            raise NotationError(f"the flag '{ch}' is given twice", field="variant", column=where)
        if ch in "pt" and folded[0] == "2":
            raise NotationError(f"the flag '{ch}' exists only in the three-handed game (3{ch})",
                                field="variant", column=where)
        seen += ch
    return folded[0] + "".join(f for f in FLAG_ORDER if f in seen)


# ----- position text -------------------------------------------------------------------------

_DIGITS = "0123456789"
#: the largest streak or ply count read (24 digits): more is out of range
_COUNTER_HIGH = 10**24 - 1
#: the largest number of hidden tiles (``?K``): no set holds more tiles than the board cells
_HIDDEN_HIGH = CELLS


def _fail(message: str, field_name: str, column: int) -> NotationError:
    return NotationError(message, field=field_name, column=column)


def _number(token: str, column: int, field_name: str, what: str, *, high: int = _COUNTER_HIGH,
            too_big: str = "") -> int:
    """A decimal integer without a leading zero, at most ``high``: the shared
    ``parse_number`` reads it (refusing it by its length before converting it); ``too_big``
    words the refusal of a larger one (default: ``<what> is out of range``)."""
    if not token or any(ch not in _DIGITS for ch in token):
        bad = next((i for i, ch in enumerate(token) if ch not in _DIGITS), 0)
        raise _fail(f"{what} must be a whole number, not '{token}'", field_name, column + bad)
    if len(token) > 1 and token[0] == "0":
        raise _fail(f"{what} is written without leading zeros", field_name, column)
    try:
        return parse_number(token, field=field_name, column=column, high=high)
    except NotationError:  # the text is digits: only the range can be wrong
        raise _fail(too_big or f"{what} is out of range", field_name, column) from None


def _tile(text: str, column: int, field_name: str, players: int, *, on_board: bool) -> int:
    """Four characters: the upper-case face, then the lower-case face (``WTbf``). On the
    board the upper-case face is the exposed one; ``??`` (masked form) hides the reverse."""
    if len(text) != 4:
        raise _fail(f"a tile is four characters like WTbf (exposed colour and value in upper "
                    f"case, reverse in lower case), not '{text}'", field_name, column)
    if on_board and text[2:] == "??" and text[0] in COLOURS and text[1] in VALUES:
        colour = COLOURS.index(text[0])
        if colour == 2 and players == 2:
            raise _fail("there is no brown in the two-handed game", field_name, column)
        return MASKED + colour * 3 + VALUES.index(text[1])
    expected = (COLOURS, VALUES, COLOURS.lower(), VALUES.lower())
    for i, (ch, allowed) in enumerate(zip(text, expected, strict=True)):
        if ch not in allowed:
            kind = "colour" if i % 2 == 0 else "value"
            case = "upper" if i < 2 else "lower"
            raise _fail(f"'{ch}' is not a {kind} here: a tile is written like WTbf, {kind} "
                        f"{'/'.join(allowed)} in {case} case", field_name, column + i)
    ec, rc = COLOURS.index(text[0]), COLOURS.index(text[2].upper())
    if ec == rc:
        raise _fail(f"the two faces of a tile have different colours ('{text}')",
                    field_name, column)
    if players == 2 and 2 in (ec, rc):
        raise _fail("there is no brown (N) in the two-handed game", field_name, column + 2 * (
            rc == 2))
    return code(ec, VALUES.index(text[1]), rc, VALUES.index(text[3].upper()))


def _valid_codes(players: int, on_board: bool) -> dict[str, int]:
    """Every tile text ``_tile`` accepts for ``players`` (on the board: masked ones too),
    with its code: the reader looks a tile up here first, and only a text that is not
    here goes through ``_tile`` for the reason it is refused."""
    codes = {}
    for text in CODE_OF_TEXT:
        ec, rc = COLOURS.index(text[0]), COLOURS.index(text[2].upper())
        if players == 3 or 2 not in (ec, rc):
            codes[text] = CODE_OF_TEXT[text]
    if on_board:
        for colour in COLOURS[:players]:
            for value in VALUES:
                codes[f"{colour}{value}??"] = (MASKED + COLOURS.index(colour) * 3
                                               + VALUES.index(value))
    return codes


#: (players, on the board) → the tile texts read as they are (see ``_valid_codes``)
_VALID = {(players, board): _valid_codes(players, board) for players in (2, 3)
          for board in (False, True)}


def _board(token: str, column: int, players: int) -> bytes:
    rows = token.split("/")
    if len(rows) != ROWS:
        raise _fail(f"the board has {ROWS} rows a–l separated by '/', not {len(rows)}",
                    "board", column)
    cells = bytearray()
    at = column
    for r, row in enumerate(rows):
        cells += _board_row(row, at, r, players)
        at += len(row) + 1
    return bytes(cells)


def _board_row(row: str, at: int, r: int, players: int) -> bytes:
    """Row ``r`` of the board field (``at``: the column where it starts): tiles and runs of
    empty triangles (the shared ``expand_empty``), exactly the row's triangles."""
    letter = ROW_LETTERS[r]
    name = f"board row {letter}"
    size = 2 * half_width(r) + 1
    if not row:
        raise _fail(f"row {letter} is empty; it has {size} triangles (e.g. '{size}')", name, at)
    too_many = f"row {letter} describes more than its {size} triangles"
    cells = bytearray()
    valid = _VALID[players, True]
    tile_end = 0  # a tile is four characters: the tokens of its last three are skipped
    for token in _row_tokens(row, at, name, too_many, size):
        i = token.offset
        if i < tile_end:
            continue
        if len(cells) + max(token.run, 1) > size:
            raise _fail(too_many, name, at + i)
        if token.run:
            cells.extend(bytes(token.run))
        else:
            text = row[i:i + 4]
            found = valid.get(text)
            cells.append(found if found is not None else
                         _tile(text, at + i, name, players, on_board=True))
            tile_end = i + 4
    if len(cells) != size:
        raise _fail(f"row {letter} describes {len(cells)} triangles; it has {size}", name,
                    at + len(row))
    return bytes(cells)


def _row_tokens(row: str, at: int, name: str, too_many: str, size: int) -> Iterator[Token]:
    """``expand_empty`` over one board row, its refusals worded like the rest of this
    reader's: a run of 0, a run with a leading zero, a run longer than the row."""
    try:
        yield from expand_empty(row, field=name, column=at, limit=size)
    except NotationError as err:
        column = at if err.column is None else err.column
        i = column - at
        if row[i] != "0":
            raise _fail(too_many, name, column) from None
        if i + 1 < len(row) and row[i + 1] in _DIGITS:
            raise _fail("a run of empty triangles is written without leading zeros", name,
                        column) from None
        raise _fail("a run of empty triangles is at least 1", name, column) from None


def _hand_list(token: str, column: int, field_name: str, players: int) -> tuple[int, ...]:
    """``-``, ``?K`` (masked) or tiles separated by ','; either face may come first."""
    if token == "-":
        return ()
    if token.startswith("?"):
        n = _number(token[1:], column + 1, field_name, "a hidden tile count", high=_HIDDEN_HIGH)
        if n == 0:
            raise _fail("an empty hand or bag is written '-'", field_name, column)
        return (HIDDEN,) * n
    tiles = []
    at = column
    valid = _VALID[players, False]
    for part in token.split(","):
        if not part:
            raise _fail("a tile is missing between commas", field_name, at)
        found = valid.get(part)
        tiles.append(CANON[found if found is not None else
                           _tile(part, at, field_name, players, on_board=False)])
        at += len(part) + 1
    return tuple(tiles)


def _hands(token: str, column: int, players: int) -> tuple[tuple[int, ...], ...]:
    """One hand per seat separated by '/', each sorted, at most ``HAND_LIMIT`` tiles."""
    sides = COLOURS[:players]
    hand_texts = token.split("/")
    if len(hand_texts) != players:
        raise _fail(f"write {players} hands separated by '/' (one per seat, "
                    f"{'/'.join(sides)}), not {len(hand_texts)}", "hands", column)
    hands = []
    at = column
    for seat, part in enumerate(hand_texts):
        name = f"hand of {COLOUR_NAMES[seat]}"
        hand = _hand_list(part, at, name, players)
        if len(hand) > HAND_LIMIT:
            raise _fail(f"a hand holds at most {HAND_LIMIT} tiles, not {len(hand)}", name, at)
        hands.append(tuple(sorted(hand)))
        at += len(part) + 1
    return tuple(hands)


def _bag(token: str, column: int, variant: str) -> tuple[tuple[int, ...], int | None, int]:
    """The bag field: ``@SEED:K`` (the set shuffled by SEED, K tiles drawn) or the tiles
    left, top first. Returns (bag, seed, drawn)."""
    if not token.startswith("@"):
        return _hand_list(token, column, "bag", players_of(variant)), None, 0
    seed_text, colon, k_text = token[1:].partition(":")
    if not colon:
        raise _fail("a seeded bag is written @SEED:K (K tiles already drawn)", "bag", column)
    seed = _number(seed_text, column + 1, "bag", "the seed", high=SEED_LIMIT - 1,
                   too_big=f"a seed is at most {SEED_LIMIT - 1}")
    size = len(tile_set(variant))
    drawn = _number(k_text, column + 2 + len(seed_text), "bag", "the number of drawn tiles",
                    high=size, too_big=f"only {size} tiles are in the {variant} set, so K is "
                                       f"at most {size}")
    return shuffled_bag(variant, seed), seed, drawn


def parse_position(text: str) -> Position:
    """Read OCN (any run of spaces/tabs between fields). Raises NotationError."""
    fields = split_fields(text)
    if len(fields) < len(FIELDS):
        missing = FIELDS[len(fields)]
        raise NotationError(f"the {missing} field is missing; a position has 7 fields: "
                            + " ".join(f"<{f}>" for f in FIELDS), field=missing,
                            column=len(text.rstrip()) + 1)
    if len(fields) > len(FIELDS):
        raise NotationError("extra text after the ply field (a position has 7 fields)",
                            field="ply", column=fields[len(FIELDS)][1])
    (vt, vc), (bt, bc), (mt, mc), (ht, hc), (gt, gc), (st, sc), (pt, pc) = fields
    variant = canonical_variant(vt, vc)
    players = players_of(variant)
    board = _board(bt, bc, players)
    sides = COLOURS[:players]
    if len(mt) != 1 or mt not in sides:
        raise _fail(f"the side to move is one of {', '.join(sides)}, not '{mt}'", "to-move", mc)
    hands = _hands(ht, hc, players)
    bag, seed, drawn = _bag(gt, gc, variant)
    streak = _number(st, sc, "streak", "the streak")
    ply = _number(pt, pc, "ply", "the ply count")
    return Position(variant, board, sides.index(mt), hands, bag, seed, drawn, streak, ply)


def read_position(text: object) -> Position:
    """A position to play (§2.5.12): OCN without the masked form of a player's view, whose
    '?' is refused naming its field and column."""
    if not isinstance(text, str):
        raise NotationError("a position is text")
    pos = parse_position(text)
    if pos.masked:  # our own view notation, not a position of §2.5.12
        for name, (field_text, column) in zip(FIELDS, split_fields(text), strict=False):
            if "?" in field_text:
                raise NotationError("'?' hides a face in a player's view; a position "
                                    "names every face", field=name,
                                    column=column + field_text.index("?"))
    return pos


def _tiles_text(tiles: tuple[int, ...]) -> str:
    if not tiles:
        return "-"
    if tiles[0] == HIDDEN:
        return f"?{len(tiles)}"
    return ",".join(TEXT[t] for t in tiles)


def board_text(board: bytes) -> str:
    """The board field: row by row, runs of empty triangles as numbers (``compress_empty``)."""
    rows = []
    start = 0
    for r in range(ROWS):
        end = start + 2 * half_width(r) + 1
        rows.append(compress_empty((TEXT[t] for t in board[start:end]), TEXT[EMPTY]))
        start = end
    return "/".join(rows)


def format_position(pos: Position) -> str:
    """The canonical position text (OCN)."""
    if pos.seed is not None:
        bag = f"@{pos.seed}:{pos.drawn}"
    else:
        bag = _tiles_text(pos.bag)
    hands = "/".join(_tiles_text(h) for h in pos.hands)
    return (f"{pos.variant} {board_text(pos.board)} {COLOURS[pos.to_move]} {hands} {bag} "
            f"{pos.streak} {pos.ply}")


# ----- move text -----------------------------------------------------------------------------

_CELL = r"([a-l])([1-9][0-9]?)"
_PLACE = re.compile(r"([WBN][FTL][wbn][ftl])@" + _CELL)
_STEP = re.compile(_CELL + "-" + _CELL)
_CHOICE = re.compile(_CELL + r"([WBN])")
_SUFFIX = re.compile(r"x[0-9]+$")


def cell_index(letter: str, number: str) -> int:
    """The index of a cell, or NotationError naming the row's columns."""
    name = letter + number
    if name in INDEX:
        return INDEX[name]
    r = ROW_LETTERS.index(letter)
    lo = 12 - half_width(r)
    raise NotationError(f"{name} is not a triangle of the board: row {letter} has columns "
                        f"{lo}–{24 - lo}", field="move")


@dataclass(frozen=True, slots=True)
class MoveSyntax:
    """Move text taken apart, before the position is consulted."""

    kind: str  # "place", "step" or "pass"
    tile_text: str = ""
    src: int = -1
    dst: int = -1
    choices: tuple[tuple[int, int], ...] | None = None  # None: no choice list written


def parse_move_syntax(text: str) -> MoveSyntax:
    """Split move text into its parts. Raises NotationError for text that is not a move."""
    raw = text.strip()
    body = _SUFFIX.sub("", raw)
    if body == "pass":
        return MoveSyntax("pass")
    head, slash, tail = body.partition("/")
    place = _PLACE.fullmatch(head)
    step = _STEP.fullmatch(head)
    if place:
        syntax = MoveSyntax("place", place.group(1), -1, cell_index(place.group(2),
                                                                    place.group(3)))
    elif step:
        syntax = MoveSyntax("step", "", cell_index(step.group(1), step.group(2)),
                            cell_index(step.group(3), step.group(4)))
    else:
        raise NotationError(f"'{raw}' is not an Ochmir move: write a placement like WTbf@f12, a "
                            "step like f12-f13, or pass", field="move")
    if not slash:
        return syntax
    choices = []
    for part in tail.split(","):
        m = _CHOICE.fullmatch(part)
        if not m:
            raise NotationError(f"'{part}' is not a side choice: write a cell and the colour it "
                                "shows, like a7B", field="move")
        cell = cell_index(m.group(1), m.group(2))
        if any(c == cell for c, _ in choices):
            raise NotationError(f"{NAMES[cell]} is given two side choices", field="move")
        choices.append((cell, COLOURS.index(m.group(3))))
    return MoveSyntax(syntax.kind, syntax.tile_text, syntax.src, syntax.dst,
                      tuple(sorted(choices)))


def tile_code_of(text: str) -> int | None:
    """The code of a tile written as it will lie (``WTbf``), or None if not a tile."""
    return CODE_OF_TEXT.get(text)


__all__ = [
    "CELLS", "COORDS", "EMPTY_BOARD", "FIELDS", "HAND_LIMIT", "PASS", "Move", "MoveSyntax",
    "Position", "board_text", "canonical_variant", "format_position", "make_move",
    "masked_move_text", "move_text", "parse_move_syntax", "parse_position", "read_position",
    "tile_code_of",
]
