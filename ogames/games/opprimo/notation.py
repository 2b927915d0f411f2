"""Opprimo positions and moves as values, the board they are written on, and their text
(CLARIFICATIONS §2.1.2–3, §2.1.7–8).

The board is a triangular lattice of 45 points on 7 vertical files a–g: files b, d, f hold
the odd ranks 1–13, files a, c, e, g the even ranks 2–12. Between neighbouring files lie 66
triangles, ``XYr`` (files X and Y, row r = the rank of the lowest corner); a King stands on
a triangle of its own Castle.

Points are numbered 0–44 so that a step in any direction is a constant shift (see
:mod:`.play`); a position is then a few integers (bitboards, bit i = point
``POINT_NAMES[i]``).

Position text (OPN)::

    <points> <side> <yellow king> <red king> [<move number>]
    sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1

Move text: ``c2-c4`` (step), ``b3xb7`` (conversion jump), ``Kcd1-de1`` (King move), with
``=N`` (promotion) and ``#`` (trap) when they apply. Reading a move checks its form only;
whether it is legal is :mod:`.play`'s question.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from ogames.core.errors import NotationError
from ogames.core.notation import compress_empty, expand_empty, parse_number, split_fields

from .about import SIDE_NAMES

# ======================================================================================
# Data tables (CLARIFICATIONS §2.1.2, §2.1.3). A correction is one edit here.
# ======================================================================================

YELLOW, RED = 0, 1
SIDE_LETTERS = ("y", "r")

#: the Castles: the only triangles a King may stand on (Yellow's, Red's)
CASTLES: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("ab1", "ab2", "bc1", "bc2", "cd1", "cd2", "de1", "de2", "ef1", "ef2", "fg1", "fg2"),
    ("ab10", "ab11", "bc10", "bc11", "cd10", "cd11", "de10", "de11", "ef10", "ef11",
     "fg10", "fg11"),
)
#: each side's promotion points, the three farthest points from its own side
SHIELDS: tuple[tuple[str, ...], tuple[str, ...]] = (("b13", "d13", "f13"), ("b1", "d1", "f1"))
#: the triangles the Kings start on
KING_STARTS: tuple[str, str] = ("cd1", "de11")
#: the Soldiers at the start
SOLDIER_STARTS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("b1", "d1", "f1", "a2", "c2", "e2", "g2", "b3", "d3", "f3"),
    ("b13", "d13", "f13", "a12", "c12", "e12", "g12", "b11", "d11", "f11"),
)

# ======================================================================================
# Points and triangles
# ======================================================================================

FILES = "abcdefg"
RANKS = 13


def has_point(f: int, r: int) -> bool:
    """Files b, d, f (odd index) hold the odd ranks 1–13; a, c, e, g the even ranks 2–12."""
    return 0 <= f < 7 and 1 <= r <= RANKS and f % 2 == r % 2 and (f % 2 == 1 or 2 <= r <= 12)


def point_index(f: int, r: int) -> int:
    """Number the points 0–44 bottom to top, left to right.

    (r−1)·7 + f is always odd on a point, so halving it packs the points densely; one step
    in a direction then always changes the index by the same amount (N +7, NE +4, NW +3,
    S −7, SE −3, SW −4), which lets whole sets of pieces move with one shift."""
    return ((r - 1) * 7 + f) >> 1


POINTS: tuple[tuple[int, int], ...] = tuple(
    sorted(((f, r) for r in range(1, RANKS + 1) for f in range(7) if has_point(f, r)),
           key=lambda fr: point_index(*fr)))
assert len(POINTS) == 45 and all(point_index(f, r) == i for i, (f, r) in enumerate(POINTS))
POINT_NAMES: tuple[str, ...] = tuple(f"{FILES[f]}{r}" for f, r in POINTS)
POINT_INDEX: dict[str, int] = {name: i for i, name in enumerate(POINT_NAMES)}


def mask_of(names: Iterable[str]) -> int:
    """The bit set of the named points."""
    bits = 0
    for name in names:
        bits |= 1 << POINT_INDEX[name]
    return bits


SHIELD_MASKS = (mask_of(SHIELDS[YELLOW]), mask_of(SHIELDS[RED]))
ALL_SHIELDS = SHIELD_MASKS[0] | SHIELD_MASKS[1]

# Triangles: XYr lies between neighbouring files X and Y in row r (its lowest corner's rank).
TRIANGLE_NAMES: tuple[str, ...] = tuple(
    f"{FILES[s]}{FILES[s + 1]}{r}" for s in range(6) for r in range(1, 12))
TRIANGLE_INDEX: dict[str, int] = {name: i for i, name in enumerate(TRIANGLE_NAMES)}


def _corners(strip: int, row: int) -> tuple[int, int, int]:
    """The three corner points of a triangle, bottom to top: a vertical edge on the file
    whose points have the row's parity, the apex on the other file half way up."""
    if strip % 2 == row % 2:
        low, apex, high = (strip, row), (strip + 1, row + 1), (strip, row + 2)
    else:
        low, apex, high = (strip + 1, row), (strip, row + 1), (strip + 1, row + 2)
    return point_index(*low), point_index(*apex), point_index(*high)


