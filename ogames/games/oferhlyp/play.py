"""How Oferhlýp is played (CLARIFICATIONS §2.2.1–7): the hex geometry, the legal moves,
what a move does, how the game ends, and why a move is refused.

The game in brief:

* **Pieces.** Twelve per side, all *full* at the start. An attacked full piece turns
  *half*; an attacked half piece is removed. Dark sits at the bottom and moves first.
* **A turn** is exactly one of:

  1. a *step* to an adjacent empty hex;
  2. a *friendly jump* over an adjacent piece of one's own colour to the empty hex
     straight beyond it; it ends the turn;
  3. an *attack*: one or more straight jumps over enemy pieces, each landing on an empty
     hex. The direction may change between jumps, the piece may land again on a hex it
     visited (its origin counts as empty once it has left), continuing is optional, and
     no enemy piece may be attacked twice in one turn.

* **One move** is the triple (origin, destination, set of attacked hexes). Two jump orders
  with the same triple are the same move, written in the order whose landing hexes come
  first in cell order.
* **The end** (:func:`outcome`): the player to move loses with at most one piece left or
  with no legal move; a move may not make a position for the third time
  (:func:`repetition_key`).

Move generation is the hot path (perft and playouts): every step and friendly jump exists
once as a value built at import, and attacks are found by a depth-first search over bit
masks.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from ogames.core.errors import IllegalMoveError
from ogames.core.outcome import Outcome

from .notation import (
    CELL_NAMES,
    CELL_XY,
    DARK_FULL,
    DARK_HALF,
    EMPTY,
    LIGHT_FULL,
    LIGHT_HALF,
    NUM_CELLS,
    OWN_PIECES,
    SIDES,
    Move,
    Position,
    WrittenMove,
    count_pieces,
)

# ----- board geometry (data tables) ------------------------------------------------------

#: the six directions as (dx, dy) in doubled-height coordinates: N, NE, SE, S, SW, NW
DIRECTIONS = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))

#: what an attack does to the piece on the jumped hex: full → half, half → removed
HIT = {DARK_FULL: DARK_HALF, DARK_HALF: EMPTY, LIGHT_FULL: LIGHT_HALF, LIGHT_HALF: EMPTY}

_XY_INDEX: dict[tuple[int, int], int] = {xy: i for i, xy in enumerate(CELL_XY)}


def _at(x: int, y: int) -> int | None:
    """The cell at doubled-height (x, y), or None off the board."""
    return _XY_INDEX.get((x, y))


def hex_distance(a: int, b: int) -> int:
    """Number of steps between two cells (doubled-height metric)."""
    (xa, ya), (xb, yb) = CELL_XY[a], CELL_XY[b]
    dx, dy = abs(xa - xb), abs(ya - yb)
    return dx + max(0, (dy - dx) // 2)


def straight_midpoint(a: int, b: int) -> int | None:
    """The hex a straight jump from ``a`` to ``b`` passes over, or None when ``b`` is not
    two steps straight on from ``a`` (e.g. the "60° turn" cells)."""
    (xa, ya), (xb, yb) = CELL_XY[a], CELL_XY[b]
    dx, dy = xb - xa, yb - ya
    if dx % 2 or dy % 2 or (dx // 2, dy // 2) not in DIRECTIONS:
        return None
    return _at(xa + dx // 2, ya + dy // 2)


def _jumps_from(x: int, y: int) -> tuple[tuple[int, int], ...]:
    """(jumped hex, landing hex) of every straight jump from (x, y), by landing hex."""
    pairs = []
    for dx, dy in DIRECTIONS:
        mid, land = _at(x + dx, y + dy), _at(x + 2 * dx, y + 2 * dy)
        if mid is not None and land is not None:
            pairs.append((mid, land))
    return tuple(sorted(pairs, key=lambda pair: pair[1]))


# Neighbour and jump tables, built once at import. Jumps are sorted by landing hex so that a
# depth-first search meets jump orders in canonical (lexicographic) order.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for dx, dy in DIRECTIONS if (n := _at(x + dx, y + dy)) is not None)
    for x, y in CELL_XY
)
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_jumps_from(x, y) for x, y in CELL_XY)

# Every step and friendly jump exists once, built at import time, so move generation for
# them allocates nothing.
STEP_MOVES: tuple[tuple[tuple[int, Move], ...], ...] = tuple(
    tuple((n, Move(i, n)) for n in ADJACENT[i]) for i in range(NUM_CELLS)
)
JUMP_MOVES: tuple[tuple[tuple[int, int, Move], ...], ...] = tuple(
    tuple((mid, land, Move(i, land)) for mid, land in JUMPS[i]) for i in range(NUM_CELLS)
)


# ----- attacks ----------------------------------------------------------------------------


def attack_chains(board: str, origin: int, enemy: str
                  ) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every attack chain of the piece on ``origin``, as (landing hexes, attacked bitmask),
    in lexicographic order of the landing hexes.

    The origin counts as empty once the piece has left. An attacked piece is never jumped
    again (the bitmask), so the board itself need not change during the chain: landings lie
    on origin + 2·lattice and jumped hexes never do (§2.2.4), so a piece removed during the
    turn never matters for a later landing.
    """

    def extend(cur: int, mask: int, path: tuple[int, ...]
               ) -> Iterator[tuple[tuple[int, ...], int]]:
        for mid, land in JUMPS[cur]:
            if (
                board[mid] in enemy
                and not mask >> mid & 1
                and (board[land] == EMPTY or land == origin)
            ):
                nmask = mask | 1 << mid
                npath = path + (land,)
                yield npath, nmask
                yield from extend(land, nmask, npath)

    return extend(origin, 0, ())


