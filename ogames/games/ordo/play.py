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

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

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


#: how many groups ``is_connected`` remembers: a search asks about the same few side's
#: pieces several times a position (the end of the game, the evaluation, the captures at
#: the horizon); remembering them made Ordo's search about a tenth faster, in some 2 MB
CONNECTED_MEMORY = 1 << 14


@lru_cache(maxsize=CONNECTED_MEMORY)
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


# ----- board geometry, computed once per width on first use --------------------------------

# The eight directions as (file step, rank step), and the three groups a side may use.
_ALL_DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
#: squares in the bit range of a board (8 ranks of STRIDE bits)
_SQUARES = RANKS * STRIDE

#: one square of a ray: (its bit, its neighbours, the singleton Move that lands there)
RayStep = tuple[int, int, Move]
#: the squares in one direction from a square, near to far
Ray = tuple[RayStep, ...]


def _allowed_directions(side: int, split: bool) -> tuple[tuple[int, int], ...]:
    """Forward and sideways always; backward only when the side is split."""
    fwd = FORWARD[side]
    return tuple(d for d in _ALL_DIRECTIONS if d[1] * fwd >= 0 or split)


@cache
def goal_rows(width: int) -> tuple[int, int]:
    """Each side's goal row as a bit set: all ``outcome`` needs of the board, made
    without the rest of its geometry (a game's first frame asks only this)."""
    return (sum(1 << square(f, GOAL_RANK[0]) for f in range(width)),
            sum(1 << square(f, GOAL_RANK[1]) for f in range(width)))


