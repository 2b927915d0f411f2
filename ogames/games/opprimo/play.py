"""How Opprimo is played (CLARIFICATIONS §2.1): the lattice's directions, the legal moves,
what a move does, how the game ends, and why a move is refused.

The game in brief:

* **Board.** A triangular lattice turned so that one family of lines is vertical: 7 vertical
  lines (files a–g) and two families of diagonals, 45 points and 66 triangles
  (:mod:`.notation`). A rank is a half step of height. From a point a piece looks in six
  directions: N and S along its file, NE, NW, SE, SW along the diagonals. There is no
  horizontal line.
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
* **End** (:func:`outcome`). When all three corners of a King's triangle hold enemy pieces,
  that King is trapped and its side loses at once (``trapped``). A side to move without a
  legal move loses (``no moves``). There are no automatic draws.

Implementation: the 45 points are numbered so that every direction is a constant shift of
a 45-bit integer, so a position is a few integers (bitboards) and move generation works on
whole sets of pieces at once. Every possible move is built once, at import time.
"""

from __future__ import annotations

from ogames.core.errors import IllegalMoveError
from ogames.core.outcome import Outcome

from .notation import (
    CASTLE_SETS,
    JUMP,
    KING,
    KING_STARTS,
    POINT_NAMES,
    POINTS,
    RED,
    SHIELD_MASKS,
    SOLDIER_STARTS,
    STEP,
    TRIANGLE_INDEX,
    TRIANGLE_MASK,
    TRIANGLE_NAMES,
    YELLOW,
    Move,
    Position,
    UnfrozenPosition,
    WrittenMove,
    has_point,
    mask_of,
    point_index,
    write_move,
)

#: a real game always has this many Soldiers+Knights on the board (R13)
MEN_IN_A_GAME = 20

#: the start position (§2.1.3)
START = Position(mask_of(SOLDIER_STARTS[YELLOW]), mask_of(SOLDIER_STARTS[RED]), 0, YELLOW,
                 TRIANGLE_INDEX[KING_STARTS[YELLOW]], TRIANGLE_INDEX[KING_STARTS[RED]], 1)

# ======================================================================================
# Geometry: directions and neighbours
# ======================================================================================

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
    return point_index(f, r) if has_point(f, r) else -1


NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(p, d) for d in range(6)) for p in range(len(POINTS)))
BEYOND: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(p, d, 2) for d in range(6)) for p in range(len(POINTS)))


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


#: (shift, stepping points, jumping points, step by landing bit, jump by landing bit,
#: the steps of each whole set of landing bits seen so far, in bit order)
Ray = tuple[int, int, int, dict[int, Move], dict[int, Move], dict[int, tuple[Move, ...]]]
#: the most sets of landing bits a ray keeps; it forgets them all when full
_STEP_SETS_LIMIT = 1 << 14


def _ray(d: int) -> Ray:
    """One direction for the set-at-once move generator: the index shift, the points that
    can step (``src``) and jump (``jsrc``) that way, the moves keyed by landing bit, and
    an empty table for the step lists of whole sets of landing bits (``_steps_of``)."""
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
    return abs(delta), src, jsrc, steps, jumps, {}


#: the upward directions (N, NE, NW: Yellow's forward) shift left, the downward ones right
UP_RAYS: tuple[Ray, ...] = tuple(_ray(d) for d in FORWARD[YELLOW])
DOWN_RAYS: tuple[Ray, ...] = tuple(_ray(d) for d in FORWARD[RED])


def move_of(kind: int, frm: int, to: int) -> Move | None:
    """The move object of (kind, from, to), if the board has such a move at all."""
    if kind == KING:
        return KING_MOVES.get((frm, to))
    table = STEPS if kind == STEP else JUMPS
    for m in table[frm]:
        if m is not None and m.to == to:
            return m
    return None


# ======================================================================================
# The legal moves and what a move does
# ======================================================================================


