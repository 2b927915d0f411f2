"""Ordo's values and their text: the board's size, squares and their names, the
``Position`` and ``Move`` values, and reading and writing position text and move text
(CLARIFICATIONS §2.4.7–8). Nothing here knows which moves are legal: that is
:mod:`.play`.

Representation. A square is the integer ``rank * 16 + file`` (``a1`` = 0, ``b1`` = 1,
``a2`` = 16). A side's pieces are one Python int used as a bit set over those squares
(a *bitboard*). The 16-wide stride leaves unused "guard" columns to the east of the board,
so shifting a bit set by one file never wraps a piece onto the next rank: the flood fill
that tests connection is then a handful of shifts and ANDs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ogames.core.errors import NotationError
from ogames.core.notation import Field, compress_empty, expand_empty, parse_number, split_fields

from .about import SIDES, VARIANTS

#: The variants, first = default, with their board widths (CLARIFICATIONS §2.4.1).
VARIANT_WIDTHS: dict[str, int] = dict(zip(VARIANTS, (10, 8), strict=True))

#: Most pieces a side may have on each board width (= its start count).
MAX_PIECES: dict[int, int] = {10: 20, 8: 16}

RANKS = 8
STRIDE = 16  # bits per rank in a bitboard; files beyond the width are always empty
SIDE_LETTERS = ("w", "b")
PIECE_LETTERS = ("W", "B")
FILES = "abcdefghij"

# ----- squares ---------------------------------------------------------------------------------


def square(file: int, rank: int) -> int:
    """The square index of a 0-based file and rank."""
    return rank * STRIDE + file


def file_of(sq: int) -> int:
    return sq % STRIDE


def rank_of(sq: int) -> int:
    return sq // STRIDE


def square_name(sq: int) -> str:
    return f"{FILES[file_of(sq)]}{rank_of(sq) + 1}"


def square_of_name(name: str) -> int:
    """The square of a name such as ``c2`` (a name from this package's own tables)."""
    rank = parse_number(name[1:], field="square", low=1, high=RANKS)
    return square(FILES.index(name[0]), rank - 1)


# ----- positions and moves -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A position: board width (8 or 10), each side's pieces as a bit set, side to move.

    Whether the side to move is split follows from its pieces, so it is not stored.
    """

    width: int
    white: int
    black: int
    turn: int  # 0 = White to move, 1 = Black

    def pieces(self, side: int) -> int:
        return self.black if side else self.white

    def occupant(self, sq: int) -> int | None:
        """The side with a piece on ``sq``, or None."""
        bit = 1 << sq
        if self.white & bit:
            return 0
        if self.black & bit:
            return 1
        return None

    def __repr__(self) -> str:
        return format_position(self)


@dataclass(frozen=True, slots=True)
class Move:
    """A singleton move ``frm`` → ``to`` (``last`` is None), or an ordo move.

    For an ordo move ``frm`` is the run's west end (horizontal run) or south end
    (vertical run), ``last`` its other end and ``to`` the square where ``frm`` lands;
    every piece of the run moves by the same offset. Whether a singleton captures is a
    fact of the position, not of the move.
    """

    frm: int
    to: int
    last: int | None = None

    @property
    def is_ordo(self) -> bool:
        return self.last is not None


# ----- position text -----------------------------------------------------------------------


def format_position(pos: Position) -> str:
    """Ranks 8 to 1 separated by '/', each west to east (``W``, ``B``, a number of empty
    squares), then the side to move."""
    ranks = []
    for r in range(RANKS - 1, -1, -1):
        symbols = []
        for f in range(pos.width):
            who = pos.occupant(square(f, r))
            symbols.append("." if who is None else PIECE_LETTERS[who])
        ranks.append(compress_empty(symbols, "."))
    return "/".join(ranks) + " " + SIDE_LETTERS[pos.turn]


def parse_position(text: str, wanted: int | None = None) -> Position:
    """The position a text writes, on a board ``wanted`` squares wide (None: the width the
    ranks show). Checks the lexical rules and the piece counts; whether a game can reach
    the position is :func:`.play.unreachable_reason`'s question."""
    board, side = _position_fields(text)
    rows = board.text.split("/")
    if len(rows) != RANKS:
        raise NotationError(f"the board has {len(rows)} ranks; it needs {RANKS} "
                            "separated by '/'", field="board", column=board.column)
    white = black = 0
    width = wanted
    counts = [0, 0]
    col = board.column
    for i, row in enumerate(rows):
        rank = RANKS - 1 - i
        read = _read_rank(row, rank, col, width)
        white |= read.white
        black |= read.black
        counts[0] += read.counts[0]
        counts[1] += read.counts[1]
        width = _check_rank_width(read, rank, width, col)
        col += len(row) + 1
    if side.text not in SIDE_LETTERS:
        raise NotationError(f"the side to move must be w or b, not '{side.text}'",
                            field="side", column=side.column)
    assert width is not None  # there are RANKS ranks, and each has a width
    _check_piece_counts(counts, width, board.column)
    return Position(width, white, black, SIDE_LETTERS.index(side.text))


def _position_fields(text: str) -> tuple[Field, Field]:
    """The board field and the side field of a position text."""
    fields = split_fields(text)
    if not fields:
        raise NotationError("the position is empty; expected the board and the side to move",
                            field="board", column=1)
    if len(fields) == 1:
        raise NotationError("the side to move is missing (w or b after the board)",
                            field="side", column=len(text.rstrip()) + 1)
    if len(fields) > 2:
        raise NotationError("unexpected text after the side to move", field="position",
                            column=fields[2].column)
    return fields[0], fields[1]


@dataclass(frozen=True, slots=True)
class _Rank:
    """One rank as read: its pieces, their count per side, its number of squares and the
    column of the first token that ran past the board's width (None: none did)."""

    white: int
    black: int
    counts: tuple[int, int]
    squares: int
    overflow: int | None


def _read_rank(row: str, rank: int, col: int, width: int | None) -> _Rank:
    """The pieces of one rank's text (``col``: its column in the whole text) on a board
    ``width`` squares wide (None: not known yet)."""
    field = f"rank {rank + 1}"
    widest = max(MAX_PIECES)
    white = black = 0
    counts = [0, 0]
    f = 0
    overflow = None  # column of the first token that runs past the width
    for token in expand_empty(row, field=field, column=col, limit=width or widest):
        at = col + token.offset
        if token.run:
            f += token.run
        elif token.symbol in PIECE_LETTERS:
            who = PIECE_LETTERS.index(token.symbol)
            counts[who] += 1
            if f < STRIDE:
                bit = 1 << square(f, rank)
                if who:
                    black |= bit
                else:
                    white |= bit
            f += 1
        else:
            raise NotationError(f"unexpected character '{token.symbol}'; use W, B "
                                "or a number of empty squares", field=field, column=at)
        if overflow is None and f > (width or widest):
            overflow = at
    return _Rank(white, black, (counts[0], counts[1]), f, overflow)


def _check_rank_width(read: _Rank, rank: int, width: int | None, col: int) -> int:
    """The board width after this rank: the first rank sets it (when no variant did),
    every other rank must agree."""
    field = f"rank {rank + 1}"
    if width is None:
        if read.squares not in MAX_PIECES:
            raise NotationError(f"rank {rank + 1} has {read.squares} squares; the board is "
                                "10 or 8 squares wide", field=field,
                                column=read.overflow or col)
        return read.squares
    if read.squares != width:
        raise NotationError(f"rank {rank + 1} has {read.squares} squares; each rank has "
                            f"{width}", field=field, column=read.overflow or col)
    return width


def _check_piece_counts(counts: list[int], width: int, column: int) -> None:
    """No side has more pieces than it starts with."""
    limit = MAX_PIECES[width]
    for who in (0, 1):
        if counts[who] > limit:
            raise NotationError(f"{SIDES[who]} has {counts[who]} pieces; at most {limit} on "
                                f"a board {width} squares wide", field="board",
                                column=column)


# ----- move text -------------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([a-z])([0-9]+)(?::([a-z])([0-9]+))?([-x])([a-z])([0-9]+)")


def move_text(pos: Position, move: Move) -> str:
    """``c2-c5`` or ``c2xd3`` (a singleton: ``x`` when it lands on an enemy piece), or
    ``c2:d2-c4`` (an ordo: its two ends, then where the first lands)."""
    if move.last is not None:
        return (f"{square_name(move.frm)}:{square_name(move.last)}-"
                f"{square_name(move.to)}")
    sep = "x" if pos.occupant(move.to) == 1 - pos.turn else "-"
    return f"{square_name(move.frm)}{sep}{square_name(move.to)}"


@dataclass(frozen=True, slots=True)
class WrittenMove:
    """A move as the player wrote it: read, but not yet judged against the position."""

    text: str  # the move text without surrounding whitespace
    frm: int  # the first square written
    other_end: int | None  # an ordo's other end as written; None for a singleton
    capture: bool  # written with 'x'
    to: int  # where the first square written lands


def read_move(width: int, text: str) -> WrittenMove:
    """The squares of a move text on a board ``width`` squares wide, or NotationError."""
    stripped = text.strip()
    m = _MOVE_RE.fullmatch(stripped)
    if m is None:
        raise NotationError(f"'{stripped}' is not an Ordo move; write e.g. c2-c5, c2xd3 or "
                            "c2:d2-c4", field="move")
    a = _parse_square(width, m[1], m[2], stripped)
    b = _parse_square(width, m[3], m[4], stripped) if m[3] else None
    capture = m[5] == "x"
    to = _parse_square(width, m[6], m[7], stripped)
    if b is not None and capture:
        raise NotationError(f"'{stripped}': an ordo move is written with '-' (an ordo never "
                            "captures)", field="move")
    return WrittenMove(stripped, a, b, capture, to)


def _parse_square(width: int, letter: str, digits: str, text: str) -> int:
    """A square of the board from its file letter and rank digits, or NotationError."""
    name = letter + digits
    file = FILES.find(letter)
    if file < 0 or file >= width:
        raise NotationError(f"'{text}': {name} is off the board (files a–{FILES[width - 1]})",
                            field="move")
    try:
        rank = parse_number(digits, field="move", low=1, high=RANKS)
    except NotationError:
        raise NotationError(f"'{text}': {name} is off the board (ranks 1–{RANKS})",
                            field="move") from None
    return square(file, rank - 1)
