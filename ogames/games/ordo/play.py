"""How Ordo is played: the board's geometry, the legal moves, making a move, how the game
ends, and why a move is refused. Read this file to learn the game (CLARIFICATIONS §2.4 is
the specification).

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

Squares and bit sets are described in :mod:`.notation`; everything here works on them.
"""

from __future__ import annotations

from ogames.core.errors import IllegalMoveError
from ogames.core.outcome import Outcome

from .notation import (
    RANKS,
    SIDES,
    STRIDE,
    VARIANT_WIDTHS,
    Move,
    Position,
    WrittenMove,
    file_of,
    rank_of,
    square,
    square_name,
    square_of_name,
)

#: forward, as a change of rank, per side (White up, Black down)
FORWARD = (1, -1)
#: the rank a side must reach (the opponent's home row)
GOAL_RANK = (RANKS - 1, 0)

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

# ----- bit sets --------------------------------------------------------------------------------

def squares_of(bits: int) -> list[int]:
    """The squares of a bit set, lowest first."""
    out: list[int] = []
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
    parts: list[int] = []
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


# ----- board geometry, precomputed once per width ------------------------------------------

# The eight directions as (file step, rank step), and the three groups a side may use.
_ALL_DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

#: one square of a ray: (its bit, its neighbours, the singleton Move that lands there)
RayStep = tuple[int, int, Move]
#: the squares in one direction from a square, near to far
Ray = tuple[RayStep, ...]


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

    def _rays(self, side: int, split: bool) -> list[tuple[Ray, ...]]:
        table: list[tuple[Ray, ...]] = [()] * (RANKS * STRIDE)
        for sq in self.squares:
            rays: list[Ray] = []
            for df, dr in _allowed_directions(side, split):
                f, r = file_of(sq) + df, rank_of(sq) + dr
                ray: list[RayStep] = []
                while self.on_board(f, r):
                    to = square(f, r)
                    ray.append((1 << to, self.neighbours[to], Move(sq, to)))
                    f, r = f + df, r + dr
                if ray:
                    rays.append(tuple(ray))
            table[sq] = tuple(rays)
        return table


GEOMETRY: dict[int, _Geometry] = {w: _Geometry(w) for w in VARIANT_WIDTHS.values()}


def start_position(variant: str) -> Position:
    """The start of a variant (a name of ``VARIANT_WIDTHS``): White to move."""
    white = black = 0
    for name in WHITE_START[variant]:
        sq = square_of_name(name)
        white |= 1 << sq
        black |= 1 << square(file_of(sq), RANKS - 1 - rank_of(sq))
    return Position(VARIANT_WIDTHS[variant], white, black, 0)


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


# ----- making a move ---------------------------------------------------------------------------


def apply_move(pos: Position, move: Move) -> Position:
    """The position after ``move``: the moving pieces leave their squares and land
    (a singleton landing on an enemy piece captures it); the other side is to move."""
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


# ----- how the game ends -----------------------------------------------------------------------


def outcome(pos: Position) -> Outcome | None:
    """How the game has ended in ``pos``, or None while it goes on (§2.4.4). The side
    that just moved wins in each of the three ways below; the checks never disagree about
    the winner, their order only fixes the reason reported. No draws but by agreement."""
    mover, other = pos.turn, 1 - pos.turn
    # "goal": the side that just moved has a piece on its goal row, the opponent's home
    # row. It wins even if the same move also split the opponent.
    if pos.pieces(other) & GEOMETRY[pos.width].goal[other]:
        return Outcome.win(other, 2, "goal")
    # "no pieces": a capture took the last piece of the side to move.
    if not pos.pieces(mover):
        return Outcome.win(other, 2, "no pieces")
    # "cannot reconnect": the side to move has no legal move. A connected group always has
    # one (§2.4.5), so this is a group split by a capture that no move makes whole again.
    if not generate_moves(pos):
        return Outcome.win(other, 2, "cannot reconnect")
    return None


def unreachable_reason(pos: Position) -> str | None:
    """Why no game can reach ``pos`` (the validity principle), or None when one can: the
    side that just moved is connected, has pieces, and the side to move has not already
    won."""
    mover, other = pos.turn, 1 - pos.turn
    if pos.pieces(mover) & GEOMETRY[pos.width].goal[mover]:
        return (f"{SIDES[mover]} is to move but already has a piece on rank "
                f"{GOAL_RANK[mover] + 1}, its goal row (it would have won)")
    if not pos.pieces(other):
        return f"{SIDES[other]} has no pieces, yet {SIDES[other]} has just moved"
    if not is_connected(pos.pieces(other)):
        return (f"{SIDES[other]} has just moved but is split; every move must leave the "
                "mover's group connected")
    return None

# ----- why a move is refused (shared by parse_move and explain) ------------------------------


def _connection_refusal(own_after: int, split: bool) -> str | None:
    if is_connected(own_after):
        return None
    if split:
        return "that would leave your group split: the move must reconnect it"
    return "that would split your group"


def singleton_refusal(pos: Position, frm: int, to: int) -> str | None:
    """Why the single piece on ``frm`` may not move to ``to`` (None: it may)."""
    side = pos.turn
    who = pos.occupant(frm)
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
    if pos.occupant(b) != side:
        return "an ordo is a row of your own pieces; select a piece to move it alone"
    if a == b:
        return "select the other end of the row"
    if rank_of(a) != rank_of(b) and file_of(a) != file_of(b):
        return "an ordo is a straight row along a rank or a file"
    own = pos.pieces(side)
    for sq in squares_of(run_mask(a, b)):
        if not own >> sq & 1:
            what = "empty" if pos.occupant(sq) is None else "an enemy piece"
            return f"an ordo is an unbroken row of your pieces ({square_name(sq)} is {what})"
    return None


def ordo_refusal(pos: Position, a: int, b: int, land: int) -> str | None:
    """Why the ordo from end ``a`` to end ``b`` may not move so that ``a`` lands on
    ``land`` (None: it may)."""
    side = pos.turn
    if pos.occupant(a) != side:
        return "that is not your piece" if pos.occupant(a) is not None else \
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


def move_from_text(pos: Position, written: WrittenMove) -> Move:
    """The legal move a player wrote, or IllegalMoveError saying why it is refused."""
    stripped, a, b, to = written.text, written.frm, written.other_end, written.to
    if outcome(pos) is not None:
        raise IllegalMoveError(f"{stripped}: the game is over")
    if b is None:
        reason = singleton_refusal(pos, a, to)
        if reason:
            raise IllegalMoveError(f"{stripped}: {reason}")
        captures = pos.occupant(to) is not None
        if captures and not written.capture:
            raise IllegalMoveError(f"{stripped}: {square_name(to)} holds an enemy piece; "
                                   f"write {square_name(a)}x{square_name(to)} to capture it")
        if not captures and written.capture:
            raise IllegalMoveError(f"{stripped}: {square_name(to)} is empty, there is "
                                   f"nothing to capture; write {square_name(a)}-"
                                   f"{square_name(to)}")
        return Move(a, to)
    reason = ordo_refusal(pos, a, b, to)
    if reason:
        raise IllegalMoveError(f"{stripped}: {reason}")
    first, last = min(a, b), max(a, b)
    return Move(first, to + (first - a), last)