TRIANGLE_CORNERS: tuple[tuple[int, int, int], ...] = tuple(
    _corners(s, r) for s in range(6) for r in range(1, 12))
TRIANGLE_MASK: tuple[int, ...] = tuple(
    (1 << a) | (1 << b) | (1 << c) for a, b, c in TRIANGLE_CORNERS)
CASTLE_SETS: tuple[frozenset[int], frozenset[int]] = tuple(  # type: ignore[assignment]
    frozenset(TRIANGLE_INDEX[name] for name in castle) for castle in CASTLES)
assert not CASTLE_SETS[0] & CASTLE_SETS[1], "the Kings must never meet"

# ======================================================================================
# The values: moves and positions
# ======================================================================================

#: the kinds of move
STEP, JUMP, KING = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Move:
    """One move: its identity is (kind, from, to) — points for a step or a conversion jump
    (the jumped point is the midpoint), triangles for a King move. The other fields are
    derived, kept for speed; ``text`` is the canonical text without the ``=N`` and ``#``
    marks, which depend on the position (so the repr stays the dataclass's)."""

    kind: int
    frm: int
    to: int
    text: str = field(compare=False, repr=False)
    fbit: int = field(default=0, compare=False, repr=False)
    tbit: int = field(default=0, compare=False, repr=False)
    mid: int = field(default=-1, compare=False, repr=False)
    mbit: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Position:
    """A position: bitboards (bit i = point ``POINT_NAMES[i]``) of each side's Soldiers and
    Knights together, of all Knights, the side to move, the Kings' triangles, and the move
    number (it goes up after each Red move). It prints as its position text."""

    yellow: int
    red: int
    knights: int
    side: int
    yellow_king: int
    red_king: int
    number: int = 1

    def men(self, side: int) -> int:
        """The points of ``side``'s Soldiers and Knights."""
        return self.red if side else self.yellow

    def king(self, side: int) -> int:
        """The triangle of ``side``'s King."""
        return self.red_king if side else self.yellow_king

    def __repr__(self) -> str:
        return format_position(self)


class UnfrozenPosition:
    """A twin of ``Position`` with the very same slots but no frozen ``__setattr__``:
    ``fast_position`` and ``play.apply`` fill one with plain attribute stores and then
    turn it into a ``Position`` (CPython allows ``__class__`` assignment between classes of
    one layout). Never hand one out before its class is ``Position``."""

    __slots__ = Position.__slots__


def fast_position(yellow: int, red: int, knights: int, side: int, yellow_king: int,
                  red_king: int, number: int) -> Position:
    """``Position(...)`` without the frozen-dataclass ``__init__``, which assigns every field
    through ``object.__setattr__`` and so costs over half of ``apply``. Filling the slots of
    a mutable twin and then giving it the class ``Position`` is over twice as fast again
    as setting them through the slot descriptors, and gives the very same (equal,
    hashable, immutable) value: the object is a ``Position`` like any other."""
    pos = UnfrozenPosition()
    pos.yellow = yellow
    pos.red = red
    pos.knights = knights
    pos.side = side
    pos.yellow_king = yellow_king
    pos.red_king = red_king
    pos.number = number
    pos.__class__ = Position  # type: ignore[assignment]
    return pos  # type: ignore[return-value]