def _mask_cells(mask: int) -> frozenset[int]:
    """The cells of a bit mask. An attack hits a few pieces, so walking the set bits
    (lowest first) beats testing all 35 cells."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return frozenset(cells)


_new_object = object.__new__
_SET_MOVE = tuple(getattr(Move, f).__set__ for f in ("origin", "dest", "attacked", "path"))


def _attack(origin: int, dest: int, attacked: frozenset[int], path: tuple[int, ...]) -> Move:
    """``Move(origin, dest, attacked, path)`` for the attack search: a frozen dataclass
    sets each field through ``object.__setattr__``, about three times slower than filling
    the slots directly, and perft builds an attack move per distinct chain."""
    move = _new_object(Move)
    set_origin, set_dest, set_attacked, set_path = _SET_MOVE
    set_origin(move, origin)
    set_dest(move, dest)
    set_attacked(move, attacked)
    set_path(move, path)
    return move


#: (origin, landings) → the attack move, so that each attack exists once however many
#: boards allow it: the landings fix the attacked hexes, and a search meets a few hundred
#: attacks tens of thousands of times (fewer objects also means less for the garbage
#: collector to walk through in the kept move lists). Cleared when full.
_ATTACKS: dict[tuple[int, tuple[int, ...]], Move] = {}
_ATTACKS_LIMIT = 1 << 14


def _attack_moves(board: str, origin: int, enemy: str, out: list[Move]) -> None:
    """Append one move per distinct (destination, attacked set) of the piece on ``origin``.

    A depth-first search in landing order meets the canonical jump order of each move
    first; a state (current hex, attacked set) already met has all its continuations met
    too, so it is pruned.
    """
    seen: set[tuple[int, int]] = set()

    def extend(cur: int, mask: int, path: tuple[int, ...]) -> None:
        for mid, land in JUMPS[cur]:
            if (
                board[mid] in enemy
                and not mask >> mid & 1
                and (board[land] == EMPTY or land == origin)
            ):
                nmask = mask | 1 << mid
                key = (land, nmask)
                if key in seen:
                    continue
                seen.add(key)
                npath = path + (land,)
                move = _ATTACKS.get((origin, npath))
                if move is None:
                    move = _attack(origin, land, _mask_cells(nmask), npath)
                    if len(_ATTACKS) >= _ATTACKS_LIMIT:
                        _ATTACKS.clear()
                    _ATTACKS[origin, npath] = move
                out.append(move)
                extend(land, nmask, npath)

    extend(origin, 0, ())


def jump_orders(pos: Position, move: Move) -> tuple[tuple[int, ...], ...]:
    """Every way to play ``move`` as hexes in order, origin first: a step or friendly jump
    has one (origin, destination); an attack one per jump order that attacks the same
    pieces and ends on the same hex, in canonical order."""
    if not move.attacked:
        return ((move.origin, move.dest),)
    enemy = OWN_PIECES[1 - pos.side]
    full = 0
    for h in move.attacked:
        full |= 1 << h
    return tuple(
        (move.origin,) + path
        for path, mask in attack_chains(pos.board, move.origin, enemy)
        if mask == full and path[-1] == move.dest
    )


# ----- moves ------------------------------------------------------------------------------


#: (board, side to move) → the legal moves, filled by ``moves``; cleared when it reaches
#: ``_MOVE_LISTS_LIMIT`` entries so that it cannot grow without bound
_MOVE_LISTS: dict[tuple[str, int], tuple[Move, ...]] = {}
_MOVE_LISTS_LIMIT = 1 << 15


def moves(pos: Position) -> list[Move]:
    """Every legal move (history aside): steps, friendly jumps and attacks, piece by piece
    in cell order. A side with at most one piece has none (it has lost).

    The moves depend on the board and the side to move only, and a search meets the same
    board again and again (in perft to depth 4 about one call in two, by transposition),
    so each list is kept and handed out again as a copy (callers may change it)."""
    key = (pos.board, pos.side)
    found = _MOVE_LISTS.get(key)
    if found is None:
        found = _generate(pos.board, pos.side)
        if len(_MOVE_LISTS) >= _MOVE_LISTS_LIMIT:
            _MOVE_LISTS.clear()
        _MOVE_LISTS[key] = found
    return list(found)


def _generate(board: str, side: int) -> tuple[Move, ...]:
    """The moves of ``side`` on ``board``, in the order ``moves`` gives them."""
    own = OWN_PIECES[side]
    if board.count(own[0]) + board.count(own[1]) <= 1:
        return ()
    enemy = OWN_PIECES[1 - side]
    out: list[Move] = []
    append = out.append  # bound once: this loop is the hot path of perft
    for i, piece in enumerate(board):
        if piece not in own:
            continue
        for n, m in STEP_MOVES[i]:
            if board[n] == EMPTY:
                append(m)
        can_attack = False
        for mid, land, m in JUMP_MOVES[i]:
            if board[land] != EMPTY:
                continue
            t = board[mid]
            if t in own:
                append(m)
            elif t != EMPTY:
                can_attack = True
        if can_attack:
            _attack_moves(board, i, enemy, out)
    return tuple(out)


def has_move(pos: Position) -> bool:
    """Whether the side to move has any move (a step or any first jump)."""
    board = pos.board
    own = OWN_PIECES[pos.side]
    for i in range(NUM_CELLS):
        if board[i] not in own:
            continue
        for n in ADJACENT[i]:
            if board[n] == EMPTY:
                return True
        for mid, land in JUMPS[i]:
            if board[mid] != EMPTY and board[land] == EMPTY:
                return True
    return False


def apply(pos: Position, move: Move) -> Position:
    """The position after ``move``: the piece moves, each attacked piece is hit once (full
    → half, half → removed), the other side is to move."""
    cells = list(pos.board)
    piece = cells[move.origin]
    cells[move.origin] = EMPTY
    for h in move.attacked:
        cells[h] = HIT[cells[h]]
    cells[move.dest] = piece
    return Position("".join(cells), 1 - pos.side, pos.fullmove + pos.side)


# ----- the end ----------------------------------------------------------------------------


def outcome(pos: Position) -> Outcome | None:
    """How the game has ended, or None while it goes on. Both endings are a loss for the
    player to move (§2.2.6):

    * ``pieces`` — the player to move has at most one piece left;
    * ``no moves`` — the player to move has no legal move (walled in).

    A third ending lives in the shared ``Game``: a move that would make a position (board
    and side to move, :func:`repetition_key`) for the third time is illegal (§2.2.7), so a
    player whose every move repeats in this way has no move and loses.
    """
    # "pieces": down to one piece (or none), the player to move has lost (§2.2.6)
    if count_pieces(pos.board, pos.side) <= 1:
        return Outcome.loss(pos.side, 2, "pieces")
    # "no moves": every piece walled in, no step and no jump (§2.2.6)
    if not has_move(pos):
        return Outcome.loss(pos.side, 2, "no moves")
    return None


def repetition_key(pos: Position) -> Hashable:
    """Board and side to move (§2.2.7); the move number does not count."""
    return (pos.board, pos.side)


# ----- why a move is refused --------------------------------------------------------------


def resolve(pos: Position, written: WrittenMove) -> Move:
    """The legal move ``written`` names in ``pos``, or an IllegalMoveError that says why
    there is none."""
    check_turn(pos, written.src, written.origin)
    if written.sep == "x":
        return _attack_move(pos, written)
    dest = written.landings[0][0]
    return _simple_move(pos, written.src, written.origin, dest, written.sep == "~")


def check_turn(pos: Position, src: str, origin: int) -> None:
    """Reasons common to every move: the game is over, the origin is not ours."""
    if outcome(pos) is not None:
        raise IllegalMoveError(f"{src}: the game is over ({SIDES[pos.side]} has lost)")
    ch = pos.board[origin]
    name = CELL_NAMES[origin]
    if ch == EMPTY:
        raise IllegalMoveError(f"{src}: there is no piece on {name}")
    if ch not in OWN_PIECES[pos.side]:
        raise IllegalMoveError(
            f"{src}: the piece on {name} is {SIDES[1 - pos.side]}'s, not your piece"
        )


def _simple_move(pos: Position, src: str, origin: int, dest: int, friendly: bool) -> Move:
    """A step (``-``) or a friendly jump (``~``), with a reason when illegal."""
    board = pos.board
    dname = CELL_NAMES[dest]
    if not friendly:
        if dest not in ADJACENT[origin]:
            raise IllegalMoveError(f"{src}: a step goes to an adjacent hex")
        if board[dest] != EMPTY:
            raise IllegalMoveError(f"{src}: {dname} is occupied")
        return STEP_MOVES[origin][ADJACENT[origin].index(dest)][1]
    mid = straight_midpoint(origin, dest)
    if mid is None:
        if hex_distance(origin, dest) == 2:
            raise IllegalMoveError(f"{src}: a jump must go straight on: no 60° turns")
        raise IllegalMoveError(
            f"{src}: a friendly jump goes over an adjacent piece of yours to the hex "
            "straight beyond it"
        )
    mname = CELL_NAMES[mid]
    if board[mid] == EMPTY:
        raise IllegalMoveError(f"{src}: there is no piece on {mname} to jump over")
    if board[mid] not in OWN_PIECES[pos.side]:
        raise IllegalMoveError(
            f"{src}: {mname} holds an enemy piece; jumping it is an attack, "
            f"written {CELL_NAMES[origin]}x{dname}"
        )
    if board[dest] != EMPTY:
        raise IllegalMoveError(f"{src}: {dname} is occupied")
    for _, land, m in JUMP_MOVES[origin]:
        if land == dest:
            return m
    raise IllegalMoveError(f"{src} is not a legal move here")  # pragma: no cover


def _attack_move(pos: Position, written: WrittenMove) -> Move:
    """Replay the jumps in the order written; map the result to the move."""
    src, origin = written.src, written.origin
    board = pos.board
    own = OWN_PIECES[pos.side]
    cur = origin
    attacked: set[int] = set()
    for k, (land, mark) in enumerate(written.landings):
        reason = jump_refusal(board, own, origin, cur, land, attacked, k > 0)
        if reason:
            raise IllegalMoveError(f"{src}: {reason}")
        mid = straight_midpoint(cur, land)
        assert mid is not None
        removed = board[mid] in "dl"
        if mark is not None and mark != removed:
            state = "half, so it is removed: mark (r) or (1>0)" if removed else (
                "full, so it turns half: mark (-) or (2>1)"
            )
            raise IllegalMoveError(
                f"{src}: wrong mark for the piece on {CELL_NAMES[mid]}; it is {state}"
            )
        attacked.add(mid)
        cur = land
    wanted = Move(origin, cur, frozenset(attacked))
    for m in moves(pos):
        if m == wanted:
            return m
    raise IllegalMoveError(f"{src} is not a legal move here")  # pragma: no cover


def jump_refusal(
    board: str,
    own: str,
    origin: int,
    cur: int,
    land: int,
    attacked: set[int],
    in_chain: bool,
) -> str | None:
    """Why a jump of an attack from ``cur`` to ``land`` is illegal, or None if it is legal.
    ``attacked`` holds the hexes already attacked this turn; ``origin`` counts as empty."""
    lname = CELL_NAMES[land]
    mid = straight_midpoint(cur, land)
    if mid is None:
        if land == cur:
            return "a jump must move the piece"
        if hex_distance(cur, land) == 2:
            return "a jump must go straight on: no 60° turns"
        if land in ADJACENT[cur]:
            return (
                "an attack cannot be followed by a step"
                if in_chain
                else "an attack jumps over the adjacent piece to the hex straight beyond it"
            )
        return "too far: a jump goes over one adjacent piece to the hex straight beyond it"
    mname = CELL_NAMES[mid]
    if board[mid] == EMPTY:
        return f"there is no piece on {mname} to jump over"
    if mid in attacked:
        return f"{mname} was already attacked this turn"
    if board[mid] in own:
        if in_chain:
            return "a chain attack jumps only enemy pieces: no friendly jump after an attack"
        return (
            f"{mname} holds your own piece: that is a friendly jump, written "
            f"{CELL_NAMES[cur]}~{lname}"
        )
    if board[land] != EMPTY and land != origin:
        return f"that hex ({lname}) is occupied"
    return None
