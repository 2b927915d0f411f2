"""Ordo, by Dieter Stein (rules of 15 January 2009), on 10×8 and on 8×8.

The game in a nutshell (CLARIFICATIONS §2.4 is the specification):

* White (bottom, moves first) and Black each have one **group** of pieces. A group is
  connected when every piece can be reached from every other through neighbours in the
  8 directions. After *every* move, the mover's pieces must form one connected group.
* A **singleton move** slides one piece any number of empty squares forward (straight or
  diagonally) or sideways. It may stop on the first enemy piece in its line and capture it.
* An **ordo** is a row of two or more of your pieces on consecutive squares of one rank or
  one file (any contiguous part of a longer row counts). A horizontal ordo slides forward,
  a vertical ordo slides sideways, all pieces the same distance over empty squares. An
  ordo never captures.
* A capture can **split** the victim's group. A split player must reconnect at once, and
  may then also move backward (singletons in the three backward directions, horizontal
  ordos backward). A split player with no reconnecting move loses.
* Reaching the opponent's home row wins; so does taking the opponent's last piece.

Representation. A square is the integer ``rank * 16 + file`` (``a1`` = 0, ``b1`` = 1,
``a2`` = 16). A side's pieces are one Python int used as a bit set over those squares
(a *bitboard*). The 16-wide stride leaves unused "guard" columns to the east of the board,
so shifting a bit set by one file never wraps a piece onto the next rank: the flood fill
that tests connection is then a handful of shifts and ANDs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ogames.core.board import BoardLayout, CellSpec, CellView, Pick, cell
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from .teaching import ENDINGS

# ----- data tables -----------------------------------------------------------------------

#: The variants, first = default, with their board widths (CLARIFICATIONS §2.4.1).
VARIANT_WIDTHS: dict[str, int] = {"10x8": 10, "8x8": 8}

#: White's start squares per variant (CLARIFICATIONS §2.4.2). Black's start is White's
#: mirrored across the middle of the board (rank r ↔ rank 9 − r, same file).
WHITE_START: dict[str, tuple[str, ...]] = {
    "10x8": ("c1", "d1", "g1", "h1",
             "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2",
             "a3", "b3", "e3", "f3", "i3", "j3"),
    "8x8": ("b1", "c1", "f1", "g1",
            "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
            "a3", "d3", "e3", "h3"),
}

#: Most pieces a side may have on each board width (= its start count).
MAX_PIECES: dict[int, int] = {10: 20, 8: 16}

RANKS = 8
STRIDE = 16  # bits per rank in a bitboard; files beyond the width are always empty
SIDES = ("White", "Black")
SIDE_LETTERS = ("w", "b")
PIECE_LETTERS = ("W", "B")
FILES = "abcdefghij"
#: forward, as a change of rank, per side (White up, Black down)
FORWARD = (1, -1)
#: the rank a side must reach (the opponent's home row)
GOAL_RANK = (RANKS - 1, 0)

# ----- squares and bit sets ----------------------------------------------------------------


def square(file: int, rank: int) -> int:
    """The square index of a 0-based file and rank."""
    return rank * STRIDE + file


def file_of(sq: int) -> int:
    return sq % STRIDE


def rank_of(sq: int) -> int:
    return sq // STRIDE


def square_name(sq: int) -> str:
    return f"{FILES[file_of(sq)]}{rank_of(sq) + 1}"


def squares_of(bits: int) -> list[int]:
    """The squares of a bit set, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def grow(bits: int) -> int:
    """``bits`` plus all 8 neighbours of each square (guard columns absorb the wrap)."""
    h = bits | (bits << 1) | (bits >> 1)
    return h | (h << STRIDE) | (h >> STRIDE)