# ======================================================================================
# Names of points and triangles
# ======================================================================================

_DIGITS = "0123456789"


def _split_name(text: str, letters: int, what: str) -> tuple[str, int] | None:
    """Split 'cd11' into ('cd', 11) when it has ``letters`` file letters and a number
    without leading zero; None otherwise."""
    head, tail = text[:letters], text[letters:]
    if len(head) != letters or any(c not in FILES for c in head):
        return None
    if not tail or len(tail) > 2 or any(c not in _DIGITS for c in tail) or tail[0] == "0":
        return None
    return head, parse_number(tail, field=what, low=1, high=99)


def read_point(text: str, what: str) -> int:
    """The point named ``text``; ``what`` names the field for the error."""
    if text in POINT_INDEX:
        return POINT_INDEX[text]
    parts = _split_name(text, 1, what)
    if parts is None:
        raise NotationError(f"'{text}' is not a point name; points are a file a–g and a "
                            "rank 1–13, e.g. c2", field=what)
    f = FILES.index(parts[0])
    if f % 2:
        raise NotationError(f"{text} is not a point: file {parts[0]} has the odd ranks 1–13",
                            field=what)
    raise NotationError(f"{text} is not a point: file {parts[0]} has the even ranks 2–12",
                        field=what)


def read_triangle(text: str, what: str) -> int:
    """The triangle named ``text``; ``what`` names the field for the error."""
    if text in TRIANGLE_INDEX:
        return TRIANGLE_INDEX[text]
    parts = _split_name(text, 2, what)
    if parts is None:
        raise NotationError(f"'{text}' is not a triangle name; triangles are two "
                            "neighbouring files and a row 1–11, e.g. cd1", field=what)
    files, row = parts
    if FILES.index(files[1]) != FILES.index(files[0]) + 1:
        raise NotationError(f"'{text}' is not a triangle: name two neighbouring files, "
                            "left one first (ab, bc, … fg)", field=what)
    raise NotationError(f"'{text}' is not a triangle: rows go from 1 to 11", field=what)


# ======================================================================================
# Position text (§2.1.7)
# ======================================================================================

_FIELD_NAMES = ("points", "side", "Yellow king", "Red king", "move number")
_SHAPE = "a position is '<points> <side> <yellow king> <red king> [<move number>]'"
#: the rules set no upper limit on the move number (§2.1.7); Python reads whole numbers of
#: at most 4,300 digits, so reading stops there
MOVE_NUMBER_DIGITS = 4300
_MOVE_NUMBER_LIMIT = 10**MOVE_NUMBER_DIGITS - 1


def _letter(pos: Position, bit: int) -> str:
    """The letter of the piece on a point, or '' when it is empty."""
    if pos.yellow & bit:
        return "N" if pos.knights & bit else "S"
    if pos.red & bit:
        return "n" if pos.knights & bit else "s"
    return ""


def format_position(pos: Position) -> str:
    """The canonical position text."""
    rows = []
    for rank in range(RANKS, 0, -1):
        rows.append(compress_empty(
            (_letter(pos, 1 << point_index(f, rank)) for f in range(7) if has_point(f, rank)),
            ""))
    return (f"{'/'.join(rows)} {SIDE_LETTERS[pos.side]} {TRIANGLE_NAMES[pos.yellow_king]} "
            f"{TRIANGLE_NAMES[pos.red_king]} {pos.number}")


