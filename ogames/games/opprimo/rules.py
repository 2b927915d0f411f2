"""Opprimo: convert the enemy's soldiers and trap the enemy King.

The rules, as CLARIFICATIONS §2.1 settles them:

* **Board.** A triangular lattice turned so that one family of lines is vertical: 7 vertical
  lines (files a–g) and two families of diagonals, 45 points and 66 triangles. Files b, d, f
  hold points on the odd ranks 1–13, files a, c, e, g on the even ranks 2–12 (a rank is a
  half step of height). From a point a piece looks in six directions: N and S along its
  file, NE, NW, SE, SW along the diagonals. There is no horizontal line.
* **Pieces.** Each side (Yellow moves first, Red second) has 10 Soldiers on points and one
  King inside a triangle of its own Castle (the two back rows of triangles).
* **Soldier.** Steps one point forward (Yellow: N, NE, NW; Red: S, SE, SW) to an empty
  point. **Knight** (a promoted Soldier): steps one point in any of the six directions.
* **Conversion.** A Soldier (forward) or a Knight (any direction) jumps an adjacent enemy
  Soldier or Knight onto the empty point right behind it; the jumped piece becomes a
  Soldier of the jumper. One piece per move, never a chain.
* **Promotion.** A Soldier that ends its move (step or jump) on one of its three shields,
  the farthest points, becomes a Knight at once.
* **King.** Moves to a triangle sharing a side with its own, inside its own Castle, but not
  to one whose three corners all hold enemy Soldiers/Knights. A King never stands on a
  point: it cannot block, be jumped or convert.
* **End.** When all three corners of a King's triangle hold enemy pieces, that King is
  trapped and its side loses at once (``trapped``). A side to move without a legal move
  loses (``no moves``). There are no automatic draws.

Implementation: the 45 points are numbered so that every direction is a constant shift of
a 45-bit integer, so a position is a few integers (bitboards) and move generation works on
whole sets of pieces at once. Every possible move is built once, at import time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ogames.core.board import BoardLayout, CellSpec, CellView, Pick, cell
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from .teaching import ENDINGS

# ======================================================================================
# Data tables (CLARIFICATIONS §2.1.2, §2.1.3). A correction is one edit here.
# ======================================================================================

YELLOW, RED = 0, 1
SIDE_NAMES = ("Yellow", "Red")
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
#: a real game always has this many Soldiers+Knights on the board (R13)
MEN_IN_A_GAME = 20

# ======================================================================================
# Geometry: points, directions, triangles
# ======================================================================================

FILES = "abcdefg"
RANKS = 13


def _has_point(f: int, r: int) -> bool:
    """Files b, d, f (odd index) hold the odd ranks 1–13; a, c, e, g the even ranks 2–12."""
    return 0 <= f < 7 and 1 <= r <= RANKS and f % 2 == r % 2 and (f % 2 == 1 or 2 <= r <= 12)


def _index(f: int, r: int) -> int:
    """Number the points 0–44 bottom to top, left to right.

    (r−1)·7 + f is always odd on a point, so halving it packs the points densely; one step
    in a direction then always changes the index by the same amount (N +7, NE +4, NW +3,
    S −7, SE −3, SW −4), which lets whole sets of pieces move with one shift."""
    return ((r - 1) * 7 + f) >> 1


POINTS: tuple[tuple[int, int], ...] = tuple(
    sorted(((f, r) for r in range(1, RANKS + 1) for f in range(7) if _has_point(f, r)),
           key=lambda fr: _index(*fr)))
assert len(POINTS) == 45 and all(_index(f, r) == i for i, (f, r) in enumerate(POINTS))
POINT_NAMES: tuple[str, ...] = tuple(f"{FILES[f]}{r}" for f, r in POINTS)
POINT_INDEX: dict[str, int] = {name: i for i, name in enumerate(POINT_NAMES)}
BOARD = (1 << len(POINTS)) - 1

#: direction names and (Δfile, Δrank); 0–2 are Yellow's forward, 3–5 Red's
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("N", 0, 2), ("NE", 1, 1), ("NW", -1, 1), ("S", 0, -2), ("SE", 1, -1), ("SW", -1, -1),
)
FORWARD: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 1, 2), (3, 4, 5))


def _neighbour(p: int, d: int, steps: int = 1) -> int:
    """The point ``steps`` steps from point p in direction d, or −1 off the board."""
    f, r = POINTS[p]
    _, df, dr = DIRECTIONS[d]
    f, r = f + steps * df, r + steps * dr
    return _index(f, r) if _has_point(f, r) else -1


NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(p, d) for d in range(6)) for p in range(len(POINTS)))
BEYOND: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(p, d, 2) for d in range(6)) for p in range(len(POINTS)))


def _mask(names: Iterable[str]) -> int:
    bits = 0
    for name in names:
        bits |= 1 << POINT_INDEX[name]
    return bits


SHIELD_MASKS = (_mask(SHIELDS[YELLOW]), _mask(SHIELDS[RED]))
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
    return _index(*low), _index(*apex), _index(*high)


TRIANGLE_CORNERS: tuple[tuple[int, int, int], ...] = tuple(
    _corners(s, r) for s in range(6) for r in range(1, 12))
TRIANGLE_MASK: tuple[int, ...] = tuple(
    (1 << a) | (1 << b) | (1 << c) for a, b, c in TRIANGLE_CORNERS)
CASTLE_SETS: tuple[frozenset[int], frozenset[int]] = tuple(  # type: ignore[assignment]
    frozenset(TRIANGLE_INDEX[name] for name in castle) for castle in CASTLES)
assert not CASTLE_SETS[0] & CASTLE_SETS[1], "the Kings must never meet"


def _adjacent_triangles(t: int) -> tuple[int, ...]:
    """Triangles sharing a side (two corners) with triangle t."""
    mine = TRIANGLE_MASK[t]
    return tuple(u for u in range(len(TRIANGLE_NAMES))
                 if u != t and (TRIANGLE_MASK[u] & mine).bit_count() == 2)


TRIANGLE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _adjacent_triangles(t) for t in range(len(TRIANGLE_NAMES)))


def castle_of(t: int) -> int | None:
    """The side whose Castle holds triangle t, or None."""
    for side in (YELLOW, RED):
        if t in CASTLE_SETS[side]:
            return side
    return None


# ======================================================================================
# Moves: every possible one, built once
# ======================================================================================

STEP, JUMP, KING = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Move:
    """One move: its identity is (kind, from, to) — points for a step or a conversion jump
    (the jumped point is the midpoint), triangles for a King move. The other fields are
    derived, kept for speed."""

    kind: int
    frm: int
    to: int
    text: str = field(compare=False, repr=False)
    fbit: int = field(default=0, compare=False, repr=False)
    tbit: int = field(default=0, compare=False, repr=False)
    mid: int = field(default=-1, compare=False, repr=False)
    mbit: int = field(default=0, compare=False, repr=False)


def _point_move(kind: int, p: int, q: int, mid: int = -1) -> Move:
    sep = "-" if kind == STEP else "x"
    return Move(kind, p, q, f"{POINT_NAMES[p]}{sep}{POINT_NAMES[q]}", 1 << p, 1 << q, mid,
                (1 << mid) if mid >= 0 else 0)


#: STEPS[p][d] / JUMPS[p][d]: the step / conversion from p in direction d (None off board)
STEPS: tuple[tuple[Move | None, ...], ...] = tuple(
    tuple(_point_move(STEP, p, NEIGHBOUR[p][d]) if NEIGHBOUR[p][d] >= 0 else None
          for d in range(6)) for p in range(len(POINTS)))
JUMPS: tuple[tuple[Move | None, ...], ...] = tuple(
    tuple(_point_move(JUMP, p, BEYOND[p][d], NEIGHBOUR[p][d]) if BEYOND[p][d] >= 0 else None
          for d in range(6)) for p in range(len(POINTS)))
KING_MOVES: dict[tuple[int, int], Move] = {
    (t, u): Move(KING, t, u, f"K{TRIANGLE_NAMES[t]}-{TRIANGLE_NAMES[u]}")
    for side in (YELLOW, RED) for t in CASTLE_SETS[side] for u in TRIANGLE_NEIGHBOURS[t]
    if u in CASTLE_SETS[side]
}
#: per triangle, the King moves to its castle neighbours with the corners of the target
KING_TARGETS: tuple[tuple[tuple[Move, int], ...], ...] = tuple(
    tuple(sorted(((m, TRIANGLE_MASK[m.to]) for (t0, _), m in KING_MOVES.items() if t0 == t),
                 key=lambda mc: mc[0].to))
    for t in range(len(TRIANGLE_NAMES)))


Ray = tuple[int, int, int, dict[int, Move], dict[int, Move]]


def _ray(d: int) -> Ray:
    """One direction for the set-at-once move generator: the index shift, the points that
    can step (``src``) and jump (``jsrc``) that way, and the moves keyed by landing bit."""
    name, df, dr = DIRECTIONS[d]
    delta = (dr * 7 + df) // 2
    src = jsrc = 0
    steps: dict[int, Move] = {}
    jumps: dict[int, Move] = {}
    for p in range(len(POINTS)):
        if NEIGHBOUR[p][d] >= 0:
            assert NEIGHBOUR[p][d] == p + delta, name
            src |= 1 << p
            steps[1 << NEIGHBOUR[p][d]] = STEPS[p][d]  # type: ignore[assignment]
        if BEYOND[p][d] >= 0:
            jsrc |= 1 << p
            jumps[1 << BEYOND[p][d]] = JUMPS[p][d]  # type: ignore[assignment]
    return abs(delta), src, jsrc, steps, jumps


#: the upward directions (N, NE, NW: Yellow's forward) shift left, the downward ones right
UP_RAYS: tuple[Ray, ...] = tuple(_ray(d) for d in FORWARD[YELLOW])
DOWN_RAYS: tuple[Ray, ...] = tuple(_ray(d) for d in FORWARD[RED])

# ======================================================================================
# Positions
# ======================================================================================


@dataclass(frozen=True, slots=True)
class Position:
    """A position: bitboards (bit i = point ``POINT_NAMES[i]``) of each side's Soldiers and
    Knights together, of all Knights, the side to move, the Kings' triangles, and the move
    number (it goes up after each Red move)."""

    yellow: int
    red: int
    knights: int
    side: int
    yellow_king: int
    red_king: int
    number: int = 1

    def men(self, side: int) -> int:
        return self.red if side else self.yellow

    def king(self, side: int) -> int:
        return self.red_king if side else self.yellow_king


_new_object = object.__new__
_SETTERS = tuple(getattr(Position, name).__set__ for name in Position.__dataclass_fields__)


def _position(yellow: int, red: int, knights: int, side: int, yellow_king: int,
              red_king: int, number: int) -> Position:
    """``Position(...)`` without the frozen-dataclass ``__init__``, which assigns every field
    through ``object.__setattr__`` and so costs over half of ``apply``. Filling the slots
    directly gives the very same (equal, hashable, immutable) value."""
    pos = _new_object(Position)
    set_yellow, set_red, set_knights, set_side, set_yking, set_rking, set_number = _SETTERS
    set_yellow(pos, yellow)
    set_red(pos, red)
    set_knights(pos, knights)
    set_side(pos, side)
    set_yking(pos, yellow_king)
    set_rking(pos, red_king)
    set_number(pos, number)
    return pos


START = Position(_mask(SOLDIER_STARTS[YELLOW]), _mask(SOLDIER_STARTS[RED]), 0, YELLOW,
                 TRIANGLE_INDEX[KING_STARTS[YELLOW]], TRIANGLE_INDEX[KING_STARTS[RED]], 1)


def is_trapped(pos: Position, side: int) -> bool:
    """All three corners of ``side``'s King triangle hold enemy Soldiers/Knights (R8)."""
    corners = TRIANGLE_MASK[pos.king(side)]
    return pos.men(1 - side) & corners == corners


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ======================================================================================
# Notation helpers
# ======================================================================================