#: (yellow, red, knights, side, the mover's King) → the legal moves, filled by
#: ``legal_moves``; cleared when it reaches ``_MOVE_LISTS_LIMIT`` entries so that it cannot
#: grow without bound
_MOVE_LISTS: dict[tuple[int, int, int, int, int], tuple[Move, ...]] = {}
_MOVE_LISTS_LIMIT = 1 << 16


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move (a fresh list each time: callers may keep or change it).

    The moves depend on the position but not on its move number or the other King, and
    a search meets the same position again and again (in perft to depth 5 from a mid-game
    position about two calls in three), so each list is kept and handed out again as a
    copy."""
    return list(_kept_moves(pos))


def count_moves(pos: Position) -> int:
    """How many moves ``legal_moves`` lists, without copying the kept list: perft counts
    its leaves so (§1.3), and the copy was a third of a leaf's cost."""
    return len(_kept_moves(pos))


def _kept_moves(pos: Position) -> tuple[Move, ...]:
    """The legal moves of ``pos`` as kept in ``_MOVE_LISTS`` (generated on first sight)."""
    if pos.side:
        key = (pos.yellow, pos.red, pos.knights, 1, pos.red_king)
    else:
        key = (pos.yellow, pos.red, pos.knights, 0, pos.yellow_king)
    found = _MOVE_LISTS.get(key)
    if found is None:
        found = _generate(pos)
        if len(_MOVE_LISTS) >= _MOVE_LISTS_LIMIT:
            _MOVE_LISTS.clear()
        _MOVE_LISTS[key] = found
    return found


def _steps_of(targets: int, steps: dict[int, Move], sets: dict[int, tuple[Move, ...]]
              ) -> tuple[Move, ...]:
    """The steps onto the points of ``targets`` (lowest bit first), kept in ``sets``.

    Walking the bits of a 45-bit integer allocates a new integer at every operation; a
    ray's set of landing points recurs often, so one look-up replaces the walk."""
    found = []
    bits = targets
    while bits:
        low = bits & -bits
        found.append(steps[low])
        bits ^= low
    if len(sets) >= _STEP_SETS_LIMIT:
        sets.clear()
    sets[targets] = got = tuple(found)
    return got


def _generate(pos: Position) -> tuple[Move, ...]:
    """Every legal move, generated a whole direction at a time: shifting the set of
    movers one step gives the step targets; shifting the enemies found there once more
    gives the conversion landings."""
    if pos.side:
        mine, theirs, king = pos.red, pos.yellow, pos.red_king
    else:
        mine, theirs, king = pos.yellow, pos.red, pos.yellow_king
    corners = TRIANGLE_MASK[king]
    if theirs & corners == corners:
        return ()  # trapped: the game is over
    empty = BOARD ^ mine ^ theirs
    out: list[Move] = []
    append = out.append
    # Soldiers go forward only; Knights in all six directions.
    if pos.side:
        up, down = mine & pos.knights, mine
    else:
        up, down = mine, mine & pos.knights
    if up:
        for sh, src, jsrc, steps, jumps, sets in UP_RAYS:
            targets = ((up & src) << sh) & empty
            if targets:
                out += sets.get(targets) or _steps_of(targets, steps, sets)
            contact = ((up & jsrc) << sh) & theirs  # enemies next to a mover
            if contact:
                land = (contact << sh) & empty
                while land:
                    low = land & -land
                    append(jumps[low])
                    land ^= low
    if down:
        for sh, src, jsrc, steps, jumps, sets in DOWN_RAYS:
            targets = ((down & src) >> sh) & empty
            if targets:
                out += sets.get(targets) or _steps_of(targets, steps, sets)
            contact = ((down & jsrc) >> sh) & theirs  # enemies next to a mover
            if contact:
                land = (contact >> sh) & empty
                while land:
                    low = land & -land
                    append(jumps[low])
                    land ^= low
    for move, target in KING_TARGETS[king]:
        if theirs & target != target:
            append(move)
    return tuple(out)