class _Geometry:
    """Everything about one board width that never changes. Built when a width is first
    played (see ``GEOMETRY``), not at import: it takes milliseconds, and the app imports
    every engine at start."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.squares = tuple(square(f, r) for r in range(RANKS) for f in range(width))
        self.board = sum(1 << sq for sq in self.squares)
        self.neighbours = [0] * _SQUARES
        for sq in self.squares:
            self.neighbours[sq] = grow(1 << sq) & self.board & ~(1 << sq)
        self.goal = goal_rows(width)
        # room[step][square]: how many steps of that offset fit before the edge
        self.room = {step: [0] * _SQUARES for step in (1, -1, STRIDE, -STRIDE)}
        for sq in self.squares:
            f, r = file_of(sq), rank_of(sq)
            self.room[1][sq], self.room[-1][sq] = width - 1 - f, f
            self.room[STRIDE][sq], self.room[-STRIDE][sq] = RANKS - 1 - r, r
        lines = self._lines()
        # rays[side][split][square] = tuple of rays; a ray is a tuple of
        # (target bit, target's neighbours, the singleton Move) from near to far.
        self.rays = tuple(tuple(self._rays(lines, _allowed_directions(side, split))
                                for split in (False, True))
                          for side in (0, 1))
        # star[side][split][square]: every square of those rays, as one bit set
        self.star = tuple(tuple([sum(step[0] for ray in rays for step in ray)
                                 for rays in table] for table in by_split)
                          for by_split in self.rays)
        # between[frm << 7 | to]: the squares strictly between two squares of one line
        self.between = [0] * _SQUARES ** 2
        for sq in self.squares:
            for ray in lines[sq]:
                passed = 0
                for tbit, _, move in ray:
                    self.between[sq << 7 | move.to] = passed
                    passed |= tbit
        self.order, self.by_rank, self.slides = self._singles_tables(lines)

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.width and 0 <= rank < RANKS

    def _lines(self) -> list[list[Ray]]:
        """lines[square][d]: the ray from a square in direction d (an index of
        _ALL_DIRECTIONS), empty at the edge. Each singleton Move is made here once and
        shared by every table (a dataclass is slow to build)."""
        lines: list[list[Ray]] = [[] for _ in range(_SQUARES)]
        for sq in self.squares:
            for df, dr in _ALL_DIRECTIONS:
                f, r = file_of(sq) + df, rank_of(sq) + dr
                ray: list[RayStep] = []
                while self.on_board(f, r):
                    to = square(f, r)
                    ray.append((1 << to, self.neighbours[to], Move(sq, to)))
                    f, r = f + df, r + dr
                lines[sq].append(tuple(ray))
        return lines

    def _rays(self, lines: list[list[Ray]], directions: tuple[tuple[int, int], ...],
              ) -> list[tuple[Ray, ...]]:
        """Per square, its non-empty rays in ``directions`` (in _ALL_DIRECTIONS' order)."""
        picks = [_ALL_DIRECTIONS.index(d) for d in directions]
        table: list[tuple[Ray, ...]] = [()] * _SQUARES
        for sq in self.squares:
            table[sq] = tuple(ray for ray in map(lines[sq].__getitem__, picks) if ray)
        return table

    def _singles_tables(self, lines: list[list[Ray]],
                        ) -> tuple[list[int], list[Move | None], dict[int, list[int]]]:
        """The singleton moves as *ranks*, numbers that sort them in the order generation
        lists them (by piece, then direction, then distance):

        * order[frm << 7 | to]: the rank of the move from ``frm`` to ``to`` along one of
          the eight lines (``frm << 8 | direction << 4 | distance``);
        * by_rank[rank]: that Move (None for a number that is no rank);
        * slides[offset][to + 1]: the rank of the move landing on ``to`` from
          ``to - offset``, indexed by the bit length of the landing square's bit (which
          saves a subtraction).
        """
        order = [0] * (_SQUARES * _SQUARES)
        by_rank: list[Move | None] = [None] * (_SQUARES << 8)
        slides: dict[int, list[int]] = {}
        for sq in self.squares:
            for direction, ray in enumerate(lines[sq]):
                for k, (_, _, move) in enumerate(ray, start=1):
                    rank = sq << 8 | direction << 4 | k
                    order[sq << 7 | move.to] = rank
                    by_rank[rank] = move
                    row = slides.get(move.to - sq)
                    if row is None:
                        row = slides[move.to - sq] = [0] * (_SQUARES + 1)
                    row[move.to + 1] = rank
        return order, by_rank, slides


class _Geometries(dict[int, _Geometry]):
    """The geometry of each board width (the values of ``VARIANT_WIDTHS``), each built on
    its first look-up and kept: the engine imports in a few milliseconds, and a look-up
    after the first is a plain dict look-up (made once per generation, never per move)."""

    def __missing__(self, width: int) -> _Geometry:
        if width not in VARIANT_WIDTHS.values():
            raise KeyError(width)
        geo = self[width] = _Geometry(width)
        return geo


GEOMETRY: dict[int, _Geometry] = _Geometries()


def start_position(variant: str) -> Position:
    """The start of a variant (a name of ``VARIANT_WIDTHS``): White to move."""
    white = black = 0
    for name in WHITE_START[variant]:
        sq = square_of_name(name)
        white |= 1 << sq
        black |= 1 << square(file_of(sq), RANKS - 1 - rank_of(sq))
    return Position(VARIANT_WIDTHS[variant], white, black, 0)


# ----- move generation -----------------------------------------------------------------------
#
# Generation is the hot path of perft and of the computer's random playouts, and the
# connection test is its cost. When the mover's group is whole (nearly always), it works
# on whole bit sets rather than square by square:
#
# * Taking away a piece whose neighbours in the group touch one another cannot split the
#   group (a path through the piece can go round it among those neighbours). Which pieces
#   are like that is read for all pieces at once from eight shifted copies of the group.
# * Such a piece may land exactly where it touches the rest of the group. At distance ≥ 2
#   the landing square is no neighbour of the piece itself, so that is "touches the
#   group"; at distance 1 it is "touches two pieces of the group" (the piece and
#   another). Both sets are computed once, and each direction is slid for all those
#   pieces at once: after k steps the frontier holds every square some piece reaches at
#   distance k, the piece came from k steps back, and a table look-up names the move.
# * The other pieces (possible *cut pieces*) and the ordo moves need a flood fill. All of
#   them share one: each case is a *chunk* of SEG bits of one big number (a copy of the
#   board with that piece taken away, or with that row moved), so one fill of a few
#   dozen shifts answers every case. A cut piece must land next to every part of the
#   rest; an ordo move is legal when its chunk fills up from the moved row.
#
# A split group (rare: only after a capture) is worked out group by group (_split_moves).

#: bits per chunk of the shared flood fill: a board and a spare rank. A one-step spill
#: (at most STRIDE + 1 bits) out of a chunk's squares lands on that spare rank, or on the
#: guard files of the rank below, never on a square of another chunk
SEG = _SQUARES + STRIDE
_CHUNK = (1 << _SQUARES) - 1

#: the square offsets a side's single pieces slide by when its group is whole (forward,
#: straight and diagonal, and sideways), per side, as shift amounts: (left, right)
SLIDE_DELTAS: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = (
    ((STRIDE, STRIDE + 1, STRIDE - 1, 1), (1,)),
    ((1,), (STRIDE, STRIDE - 1, STRIDE + 1, 1)),
)
#: _ROWS[along][n]: a row of n squares from square 0, ``along`` apart (1: along a rank,
#: STRIDE: along a file)
_ROWS: dict[int, list[int]] = {
    along: [sum(1 << (i * along) for i in range(n)) for n in range(STRIDE)]
    for along in (1, STRIDE)
}
#: An ordo move as a number that sorts moves as generation lists them: the kind (rows
#: forward, columns east, columns west; with the side, since the kind sets the direction)
#: in the top bits, then the first square, the last square and the distance:
#: kind << 18 | first << 11 | last << 4 | distance. _KINDS[side]: the kinds of a side.
_KINDS = ((0, 1 << 18, 2 << 18), (3 << 18, 4 << 18, 5 << 18))
#: the ordo Moves met so far: by such a number (whole groups), and by (first, to, last)
_ORDOS: dict[int, Move] = {}
_ORDO_MOVES: dict[tuple[int, int, int], Move] = {}


def _new_ordo(key: int) -> Move:
    """The ordo Move of a number of _KINDS' form, made once (a dataclass is slow to build)."""
    kind, first, last, distance = key >> 18, key >> 11 & 127, key >> 4 & 127, key & 15
    step = (STRIDE, 1, -1, -STRIDE, 1, -1)[kind]
    move = _ORDOS[key] = _ordo_move(first, first + distance * step, last)
    return move


def _ordo_move(first: int, to: int, last: int) -> Move:
    """The ordo Move from ``first`` … ``last`` with ``first`` landing on ``to``, made once."""
    move = _ORDO_MOVES.get((first, to, last))
    if move is None:
        move = _ORDO_MOVES[first, to, last] = Move(first, to, last)
    return move


def _parts_around(rest: int, seeds: int) -> list[int]:
    """The connected parts of ``rest``, given that each part holds a square of ``seeds``
    (true of what is left of a whole group when some of its squares are taken away, and
    ``seeds`` are the remaining squares next to those).

    Cheaper than :func:`components`: a fill stops as soon as it has reached every seed
    (the part is then all that is left), and a last seed needs no fill at all.
    """
    parts: list[int] = []
    while seeds:
        if not seeds & (seeds - 1):  # one seed left: its part is everything left
            parts.append(rest)
            return parts
        part = seeds & -seeds
        while True:
            h = part | (part << 1) | (part >> 1)
            h = (h | (h << STRIDE) | (h >> STRIDE)) & rest
            if h == part:
                break
            if not seeds & ~h:  # every seed reached: this part is everything left
                h = rest
                break
            part = h
        parts.append(h)
        rest ^= h
        seeds &= ~h
    return parts


def _next_to_all(parts: list[int]) -> int:
    """The squares next to (or on) every one of ``parts``; every square when there are none."""
    allowed = -1
    for part in parts:
        h = part | (part << 1) | (part >> 1)
        allowed &= h | (h << STRIDE) | (h >> STRIDE)
    return allowed


def _lone_piece_moves(geo: _Geometry, frm: int, allowed: int, side: int, split: bool,
                      open_: int, occupied: int, ranks: list[int]) -> None:
    """The singleton moves (as ranks) of the piece on ``frm`` that land on ``allowed``
    squares: on one of its lines (``open_``: empty or enemy), every square between empty."""
    targets = allowed & geo.star[side][split][frm] & open_
    between = geo.between
    order = geo.order
    base = frm << 7
    while targets:
        low = targets & -targets
        targets ^= low
        key = base | (low.bit_length() - 1)
        if not between[key] & occupied:
            ranks.append(order[key])


def _whole_group_moves(geo: _Geometry, own: int, enemy: int, side: int, ranks: list[int],
                       rows: list[Move]) -> bool:
    """All legal moves of the side with pieces ``own`` when they form one group (see the
    section comment): the singleton moves' ranks added to ``ranks``, the ordo moves to
    ``rows`` in the order generation lists them. False, with nothing added, when the
    pieces do not form one group. Each step is a function called once per position; the
    shifted copies of the group stay here, alive to the end, which measured faster."""
    open_ = geo.board & ~own  # where a slide may land (empty, or an enemy piece to take)
    empty = open_ & ~enemy
    if not own & (own - 1):  # a lone piece is a group wherever it goes
        _lone_piece_moves(geo, own.bit_length() - 1, -1, side, False, open_, own | enemy,
                          ranks)
        return True
    # the group seen from each square: n has the square's north neighbour in the group,
    # and so on round the compass; squares touching one piece or more, and two or more
    n, ne, e, se = own >> STRIDE, own >> (STRIDE + 1), own >> 1, own << (STRIDE - 1)
    s, sw, w, nw = own << STRIDE, own << (STRIDE + 1), own << 1, own >> (STRIDE - 1)
    one = n | ne
    two = n & ne
    two |= one & e
    one |= e
    two |= one & se
    one |= se
    two |= one & s
    one |= s
    two |= one & sw
    one |= sw
    two |= one & w
    one |= w
    two |= one & nw
    one |= nw
    if own & ~one:
        return False  # a piece that touches none of the others: the group is split
    maybe, many = _possible_cuts(own, n, ne, e, se, s, sw, w, nw)
    pieces, chunks, seeds, reach = _cut_piece_chunks(geo, own, maybe, side)
    singles_end = (len(pieces) + 1) * SEG
    candidates, chunks, seeds = _ordo_chunks(own, empty, side, chunks, seeds, singles_end)
    # the shared flood fill, every chunk at once
    part = seeds
    while True:
        h = part | (part << 1) | (part >> 1)
        h = (h | (h << STRIDE) | (h >> STRIDE)) & chunks
        if h == part:
            break
        part = h
    unreached = chunks ^ part  # chunk by chunk: what the fill did not reach
    if unreached & _CHUNK:
        return False  # the group is split
    if candidates:
        _add_legal_ordos(candidates, unreached, singles_end, rows)
    # the possible cut pieces: where the fill found one part and left others unreached
    bulk = own  # the pieces that slide together: all but the cut pieces
    within = (1 << singles_end) - 1
    other = unreached & within
    if other:
        bulk = _cut_piece_moves(geo, own, maybe, many, pieces, part & within, other, reach,
                                open_, own | enemy, ranks)
    _bulk_slides(geo, bulk, open_, empty, one, two, side, ranks)
    return True


def _possible_cuts(own: int, n: int, ne: int, e: int, se: int, s: int, sw: int, w: int,
                   nw: int) -> tuple[int, int]:
    """The pieces of the group ``own`` that may be cut pieces (their neighbours in the
    group fall into two groups or more), and the squares whose taking away may leave three
    parts or more (``many``), for all squares at once from the group's eight shifted
    copies (``n``: the group shifted so that each square sees its north neighbour, …).

    Round a square a corner touches the two edge squares beside it, and an edge square
    touches the next edge square too (N touches E); a group of neighbours *starts* at a
    neighbour not touched by the one(s) before it, clockwise from N. Two starts or more
    (``more``): the neighbours fall into two groups or more; three or more: ``many``.
    """
    starts = n & ~(nw | w)
    begin = ne & ~n
    more = starts & begin
    starts |= begin
    begin = e & ~(ne | n)
    more |= starts & begin
    starts |= begin
    begin = se & ~e
    many = more & begin
    more |= starts & begin
    starts |= begin
    begin = s & ~(se | e)
    many |= more & begin
    more |= starts & begin
    starts |= begin
    begin = sw & ~s
    many |= more & begin
    more |= starts & begin
    starts |= begin
    begin = w & ~(sw | s)
    many |= more & begin
    more |= starts & begin
    starts |= begin
    begin = nw & ~w
    many |= more & begin
    more |= starts & begin
    return own & more, many


def _cut_piece_chunks(geo: _Geometry, own: int, maybe: int, side: int,
                      ) -> tuple[list[int], int, int, int]:
    """The first chunks of the shared flood fill (see the section comment), so that one
    fill tests them all: chunk 0 is the group itself, filled from its lowest piece (is it
    whole?); then a chunk per possible cut piece, the group without it, filled from one of
    its neighbours. Returns those pieces in chunk order, the chunks, the seeds of the fill,
    and each piece's lines (its star) copied into its chunk: where it could land."""
    neighbours = geo.neighbours
    star = geo.star[side][False]
    pieces: list[int] = []
    seeds = own & -own
    gone = reach = 0
    at = SEG
    bits = maybe
    while bits:
        low = bits & -bits
        bits ^= low
        frm = low.bit_length() - 1
        pieces.append(frm)
        ring = neighbours[frm] & own
        gone |= low << at
        seeds |= (ring & -ring) << at
        reach |= star[frm] << at
        at += SEG
    return pieces, own * _repeat(len(pieces) + 1) ^ gone, seeds, reach


def _ordo_chunks(own: int, empty: int, side: int, chunks: int, seeds: int, at: int,
                 ) -> tuple[list[int], int, int]:
    """Add to the shared flood fill, from bit ``at`` on, a chunk per ordo move that could
    be legal: the group after the move, filled from the moved row (a row landing where it
    touches nothing of the rest is left out: it would split the group). Returns those
    moves as _ORDOS keys (sorted, they are in the order in which generation lists them:
    kind, first square, last square, distance), and the chunks and seeds extended."""
    candidates: list[int] = []
    fwd = FORWARD[side] * STRIDE
    for kind, (step, along) in zip(_KINDS[side], ((fwd, 1), (1, STRIDE), (-1, STRIDE)),
                                   strict=False):
        # able: the pieces that can slide d steps that way (every square on the way empty);
        # starts: the first squares of the rows of ``length`` such pieces
        able = own & (empty >> step if step > 0 else empty << -step)
        offset = step
        d = 1
        while True:
            starts = able & (able >> along)
            if not starts:
                break
            length = 2
            rows_of = _ROWS[along]
            while starts:
                bits = starts
                while bits:
                    low = bits & -bits
                    bits ^= low
                    first = low.bit_length() - 1
                    run = rows_of[length] << first
                    rest = own ^ run
                    moved = run << offset if offset > 0 else run >> -offset
                    h = moved | (moved << 1) | (moved >> 1)
                    if (h | (h << STRIDE) | (h >> STRIDE)) & rest or not rest:
                        candidates.append(kind | first << 11 | (first + (length - 1) * along) << 4
                                          | d)
                        chunks |= (rest | moved) << at
                        seeds |= moved << at
                        at += SEG
                starts &= starts >> along
                length += 1
            offset += step
            d += 1
            able &= empty >> offset if offset > 0 else empty << -offset
    return candidates, chunks, seeds


def _add_legal_ordos(candidates: list[int], unreached: int, at: int, rows: list[Move]) -> None:
    """The ordo moves whose chunks (from bit ``at`` on, one per candidate) the fill reached
    whole, added to ``rows`` in the order generation lists them."""
    legal = []
    for candidate in candidates:
        if not unreached >> at & _CHUNK:
            legal.append(candidate)
        at += SEG
    legal.sort()
    ordos = _ORDOS
    for key in legal:
        move = ordos.get(key)
        rows.append(move if move is not None else _new_ordo(key))


def _cut_piece_moves(geo: _Geometry, own: int, maybe: int, many: int, pieces: list[int],
                     part: int, other: int, reach: int, open_: int, occupied: int,
                     ranks: list[int]) -> int:
    """The moves (as ranks added to ``ranks``) of the cut pieces: the possible cut pieces
    whose chunk the fill left partly unreached (``other``; ``part``: what it reached of
    those chunks).
    A cut piece lands next to the part found and next to the unreached squares, for all
    chunks at once. Returns the other pieces, which slide together (_bulk_slides)."""
    repeat = _REPEATS[len(pieces) + 1]  # made by _cut_piece_chunks
    # a bit at the start of each chunk that has no unreached square: no cut piece
    whole = ~(other + _CHUNK * repeat) >> _SQUARES & repeat
    bulk = own ^ maybe
    whole >>= SEG
    while whole:
        low = whole & -whole
        whole ^= low
        bulk |= 1 << pieces[low.bit_length() // SEG]
    h = part | (part << 1) | (part >> 1)
    allowed = h | (h << STRIDE) | (h >> STRIDE)
    h = other | (other << 1) | (other >> 1)
    allowed &= h | (h << STRIDE) | (h >> STRIDE)
    allowed &= reach & open_ * repeat
    doubt = maybe & many & ~bulk
    if doubt:
        allowed = _next_to_every_part(geo, doubt, pieces, other, allowed)
    between = geo.between
    order = geo.order
    while allowed:
        low = allowed & -allowed
        allowed ^= low
        chunk, to = divmod(low.bit_length() - 1, SEG)
        key = pieces[chunk - 1] << 7 | to
        if not between[key] & occupied:
            ranks.append(order[key])
    return bulk


def _next_to_every_part(geo: _Geometry, doubt: int, pieces: list[int], other: int,
                        allowed: int) -> int:
    """``allowed`` (the landing squares of the cut pieces, chunk by chunk) narrowed for the
    cut pieces ``doubt``, whose unreached squares may be two parts or more: such a piece
    must land next to each part. Rare, so the parts are found piece by piece."""
    neighbours = geo.neighbours
    while doubt:
        low = doubt & -doubt
        doubt ^= low
        frm = low.bit_length() - 1
        at = (pieces.index(frm) + 1) * SEG
        rest = other >> at & _CHUNK
        parts = _parts_around(rest, neighbours[frm] & rest)
        if len(parts) > 1:
            mine = (allowed >> at & _CHUNK) & _next_to_all(parts)
            allowed = allowed & ~(_CHUNK << at) | mine << at
    return allowed


def _bulk_slides(geo: _Geometry, bulk: int, open_: int, empty: int, one: int, two: int,
                 side: int, ranks: list[int]) -> None:
    """The singleton moves (as ranks added to ``ranks``) of the pieces ``bulk`` of a whole
    group, none of which is a cut piece: each direction is slid for all of them at once
    (see the section comment), a landing square kept where it touches the group (``one``,
    ``two`` at one step)."""
    slides = geo.slides
    append = ranks.append
    ups, downs = SLIDE_DELTAS[side]
    for delta in ups:
        frontier = (bulk << delta) & open_
        hit = frontier & two  # one step: next to the piece and one more
        if hit:
            row = slides[delta]
            while hit:
                low = hit & -hit
                hit ^= low
                append(row[low.bit_length()])
        off = delta
        while True:
            frontier &= empty  # a capture ends the slide
            frontier = (frontier << delta) & open_
            if not frontier:
                break
            off += delta
            hit = frontier & one
            if hit:
                row = slides[off]
                while hit:
                    low = hit & -hit
                    hit ^= low
                    append(row[low.bit_length()])
    for delta in downs:
        frontier = (bulk >> delta) & open_
        hit = frontier & two
        if hit:
            row = slides[-delta]
            while hit:
                low = hit & -hit
                hit ^= low
                append(row[low.bit_length()])
        off = -delta
        while True:
            frontier &= empty
            frontier = (frontier >> delta) & open_
            if not frontier:
                break
            off -= delta
            hit = frontier & one
            if hit:
                row = slides[off]
                while hit:
                    low = hit & -hit
                    hit ^= low
                    append(row[low.bit_length()])


#: _REPEATS[k]: the number with bit j·SEG set for every j < k (copies a board into k chunks)
_REPEATS: list[int] = [0]


def _repeat(k: int) -> int:
    """``_REPEATS[k]``, extended on first need."""
    while len(_REPEATS) <= k:
        _REPEATS.append(_REPEATS[-1] | 1 << ((len(_REPEATS) - 1) * SEG))
    return _REPEATS[k]


def _split_moves(geo: _Geometry, own: int, enemy: int, side: int, ranks: list[int],
                 rows: list[Move]) -> None:
    """All legal moves of a split side: each must leave one group again. The pieces fall
    into groups; the singleton moves (_split_singles) and the ordo moves (_split_ordos)
    are found group by group, each needing to touch every other group."""
    groups, others = _groups_and_others(own)
    open_ = geo.board & ~own
    _split_singles(geo, groups, others, side, open_, own | enemy, ranks)
    _split_ordos(geo, own, open_ & ~enemy, groups, others, side, rows)


def _groups_and_others(own: int) -> tuple[list[int], dict[int, list[int]]]:
    """A split side's groups, and for each the groups it must come to touch."""
    groups = components(own)
    return groups, {group: [g for g in groups if g != group] for group in groups}


def _can_reconnect(pos: Position) -> bool:
    """Whether the side to move, split, has a move that makes it one group again: its
    singleton moves first (most reconnections are one), its ordo moves only if none."""
    side = pos.turn
    own, enemy = (pos.black, pos.white) if side else (pos.white, pos.black)
    geo = GEOMETRY[pos.width]
    groups, others = _groups_and_others(own)
    open_ = geo.board & ~own
    ranks: list[int] = []
    _split_singles(geo, groups, others, side, open_, own | enemy, ranks)
    if ranks:
        return True
    rows: list[Move] = []
    _split_ordos(geo, own, open_ & ~enemy, groups, others, side, rows)
    return bool(rows)


def _split_singles(geo: _Geometry, groups: list[int], others: dict[int, list[int]],
                   side: int, open_: int, occupied: int, ranks: list[int]) -> None:
    """The singleton moves (as ranks) of a split side. A piece of group A must land next
    to every other group and next to every part of A without it; those parts are found
    only for a piece that has such a landing square on a clear line (few have: it must
    touch two groups)."""
    neighbours = geo.neighbours
    star = geo.star[side][True]
    between = geo.between
    order = geo.order
    for group in groups:
        # landing squares next to every other group (and to this one, unless it is a
        # lone piece, which has nothing left to touch once it moves)
        join = _next_to_all(others[group]) & open_
        if group & (group - 1):
            h = group | (group << 1) | (group >> 1)
            join &= h | (h << STRIDE) | (h >> STRIDE)
        bits = group
        while bits:
            low = bits & -bits
            bits ^= low
            frm = low.bit_length() - 1
            targets = star[frm] & join
            if not targets:
                continue
            rest = group ^ low
            if rest:  # next to the rest of its group, not only to itself
                h = rest | (rest << 1) | (rest >> 1)
                targets &= h | (h << STRIDE) | (h >> STRIDE)
            clear = 0
            while targets:
                bit = targets & -targets
                targets ^= bit
                if not between[frm << 7 | (bit.bit_length() - 1)] & occupied:
                    clear |= bit
            if clear and rest:
                clear &= _next_to_all(_parts_around(rest, neighbours[frm] & rest))
            while clear:
                bit = clear & -clear
                clear ^= bit
                ranks.append(order[frm << 7 | (bit.bit_length() - 1)])


def _split_ordos(geo: _Geometry, own: int, empty: int, groups: list[int],
                 others: dict[int, list[int]], side: int, rows: list[Move]) -> None:
    """The ordo moves of a split side, in the order generation lists them. An ordo (here
    also horizontal rows backward) lies within one group; once slid it must touch every
    other group and every part of its own group without the row."""
    # a row must touch every other group: land on a square next to each of them
    nexts = {group: [_next_to_all([g]) for g in others[group]] for group in groups}
    fwd = FORWARD[side] * STRIDE
    for step, along in ((fwd, 1), (1, STRIDE), (-1, STRIDE), (-fwd, 1)):
        room = geo.room[step]
        movable = own & shifted(empty, -step)
        for first in squares_of(movable & (movable >> along)):
            group = next(g for g in groups if g >> first & 1)
            away = nexts[group]
            last = first + along
            run = (1 << first) | (1 << last)
            while True:
                parts: list[int] | None = None
                moved = run
                for d in range(1, room[first] + 1):
                    moved = moved << step if step > 0 else moved >> -step
                    if moved & ~empty:
                        break
                    if not all(moved & g for g in away):
                        continue
                    if parts is None:
                        rest = group & ~run
                        h = run | (run << 1) | (run >> 1)
                        parts = _parts_around(rest, (h | (h << STRIDE) | (h >> STRIDE)) & rest)
                    h = moved | (moved << 1) | (moved >> 1)
                    reach = h | (h << STRIDE) | (h >> STRIDE)
                    if all(reach & p for p in parts):
                        rows.append(_ordo_move(first, first + d * step, last))
                if not movable >> (last + along) & 1:
                    break
                last += along
                run |= 1 << last


def generate_moves(pos: Position) -> list[Move]:
    """All legal moves of ``pos`` (none when the game is over).

    The order is the same as ever, since seeded random play (tests, the computer's
    playouts) draws from this list: the singleton moves by piece (square order), then
    direction (SW, S, SE, W, E, NW, N, NE), then distance; then the ordo moves by kind
    (rows forward, columns east, columns west, rows backward), first square, length and
    distance. The singleton moves are found as ranks that sort into that order.
    """
    side = pos.turn
    own, enemy = (pos.black, pos.white) if side else (pos.white, pos.black)
    geo = GEOMETRY[pos.width]
    if not own or enemy & geo.goal[1 - side]:
        return []
    ranks: list[int] = []
    rows: list[Move] = []
    if not _whole_group_moves(geo, own, enemy, side, ranks, rows):
        _split_moves(geo, own, enemy, side, ranks, rows)
    ranks.sort()
    out: list[Move] = list(map(geo.by_rank.__getitem__, ranks))  # type: ignore[arg-type]
    out += rows
    return out


def sharp_moves(pos: Position) -> list[Move]:
    """The legal moves of ``pos`` that capture or land on the goal row, in the order
    ``generate_moves`` lists them: what the computer's quiescence search plays on at its
    horizon, found without listing the quiet moves (most of every position's moves).

    A capture is a single piece's slide ending on the first piece of its line, an enemy
    one; a goal move, a slide or a forward row's ordo onto the goal row (an ordo never
    captures, and no sideways column reaches a row it is not on). Either is legal when the
    mover's pieces are one group afterwards (the connection rule, split or not). The
    slides are found a direction at a time for all pieces at once (a fill through the
    empty squares); only the few that land on such a square are looked at one by one."""
    side = pos.turn
    own, enemy = (pos.black, pos.white) if side else (pos.white, pos.black)
    geo = GEOMETRY[pos.width]
    if not own or enemy & geo.goal[1 - side]:
        return []
    empty = geo.board & ~(own | enemy)
    directions = _allowed_directions(side, not is_connected(own))
    order = geo.order
    ranks = sorted(order[(frm.bit_length() - 1) << 7 | tbit.bit_length() - 1] for frm, tbit in
                   _slides_onto(geo, own, empty, (enemy | geo.goal[side]) & ~own, directions))
    out: list[Move] = list(map(geo.by_rank.__getitem__, ranks))  # type: ignore[arg-type]
    return out + _rows_onto_goal(geo, own, empty, side)


def goal_threat(pos: Position) -> bool:
    """Whether the side that just moved could reach its goal row with its next move, were
    it to move again: a piece's forward slide onto that row (onto an empty square or the
    first enemy piece of its line), or a forward row's (see ``sharp_moves``), that leaves
    its pieces one group. The side to move must answer it or lose; the computer's search
    looks a ply further where it must (``Policy.threatened``)."""
    side = 1 - pos.turn
    own, enemy = (pos.black, pos.white) if side else (pos.white, pos.black)
    geo = GEOMETRY[pos.width]
    empty = geo.board & ~(own | enemy)
    forward = tuple(d for d in _allowed_directions(side, False) if d[1])
    for _ in _slides_onto(geo, own, empty, geo.goal[side] & ~own, forward):
        return True
    return bool(_rows_onto_goal(geo, own, empty, side))


def _slides_onto(geo: _Geometry, own: int, empty: int, targets: int,
                 directions: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """The single-piece slides of ``own`` in ``directions`` that end on a square of
    ``targets`` (an empty one on the way, or the first piece of the line), as (from, to)
    bits, legal by the connection rule. Found a direction at a time for all pieces at
    once (a fill through the empty squares); only the few that land on a target are
    looked at one by one."""
    board, neighbours = geo.board, geo.neighbours
    for df, dr in directions:
        step = dr * STRIDE + df
        front, hits = own, 0
        if step > 0:
            while front:
                front = front << step & board
                hits |= front & targets
                front &= empty
        else:
            while front:
                front = front >> -step & board
                hits |= front & targets
                front &= empty
        while hits:
            tbit = hits & -hits
            hits ^= tbit
            frm = tbit
            while not frm & own:
                frm = frm >> step if step > 0 else frm << -step
            rest = own ^ frm
            to = tbit.bit_length() - 1
            if rest and not (neighbours[to] & rest and is_connected(rest | tbit)):
                continue
            yield frm, tbit


def _rows_onto_goal(geo: _Geometry, own: int, empty: int, side: int) -> list[Move]:
    """The ordo moves of a side onto its goal row, for ``sharp_moves``: rows of pieces
    whose files are empty up to it, that leave the side one group."""
    out: list[Move] = []
    goal = geo.goal[side]
    fwd = STRIDE * FORWARD[side]
    clear = goal & empty
    while True:
        more = clear | (shifted(clear, -fwd) & empty)
        if more == clear:
            break
        clear = more
    able = own & shifted(clear, -fwd)
    if able & (able >> 1):
        for rank in range(RANKS):
            row = able >> (rank * STRIDE) & ((1 << STRIDE) - 1)
            if not row & (row >> 1):
                continue
            lift = (GOAL_RANK[side] - rank) * STRIDE
            for first in range(geo.width - 1):
                run = 1 << first
                if not row & run:
                    continue
                for last in range(first + 1, geo.width):
                    if not row >> last & 1:
                        break
                    run |= 1 << last
                    bits = run << (rank * STRIDE)
                    if is_connected((own ^ bits) | shifted(bits, lift)):
                        at = rank * STRIDE + first
                        out.append(_ordo_move(at, at + lift, rank * STRIDE + last))
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
    if pos.pieces(other) & goal_rows(pos.width)[other]:
        return Outcome.win(other, 2, "goal")
    # "no pieces": a capture took the last piece of the side to move.
    if not pos.pieces(mover):
        return Outcome.win(other, 2, "no pieces")
    # "cannot reconnect": the side to move has no legal move. A connected group always has
    # one (§2.4.5), so this is a group split by a capture that no move makes whole again;
    # only a split group's moves are generated to tell (most positions are not split).
    if not is_connected(pos.pieces(mover)) and not _can_reconnect(pos):
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