def parse_position(text: str) -> Position:
    """Read position text; a NotationError names the field (and column) that is wrong."""
    tokens = [(f.column - 1, f.text) for f in split_fields(text)]
    if len(tokens) < 4:
        missing = _FIELD_NAMES[len(tokens)]
        raise NotationError(f"the {missing} field is missing; {_SHAPE}",
                            field=missing, column=len(text.rstrip()) + 1)
    if len(tokens) > 5:
        raise NotationError(f"too many fields; {_SHAPE}",
                            field="position", column=tokens[5][0] + 1)
    yellow, red, knights = _read_points(*tokens[0])
    side = _read_side(*tokens[1])
    kings = [_read_king(who, *tokens[2 + who]) for who in (YELLOW, RED)]
    number = _read_move_number(*tokens[4]) if len(tokens) == 5 else 1
    pos = Position(yellow, red, knights, side, kings[0], kings[1], number)
    _refuse_finished(pos, tokens[3 - side][0])
    return pos


class _Row(NamedTuple):
    """One row of the points field: its rank, the files of its points and where it starts
    (0-based column in the whole text)."""

    rank: int
    files: tuple[int, ...]
    start: int

    @property
    def field(self) -> str:
        return f"rank {self.rank}"

    def too_many(self, column: int) -> NotationError:
        spelled = ", ".join(FILES[f] for f in self.files)
        return NotationError(f"rank {self.rank} has only {len(self.files)} points ({spelled}); "
                             "this row describes more", field=self.field, column=column)


def _read_points(col0: int, field_text: str) -> tuple[int, int, int]:
    """The 13 rows of the points field, rank 13 first: Yellow, Red and Knight bitboards."""
    rows = field_text.split("/")
    if len(rows) != RANKS:
        where = col0 + 1
        if len(rows) > RANKS:
            where = col0 + 1 + sum(len(r) + 1 for r in rows[:RANKS]) - 1
        raise NotationError(f"the points field has {len(rows)} rows; it needs 13, one per "
                            "rank from 13 down to 1, separated by '/'",
                            field="points", column=where)
    yellow = red = knights = 0
    col = col0
    for k, text in enumerate(rows):
        rank = RANKS - k
        row = _Row(rank, tuple(f for f in range(7) if has_point(f, rank)), col)
        y, r, n = _read_row(row, text)
        yellow, red, knights = yellow | y, red | r, knights | n
        col += len(text) + 1
    return yellow, red, knights


def _read_row(row: _Row, text: str) -> tuple[int, int, int]:
    """One rank of the points field: its Yellow, Red and Knight bitboards."""
    yellow = red = knights = 0
    expect = len(row.files)
    count = 0
    for token in expand_empty(text, field=row.field, column=row.start + 1, limit=expect):
        here = row.start + token.offset + 1
        if token.run:
            if count + token.run > expect:
                raise row.too_many(here)
            count += token.run
            continue
        if count >= expect and token.symbol in "SNsn":
            raise row.too_many(here)
        bit = 1 << point_index(row.files[count], row.rank) if count < expect else 0
        c = _piece_letter(token.symbol, bit, row.field, here)
        if c in "SN":
            yellow |= bit
        else:
            red |= bit
        if c in "Nn":
            knights |= bit
        count += 1
    if count < expect:
        spelled = ", ".join(FILES[f] for f in row.files)
        raise NotationError(f"rank {row.rank} describes {count} points; it has {expect} "
                            f"({spelled})", field=row.field, column=row.start + len(text) + 1)
    return yellow, red, knights


def _piece_letter(c: str, bit: int, what: str, here: int) -> str:
    """Check one piece letter of the points field standing on ``bit``."""
    if c not in "SNsn":
        raise NotationError(f"unknown character '{c}'; use S N (Yellow), s n (Red) "
                            "or a number of empty points", field=what, column=here)
    if c in "Ss" and bit & SHIELD_MASKS[YELLOW if c == "S" else RED]:
        owner = "Yellow" if c == "S" else "Red"
        raise NotationError(
            f"a {owner} soldier on its own shield {POINT_NAMES[bit.bit_length() - 1]} would "
            f"already be a knight; write {'N' if c == 'S' else 'n'}", field=what, column=here)
    return c


def _read_side(col: int, word: str) -> int:
    if word not in SIDE_LETTERS:
        raise NotationError(f"'{word}' is not a side; write y (Yellow) or r (Red)",
                            field="side", column=col + 1)
    return SIDE_LETTERS.index(word)


