"""The engines' fast paths against plain versions written here from the rules.

Move generation is tuned for speed (bit-set tricks, one shared flood fill, byte operations
on the board): each tuned path is checked on seeded random playouts, driven by hypothesis,
against a slow, obvious implementation of the same rule that shares no code with it. Only
the games' values and tables of plain facts (squares, neighbours, tile faces) are taken
from the engines.
"""

from __future__ import annotations

import random
from collections import Counter, deque

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ogames.core.outcome import Outcome
from ogames.games.ochmir import RULES as OCHMIR
from ogames.games.ochmir.geometry import ALL, CELLS, EDGE, HEX_CELLS
from ogames.games.ochmir.notation import Move as OchmirMove
from ogames.games.ochmir.tiles import EXPOSED, FLIP, REVERSE, VALUE, L, T
from ogames.games.ordo import RULES as ORDO
from ogames.games.ordo.notation import RANKS, Move, Position, file_of, rank_of, square
from ogames.games.ordo.play import goal_threat, sharp_moves

SLOW = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ----- Ordo (§2.4): every move must leave the mover's pieces in one group -----------------


def connected(squares: set[tuple[int, int]]) -> bool:
    """One group under contact by side or corner (a breadth-first walk); none is one."""
    if not squares:
        return True
    start = next(iter(squares))
    seen = {start}
    todo = deque([start])
    while todo:
        f, r = todo.popleft()
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                near = (f + df, r + dr)
                if near in squares and near not in seen:
                    seen.add(near)
                    todo.append(near)
    return len(seen) == len(squares)


def plain_ordo_moves(pos: Position) -> list[Move]:
    """The legal moves of ``pos`` from the rules, candidate by candidate.

    Singletons slide forward (straight or diagonally) or sideways over empty squares and
    may stop on the first enemy piece; ordos (two or more own pieces in a row) slide all
    together over empty squares: a row along a rank forward, a row along a file sideways.
    Backward moves (singletons, rows along a rank) only for a split side. A move is legal
    when the mover's pieces form one group afterwards; no move when the game is over.

    Listed in the engine's order (seeded random play depends on it): singletons by piece
    in square order (rank, then file), direction (SW, S, SE, W, E, NW, N, NE) and
    distance; then ordos by kind (rows forward, columns east, columns west, rows
    backward), first square, length and distance.
    """
    side, width = pos.turn, pos.width
    forward = 1 if side == 0 else -1
    own: set[tuple[int, int]] = set()
    enemy: set[tuple[int, int]] = set()
    for f in range(width):
        for r in range(RANKS):
            who = pos.occupant(square(f, r))
            if who is not None:
                (own if who == side else enemy).add((f, r))
    enemy_goal = 0 if side == 0 else RANKS - 1  # the mover's home row: the enemy's goal
    if not own or any(r == enemy_goal for _, r in enemy):
        return []
    split = not connected(own)
    pieces = sorted(own, key=lambda fr: (fr[1], fr[0]))

    def free(f: int, r: int) -> bool:
        return 0 <= f < width and 0 <= r < RANKS and (f, r) not in own | enemy

    moves: list[Move] = []
    for f, r in pieces:
        for df, dr in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
            if dr == -forward and not split:
                continue
            k = 1
            while 0 <= f + k * df < width and 0 <= r + k * dr < RANKS:
                to = (f + k * df, r + k * dr)
                if to in own:
                    break
                if connected(own - {(f, r)} | {to}):
                    moves.append(Move(square(f, r), square(*to)))
                if to in enemy:
                    break  # a capture ends the slide
                k += 1
    kinds = [((1, 0), (0, forward)), ((0, 1), (1, 0)), ((0, 1), (-1, 0))]
    if split:
        kinds.append(((1, 0), (0, -forward)))
    for (af, ar), (df, dr) in kinds:
        for f, r in pieces:  # (f, r): the west end of a row along a rank, south of a file
            row = [(f, r)]
            while (row[-1][0] + af, row[-1][1] + ar) in own:
                row.append((row[-1][0] + af, row[-1][1] + ar))
                k = 1
                while all(free(a + k * df, b + k * dr) for a, b in row):
                    after = own - set(row) | {(a + k * df, b + k * dr) for a, b in row}
                    if connected(after):
                        moves.append(Move(square(f, r), square(f + k * df, r + k * dr),
                                          square(*row[-1])))
                    k += 1
    return moves