def components(bits: int) -> list[int]:
    """The connected parts (8-neighbourhood) of a set of squares, as bit sets.

    A flood fill from the lowest square: grow the part, keep only squares of the set,
    repeat until nothing new is reached; then start again from what is left.
    """
    parts = []
    while bits:
        part = bits & -bits
        while True:
            h = part | (part << 1) | (part >> 1)
            h = (h | (h << STRIDE) | (h >> STRIDE)) & bits
            if h == part:
                break
            part = h
        parts.append(part)
        bits ^= part
    return parts


def is_connected(bits: int) -> bool:
    """True when the squares form one group (an empty set counts as connected)."""
    if not bits:
        return True
    part = bits & -bits
    while True:
        h = part | (part << 1) | (part >> 1)
        h = (h | (h << STRIDE) | (h >> STRIDE)) & bits
        if h == part:
            return h == bits
        part = h


def run_mask(first: int, last: int) -> int:
    """The squares of the straight row from ``first`` to ``last`` (same rank or file)."""
    lo, hi = min(first, last), max(first, last)
    if rank_of(lo) == rank_of(hi):
        return (1 << (hi + 1)) - (1 << lo)
    bits = 0
    for sq in range(lo, hi + 1, STRIDE):
        bits |= 1 << sq
    return bits


def shifted(bits: int, delta: int) -> int:
    """Every square of ``bits`` moved by ``delta`` square indices."""
    return bits << delta if delta >= 0 else bits >> -delta


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


# ----- board geometry, precomputed once per width ------------------------------------------

# The eight directions as (file step, rank step), and the three groups a side may use.
_ALL_DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def _allowed_directions(side: int, split: bool) -> tuple[tuple[int, int], ...]:
    """Forward and sideways always; backward only when the side is split."""
    fwd = FORWARD[side]
    return tuple(d for d in _ALL_DIRECTIONS if d[1] * fwd >= 0 or split)