_DIGITS = "0123456789"


def _split_name(text: str, letters: int) -> tuple[str, int] | None:
    """Split 'cd11' into ('cd', 11) when it has ``letters`` file letters and a number
    without leading zero; None otherwise."""
    head, tail = text[:letters], text[letters:]
    if len(head) != letters or any(c not in FILES for c in head):
        return None
    if not tail or len(tail) > 2 or any(c not in _DIGITS for c in tail) or tail[0] == "0":
        return None
    return head, int(tail)


def _read_point(text: str, what: str) -> int:
    if text in POINT_INDEX:
        return POINT_INDEX[text]
    parts = _split_name(text, 1)
    if parts is None:
        raise NotationError(f"'{text}' is not a point name; points are a file a–g and a "
                            "rank 1–13, e.g. c2", field=what)
    f = FILES.index(parts[0])
    if f % 2:
        raise NotationError(f"{text} is not a point: file {parts[0]} has points on the odd "
                            "ranks 1–13", field=what)
    raise NotationError(f"{text} is not a point: file {parts[0]} has points on the even "
                        "ranks 2–12", field=what)


def _read_triangle(text: str, what: str) -> int:
    if text in TRIANGLE_INDEX:
        return TRIANGLE_INDEX[text]
    parts = _split_name(text, 2)
    if parts is None:
        raise NotationError(f"'{text}' is not a triangle name; triangles are two "
                            "neighbouring files and a row 1–11, e.g. cd1", field=what)
    files, row = parts
    if FILES.index(files[1]) != FILES.index(files[0]) + 1:
        raise NotationError(f"'{text}' is not a triangle: name two neighbouring files, "
                            "left one first (ab, bc, … fg)", field=what)
    raise NotationError(f"'{text}' is not a triangle: rows go from 1 to 11", field=what)