def plain_ordo_outcome(pos: Position, moves: list[Move]) -> Outcome | None:
    """§2.4.4 as written, in its order: the mover's opponent on its goal row, the mover
    without pieces, the mover without a legal move (``moves``, from the plain generator)."""
    other = 1 - pos.turn
    squares = [sq for sq in range(RANKS * 16) if pos.occupant(sq) is not None]
    if any(pos.occupant(sq) == other and rank_of(sq) == (RANKS - 1, 0)[other]
           for sq in squares):
        return Outcome.win(other, 2, "goal")
    if not any(pos.occupant(sq) == pos.turn for sq in squares):
        return Outcome.win(other, 2, "no pieces")
    if not moves:
        return Outcome.win(other, 2, "cannot reconnect")
    return None


@SLOW
@given(seed=st.integers(0, 2**64 - 1), variant=st.sampled_from(ORDO.variants),
       greed=st.floats(0, 1))
def test_ordo_moves_match_a_plain_generator(seed: int, variant: str, greed: float) -> None:
    """Whole groups (bulk slides, possible cut pieces, ordo rows: the shared fill) and
    split ones, after random play that takes with probability ``greed`` when it can (so
    that groups get split): the same moves in the same order, and the same outcome as
    §2.4.4 read plainly (the engine generates moves for it only when the mover is split);
    and the captures and goal moves the computer's quiescence lists on their own are those
    of the plain list, in its order; and whether the opponent could reach its goal row
    next move is what its plain moves say."""
    rng = random.Random(seed)
    pos = ORDO.start(variant)
    for _ in range(160):
        fast = ORDO.moves(pos)
        plain = plain_ordo_moves(pos)
        assert fast == plain, ORDO.format_position(pos)
        assert ORDO.outcome(pos) == plain_ordo_outcome(pos, plain), ORDO.format_position(pos)
        sharp = [m for m in plain if rank_of(m.to) == (RANKS - 1, 0)[pos.turn]
                 or m.last is None and pos.occupant(m.to) == 1 - pos.turn]
        assert sharp_moves(pos) == sharp, ORDO.format_position(pos)
        if not fast:
            break
        # the threat the search looks further for: the side that just moved, were it to
        # move again, has a legal move onto its goal row
        mover = 1 - pos.turn
        again = plain_ordo_moves(Position(pos.width, pos.white, pos.black, mover))
        assert goal_threat(pos) == any(rank_of(m.to) == (RANKS - 1, 0)[mover] for m in again)
        takes = [m for m in fast if m.last is None and pos.occupant(m.to) is not None]
        pos = ORDO.apply(pos, rng.choice(takes if takes and rng.random() < greed else fast))


def test_ordo_playouts_reach_the_hard_cases() -> None:
    """The random play above does meet what the fast path treats apart: split groups,
    pieces whose removal splits the group (three ways too), rows whose removal does."""
    seen = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        pos = ORDO.start("10x8")
        while moves := ORDO.moves(pos):
            own = {(file_of(sq), rank_of(sq)) for sq in range(128)
                   if pos.occupant(sq) == pos.turn}
            if not connected(own):
                seen["split"] += 1
            else:
                for piece in own:
                    parts = len(plain_parts(own - {piece}))
                    seen[f"cut into {min(parts, 3)}"] += parts > 1
            takes = [m for m in moves if m.last is None and pos.occupant(m.to) is not None]
            pos = ORDO.apply(pos, rng.choice(takes if takes and seed % 2 else moves))
    assert seen["split"] > 20
    assert seen["cut into 2"] > 100
    assert seen["cut into 3"] > 10