def apply(pos: Position, move: Move) -> Position:
    """The position after ``move`` (assumed legal). The new position is filled as an
    ``UnfrozenPosition`` and then made a ``Position`` (see ``notation.fast_position``):
    perft builds one per move, and this is over twice as fast as the frozen
    ``__init__``."""
    side = pos.side
    new = UnfrozenPosition()
    new.side = 1 - side
    new.number = pos.number + side
    new.yellow_king = pos.yellow_king
    new.red_king = pos.red_king
    if move.kind == KING:
        new.yellow, new.red, new.knights = pos.yellow, pos.red, pos.knights
        if side:
            new.red_king = move.to
        else:
            new.yellow_king = move.to
        new.__class__ = Position  # type: ignore[assignment]
        return new  # type: ignore[return-value]
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
        new.yellow, new.red = theirs, mine
    else:
        new.yellow, new.red = mine, theirs
    new.knights = knights
    new.__class__ = Position  # type: ignore[assignment]
    return new  # type: ignore[return-value]


def promotes(pos: Position, move: Move) -> bool:
    """A Soldier ending its move on one of its own shields (R6)."""
    return (move.kind != KING and not pos.knights & move.fbit
            and bool(move.tbit & SHIELD_MASKS[pos.side]))


def traps(pos: Position, move: Move) -> bool:
    """The move completes the trap of the opponent's King (R8)."""
    return move.kind != KING and is_trapped(apply(pos, move), 1 - pos.side)


def move_text(pos: Position, move: Move) -> str:
    """The canonical text of ``move`` in ``pos``, with ``=N`` and ``#`` when they apply."""
    return write_move(move, promotes=promotes(pos, move), traps=traps(pos, move))


def position_warnings(pos: Position) -> tuple[str, ...]:
    """What makes a position unlike a real game: the wrong number of men (R13)."""
    total = (pos.yellow | pos.red).bit_count()
    if total != MEN_IN_A_GAME:
        return (f"soldiers and knights on the board: {total}; a real game always has "
                f"{MEN_IN_A_GAME}",)
    return ()


# ======================================================================================
# How the game ends
# ======================================================================================


def is_trapped(pos: Position, side: int) -> bool:
    """All three corners of ``side``'s King triangle hold enemy Soldiers/Knights (R8)."""
    corners = TRIANGLE_MASK[pos.king(side)]
    return pos.men(1 - side) & corners == corners


def outcome(pos: Position) -> Outcome | None:
    """How the game has ended, or None while it goes on. Both endings are a loss for the
    side to move; there are no automatic draws:

    * ``trapped`` — all three corners of its King's triangle hold enemy Soldiers/Knights
      (the opponent's last move completed the trap, R8);
    * ``no moves`` — it has no legal move (R11, a ruling).

    There are no draws but by agreement (R12), and no repetition rule.
    """
    if is_trapped(pos, pos.side):
        return Outcome.loss(pos.side, 2, "trapped")
    if not legal_moves(pos):
        return Outcome.loss(pos.side, 2, "no moves")
    return None


# ======================================================================================
# Why a move is refused (reading a move and the board's explanations share this)
# ======================================================================================


def resolve(pos: Position, written: WrittenMove) -> Move:
    """The legal move ``written`` names in ``pos``, or an IllegalMoveError that says why
    there is none (including a ``=N`` or ``#`` mark that does not apply)."""
    raw = written.raw
    reason = refusal(pos, written.kind, written.frm, written.to)
    if reason:
        raise IllegalMoveError(f"{raw}: {reason}")
    move = move_of(written.kind, written.frm, written.to)
    assert move is not None
    if written.promotes and not promotes(pos, move):
        raise IllegalMoveError(f"{raw}: this move does not promote; leave out '=N'")
    if written.traps and not traps(pos, move):
        raise IllegalMoveError(f"{raw}: this move does not trap the king; leave out '#'")
    return move