def _read_king(who: int, col: int, word: str) -> int:
    """The triangle of ``who``'s King, which must lie in its own Castle."""
    what = f"{SIDE_NAMES[who]} king"
    try:
        t = read_triangle(word, what)
    except NotationError as exc:
        raise NotationError(exc.reason, field=what, column=col + 1) from None
    if t not in CASTLE_SETS[who]:
        raise NotationError(
            f"{SIDE_NAMES[who]}'s king stands on {word}, outside its castle "
            f"({', '.join(CASTLES[who])})", field=what, column=col + 1)
    return t


def _read_move_number(col: int, word: str) -> int:
    """A whole number from 1, without leading zero, of any size Python can read."""
    if not word or any(c not in _DIGITS for c in word) or word[0] == "0":
        raise NotationError(f"'{word}' is not a move number; write a whole number "
                            "from 1 (no leading zero)", field="move number", column=col + 1)
    if len(word) > MOVE_NUMBER_DIGITS:
        # parse_number would refuse it too, but would print its whole 4,300-digit bound
        raise NotationError(f"the move number has {len(word)} digits; at most "
                            f"{MOVE_NUMBER_DIGITS} are read", field="move number",
                            column=col + 1)
    return parse_number(word, field="move number", column=col + 1, low=1,
                        high=_MOVE_NUMBER_LIMIT)


def _refuse_finished(pos: Position, king_col: int) -> None:
    """The side not to move cannot have its King trapped already (all three corners of its
    triangle held by enemy men, R8; :func:`.play.is_trapped`): the game would have ended
    before this position. ``king_col`` is where that King's field starts."""
    other = 1 - pos.side
    corners = TRIANGLE_MASK[pos.king(other)]
    if pos.men(pos.side) & corners == corners:
        raise NotationError(
            f"{SIDE_NAMES[other]}'s king on {TRIANGLE_NAMES[pos.king(other)]} is already "
            f"trapped, yet {SIDE_NAMES[pos.side]} is to move: the game would have ended",
            field=f"{SIDE_NAMES[other]} king", column=king_col + 1)


# ======================================================================================
# Move text (§2.1.8)
# ======================================================================================

PROMOTION_MARK = "=N"
TRAP_MARK = "#"


class WrittenMove(NamedTuple):
    """A move as written: (kind, from, to) and the marks it carries. ``raw`` is the text
    without surrounding whitespace, for messages."""

    kind: int
    frm: int
    to: int
    promotes: bool
    traps: bool
    raw: str


def write_move(move: Move, *, promotes: bool, traps: bool) -> str:
    """The canonical move text: the move's own text and the marks that apply."""
    return move.text + (PROMOTION_MARK if promotes else "") + (TRAP_MARK if traps else "")


def read_move(text: str) -> WrittenMove:
    """Read move text for its form only (point and triangle names, separators, marks)."""
    if not isinstance(text, str):
        raise NotationError("a move is text, e.g. c2-c4")
    raw = text.strip()
    body = raw
    trap_mark = body.endswith(TRAP_MARK)
    if trap_mark:
        body = body[:-1]
    promo_mark = body.endswith(PROMOTION_MARK)
    if promo_mark:
        body = body[:-2]
    if not body:
        raise NotationError(f"'{raw}' is not a move; write e.g. c2-c4, b3xb7 or Kcd1-de1")
    if body.startswith("K"):
        a, sep, b = body[1:].partition("-")
        if not sep:
            raise NotationError(f"'{raw}' is not a king move; write it like Kcd1-de1 "
                                "(a king never jumps)")
        return WrittenMove(KING, read_triangle(a, "move"), read_triangle(b, "move"),
                           promo_mark, trap_mark, raw)
    sep = "x" if "x" in body else "-"
    a, found, b = body.partition(sep)
    if not found:
        raise NotationError(f"'{raw}' is not a move; write a step like c2-c4, a "
                            "conversion like b3xb7 or a king move like Kcd1-de1")
    return WrittenMove(STEP if sep == "-" else JUMP, read_point(a, "move"),
                       read_point(b, "move"), promo_mark, trap_mark, raw)