class _Geometry:
    """Everything about one board width that never changes: computed at import time."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.squares = tuple(square(f, r) for r in range(RANKS) for f in range(width))
        self.board = sum(1 << sq for sq in self.squares)
        self.neighbours = [0] * (RANKS * STRIDE)
        for sq in self.squares:
            self.neighbours[sq] = grow(1 << sq) & self.board & ~(1 << sq)
        self.goal = tuple(sum(1 << square(f, GOAL_RANK[s]) for f in range(width))
                          for s in (0, 1))
        # room[step][square]: how many steps of that offset fit before the edge
        self.room = {step: [0] * (RANKS * STRIDE) for step in (1, -1, STRIDE, -STRIDE)}
        for sq in self.squares:
            f, r = file_of(sq), rank_of(sq)
            self.room[1][sq], self.room[-1][sq] = width - 1 - f, f
            self.room[STRIDE][sq], self.room[-STRIDE][sq] = RANKS - 1 - r, r
        # rays[side][split][square] = tuple of rays; a ray is a tuple of
        # (target bit, target's neighbours, the singleton Move) from near to far.
        self.rays = tuple(tuple(self._rays(side, split) for split in (False, True))
                          for side in (0, 1))

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.width and 0 <= rank < RANKS

    def _rays(self, side: int, split: bool) -> list[tuple]:
        table: list[tuple] = [()] * (RANKS * STRIDE)
        for sq in self.squares:
            rays = []
            for df, dr in _allowed_directions(side, split):
                f, r, ray = file_of(sq) + df, rank_of(sq) + dr, []
                while self.on_board(f, r):
                    to = square(f, r)
                    ray.append((1 << to, self.neighbours[to], Move(sq, to)))
                    f, r = f + df, r + dr
                if ray:
                    rays.append(tuple(ray))
            table[sq] = tuple(rays)
        return table


GEOMETRY: dict[int, _Geometry] = {w: _Geometry(w) for w in VARIANT_WIDTHS.values()}

# ----- move generation -----------------------------------------------------------------------


def _singleton_moves(geo: _Geometry, own: int, enemy: int, side: int, split: bool,
                     out: list[Move]) -> None:
    """Slides and captures of single pieces that leave the mover's group whole.

    The piece leaves ``frm``; the rest of the group (``rest``) falls into parts. The move
    is legal exactly when the landing square touches every part. The parts are computed
    once per piece (lazily: blocked pieces need none), so each target costs one AND.
    """
    occupied = own | enemy
    rays = geo.rays[side][split]
    neighbours = geo.neighbours
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        frm = low.bit_length() - 1
        rest = own ^ low
        parts: list[int] | None = None
        whole = 0  # the rest when it is one part
        for ray in rays[frm]:
            for tbit, touch, move in ray:
                if tbit & own:
                    break
                if parts is None:
                    if not split and is_connected(neighbours[frm] & rest):
                        # in a whole group, a piece whose neighbours touch one another
                        # holds nothing together: the rest stays one part, no flood fill
                        parts = [rest] if rest else []
                    else:
                        parts = components(rest)
                    whole = parts[0] if len(parts) == 1 else 0
                if whole:
                    if touch & whole:
                        out.append(move)
                elif all(touch & p for p in parts):
                    out.append(move)
                if tbit & occupied:
                    break  # a capture ends the ray


def _ordo_moves(geo: _Geometry, own: int, enemy: int, side: int, split: bool,
                out: list[Move]) -> None:
    """Every contiguous row of ≥ 2 own pieces that can slide at least one step:
    horizontal rows forward (and backward when split), vertical rows east and west.

    For each slide direction, only pieces whose next square that way is empty can take
    part, so the rows are looked for among those pieces alone.
    """
    empty = geo.board & ~(own | enemy)
    fwd = FORWARD[side] * STRIDE
    # (slide step, step along the row) as square offsets
    kinds = [(fwd, 1), (1, STRIDE), (-1, STRIDE)]
    if split:
        kinds.append((-fwd, 1))
    parts_of: dict[int, list[int]] = {}
    for step, along in kinds:
        room = geo.room[step]
        movable = own & shifted(empty, -step)
        for first in squares_of(movable & (movable >> along)):
            last = first + along
            run = (1 << first) | (1 << last)
            while True:
                parts = parts_of.get(run)
                if parts is None:
                    parts = parts_of[run] = components(own & ~run)
                moved = run
                for d in range(1, room[first] + 1):
                    moved = shifted(moved, step)
                    if moved & ~empty:
                        break
                    reach = grow(moved)
                    if all(reach & p for p in parts):
                        out.append(Move(first, first + d * step, last))
                if not movable >> (last + along) & 1:
                    break
                last += along
                run |= 1 << last


def generate_moves(pos: Position) -> list[Move]:
    """All legal moves of ``pos`` (none when the game is over), in no particular order."""
    side = pos.turn
    own, enemy = (pos.black, pos.white) if side else (pos.white, pos.black)
    geo = GEOMETRY[pos.width]
    if not own or enemy & geo.goal[1 - side]:
        return []
    split = not is_connected(own)
    out: list[Move] = []
    _singleton_moves(geo, own, enemy, side, split, out)
    _ordo_moves(geo, own, enemy, side, split, out)
    return out


def is_split(pos: Position, side: int | None = None) -> bool:
    """True when ``side`` (default: the side to move) has more than one group."""
    return not is_connected(pos.pieces(pos.turn if side is None else side))


# ----- why a move is refused (shared by parse_move and explain) ------------------------------


def _connection_refusal(own_after: int, split: bool) -> str | None:
    if is_connected(own_after):
        return None
    if split:
        return "that would leave your group split: the move must reconnect it"
    return "that would split your group"


def _occupant(pos: Position, sq: int) -> int | None:
    """The side with a piece on ``sq``, or None."""
    bit = 1 << sq
    if pos.white & bit:
        return 0
    if pos.black & bit:
        return 1
    return None


def singleton_refusal(pos: Position, frm: int, to: int) -> str | None:
    """Why the single piece on ``frm`` may not move to ``to`` (None: it may)."""
    side = pos.turn
    who = _occupant(pos, frm)
    if who is None:
        return f"there is no piece on {square_name(frm)}"
    if who != side:
        return "that is not your piece"
    if to == frm:
        return "a piece must move at least one square"
    df, dr = file_of(to) - file_of(frm), rank_of(to) - rank_of(frm)
    if df and dr and abs(df) != abs(dr):
        return "a piece moves in a straight line, orthogonally or diagonally"
    own = pos.pieces(side)
    split = not is_connected(own)
    if dr * FORWARD[side] < 0 and not split:
        return "a single piece moves forward or sideways (backward only to reconnect)"
    n = max(abs(df), abs(dr))
    step = (df // n if df else 0) + (dr // n if dr else 0) * STRIDE
    occupied = pos.white | pos.black
    for k in range(1, n):
        if occupied >> (frm + k * step) & 1:
            return "pieces cannot pass through other pieces"
    if own >> to & 1:
        return "a piece cannot land on your own piece"
    return _connection_refusal(own ^ (1 << frm) | (1 << to), split)


def ordo_row_refusal(pos: Position, a: int, b: int) -> str | None:
    """Why ``a``…``b`` is not an ordo of the side to move (None: it is one)."""
    side = pos.turn
    if _occupant(pos, b) != side:
        return "an ordo is a row of your own pieces; select a piece to move it alone"
    if a == b:
        return "select the other end of the row"
    if rank_of(a) != rank_of(b) and file_of(a) != file_of(b):
        return "an ordo is a straight row along a rank or a file"
    own = pos.pieces(side)
    for sq in squares_of(run_mask(a, b)):
        if not own >> sq & 1:
            what = "empty" if _occupant(pos, sq) is None else "an enemy piece"
            return f"an ordo is an unbroken row of your pieces ({square_name(sq)} is {what})"
    return None


def ordo_refusal(pos: Position, a: int, b: int, land: int) -> str | None:
    """Why the ordo from end ``a`` to end ``b`` may not move so that ``a`` lands on
    ``land`` (None: it may)."""
    side = pos.turn
    if _occupant(pos, a) != side:
        return "that is not your piece" if _occupant(pos, a) is not None else \
            f"there is no piece on {square_name(a)}"
    reason = ordo_row_refusal(pos, a, b)
    if reason:
        return reason
    df, dr = file_of(land) - file_of(a), rank_of(land) - rank_of(a)
    horizontal = rank_of(a) == rank_of(b)
    if df == 0 and dr == 0:
        return "the ordo must move at least one square"
    if df and dr:
        return "an ordo moves straight, never diagonally"
    own = pos.pieces(side)
    split = not is_connected(own)
    if horizontal:
        if df:
            return "a horizontal ordo moves forward only (backward only to reconnect)"
        if dr * FORWARD[side] < 0 and not split:
            return "an ordo moves backward only to reconnect a split group"
    elif dr:
        return "a vertical ordo moves sideways only: pieces may not move in single file"
    n = abs(df) + abs(dr)
    step = (df // n) + (dr // n) * STRIDE
    run = run_mask(a, b)
    occupied = pos.white | pos.black
    moved = run
    for k in range(1, n + 1):
        moved = shifted(moved, step)
        if moved & occupied:
            if k == n and not moved & own:
                return "an ordo never captures"
            return "pieces cannot pass through other pieces"
    return _connection_refusal((own & ~run) | moved, split)


# ----- notation ------------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([a-z])([0-9]+)(?::([a-z])([0-9]+))?([-x])([a-z])([0-9]+)")
_RANK_RE = re.compile(r"[WB]|[0-9]+")


def _parse_square(width: int, letter: str, digits: str, text: str) -> int:
    """A square of the board from its file letter and rank digits, or NotationError."""
    name = letter + digits
    file = FILES.find(letter)
    if file < 0 or file >= width:
        raise NotationError(f"'{text}': {name} is off the board (files a–{FILES[width - 1]})",
                            field="move")
    if len(digits) != 1 or not 1 <= int(digits) <= RANKS:
        raise NotationError(f"'{text}': {name} is off the board (ranks 1–{RANKS})",
                            field="move")
    return square(file, int(digits) - 1)


# ----- the engine ----------------------------------------------------------------------------


class OrdoRules(Rules):
    id = "ordo"
    name = "Ordo"
    aliases = ()
    description = "Dieter Stein's race to the far row with a group that must never split"
    variants = tuple(VARIANT_WIDTHS)
    uses_seed = False
    always_write_setup = False
    hidden_information = False
    repetition_limit = None
    endings = ENDINGS

    # ----- sides and variants ---------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        return SIDES

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("bright_white", "#f59e0b")

    def variant_of(self, pos: Position) -> str:
        return next(v for v, w in VARIANT_WIDTHS.items() if w == pos.width)

    # ----- positions ------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        variant = self.parse_variant(variant)
        width = VARIANT_WIDTHS[variant]
        white = black = 0
        for name in WHITE_START[variant]:
            f, r = FILES.index(name[0]), int(name[1:]) - 1
            white |= 1 << square(f, r)
            black |= 1 << square(f, RANKS - 1 - r)
        return Position(width, white, black, 0)

    def to_move(self, pos: Position) -> int:
        return pos.turn

    def format_position(self, pos: Position) -> str:
        ranks = []
        for r in range(RANKS - 1, -1, -1):
            text, empty = "", 0
            for f in range(pos.width):
                who = _occupant(pos, square(f, r))
                if who is None:
                    empty += 1
                    continue
                if empty:
                    text += str(empty)
                    empty = 0
                text += PIECE_LETTERS[who]
            if empty:
                text += str(empty)
            ranks.append(text)
        return "/".join(ranks) + " " + SIDE_LETTERS[pos.turn]

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        wanted = VARIANT_WIDTHS[self.parse_variant(variant)] if variant else None
        fields = split_fields(text)
        if not fields:
            raise NotationError("the position is empty; expected the board and the side to move",
                                field="board", column=1)
        if len(fields) == 1:
            raise NotationError("the side to move is missing (w or b after the board)",
                                field="side", column=len(text.rstrip()) + 1)
        if len(fields) > 2:
            raise NotationError("unexpected text after the side to move", field="position",
                                column=fields[2][1])
        (board, board_col), (side_text, side_col) = fields
        rows = board.split("/")
        if len(rows) != RANKS:
            raise NotationError(f"the board has {len(rows)} ranks; it needs {RANKS} "
                                "separated by '/'", field="board", column=board_col)
        white = black = 0
        width = wanted
        counts = [0, 0]
        col = board_col
        for i, row in enumerate(rows):
            rank = RANKS - 1 - i
            field = f"rank {rank + 1}"
            f = 0
            overflow = None  # column of the first token that runs past the width
            at_in_row = 0
            while at_in_row < len(row):
                m = _RANK_RE.match(row, at_in_row)
                at = col + at_in_row
                if m is None:
                    raise NotationError(f"unexpected character '{row[at_in_row]}'; use W, B "
                                        "or a number of empty squares", field=field, column=at)
                token = m.group()
                at_in_row = m.end()
                if token in PIECE_LETTERS:
                    who = PIECE_LETTERS.index(token)
                    counts[who] += 1
                    if f < STRIDE:
                        bit = 1 << square(f, rank)
                        if who:
                            black |= bit
                        else:
                            white |= bit
                    f += 1
                elif token.startswith("0"):
                    raise NotationError(f"'{token}' is not a count of empty squares (at "
                                        "least 1, no leading zero)", field=field, column=at)
                elif len(token) > 2:
                    raise NotationError(f"{token} empty squares do not fit on a rank",
                                        field=field, column=at)
                else:
                    f += int(token)
                if overflow is None and f > (width or max(MAX_PIECES)):
                    overflow = at
            if width is None:
                if f not in MAX_PIECES:
                    raise NotationError(f"rank {rank + 1} has {f} squares; the board is 10 or 8 "
                                        "squares wide", field=field, column=overflow or col)
                width = f
            elif f != width:
                raise NotationError(f"rank {rank + 1} has {f} squares; each rank has {width}",
                                    field=field, column=overflow or col)
            col += len(row) + 1
        if side_text not in SIDE_LETTERS:
            raise NotationError(f"the side to move must be w or b, not '{side_text}'",
                                field="side", column=side_col)
        turn = SIDE_LETTERS.index(side_text)
        limit = MAX_PIECES[width]
        for who in (0, 1):
            if counts[who] > limit:
                raise NotationError(f"{SIDES[who]} has {counts[who]} pieces; at most {limit} on "
                                    f"a board {width} squares wide", field="board",
                                    column=board_col)
        pos = Position(width, white, black, turn)
        self._check_reachable(pos, board_col)
        return pos

    def _check_reachable(self, pos: Position, column: int) -> None:
        """The validity principle: reject positions that no game can reach."""
        geo = GEOMETRY[pos.width]
        mover, other = pos.turn, 1 - pos.turn
        if pos.pieces(mover) & geo.goal[mover]:
            raise NotationError(f"{SIDES[mover]} is to move but already has a piece on rank "
                                f"{GOAL_RANK[mover] + 1}, its goal row (it would have won)",
                                field="board", column=column)
        if not pos.pieces(other):
            raise NotationError(f"{SIDES[other]} has no pieces, yet {SIDES[other]} has just "
                                "moved", field="board", column=column)
        if not is_connected(pos.pieces(other)):
            raise NotationError(f"{SIDES[other]} has just moved but is split; every move "
                                "must leave the mover's group connected",
                                field="board", column=column)

    # ----- moves ------------------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        return generate_moves(pos)

    def apply(self, pos: Position, move: Move) -> Position:
        white, black = pos.white, pos.black
        if move.last is None:
            gone, came = 1 << move.frm, 1 << move.to
        else:
            gone = run_mask(move.frm, move.last)
            came = shifted(gone, move.to - move.frm)
        if pos.turn:
            black = (black & ~gone) | came
            white &= ~came
        else:
            white = (white & ~gone) | came
            black &= ~came
        return Position(pos.width, white, black, 1 - pos.turn)

    def outcome(self, pos: Position) -> Outcome | None:
        mover, other = pos.turn, 1 - pos.turn
        if pos.pieces(other) & GEOMETRY[pos.width].goal[other]:
            return Outcome.win(other, 2, "goal")
        if not pos.pieces(mover):
            return Outcome.win(other, 2, "no pieces")
        if not generate_moves(pos):
            return Outcome.win(other, 2, "cannot reconnect")
        return None

    def move_text(self, pos: Position, move: Move) -> str:
        if move.last is not None:
            return (f"{square_name(move.frm)}:{square_name(move.last)}-"
                    f"{square_name(move.to)}")
        sep = "x" if _occupant(pos, move.to) == 1 - pos.turn else "-"
        return f"{square_name(move.frm)}{sep}{square_name(move.to)}"

    def parse_move(self, pos: Position, text: str) -> Move:
        stripped = text.strip()
        m = _MOVE_RE.fullmatch(stripped)
        if m is None:
            raise NotationError(f"'{stripped}' is not an Ordo move; write e.g. c2-c5, c2xd3 or "
                                "c2:d2-c4", field="move")
        a = _parse_square(pos.width, m[1], m[2], stripped)
        b = _parse_square(pos.width, m[3], m[4], stripped) if m[3] else None
        sep = m[5]
        to = _parse_square(pos.width, m[6], m[7], stripped)
        if b is not None and sep == "x":
            raise NotationError(f"'{stripped}': an ordo move is written with '-' (an ordo never "
                                "captures)", field="move")
        if self.outcome(pos) is not None:
            raise IllegalMoveError(f"{stripped}: the game is over")
        if b is None:
            reason = singleton_refusal(pos, a, to)
            if reason:
                raise IllegalMoveError(f"{stripped}: {reason}")
            captures = _occupant(pos, to) is not None
            if captures and sep == "-":
                raise IllegalMoveError(f"{stripped}: {square_name(to)} holds an enemy piece; "
                                       f"write {square_name(a)}x{square_name(to)} to capture it")
            if not captures and sep == "x":
                raise IllegalMoveError(f"{stripped}: {square_name(to)} is empty, there is "
                                       f"nothing to capture; write {square_name(a)}-"
                                       f"{square_name(to)}")
            return Move(a, to)
        reason = ordo_refusal(pos, a, b, to)
        if reason:
            raise IllegalMoveError(f"{stripped}: {reason}")
        first, last = min(a, b), max(a, b)
        return Move(first, to + (first - a), last)

    # ----- what the UI draws ----------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False) -> BoardLayout:
        """Checkered squares, file letters above and below, rank numbers left and right on
        the pieces' line. Full: squares of 6 columns × 3 lines (66 × 26 on 10×8). Compact:
        squares of 4 columns × 2 lines, about square on a terminal, with the piece on the
        top line and the ranks in a 2-column margin (44 × 18 on 10×8, 36 × 18 on 8×8).
        The background is letters, digits and spaces only, so ``ascii`` changes nothing."""
        return _layout(VARIANT_WIDTHS[self.parse_variant(variant)], flipped,
                       COMPACT_CELL if compact else FULL_CELL)

    def cell_views(self, pos: Position, viewer: int | None = None) -> dict[str, CellView]:
        views = {}
        for sq in GEOMETRY[pos.width].squares:
            who = _occupant(pos, sq)
            views[square_name(sq)] = _EMPTY_VIEW if who is None else _PIECE_VIEWS[who]
        return views

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        out = []
        for side in (0, 1):
            n = pos.pieces(side).bit_count()
            line = f"{n} piece" if n == 1 else f"{n} pieces"
            if n and is_split(pos, side):
                line += " · split"
            out.append(line)
        return tuple(out)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        frm, to = square_name(move.frm), square_name(move.to)
        if move.last is None:
            return ((cell(frm), cell(to)),)
        last = square_name(move.last)
        other_lands = square_name(move.last + move.to - move.frm)
        return ((cell(frm), cell(last), cell(to)), (cell(last), cell(frm), cell(other_lands)))

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        side = SIDES[pos.turn]
        if not picks:
            text = "select a piece, or the two ends of a row to move it as an ordo"
            if is_split(pos):
                return f"{side} is split: reconnect your group — backward moves are allowed; " + text
            return text
        if len(picks) == 1:
            return "select a target square, or the other end of a row"
        if len(picks) == 2:
            return f"select where {picks[0].key} lands; the whole row moves with it"
        return "the move is complete"

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        geo = GEOMETRY[pos.width]
        names = {square_name(sq): sq for sq in geo.squares}
        if pick.kind != "cell" or pick.key not in names or any(
                p.kind != "cell" or p.key not in names for p in picks):
            return "select a square of the board"
        sq = names[pick.key]
        chosen = [names[p.key] for p in picks]
        if not chosen:
            who = _occupant(pos, sq)
            if who is None:
                return "there is no piece there: select one of your pieces"
            if who != pos.turn:
                return "that is not your piece"
            return self._stuck_reason(pos, sq)
        if len(chosen) == 1:
            frm = chosen[0]
            if sq == frm:
                return "select a target square, or the other end of a row"
            if _occupant(pos, sq) == pos.turn:
                reason = ordo_row_refusal(pos, frm, sq)
                return reason or self._stuck_ordo_reason(pos, frm, sq)
            return singleton_refusal(pos, frm, sq) or "that is not a legal move here"
        if len(chosen) == 2:
            return ordo_refusal(pos, chosen[0], chosen[1], sq) or "that is not a legal move here"
        return "the move is already complete"

    def _stuck_reason(self, pos: Position, sq: int) -> str:
        """Why a piece of the side to move has no singleton move and starts no ordo."""
        side = pos.turn
        own = pos.pieces(side)
        split = not is_connected(own)
        if all(ray[0][0] & own for ray in GEOMETRY[pos.width].rays[side][split][sq]):
            if split:
                return "that piece is blocked by your own pieces"
            return "that piece is blocked: it cannot move forward or sideways"
        if split:
            return "no move of that piece reconnects your group"
        return "every move of that piece would split your group"

    def _stuck_ordo_reason(self, pos: Position, a: int, b: int) -> str:
        """Why a real row of own pieces has no legal ordo move."""
        first, last = min(a, b), max(a, b)
        if any(m.is_ordo and m.frm == first and m.last == last for m in generate_moves(pos)):
            return "select a highlighted square"
        horizontal = rank_of(first) == rank_of(last)
        run = run_mask(first, last)
        occupied = pos.white | pos.black
        side = pos.turn
        split = is_split(pos)
        if horizontal:
            steps = [FORWARD[side] * STRIDE] + ([-FORWARD[side] * STRIDE] if split else [])
        else:
            steps = [1, -1]
        board = GEOMETRY[pos.width].board
        free = [s for s in steps if shifted(run, s) & board == shifted(run, s)
                and not shifted(run, s) & occupied and shifted(run, s).bit_count()
                == run.bit_count()]
        if not free:
            return "that ordo is blocked: pieces cannot pass through other pieces"
        if split:
            return "no move of that ordo reconnects your group"
        return "every move of that ordo would split your group"


# ----- drawing ----------------------------------------------------------------------------------

#: (columns, lines) of a square and columns of the margin that holds a rank number on each
#: side. The full drawing's squares are 6 × 3; the compact one's 4 × 2 (about square on a
#: terminal, wide enough for the cursor's brackets around a piece).

    def policy(self) -> Policy:
        from .computer import policy  # the computer's knowledge, loaded when first asked

        return policy()


FULL_CELL = (6, 3, 3)
COMPACT_CELL = (4, 2, 2)

_EMPTY_VIEW = CellView(" ", ".", None)
_PIECE_VIEWS = (CellView("○", "W", 0), CellView("●", "B", 1))


@cache
def _layout(width: int, flipped: bool, size: tuple[int, int, int] = FULL_CELL) -> BoardLayout:
    """Squares of ``size`` = (columns, lines, margin), files above and below (centred over
    the pieces), ranks left and right on the squares' glyph line (where the pieces stand)."""
    cell_width, cell_height, margin = size
    canvas_width = 2 * margin + width * cell_width
    files = [FILES[width - 1 - i] if flipped else FILES[i] for i in range(width)]
    letters = " " * margin + "".join(f.center(cell_width) for f in files) + " " * margin
    lines = [letters]
    cells = []
    for row in range(RANKS):
        rank = row if flipped else RANKS - 1 - row
        label = str(rank + 1)
        lines_row = 1 + row * cell_height
        body = " " * (width * cell_width)
        for line in range(cell_height):
            if line == (cell_height - 1) // 2:
                lines.append(label.rjust(margin - 1) + " " + body + " " + label.ljust(margin - 1))
            else:
                lines.append(" " * canvas_width)
        for col in range(width):
            file = width - 1 - col if flipped else col
            shade = "dark" if (file + rank) % 2 == 0 else "light"
            cells.append(CellSpec(square_name(square(file, rank)), lines_row,
                                  margin + col * cell_width, cell_width, cell_height,
                                  "square", shade))
    lines.append(letters)
    return BoardLayout(canvas_width, len(lines), tuple(lines), tuple(cells))


RULES = OrdoRules()