def refusal(pos: Position, kind: int, frm: int, to: int) -> str | None:
    """Why (kind, from, to) is not legal here, or None when it is."""
    side = pos.side
    if is_trapped(pos, side):
        return "the game is over: your king is trapped"
    if kind == KING:
        reason = king_refusal(pos, frm, to)
    else:
        reason = point_refusal(pos, frm, to, kind)
    if reason:
        return reason
    move = move_of(kind, frm, to)
    if move is None or move not in legal_moves(pos):  # a safety net: never reached
        return "that move is not legal here"
    return None


def king_refusal(pos: Position, frm: int, to: int) -> str | None:
    """Why the King move from triangle ``frm`` to ``to`` is refused, or None."""
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


def point_refusal(pos: Position, frm: int, to: int, kind: int | None) -> str | None:
    """Why a Soldier/Knight move from ``frm`` to ``to`` is refused. ``kind`` is the
    written kind (STEP or JUMP), or None to take it from the distance (board picks)."""
    side = pos.side
    mine, theirs = pos.men(side), pos.men(1 - side)
    fbit = 1 << frm
    here = POINT_NAMES[frm]
    if not (mine | theirs) & fbit:
        return f"there is no piece on {here}"
    if theirs & fbit:
        return "that is not your piece"
    knight = bool(pos.knights & fbit)
    found = [(d, n) for d in range(6) for n in (1, 2)
             if (NEIGHBOUR if n == 1 else BEYOND)[frm][d] == to]
    if not found:
        return (f"a {'knight' if knight else 'soldier'} moves one step along a line, or "
                "jumps one enemy piece next to it to convert it")
    d, n = found[0]
    if kind is None:
        kind = STEP if n == 1 else JUMP
    reason = _wrong_kind(frm, to, d, n, kind)
    if reason:
        return reason
    if not knight and d not in FORWARD[side]:
        return ("a soldier moves forward only" if n == 1
                else "a soldier converts forward only")
    if n == 1:
        return _step_refusal(pos, frm, to, d)
    return _jump_refusal(pos, frm, to, d)


def _wrong_kind(frm: int, to: int, d: int, n: int, kind: int) -> str | None:
    """A step written for a two-point move, or a conversion for a one-point move."""
    here = POINT_NAMES[frm]
    if kind == STEP and n == 2:
        mid = NEIGHBOUR[frm][d]
        return (f"a piece steps one point at a time; a conversion jump over "
                f"{POINT_NAMES[mid]} is written {here}x{POINT_NAMES[to]}")
    if kind == JUMP and n == 1:
        return (f"a conversion jumps the enemy piece next to it onto the point beyond; "
                f"a step is written {here}-{POINT_NAMES[to]}")
    return None


def _step_refusal(pos: Position, frm: int, to: int, d: int) -> str | None:
    """Why the step from ``frm`` to its neighbour ``to`` (direction d) is refused."""
    mine, theirs = pos.men(pos.side), pos.men(1 - pos.side)
    tbit = 1 << to
    if mine & tbit:
        return f"{POINT_NAMES[to]} is taken by your own piece"
    if theirs & tbit:
        beyond = BEYOND[frm][d]
        if beyond >= 0 and not (mine | theirs) & (1 << beyond):
            return (f"{POINT_NAMES[to]} is taken; to convert that piece, jump to "
                    f"{POINT_NAMES[beyond]}")
        return f"{POINT_NAMES[to]} is taken by an enemy piece"
    return None


def _jump_refusal(pos: Position, frm: int, to: int, d: int) -> str | None:
    """Why the conversion from ``frm`` over its neighbour to ``to`` (direction d) is
    refused."""
    mine, theirs = pos.men(pos.side), pos.men(1 - pos.side)
    mid = NEIGHBOUR[frm][d]
    if not (mine | theirs) & (1 << mid):
        return (f"there is no piece on {POINT_NAMES[mid]} to jump; a conversion jumps an "
                "enemy piece next to yours")
    if mine & (1 << mid):
        return "you cannot jump your own piece"
    if (mine | theirs) & (1 << to):
        return "the point beyond must be empty to convert"
    return None