def plain_parts(squares: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The groups of a set of squares."""
    parts: list[set[tuple[int, int]]] = []
    left = set(squares)
    while left:
        part = {left.pop()}
        grew = True
        while grew:
            near = {(f + df, r + dr) for f, r in part for df in (-1, 0, 1) for dr in (-1, 0, 1)}
            grew = bool(near & left)
            part |= near & left
            left -= near
        parts.append(part)
    return parts


# ----- Ochmir (§2.5): the legal moves and a turn ------------------------------------------


def plain_over(pos) -> bool:
    """The end (§2.5.9): board full, no tiles anywhere, 144 of a colour (three players),
    six rounds without a placement."""
    players = pos.players
    shown = Counter(EXPOSED[t] for t in pos.board if t)
    return (all(pos.board) or (not pos.remaining() and not any(pos.hands))
            or (players == 3 and max(shown.values(), default=0) >= 144)
            or pos.streak >= 6 * players)


def plain_ochmir_actions(pos) -> Counter:
    """Every action of the side to move as (tile as laid, from, to), counted: each
    distinct way a tile in hand can lie (a tile carrying the mover's colour shows it, any
    other either face) on every empty triangle; every thurin showing the mover's colour to
    an empty edge neighbour, every leremoc to any empty neighbour; a pass when there is
    nothing else. None once the game is over."""
    if plain_over(pos):
        return Counter()
    p = pos.to_move
    board = pos.board
    ways = set()
    for t in pos.hands[p]:
        flipped = FLIP[t]
        for face in (t, flipped):
            if EXPOSED[face] == p or p not in (EXPOSED[t], REVERSE[t]):
                ways.add(face)
    actions = Counter((face, -1, cell) for face in ways for cell in range(CELLS)
                      if not board[cell])
    for cell in range(CELLS):
        t = board[cell]
        if t and EXPOSED[t] == p and VALUE[t] in (T, L):
            for to in (EDGE[cell] if VALUE[t] == T else ALL[cell]):
                if not board[to]:
                    actions[(0, cell, to)] += 1
    return actions or Counter({(0, -1, -1): 1})


def plain_ochmir_apply(pos, move: OchmirMove):
    """The turn from the rules (§2.5.6–8): lay or step the tile; when it shows the mover's
    colour, win every full hexagon that holds a triangle gained this turn and enough tiles
    showing that colour, turning the tiles that carry it, again and again; then the loose
    tiles (flag t: all turned; three players: the chosen faces); the draw; the counters.
    Returns (board, hands, bag left, to move, streak, ply)."""
    p, players = pos.to_move, pos.players
    board = list(pos.board)
    hands = [list(hand) for hand in pos.hands]
    bag = list(pos.remaining())
    if move.dst >= 0:
        if move.tile:
            board[move.dst] = move.tile
            written = move.tile if EXPOSED[move.tile] < REVERSE[move.tile] else FLIP[move.tile]
            hands[p].remove(written)
        else:
            board[move.dst], board[move.src] = board[move.src], 0
        if EXPOSED[board[move.dst]] == p:
            need = 4 if players == 2 else 3
            gained, won = {move.dst}, set()
            while True:
                newly = [cells for cells in HEX_CELLS if cells not in won and all(
                    board[c] for c in cells) and gained & set(cells) and sum(
                    EXPOSED[board[c]] == p for c in cells) >= need]
                if not newly:
                    break
                for cells in newly:
                    won.add(cells)
                    for c in cells:
                        if EXPOSED[board[c]] != p and REVERSE[board[c]] == p:
                            board[c] = FLIP[board[c]]
                            gained.add(c)
            loose = sorted({c for cells in won for c in cells
                            if p not in (EXPOSED[board[c]], REVERSE[board[c]])})
            if "t" in pos.variant:
                for c in loose:
                    board[c] = FLIP[board[c]]
            for c, colour in move.choices:
                if EXPOSED[board[c]] != colour:
                    board[c] = FLIP[board[c]]
        if move.tile:
            take = (min(1, len(bag)) if "r" in pos.variant
                    else 0 if hands[p] else min(6, len(bag)))
            hands[p] += bag[:take]
            bag = bag[take:]
    streak = 0 if move.tile else pos.streak + 1
    return (bytes(board), tuple(tuple(sorted(hand)) for hand in hands), tuple(bag),
            (p + 1) % players, streak, pos.ply + 1)


def ochmir_actions(moves) -> Counter:
    heads = moves.heads() if hasattr(moves, "heads") else moves
    return Counter((m.tile, m.src, m.dst) for m in heads)


@SLOW
@given(seed=st.integers(0, 2**64 - 1),
       variant=st.sampled_from(("2", "2r", "3", "3t", "3p", "3rt")),
       steps=st.floats(0, 1))
def test_ochmir_moves_and_turns_match_plain_ones(seed: int, variant: str,
                                                 steps: float) -> None:
    """Generation (byte operations over the board, moves copied in runs) gives the
    actions of the rules, each once (with side choices: once per choice of faces), the
    count without building them (perft's leaves) is their number, and a
    turn (the cascade looked for only around a full hexagon) ends as the rules say. The
    playouts step tiles with probability ``steps`` when they can, so that boards fill up
    slowly and the stall comes into play."""
    rng = random.Random(seed)
    pos = OCHMIR.start(variant, seed % 1000)
    for _ in range(400):
        fast = OCHMIR.moves(pos)
        assert ochmir_actions(fast) == plain_ochmir_actions(pos), OCHMIR.format_position(pos)
        assert OCHMIR.count_moves(pos) == len(fast)  # perft's leaves, counted unbuilt
        if not hasattr(fast, "heads"):  # no side choices: one move per action
            assert all(not m.choices for m in fast)
        if not fast:
            break
        moving = [m for m in fast if not m.tile and m.dst >= 0] if len(fast) < 5000 else []
        move = (rng.choice(moving) if moving and rng.random() < steps
                else fast[rng.randrange(len(fast))])
        after = OCHMIR.apply(pos, move)
        assert (after.board, after.hands, after.remaining(), after.to_move, after.streak,
                after.ply) == plain_ochmir_apply(pos, move), OCHMIR.move_text(pos, move)
        assert (after.variant, after.seed) == (pos.variant, pos.seed)
        pos = after


# ----- Onitama (§2.3): move lists kept per own-piece mask and hand -------------------------


def plain_onitama_moves(pos) -> list[tuple[str, int | None, int | None]]:
    """The legal moves of ``pos`` from the rules as (card, origin, target), in the engine's
    order: by origin square, then the hand's cards alphabetically, each card's offsets in
    table order (Blue's turned through 180°); a target off the board or on an own piece is
    skipped. With no move, a pass with each card; none once a Master is gone or stands on
    the enemy arch (c1 = 2, c5 = 22)."""
    from ogames.games.onitama.notation import CARD_BY_NAME

    b = pos.board
    if "R" not in b or "B" not in b or b[22] == "R" or b[2] == "B":
        return []
    side = pos.turn
    own = ("r", "R") if side == 0 else ("b", "B")
    hand = sorted(pos.red_hand if side == 0 else pos.blue_hand)
    out = []
    for origin in range(25):
        if b[origin] not in own:
            continue
        file, rank = origin % 5, origin // 5
        for card in hand:
            for dx, dy in CARD_BY_NAME[card].offsets:
                f, r = (file + dx, rank + dy) if side == 0 else (file - dx, rank - dy)
                if 0 <= f < 5 and 0 <= r < 5 and b[r * 5 + f] not in own:
                    out.append((card, origin, r * 5 + f))
    return out or [(card, None, None) for card in hand]


def plain_onitama_apply(pos, move) -> tuple:
    """The position after ``move`` from the rules, as its fields: the piece moves onto the
    target (taking what stands there), the used card goes to the side, the old side card
    joins the mover's hand (kept in alphabetical order), the other side moves."""
    board = list(pos.board)
    if move.origin is not None:
        board[move.target], board[move.origin] = board[move.origin], "."
    hands = [pos.red_hand, pos.blue_hand]
    mover = pos.turn
    kept = [c for c in hands[mover] if c != move.card]
    hands[mover] = tuple(sorted(kept + [pos.side_card]))
    return ("".join(board), 1 - mover, hands[0], hands[1], move.card)


@SLOW
@given(seed=st.integers(0, 2**64 - 1))
def test_onitama_moves_match_plain_ones(seed: int) -> None:
    """The move list (looked up by the mover's piece mask and hand, shared between
    positions that differ only in the enemy's pieces) is the rules' list, in order, and a
    turn (a ``Position`` filled unfrozen, then given its class) is the rules' turn: a true,
    equal, hashable and frozen ``Position``."""
    import dataclasses

    from ogames.games.onitama import RULES as ONITAMA
    from ogames.games.onitama.notation import Position as OnitamaPosition

    rng = random.Random(seed)
    pos = ONITAMA.start("base", seed % 1000)
    for _ in range(200):
        fast = ONITAMA.moves(pos)
        assert [(m.card, m.origin, m.target) for m in fast] == plain_onitama_moves(pos), pos
        if not fast:
            break
        move = rng.choice(fast)
        after = ONITAMA.apply(pos, move)
        plain = OnitamaPosition(*plain_onitama_apply(pos, move))
        assert type(after) is OnitamaPosition
        assert after == plain and hash(after) == hash(plain), move
        assert dataclasses.astuple(after) == dataclasses.astuple(plain)
        try:
            after.turn = 0  # type: ignore[misc]
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("a position from apply can be changed")
        pos = after


# ----- Opprimo (§2.1): move lists kept per position, step lists per ray and landing set ---


def plain_opprimo_moves(pos) -> list[tuple[int, int, int]]:
    """The legal moves of ``pos`` from the rules as (kind, from, to), in the engine's order:
    direction by direction (N, NE, NW, S, SE, SW), the steps of that direction to an empty
    point and then its conversions (over an adjacent enemy to the empty point beyond), each
    by point; Soldiers forward only, Knights every way; then the King's moves to a
    neighbouring castle triangle that does not have three enemy corners, by triangle. None
    when the mover's King is trapped."""
    from ogames.games.opprimo.notation import CASTLE_SETS, JUMP, KING, STEP, TRIANGLE_MASK
    from ogames.games.opprimo.play import BEYOND, FORWARD, NEIGHBOUR, TRIANGLE_NEIGHBOURS

    side = pos.side
    mine, theirs = (pos.red, pos.yellow) if side else (pos.yellow, pos.red)
    king = pos.red_king if side else pos.yellow_king
    if theirs & TRIANGLE_MASK[king] == TRIANGLE_MASK[king]:
        return []
    men = [p for p in range(45) if mine >> p & 1]
    empty = [not (mine | theirs) >> p & 1 for p in range(45)]
    out = []
    for d in range(6):
        movers = [p for p in men if d in FORWARD[side] or pos.knights >> p & 1]
        out += [(STEP, p, NEIGHBOUR[p][d]) for p in movers
                if NEIGHBOUR[p][d] >= 0 and empty[NEIGHBOUR[p][d]]]
        out += [(JUMP, p, BEYOND[p][d]) for p in movers
                if BEYOND[p][d] >= 0 and theirs >> NEIGHBOUR[p][d] & 1 and empty[BEYOND[p][d]]]
    out += [(KING, king, t) for t in sorted(TRIANGLE_NEIGHBOURS[king])
            if t in CASTLE_SETS[side] and theirs & TRIANGLE_MASK[t] != TRIANGLE_MASK[t]]
    return out


def plain_opprimo_apply(pos, move) -> tuple[int, int, int, int, int, int, int]:
    """The position after ``move`` from the rules, as its fields: the piece moves; a
    Soldier ending on its own shields becomes a Knight; the jumped piece becomes a Soldier
    of the mover; a King changes triangle; the other side moves; the number goes up after
    Red."""
    from ogames.games.opprimo.notation import JUMP, KING, SHIELD_MASKS

    men = [pos.yellow, pos.red]
    knights, kings, side = pos.knights, [pos.yellow_king, pos.red_king], pos.side
    if move.kind == KING:
        kings[side] = move.to
    else:
        f, t = 1 << move.frm, 1 << move.to
        men[side] = men[side] & ~f | t
        knight = knights & f
        knights &= ~f
        if knight or t & SHIELD_MASKS[side]:
            knights |= t
        if move.kind == JUMP:  # the jumped piece is on the midpoint
            mid = 1 << ((move.frm + move.to) // 2)
            men[1 - side] &= ~mid
            men[side] |= mid
            knights &= ~mid
    return (men[0], men[1], knights, 1 - side, kings[0], kings[1], pos.number + side)


@SLOW
@given(seed=st.integers(0, 2**64 - 1))
def test_opprimo_moves_and_turns_match_plain_ones(seed: int) -> None:
    """The move list (kept per position, steps looked up per ray and set of landing points)
    is the rules' list, in order, and a turn (a ``Position`` filled unfrozen, then given
    its class) is the rules' turn: a true, equal, hashable and frozen ``Position``."""
    import dataclasses

    from ogames.games.opprimo import RULES as OPPRIMO
    from ogames.games.opprimo.notation import Position as OpprimoPosition

    rng = random.Random(seed)
    pos = OPPRIMO.start("standard")
    for _ in range(150):
        fast = OPPRIMO.moves(pos)
        assert [(m.kind, m.frm, m.to) for m in fast] == plain_opprimo_moves(pos), pos
        if not fast:
            break
        move = rng.choice(fast)
        after = OPPRIMO.apply(pos, move)
        plain = OpprimoPosition(*plain_opprimo_apply(pos, move))
        assert type(after) is OpprimoPosition
        assert after == plain and hash(after) == hash(plain), OPPRIMO.move_text(pos, move)
        assert dataclasses.astuple(after) == dataclasses.astuple(plain)
        try:
            after.side = 0  # type: ignore[misc]
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("a position from apply can be changed")
        pos = after


# ----- Oferhlýp (§2.2): move lists kept per board and side --------------------------------


def plain_oferhlyp_moves(pos) -> list[tuple[int, int, frozenset[int], tuple[int, ...]]]:
    """The legal moves of ``pos`` from the rules as (origin, destination, attacked hexes,
    landings), in the engine's order: piece by piece in cell order, its steps to an empty
    neighbour (N, NE, SE, S, SW, NW), its friendly jumps (over an own piece to the empty
    hex straight beyond) by landing hex, then its attacks: chains of straight jumps over
    enemy pieces not yet attacked this turn, each onto an empty hex (the origin counts as
    empty), met in order of the landing hexes, each (destination, attacked set) once with
    the first chain that makes it. None with at most one own piece."""
    from ogames.games.oferhlyp.notation import CELL_XY

    cell = {xy: i for i, xy in enumerate(CELL_XY)}
    ways = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))
    board, own = pos.board, "Dd" if pos.side == 0 else "Ll"
    enemy = "Ll" if pos.side == 0 else "Dd"
    if sum(board.count(c) for c in own) <= 1:
        return []

    def jumps(i: int) -> list[tuple[int, int]]:
        x, y = CELL_XY[i]
        pairs = [(cell[(x + dx, y + dy)], cell[(x + 2 * dx, y + 2 * dy)]) for dx, dy in ways
                 if (x + dx, y + dy) in cell and (x + 2 * dx, y + 2 * dy) in cell]
        return sorted(pairs, key=lambda pair: pair[1])

    out = []
    for i in (i for i in range(len(board)) if board[i] in own):
        x, y = CELL_XY[i]
        out += [(i, cell[(x + dx, y + dy)], frozenset(), ()) for dx, dy in ways
                if cell.get((x + dx, y + dy)) is not None and board[cell[(x + dx, y + dy)]] == "."]
        out += [(i, land, frozenset(), ()) for mid, land in jumps(i)
                if board[mid] in own and board[land] == "."]
        found: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}
        plain_oferhlyp_chains(board, enemy, jumps, i, i, frozenset(), (), found)
        out += [(i, dest, hit, path) for (dest, hit), path in found.items()]
    return out


def plain_oferhlyp_chains(board: str, enemy: str, jumps, origin: int, cur: int,
                          hit: frozenset[int], path: tuple[int, ...], found: dict) -> None:
    """Every continuation of an attack standing on ``cur`` after ``path``, depth first in
    order of the landing hexes; ``found`` keeps the first landings of each (destination,
    attacked set)."""
    for mid, land in jumps(cur):
        if board[mid] in enemy and mid not in hit and (board[land] == "." or land == origin):
            found.setdefault((land, hit | {mid}), path + (land,))
            plain_oferhlyp_chains(board, enemy, jumps, origin, land, hit | {mid},
                                  path + (land,), found)


@SLOW
@given(seed=st.integers(0, 2**64 - 1))
def test_oferhlyp_moves_match_plain_ones(seed: int) -> None:
    """The move list (kept per board and side, shared by every position that repeats a
    board) is the rules' list, in order, with each attack's canonical landings."""
    from ogames.games.oferhlyp import RULES as OFERHLYP

    rng = random.Random(seed)
    pos = OFERHLYP.start(OFERHLYP.variants[0])
    for _ in range(150):
        fast = OFERHLYP.moves(pos)
        assert ([(m.origin, m.dest, m.attacked, m.path) for m in fast]
                == plain_oferhlyp_moves(pos)), OFERHLYP.format_position(pos)
        if not fast:
            break
        pos = OFERHLYP.apply(pos, rng.choice(fast))