# ======================================================================================
# The engine
# ======================================================================================


class OpprimoRules(Rules):
    id = "opprimo"
    name = "Opprimo"
    aliases = ()
    description = "Soldiers step forward and convert enemies by jumping; trap the enemy King."
    variants = ("standard",)
    uses_seed = False
    always_write_setup = False
    hidden_information = False
    repetition_limit = None
    endings = ENDINGS

    # ----- sides and variants -----------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        return SIDE_NAMES

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("#facc15", "#ef4444")

    def variant_of(self, pos: Position) -> str:
        return "standard"

    # ----- positions --------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        self.parse_variant(variant)
        return START

    def to_move(self, pos: Position) -> int:
        return pos.side

    def repetition_key(self, pos: Position) -> tuple:
        """The same position for a repetition notice: everything but the move number."""
        return (pos.yellow, pos.red, pos.knights, pos.side, pos.yellow_king, pos.red_king)

    def format_position(self, pos: Position) -> str:
        rows = []
        for rank in range(RANKS, 0, -1):
            row, run = [], 0
            for f in range(7):
                if not _has_point(f, rank):
                    continue
                bit = 1 << _index(f, rank)
                letter = ""
                if pos.yellow & bit:
                    letter = "N" if pos.knights & bit else "S"
                elif pos.red & bit:
                    letter = "n" if pos.knights & bit else "s"
                if not letter:
                    run += 1
                    continue
                if run:
                    row.append(str(run))
                    run = 0
                row.append(letter)
            if run:
                row.append(str(run))
            rows.append("".join(row))
        return (f"{'/'.join(rows)} {SIDE_LETTERS[pos.side]} {TRIANGLE_NAMES[pos.yellow_king]} "
                f"{TRIANGLE_NAMES[pos.red_king]} {pos.number}")

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        if variant is not None:
            self.parse_variant(variant)
        tokens = [(f.column - 1, f.text) for f in split_fields(text)]
        names = ("points", "side", "Yellow king", "Red king", "move number")
        if len(tokens) < 4:
            missing = names[len(tokens)]
            raise NotationError(
                f"the {missing} field is missing; a position is '<points> <side> "
                "<yellow king> <red king> [<move number>]'",
                field=missing, column=len(text.rstrip()) + 1)
        if len(tokens) > 5:
            raise NotationError("too many fields; a position is '<points> <side> "
                                "<yellow king> <red king> [<move number>]'",
                                field="position", column=tokens[5][0] + 1)
        yellow, red, knights = _read_points(*tokens[0])
        col, side_text = tokens[1]
        if side_text not in SIDE_LETTERS:
            raise NotationError(f"'{side_text}' is not a side; write y (Yellow) or r (Red)",
                                field="side", column=col + 1)
        side = SIDE_LETTERS.index(side_text)
        kings = []
        for who in (YELLOW, RED):
            col, word = tokens[2 + who]
            what = f"{SIDE_NAMES[who]} king"
            try:
                t = _read_triangle(word, what)
            except NotationError as exc:
                raise NotationError(exc.reason, field=what, column=col + 1) from None
            if t not in CASTLE_SETS[who]:
                raise NotationError(
                    f"{SIDE_NAMES[who]}'s king stands on {word}, outside its castle "
                    f"({', '.join(CASTLES[who])})", field=what, column=col + 1)
            kings.append(t)
        number = 1
        if len(tokens) == 5:
            col, word = tokens[4]
            if not word or any(c not in _DIGITS for c in word) or word[0] == "0":
                raise NotationError(f"'{word}' is not a move number; write a whole number "
                                    "from 1 (no leading zero)", field="move number",
                                    column=col + 1)
            number = int(word)
        pos = Position(yellow, red, knights, side, kings[0], kings[1], number)
        other = 1 - side
        if is_trapped(pos, other):
            raise NotationError(
                f"{SIDE_NAMES[other]}'s king on {TRIANGLE_NAMES[pos.king(other)]} is already "
                f"trapped, yet {SIDE_NAMES[side]} is to move: the game would have ended",
                field=f"{SIDE_NAMES[other]} king", column=tokens[2 + other][0] + 1)
        return pos

    def position_warnings(self, pos: Position) -> tuple[str, ...]:
        total = (pos.yellow | pos.red).bit_count()
        if total != MEN_IN_A_GAME:
            return (f"soldiers and knights on the board: {total}; a real game always has "
                    f"{MEN_IN_A_GAME}",)
        return ()

    # ----- moves ------------------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        """Every legal move, generated a whole direction at a time: shifting the set of
        movers one step gives the step targets; shifting the enemies found there once more
        gives the conversion landings."""
        if pos.side:
            mine, theirs, king = pos.red, pos.yellow, pos.red_king
        else:
            mine, theirs, king = pos.yellow, pos.red, pos.yellow_king
        corners = TRIANGLE_MASK[king]
        if theirs & corners == corners:
            return []  # trapped: the game is over
        empty = BOARD ^ mine ^ theirs
        out: list[Move] = []
        append = out.append
        # Soldiers go forward only; Knights in all six directions.
        if pos.side:
            up, down = mine & pos.knights, mine
        else:
            up, down = mine, mine & pos.knights
        if up:
            for sh, src, jsrc, steps, jumps in UP_RAYS:
                targets = ((up & src) << sh) & empty
                while targets:
                    low = targets & -targets
                    append(steps[low])
                    targets ^= low
                land = ((((up & jsrc) << sh) & theirs) << sh) & empty
                while land:
                    low = land & -land
                    append(jumps[low])
                    land ^= low
        if down:
            for sh, src, jsrc, steps, jumps in DOWN_RAYS:
                targets = ((down & src) >> sh) & empty
                while targets:
                    low = targets & -targets
                    append(steps[low])
                    targets ^= low
                land = ((((down & jsrc) >> sh) & theirs) >> sh) & empty
                while land:
                    low = land & -land
                    append(jumps[low])
                    land ^= low
        for move, target in KING_TARGETS[king]:
            if theirs & target != target:
                append(move)
        return out

    def apply(self, pos: Position, move: Move) -> Position:
        side = pos.side
        number = pos.number + side
        if move.kind == KING:
            if side:
                return _position(pos.yellow, pos.red, pos.knights, 0, pos.yellow_king, move.to,
                                number)
            return _position(pos.yellow, pos.red, pos.knights, 1, move.to, pos.red_king, number)
        fbit, tbit = move.fbit, move.tbit
        knights = pos.knights
        if side:
            mine, theirs = pos.red, pos.yellow
        else:
            mine, theirs = pos.yellow, pos.red
        mine ^= fbit | tbit
        if knights & fbit:
            knights ^= fbit | tbit
        elif tbit & SHIELD_MASKS[side]:
            knights |= tbit  # promotion (R6)
        mbit = move.mbit
        if mbit:  # conversion: the jumped piece becomes the mover's Soldier (R4)
            mine |= mbit
            theirs ^= mbit
            knights &= ~mbit
        if side:
            return _position(theirs, mine, knights, 0, pos.yellow_king, pos.red_king, number)
        return _position(mine, theirs, knights, 1, pos.yellow_king, pos.red_king, number)

    def outcome(self, pos: Position) -> Outcome | None:
        if is_trapped(pos, pos.side):
            return Outcome.loss(pos.side, 2, "trapped")
        if not self.moves(pos):
            return Outcome.loss(pos.side, 2, "no moves")
        return None

    def promotes(self, pos: Position, move: Move) -> bool:
        """A Soldier ending its move on one of its own shields (R6)."""
        return (move.kind != KING and not pos.knights & move.fbit
                and bool(move.tbit & SHIELD_MASKS[pos.side]))

    def traps(self, pos: Position, move: Move) -> bool:
        """The move completes the trap of the opponent's King (R8)."""
        return move.kind != KING and is_trapped(self.apply(pos, move), 1 - pos.side)

    def move_text(self, pos: Position, move: Move) -> str:
        text = move.text
        if self.promotes(pos, move):
            text += "=N"
        if self.traps(pos, move):
            text += "#"
        return text

    def parse_move(self, pos: Position, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError("a move is text, e.g. c2-c4")
        raw = text.strip()
        body = raw
        trap_mark = body.endswith("#")
        if trap_mark:
            body = body[:-1]
        promo_mark = body.endswith("=N")
        if promo_mark:
            body = body[:-2]
        if not body:
            raise NotationError(f"'{raw}' is not a move; write e.g. c2-c4, b3xb7 or Kcd1-de1")
        if body.startswith("K"):
            a, sep, b = body[1:].partition("-")
            if not sep:
                raise NotationError(f"'{raw}' is not a king move; write it like Kcd1-de1 "
                                    "(a king never jumps)")
            frm = _read_triangle(a, "move")
            to = _read_triangle(b, "move")
            kind = KING
        else:
            sep = "x" if "x" in body else "-"
            a, found, b = body.partition(sep)
            if not found:
                raise NotationError(f"'{raw}' is not a move; write a step like c2-c4, a "
                                    "conversion like b3xb7 or a king move like Kcd1-de1")
            frm = _read_point(a, "move")
            to = _read_point(b, "move")
            kind = STEP if sep == "-" else JUMP
        reason = self._refusal(pos, kind, frm, to)
        if reason:
            raise IllegalMoveError(f"{raw}: {reason}")
        move = self._move_of(kind, frm, to)
        assert move is not None
        if promo_mark and not self.promotes(pos, move):
            raise IllegalMoveError(f"{raw}: this move does not promote; leave out '=N'")
        if trap_mark and not self.traps(pos, move):
            raise IllegalMoveError(f"{raw}: this move does not trap the king; leave out '#'")
        return move

    # ----- why a move is refused (parse_move and explain share this) ----------------------

    @staticmethod
    def _move_of(kind: int, frm: int, to: int) -> Move | None:
        """The move object of (kind, from, to), if the board has such a move at all."""
        if kind == KING:
            return KING_MOVES.get((frm, to))
        table = STEPS if kind == STEP else JUMPS
        for m in table[frm]:
            if m is not None and m.to == to:
                return m
        return None

    def _refusal(self, pos: Position, kind: int, frm: int, to: int) -> str | None:
        """Why (kind, from, to) is not legal here, or None when it is."""
        side = pos.side
        if is_trapped(pos, side):
            return "the game is over: your king is trapped"
        if kind == KING:
            reason = self._king_refusal(pos, frm, to)
        else:
            reason = self._point_refusal(pos, frm, to, kind)
        if reason:
            return reason
        move = self._move_of(kind, frm, to)
        if move is None or move not in self.moves(pos):  # a safety net: never reached
            return "that move is not legal here"
        return None

    def _king_refusal(self, pos: Position, frm: int, to: int) -> str | None:
        side = pos.side
        if frm != pos.king(side):
            if frm == pos.king(1 - side):
                return "that is not your king"
            return (f"your king is on {TRIANGLE_NAMES[pos.king(side)]}, "
                    f"not on {TRIANGLE_NAMES[frm]}")
        if to not in CASTLE_SETS[side]:
            return "the king stays inside its castle"
        if to not in TRIANGLE_NEIGHBOURS[frm]:
            return "the king moves one triangle at a time, to one that shares a side with its own"
        corners = TRIANGLE_MASK[to]
        if pos.men(1 - side) & corners == corners:
            return "that triangle has three enemy corners"
        return None

    def _point_refusal(self, pos: Position, frm: int, to: int, kind: int | None) -> str | None:
        """Why a Soldier/Knight move from ``frm`` to ``to`` is refused. ``kind`` is the
        written kind (STEP or JUMP), or None to take it from the distance (board picks)."""
        side = pos.side
        mine, theirs = pos.men(side), pos.men(1 - side)
        fbit, tbit = 1 << frm, 1 << to
        here = POINT_NAMES[frm]
        if not (mine | theirs) & fbit:
            return f"there is no piece on {here}"
        if theirs & fbit:
            return "that is not your piece"
        knight = bool(pos.knights & fbit)
        piece = "knight" if knight else "soldier"
        found = [(d, n) for d in range(6) for n in (1, 2)
                 if (NEIGHBOUR if n == 1 else BEYOND)[frm][d] == to]
        if not found:
            return (f"a {piece} moves one step along a line, or jumps one enemy piece next to "
                    "it to convert it")
        d, n = found[0]
        if kind is None:
            kind = STEP if n == 1 else JUMP
        if kind == STEP and n == 2:
            mid = NEIGHBOUR[frm][d]
            return (f"a piece steps one point at a time; a conversion jump over "
                    f"{POINT_NAMES[mid]} is written {here}x{POINT_NAMES[to]}")
        if kind == JUMP and n == 1:
            return (f"a conversion jumps the enemy piece next to it onto the point beyond; "
                    f"a step is written {here}-{POINT_NAMES[to]}")
        if not knight and d not in FORWARD[side]:
            return ("a soldier moves forward only" if n == 1
                    else "a soldier converts forward only")
        if n == 1:
            if mine & tbit:
                return f"{POINT_NAMES[to]} is taken by your own piece"
            if theirs & tbit:
                beyond = BEYOND[frm][d]
                if beyond >= 0 and not (mine | theirs) & (1 << beyond):
                    return (f"{POINT_NAMES[to]} is taken; to convert that piece, jump to "
                            f"{POINT_NAMES[beyond]}")
                return f"{POINT_NAMES[to]} is taken by an enemy piece"
            return None
        mid = NEIGHBOUR[frm][d]
        if not (mine | theirs) & (1 << mid):
            return (f"there is no piece on {POINT_NAMES[mid]} to jump; a conversion jumps an "
                    "enemy piece next to yours")
        if mine & (1 << mid):
            return "you cannot jump your own piece"
        if (mine | theirs) & tbit:
            return "the point beyond must be empty to convert"
        return None

    # ----- what the UI draws ------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False) -> BoardLayout:
        """The lattice as text, each rank on its own line with the castle triangles on the
        line of their apex. The full drawing (33 × 29) puts a line of diagonals between
        ranks; the compact one (33 × 15) keeps only the rank lines, so a point's neighbours
        are the nearest points on the lines above and below (NE, NW, SE, SW) and the next
        point two lines away in its column, joined by the file's ``│`` (N, S)."""
        return _layout(flipped, ascii, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        views: dict[str, CellView] = {}
        for i, name in enumerate(POINT_NAMES):
            bit = 1 << i
            if pos.yellow & bit:
                views[name] = (CellView("N", "N", YELLOW, True) if pos.knights & bit
                               else CellView("S", "S", YELLOW))
            elif pos.red & bit:
                views[name] = (CellView("n", "n", RED, True) if pos.knights & bit
                               else CellView("s", "s", RED))
            elif ALL_SHIELDS & bit:
                views[name] = CellView("◇", "*")
            else:
                views[name] = CellView("·", ".")
        for side in (YELLOW, RED):
            for name in CASTLES[side]:
                views[name] = CellView(" ", " ")
        views[TRIANGLE_NAMES[pos.yellow_king]] = CellView("K", "K", YELLOW, True)
        views[TRIANGLE_NAMES[pos.red_king]] = CellView("k", "k", RED, True)
        return views

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        out = []
        for side in (YELLOW, RED):
            men = pos.men(side)
            knights = (men & pos.knights).bit_count()
            out.append(f"{_plural(men.bit_count() - knights, 'soldier')} · "
                       f"{_plural(knights, 'knight')}")
        return tuple(out)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        if move.kind == KING:
            return ((cell(TRIANGLE_NAMES[move.frm]), cell(TRIANGLE_NAMES[move.to])),)
        return ((cell(POINT_NAMES[move.frm]), cell(POINT_NAMES[move.to])),)

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        if not picks:
            return "select a soldier, knight or your king"
        if picks[0].key in TRIANGLE_INDEX:
            return "select the triangle for your king"
        return "select the point to move to (jump an enemy to convert it)"

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        if pick.kind != "cell" or (pick.key not in POINT_INDEX
                                   and pick.key not in TRIANGLE_INDEX):
            return "select a point or a castle triangle on the board"
        if not picks:
            return self._explain_first(pos, pick.key)
        if len(picks) > 1:
            return "the move is already complete"
        first = picks[0].key
        key = pick.key
        side = pos.side
        if first in TRIANGLE_INDEX:
            if key in POINT_INDEX:
                return "the king moves from triangle to triangle; select a triangle"
            if key == first:
                return "that is where your king stands; select the triangle to move to"
            return (self._king_refusal(pos, TRIANGLE_INDEX[first], TRIANGLE_INDEX[key])
                    or "that is not a legal choice here")
        if first not in POINT_INDEX:
            return "select a soldier, knight or your king"
        if key in TRIANGLE_INDEX:
            if TRIANGLE_INDEX[key] == pos.king(1 - side):
                return "a king cannot be jumped or converted"
            return "soldiers and knights move from point to point; select a point"
        if key == first:
            return "that is the piece you selected; select the point to move to"
        return (self._point_refusal(pos, POINT_INDEX[first], POINT_INDEX[key], None)
                or "that is not a legal choice here")

    def _explain_first(self, pos: Position, key: str) -> str:
        """Why the first selection is refused: nothing there, not yours, or stuck."""
        side = pos.side
        if key in TRIANGLE_INDEX:
            t = TRIANGLE_INDEX[key]
            if t == pos.king(side):
                return ("your king cannot move: every castle triangle next to it has three "
                        "enemy corners")
            if t == pos.king(1 - side):
                return "that is not your piece"
            return "no king stands there; select a soldier, knight or your king"
        p = POINT_INDEX[key]
        bit = 1 << p
        if pos.men(1 - side) & bit:
            return "that is not your piece"
        if not pos.men(side) & bit:
            return "that point is empty; select a soldier, knight or your king"
        if pos.knights & bit:
            return ("that knight cannot move: no neighbouring point is free and no enemy can "
                    "be jumped")
        return ("that soldier cannot move: the points ahead are taken and no enemy ahead can "
                "be jumped")


# ======================================================================================
# Position text reader
# ======================================================================================

    def policy(self) -> Policy:
        from .computer import policy  # the computer's knowledge, loaded when first asked

        return policy()


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
    for k, row in enumerate(rows):
        rank = RANKS - k
        files = [f for f in range(7) if _has_point(f, rank)]
        what = f"rank {rank}"
        expect = len(files)
        spelled = ", ".join(FILES[f] for f in files)
        count = 0
        i = 0
        while i < len(row):
            c = row[i]
            here = col + i + 1
            if c in _DIGITS:
                if c == "0":
                    raise NotationError("a run of empty points is a number from 1, without "
                                        "leading zero", field=what, column=here)
                j = i
                while j < len(row) and row[j] in _DIGITS:
                    j += 1
                digits = row[i:j]
                run = int(digits) if len(digits) <= 3 else 1000
                if count + run > expect:
                    raise NotationError(f"rank {rank} has only {expect} points ({spelled}); "
                                        "this row describes more", field=what, column=here)
                count += run
                i = j
                continue
            if c not in "SNsn":
                raise NotationError(f"unknown character '{c}'; use S N (Yellow), s n (Red) "
                                    "or a number of empty points", field=what, column=here)
            if count >= expect:
                raise NotationError(f"rank {rank} has only {expect} points ({spelled}); "
                                    "this row describes more", field=what, column=here)
            p = _index(files[count], rank)
            bit = 1 << p
            if c in "Ss" and bit & SHIELD_MASKS[YELLOW if c == "S" else RED]:
                owner = "Yellow" if c == "S" else "Red"
                raise NotationError(
                    f"a {owner} soldier on its own shield {POINT_NAMES[p]} would already be a "
                    f"knight; write {'N' if c == 'S' else 'n'}", field=what, column=here)
            if c in "SN":
                yellow |= bit
            else:
                red |= bit
            if c in "Nn":
                knights |= bit
            count += 1
            i += 1
        if count < expect:
            raise NotationError(f"rank {rank} describes {count} points; it has {expect} "
                                f"({spelled})", field=what, column=col + len(row) + 1)
        col += len(row) + 1
    return yellow, red, knights


# ======================================================================================
# The board drawn in the terminal (CLARIFICATIONS §2.1.9)
# ======================================================================================

#: canvas geometry: file x at column 4 + 4x, rank r on line TOP + 2·(13 − r) (compact:
#: TOP + 13 − r); the file letters above and below, the rank numbers at both ends
_LEFT = 4
_TOP = 1
_WIDTH = 33


def _file_range(f: int) -> tuple[int, int]:
    return (1, 13) if f % 2 else (2, 12)


def _board_grid(ascii: bool) -> list[list[str]]:
    """The unflipped lattice (25 lines × 33 columns) without labels: vertical lines,
    diagonals and the empty points (cells are drawn on top)."""
    vert, rise, fall = ("|", "/", "\\") if ascii else ("│", "╱", "╲")
    grid = [[" "] * _WIDTH for _ in range(2 * RANKS - 1)]

    def line_of(rank2: int) -> int:  # rank2 = 2·rank (odd values are between ranks)
        return 2 * RANKS - rank2

    for f in range(7):
        lo, hi = _file_range(f)
        col = _LEFT + 4 * f
        for rank2 in range(2 * lo + 1, 2 * hi):  # strictly between the end points
            grid[line_of(rank2)][col] = vert
    for r in range(1, RANKS):  # the edge line between rank r and r+1
        line = line_of(2 * r + 1)
        for f in range(6):
            col = _LEFT + 4 * f + 2
            if _has_point(f, r) and _has_point(f + 1, r + 1):
                grid[line][col] = rise
            elif _has_point(f + 1, r) and _has_point(f, r + 1):
                grid[line][col] = fall
    for f, r in POINTS:
        bit = 1 << _index(f, r)
        dot = ("*" if ascii else "◇") if bit & ALL_SHIELDS else ("." if ascii else "·")
        grid[line_of(2 * r)][_LEFT + 4 * f] = dot
    return grid


def _layout(flipped: bool, ascii: bool, compact: bool = False) -> BoardLayout:
    """The full drawing, or the compact one: the same lattice with the lines of diagonals
    between ranks dropped (every cell already sits on a rank line), 15 lines instead of 29.
    Columns, cell widths and shades are the same in both."""
    grid = _board_grid(ascii)
    step = 1 if compact else 2  # lines per rank
    if compact:
        grid = grid[::2]
    height = len(grid) + 2
    right = _LEFT + 4 * 6  # column of file g
    mirror = _LEFT + right  # column c shows at mirror − c when flipped
    if flipped:
        # a half turn: reversing a 33-wide line maps column c to 32 − c = mirror − c
        grid = [list(reversed(line)) for line in reversed(grid)]
    lines: list[str] = []
    files = FILES[::-1] if flipped else FILES
    letters = [" "] * _WIDTH
    for x, letter in enumerate(files):
        letters[_LEFT + 4 * x] = letter
    lines.append("".join(letters))
    for k, chars in enumerate(grid):
        row = chars[:]
        if k % step == 0:
            rank = RANKS - k // step if not flipped else 1 + k // step
            label = f"{rank:>2}"
            row[0:2] = list(label)
            row[right + 3:right + 5] = list(f"{rank:<2}")
        lines.append("".join(row))
    lines.append("".join(letters))
    assert mirror == _WIDTH - 1

    def place(rank: int, col: int) -> tuple[int, int]:
        line = _TOP + step * (RANKS - rank)
        if flipped:
            return height - 1 - line, mirror - col
        return line, col

    cells: list[CellSpec] = []
    for i, (f, r) in enumerate(POINTS):
        row, col = place(r, _LEFT + 4 * f)
        shade = "special" if (1 << i) & ALL_SHIELDS else ""
        cells.append(CellSpec(POINT_NAMES[i], row, col - 1, 3, 1, "point", shade))
    for side in (YELLOW, RED):
        for name in CASTLES[side]:
            t = TRIANGLE_INDEX[name]
            strip, tri_row = t // 11, t % 11 + 1
            # on the line of its apex, half way between the two files
            row, col = place(tri_row + 1, _LEFT + 4 * strip + 2)
            cells.append(CellSpec(name, row, col, 1, 1, "triangle", f"zone{side}"))
    return BoardLayout(_WIDTH, height, tuple(lines), tuple(cells))


RULES = OpprimoRules()
