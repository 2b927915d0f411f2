"""The rules of play: the deal, legal moves, capture and cascade, a turn, the end, why a
move is refused, and what each player may see (§2.5.5–10). A newcomer reads the game here.

Move generation is the hot path (perft and random play): placements are "distinct tile
orientations in hand × empty cells", so the move objects for every (tile, cell) and
(from, to) pair are built once, on first use, and merely collected here. Captures are computed
only where side choices make them part of a move's identity (three-handed games without
flag ``t``), and there only for the cells that can complete a hexagon.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache, partial
from itertools import compress, product
from operator import attrgetter, itemgetter

from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.outcome import Outcome

from .about import SIDES
from .geometry import ALL, CELLS, EDGE, HEX_CELLS, HEXES_OF, NAMES
from .notation import (
    PASS,
    Move,
    Position,
    fast_position,
    make_move,
    parse_move_syntax,
    tile_code_of,
)
from .tiles import (
    CANON,
    CARRIES,
    CODES,
    COLOUR_NAMES,
    COLOURS,
    EXPOSED,
    FLIP,
    HIDDEN,
    MASKED,
    REVERSE,
    TEXT,
    TILE_CODES,
    VALUE,
    VALUE_NAMES,
    F,
    L,
    T,
    code,
    players_of,
    shuffled_bag,
)

#: the sides in seat order (a side plays the colour of its name)

HAND_SIZE = 6
#: tiles of one colour that end the three-handed game (the novel's ⅔ of 216)
THREE_HANDED_TARGET = 144
#: consecutive turns without a placement, per player, that end the game
STALL_PER_PLAYER = 6


def capture_threshold(players: int) -> int:
    """k: two-handed a strict majority (4 of 6); three-handed half is enough (3 of 6)."""
    return 4 if players == 2 else 3


def stall_limit(players: int) -> int:
    return STALL_PER_PLAYER * players


def ply_bound(players: int) -> int:
    """The longest game possible: a tile once placed never leaves the board, so there are
    at most ``CELLS`` placements, and fewer than ``stall_limit`` turns without one before
    each placement and after the last (the stall ends the game at the limit)."""
    return (CELLS + 1) * stall_limit(players)


def start(variant: str, seed: int | None) -> Position:
    """Empty board, hands dealt from the top of the bag shuffled by ``seed`` (§2.5.5);
    ``variant`` is canonical."""
    if seed is None:
        raise NotationError("an Ochmir game is dealt from a seed; give one", field="seed")
    if not 0 <= seed < 1 << 64:
        raise NotationError(f"a seed is a whole number from 0 to {(1 << 64) - 1}",
                            field="seed")
    n = players_of(variant)
    bag = shuffled_bag(variant, seed)
    hands = tuple(tuple(sorted(bag[HAND_SIZE * i:HAND_SIZE * i + HAND_SIZE]))
                  for i in range(n))
    return Position(variant, bytes(CELLS), 0, hands, bag, seed, HAND_SIZE * n, 0, 0)


# ----- move objects built once -------------------------------------------------------------
#
# Built on first need, not at import: the app imports every engine at start, and all of
# them are some 16,000 moves (about 10 ms). A tile's row of placements is made when a hand
# holding the tile is first met, the movements on the first generation.

#: PLACE_MOVES[t][d]: placing tile code t (as it lies) on cell d, without side choices;
#: None until ``_placeable_with_rows`` first meets tile t
PLACE_MOVES: list[tuple[Move, ...] | None] = [None] * MASKED
#: StepMoves[s][d]: moving the tile on s to d (d any neighbour of s), without choices
StepMoves = tuple[dict[int, Move], ...]


@cache
def step_moves() -> StepMoves:
    """The movements as move objects to collect (``StepMoves``), built on the first call
    and kept; ``generate`` asks once per position, never per move."""
    return tuple({d: make_move(0, s, d) for d in ALL[s]} for s in range(CELLS))


def _placeable_with_rows(hand: tuple[int, ...], p: int) -> list[int]:
    """``placeable(hand, p)``, with the PLACE_MOVES row of each of those tiles made if it
    is not yet: generation copies its placements from these rows."""
    tiles = placeable(hand, p)
    for t in tiles:
        if PLACE_MOVES[t] is None:
            PLACE_MOVES[t] = tuple(make_move(t, -1, d) for d in range(CELLS))
    return tiles


#: MOBILE[p]: codes of tiles showing p as a thurin or leremoc (the only tiles that move)
MOBILE: tuple[frozenset[int], ...] = tuple(
    frozenset(t for t in TILE_CODES if EXPOSED[t] == p and VALUE[t] in (T, L)) for p in range(3)
)
#: STEPS[is_leremoc][s]: the cells a mobile tile on s may step to: a thurin's (across a
#: side, ``EDGE``) and a leremoc's (across a side or a corner, ``ALL``)
STEPS = (tuple(EDGE), tuple(ALL))
#: _STEP_CELLS[code][s]: the cells a tile of ``code`` on s may step to (``STEPS`` by the
#: tile's value, looked up once per tile in ``count_moves``)
_STEP_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    STEPS[VALUE[t] != T] if 0 < t < len(VALUE) else () for t in range(256))
#: bytes.translate table: code → exposed colour + 1 (0 for empty), to count scores fast
_COLOUR_BYTE = bytes((EXPOSED[t] + 1 if 0 < t < 91 and EXPOSED[t] >= 0 else 0)
                     for t in range(256))


def scores(board: bytes, players: int) -> tuple[int, ...]:
    """Board tiles showing each colour, in side order (tiles in hand do not count)."""
    colours = board.translate(_COLOUR_BYTE)
    return tuple(colours.count(p + 1) for p in range(players))


def placeable(hand: tuple[int, ...], p: int) -> list[int]:
    """The distinct ways the hand's tiles can lie when placed: a tile carrying p shows p;
    a tile without p (three-handed) may show either face."""
    out: list[int] = []
    for t in dict.fromkeys(hand):
        if EXPOSED[t] == p:
            out.append(t)
        elif REVERSE[t] == p:
            out.append(FLIP[t])
        else:
            out.extend((t, FLIP[t]))
    return out


# ----- capture and cascade -----------------------------------------------------------------


def cascade(board: bytearray, p: int, d: int, k: int,
            rng: random.Random | None = None) -> tuple[list[int], list[int]]:
    """Resolve the captures of a turn that ended with a p-showing tile on cell d.

    Turns tiles in ``board`` in place and returns (turned cells in turning order, loose
    cells in index order). A hexagon is won when full, holding a gained triangle (d or a
    tile turned this turn: that is why only hexagons around those are examined) and at
    least k tiles showing p; then every tile in it that carries p turns to p. The result
    does not depend on the order hexagons are examined (§2.5.7); ``rng`` examines them in
    random order, for the test that shows it.
    """
    stack = list(HEXES_OF[d])
    won: set[int] = set()
    turned: list[int] = []
    while stack:
        h = stack.pop(rng.randrange(len(stack))) if rng else stack.pop()
        if h in won:
            continue
        cells = HEX_CELLS[h]
        showing = 0
        for c in cells:
            t = board[c]
            if not t:
                break
            if EXPOSED[t] == p:
                showing += 1
        else:
            if showing < k:
                continue
            won.add(h)
            for c in cells:
                t = board[c]
                if EXPOSED[t] != p and REVERSE[t] == p:
                    board[c] = FLIP[t]
                    turned.append(c)
                    stack.extend(HEXES_OF[c])
    carries = CARRIES[p]
    loose = sorted({c for h in won for c in HEX_CELLS[h] if not carries[board[c]]})
    return turned, loose


def _loose_and_board(board: bytes, p: int, k: int, tile: int, src: int, dst: int,
                     ) -> tuple[list[int], bytes]:
    """Loose cells of a placement (src < 0) or movement, and the board after its cascade,
    worked out on a scratch copy."""
    scratch = bytearray(board)
    if src >= 0:
        scratch[dst] = scratch[src]
        scratch[src] = 0
    else:
        scratch[dst] = tile
        if EXPOSED[tile] != p:
            return [], bytes(scratch)
    loose = cascade(scratch, p, dst, k)[1]
    return loose, bytes(scratch)


def _row_runs() -> tuple[tuple[int, int], ...]:
    """Each hexagon's two runs of three consecutive cells (its ▼ row and the row below),
    by their first cells: two slices of a board string read a hexagon at once."""
    runs = []
    for cells in HEX_CELLS:
        a, b = cells[0], cells[3]
        if cells != (a, a + 1, a + 2, b, b + 1, b + 2):
            raise AssertionError("hexagon cells are not two runs of three")
        runs.append((a, b))
    return tuple(runs)


#: per hexagon (``HEX_CELLS`` order), the first cells of its two runs of three
HEX_RUNS = _row_runs()
#: per side p, a bytes.translate table: tile code → 0 empty, 1 showing p, 2 showing another
SHOWING = tuple(bytes(0 if t == 0 else 1 if t < CODES and EXPOSED[t] == p else 2
                      for t in range(256)) for p in range(3))
#: per capture threshold k: a hexagon's six cells read as ``SHOWING`` values, with one gap
#: that a tile showing p fills and wins → the gap's place in the hexagon
_WINNING_GAP = {k: {six: six.index(0) for six in product((0, 1, 2), repeat=6)
                    if six.count(0) == 1 and six.count(1) + 1 >= k} for k in (3, 4)}
#: per hexagon, what reads its six cells at once, and the cells
_HEX_READERS = tuple((itemgetter(*cells), cells) for cells in HEX_CELLS)


def hot_cells(board: bytes, p: int, k: int) -> set[int]:
    """Empty cells where a tile showing p would complete a hexagon it then wins (each
    hexagon's cells read at once from the board translated to empty / p / other, and
    looked up: a fifth of the time of reading them one by one)."""
    seen = board.translate(SHOWING[p])
    gap = _WINNING_GAP[k].get
    hot = set()
    for six, cells in _HEX_READERS:
        g = gap(six(seen))
        if g is not None:
            hot.add(cells[g])
    return hot


def wins_after_step(board: bytes, p: int, k: int, src: int, dst: int) -> bool:
    """Whether moving the tile on src to dst completes and wins a hexagon around dst (src
    -1: whether a tile showing p placed on dst does)."""
    for h in HEXES_OF[dst]:
        showing = 1
        for c in HEX_CELLS[h]:
            if c == dst:
                continue
            t = board[c]
            if not t or c == src:
                break
            if EXPOSED[t] == p:
                showing += 1
        else:
            if showing >= k:
                return True
    return False


Vector = tuple[tuple[int, int], ...]
#: per loose cell: its two (cell, colour) options and their texts, in text order (B < N < W)
Options = tuple[tuple[tuple[tuple[int, int], tuple[int, int]], ...],
                tuple[tuple[str, str], ...]]


def choice_options(board_after: bytes, loose: list[int]) -> Options:
    """For each loose cell (index order), its two possible final colours — neither is the
    mover's — ordered by the colour letter, so that expanding them in ``product`` order
    gives the moves in canonical text order."""
    options, texts = [], []
    for c in loose:
        t = board_after[c]
        a, b = sorted((EXPOSED[t], REVERSE[t]), key=COLOURS.__getitem__)
        options.append(((c, a), (c, b)))
        texts.append((NAMES[c] + COLOURS[a], NAMES[c] + COLOURS[b]))
    return tuple(options), tuple(texts)


def action_options(board: bytes, p: int, k: int, tile: int, src: int, dst: int,
                    ) -> Options | None:
    """The side-choice options of one action, or None when nothing is loose."""
    loose, after = _loose_and_board(board, p, k, tile, src, dst)
    return choice_options(after, loose) if loose else None


Block = tuple[Move, "Options | None"]


def chosen(head: Move, options: Options, k: int) -> Move:
    """The k-th of the 2^n moves of the action ``head`` whose cascade leaves n tiles
    loose with ``options``: loose tile j (index order) takes its option
    ``(k >> (n - 1 - j)) & 1``, so the moves follow in canonical text order."""
    n = len(options[0])
    bits = [(k >> (n - 1 - j)) & 1 for j in range(n)]
    vector = tuple(opt[bit] for opt, bit in zip(options[0], bits, strict=True))
    text = ",".join(txt[bit] for txt, bit in zip(options[1], bits, strict=True))
    return Move(head.tile, head.src, head.dst, vector, f"{head.text}/{text}")


class MoveList(Sequence):
    """The legal moves of a position with side choices, in canonical text order, made on
    demand.

    An action (placement or movement) whose cascade leaves n tiles loose is 2^n distinct
    moves (§2.5.8); late three-handed cascades can leave twenty and more loose tiles, so
    the moves are not built up front. Each block is one action: its move without choices
    (``head``) and, when tiles are loose, their options. Blocks are sorted by the head's
    text; a block's moves all start with ``head/`` and follow in ``product`` order, which
    is text order — so the whole sequence is sorted. Length, indexing (``random.choice``)
    and membership cost little; iterating costs one move object per move.
    """

    __slots__ = ("_blocks", "_starts", "_size", "_index")

    def __init__(self, blocks: list[Block]) -> None:
        self._blocks = sorted(blocks, key=lambda b: b[0].text)
        self._starts = []
        size = 0
        for _, options in self._blocks:
            self._starts.append(size)
            size += 1 << len(options[0]) if options else 1
        self._size = size
        self._index = {(h.tile, h.src, h.dst): i for i, (h, _) in enumerate(self._blocks)}

    def heads(self) -> list[Move]:
        """One move per action, without its side choices."""
        return [head for head, _ in self._blocks]

    def actions(self) -> list[tuple[Move, int, Options | None]]:
        """Per action, in order: its move without choices, the index of its first move,
        and its options (None: no tile is loose, and the action is that one move). An
        action with n loose tiles is the 2^n moves from there, the k-th choosing for loose
        tile j (index order) its option ``(k >> (n - 1 - j)) & 1``."""
        return [(head, start, options)
                for start, (head, options) in zip(self._starts, self._blocks, strict=True)]

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._size))]
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError("move index out of range")
        b = bisect_right(self._starts, i) - 1
        head, options = self._blocks[b]
        if not options:
            return head
        return chosen(head, options, i - self._starts[b])

    def __iter__(self) -> Iterator[Move]:
        for head, options in self._blocks:
            if not options:
                yield head
                continue
            yield from map(partial(Move, head.tile, head.src, head.dst),
                           product(*options[0]),
                           map(f"{head.text}/".__add__, map(",".join, product(*options[1]))))

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        b = self._index.get((move.tile, move.src, move.dst))
        if b is None:
            return False
        options = self._blocks[b][1]
        if not options:
            return not move.choices
        return len(move.choices) == len(options[0]) and all(
            choice in opt for choice, opt in zip(move.choices, options[0], strict=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveList | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other,
                                                                           strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"MoveList({self._size} moves in {len(self._blocks)} actions)"


# ----- the legal moves -------------------------------------------------------------------


def has_choices(pos: Position) -> bool:
    """Side choices exist: three-handed without flag t."""
    return pos.players == 3 and "t" not in pos.variant


#: every byte a playable board holds (empty and the real tile codes): what is left after
#: deleting them is a masked face
_PLAYABLE = bytes(range(MASKED))
#: bytes.translate tables: 1 for an occupied cell; 1 for an empty cell; 1 for a tile that
#: side p may move
_TAKEN = bytes([0] + [1] * 255)
_EMPTY = bytes([1] + [0] * 255)
_MOVING: tuple[bytes, ...] = tuple(
    bytes(1 if t in MOBILE[p] else 0 for t in range(256)) for p in range(3))
#: how many tiles may lie on the board for the empty cells to be copied as runs between
#: them (a slice each), and how many empty cells may be left for them to be picked one
#: by one; between the two, a byte mask filters every cell
_RUNS_UP_TO = 12
_PICK_UP_TO = 40
_VIEW = "this is a player's view with hidden faces; it cannot be played"
#: placeable(hand, p) by (hand, p), as hands recur; emptied when it grows large
_PLACEABLE: dict[tuple[tuple[int, ...], int], list[int]] = {}


def generate(pos: Position) -> list[Move] | MoveList:
    """All legal moves (the fast path). A finished position has none.

    A plain unsorted list when no move has side choices; otherwise a sorted ``MoveList``.
    The placements come first, tile by tile, cells in index order (``_placements``); then
    the movements, by cell (``_movements``). Generation runs at every node of a search, so
    the board is read with byte operations (``bytes.count``, ``find``, ``translate``) and
    the moves, built once (``PLACE_MOVES``, ``step_moves``), are copied in runs rather
    than collected cell by cell. Each step is a function called once per position, never
    once per move.
    """
    free = free_cells(pos)
    if not free:
        return []
    board = pos.board
    variant = pos.variant
    players = 3 if variant[0] == "3" else 2
    p = pos.to_move
    tiles = tiles_to_place(pos.hands[p], p)
    out = _placements(board, free, tiles) if tiles else []
    moving = board.translate(_MOVING[p])
    s = moving.find(1)
    choosing = players == 3 and "t" not in variant
    if s < 0 and not choosing:
        return out or [PASS]
    k = capture_threshold(players)
    blocks = _placement_blocks(board, p, k, tiles) if choosing else []
    if s >= 0:
        _movements(board, moving, s, p, k, choosing, out, blocks)
    if blocks:
        chosen = {id(head) for head, _ in blocks}
        blocks.extend((m, None) for m in out if id(m) not in chosen)
        return MoveList(blocks)
    return out or [PASS]


def count_moves(pos: Position) -> int:
    """How many moves ``generate`` lists, without building them: perft's leaves (§1.3),
    where listing some 300 moves only to count them was most of perft's time. The
    placements are (tiles that may be placed) × (empty cells), the movements the empty
    cells next to each mobile tile, and a position with neither has its pass. With side
    choices (three-handed without flag t) the moves are listed and counted."""
    free = free_cells(pos)
    if not free:
        return 0
    p = pos.to_move
    if has_choices(pos):
        return len(generate(pos))
    board = pos.board
    count = len(tiles_to_place(pos.hands[p], p)) * free
    moving = board.translate(_MOVING[p])
    s = moving.find(1)
    cells = _STEP_CELLS
    while s >= 0:
        for d in cells[board[s]][s]:
            if not board[d]:
                count += 1
        s = moving.find(1, s + 1)
    return count or 1


def free_cells(pos: Position) -> int:
    """The empty cells of a position still being played; 0 once it is over (the end, as
    ``termination`` has it: board full, no tiles left, 144 of a colour, the stall).
    Raises for a player's view (``pos.masked``: a masked face, a hidden hand or bag)."""
    board = pos.board
    hands = pos.hands
    bag = pos.bag
    left = len(bag) - pos.drawn
    if board.translate(None, _PLAYABLE) or (left > 0 and bag[-1] == HIDDEN):
        raise IllegalMoveError(_VIEW)
    for hand in hands:
        if HIDDEN in hand:
            raise IllegalMoveError(_VIEW)
    players = 3 if pos.variant[0] == "3" else 2
    free = board.count(0)
    if (not free or (not left and not any(hands))
            or pos.streak >= stall_limit(players)
            or (players == 3 and max(scores(board, 3)) >= THREE_HANDED_TARGET)):
        return 0
    return free


def tiles_to_place(hand: tuple[int, ...], p: int) -> list[int]:
    """``placeable(hand, p)`` with their rows of moves (``_placeable_with_rows``), kept per
    hand, as hands recur."""
    key = (hand, p)
    tiles = _PLACEABLE.get(key)
    if tiles is None:
        if len(_PLACEABLE) > 4096:
            _PLACEABLE.clear()
        tiles = _PLACEABLE[key] = _placeable_with_rows(hand, p)
    return tiles


def place_move(tile: int, cell: int) -> Move:
    """The placement of ``tile`` (one ``tiles_to_place`` gave) on ``cell``."""
    return PLACE_MOVES[tile][cell]  # type: ignore[index]


def _placements(board: bytes, free: int, tiles: list[int]) -> list[Move]:
    """The placements of ``tiles`` (tile by tile, cells in index order) on the ``free``
    empty cells of ``board``, copied from each tile's row of moves in the cheapest way
    for the board's fill:

    * few tiles on the board: slices of the row between them;
    * few cells empty: those cells, found with ``bytes.find``;
    * otherwise the row filtered by a byte mask of the empty cells (``compress``).
    """
    out: list[Move] = []
    if CELLS - free <= _RUNS_UP_TO:
        flags = board.translate(_TAKEN)
        taken = []
        c = flags.find(1)
        while c >= 0:
            taken.append(c)
            c = flags.find(1, c + 1)
        for t in tiles:
            row = PLACE_MOVES[t]
            lo = 0
            for c in taken:
                out += row[lo:c]  # type: ignore[index]
                lo = c + 1
            out += row[lo:]  # type: ignore[index]
    elif free <= _PICK_UP_TO:
        empties = []
        c = board.find(0)
        while c >= 0:
            empties.append(c)
            c = board.find(0, c + 1)
        for t in tiles:
            out += map(PLACE_MOVES[t].__getitem__, empties)  # type: ignore[union-attr]
    else:
        mask = board.translate(_EMPTY)
        for t in tiles:
            out += compress(PLACE_MOVES[t], mask)  # type: ignore[arg-type]
    return out


def _placement_blocks(board: bytes, p: int, k: int, tiles: list[int]) -> list[Block]:
    """The placements that leave tiles loose (side choices: three-handed without flag t),
    as blocks of a ``MoveList``. Only a tile showing p can win a hexagon, and only on a
    hot cell; the loose tiles depend on the cell, not on which such tile, so they are
    worked out once per hot cell."""
    loose_at: dict[int, Options] = {}
    for cell in hot_cells(board, p, k):
        options = action_options(board, p, k, _showing_tile(p), -1, cell)
        if options:
            loose_at[cell] = options
    blocks: list[Block] = []
    if loose_at:
        for t in tiles:
            if EXPOSED[t] == p:
                row = PLACE_MOVES[t]
                blocks.extend((row[d], options)  # type: ignore[index]
                              for d, options in loose_at.items())
    return blocks


def _movements(board: bytes, moving: bytes, s: int, p: int, k: int, choosing: bool,
               out: list[Move], blocks: list[Block]) -> None:
    """The movements of p's mobile tiles (``moving``: a byte per cell, 1 for such a tile;
    ``s``: the first), by cell: a thurin across a side, a leremoc across a side or a
    corner, onto an empty cell. Added to ``out``, or, when the step wins a hexagon that
    leaves tiles loose (``choosing``: side choices), to ``blocks`` with their options."""
    moves = step_moves()
    while s >= 0:
        steps = moves[s]
        for d in STEPS[VALUE[board[s]] != T][s]:
            if board[d]:
                continue
            if choosing and wins_after_step(board, p, k, s, d):
                options = action_options(board, p, k, 0, s, d)
                if options:
                    blocks.append((steps[d], options))
                    continue
            out.append(steps[d])
        s = moving.find(1, s + 1)


_TEXT_KEY = attrgetter("text")


def legal_moves(pos: Position) -> list[Move] | MoveList:
    """The legal moves sorted by canonical text; the text travels with each move, so no
    recomputation. With side choices: the lazy, already sorted ``MoveList``."""
    moves = generate(pos)
    if isinstance(moves, MoveList):
        return moves
    return sorted(moves, key=_TEXT_KEY)


def _showing_tile(p: int) -> int:
    """Some tile showing p: captures depend only on colours, so it stands for any."""
    return code(p, F, (p + 1) % 3, F)


def loose_cells(pos: Position, tile: int, src: int, dst: int) -> tuple[list[int], bytes]:
    """The loose cells of a placement (tile, dst) or movement (src, dst), and the board
    after its cascade (before any side choice)."""
    return _loose_and_board(pos.board, pos.to_move, capture_threshold(pos.players), tile, src,
                            dst)


# ----- a turn ---------------------------------------------------------------------------------


#: per cell, an itemgetter per hexagon around it: the six codes of that hexagon
_HEX_CODES: tuple[tuple[itemgetter, ...], ...] = tuple(
    tuple(itemgetter(*HEX_CELLS[h]) for h in HEXES_OF[c]) for c in range(CELLS))


def apply(pos: Position, move: Move) -> Position:
    """The position after a legal move: place or step, cascade, side choices, draw,
    bookkeeping (§2.5.6). ``pos`` is not changed.

    The cascade is looked for only when a hexagon around the tile that arrived is full:
    no hexagon can be won otherwise (the cascade starts from those hexagons).
    """
    p = pos.to_move
    variant = pos.variant
    n = 3 if variant[0] == "3" else 2
    dst = move.dst
    if dst < 0:  # a pass
        return fast_position(variant, pos.board, (p + 1) % n, pos.hands, pos.bag, pos.seed,
                             pos.drawn, pos.streak + 1, pos.ply + 1)
    tile = move.tile
    board = bytearray(pos.board)
    if tile:
        board[dst] = tile
    else:
        board[dst] = board[move.src]
        board[move.src] = 0
    if EXPOSED[board[dst]] == p:
        for six in _HEX_CODES[dst]:
            if 0 not in six(board):
                loose = cascade(board, p, dst, capture_threshold(n))[1]
                if "t" in variant:
                    for c in loose:
                        board[c] = FLIP[board[c]]
                break
        for c, colour in move.choices:
            if EXPOSED[board[c]] != colour:
                board[c] = FLIP[board[c]]
    hands = pos.hands
    if tile:
        hand, bag, drawn = refill(hands[p], tile, pos.bag, pos.drawn, variant,
                                  pos.seed is not None)
        hands = (*hands[:p], hand, *hands[p + 1:])
        return fast_position(variant, bytes(board), (p + 1) % n, hands, bag, pos.seed,
                             drawn, 0, pos.ply + 1)
    return fast_position(variant, bytes(board), (p + 1) % n, hands, pos.bag, pos.seed,
                         pos.drawn, pos.streak + 1, pos.ply + 1)


#: (hand, tile) → the hand without that tile (``hand_less``), as hands recur; emptied
#: when large
_HAND_LESS: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def hand_less(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """``hand`` (sorted) without one ``tile`` (a canonical code), kept per pair: nearly
    every placement asks, and few hands recur."""
    key = (hand, tile)
    less = _HAND_LESS.get(key)
    if less is None:
        if len(_HAND_LESS) > 4096:
            _HAND_LESS.clear()
        held = list(hand)
        held.remove(tile)
        less = _HAND_LESS[key] = tuple(held)
    return less


def refill(hand: tuple[int, ...], tile: int, bag: tuple[int, ...], drawn: int, variant: str,
           seeded: bool) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The hand after placing ``tile`` from it, and the bag and ``drawn`` after the draw
    (§2.5.6): a hand is refilled to six only once it is empty, or (flag ``r``) by one tile
    after each placement. A seeded bag counts its drawn tiles; another loses them."""
    less = hand_less(hand, CANON[tile])
    if less and "r" not in variant:  # no draw: a hand is refilled only once empty
        return less, bag, drawn
    held = list(less)
    left = len(bag) - drawn
    take = (1 if left else 0) if "r" in variant else (0 if held else min(HAND_SIZE, left))
    if take:
        held.extend(bag[drawn:drawn + take])
        if seeded:
            drawn += take
        else:
            bag = bag[take:]
    held.sort()
    return tuple(held), bag, drawn


# ----- the end ----------------------------------------------------------------------------------


def termination(pos: Position) -> str | None:
    """Why the game is over (the first that holds, §2.5.9), or None. Every ending is
    scored the same way: most tiles showing wins (``outcome``)."""
    # the board is full: all 216 triangles hold a tile
    if pos.board.count(0) == 0:
        return "board full"
    # the tiles have run out: the bag is empty and so is every hand
    if pos.bag_size == 0 and not any(pos.hands):
        return "no tiles"
    # three-handed only: one colour shows on 144 tiles (two thirds of the board)
    if pos.players == 3 and max(scores(pos.board, 3)) >= THREE_HANDED_TARGET:
        return "144"
    # the stall: nobody has placed a tile for six rounds (only steps or passes)
    if pos.streak >= stall_limit(pos.players):
        return "stall"
    return None


def ranked_outcome(points: tuple[int, ...], reason: str,
                   among: tuple[int, ...] | None = None) -> Outcome:
    """The highest score among ``among`` (default: everyone) wins; tied leaders share."""
    among = tuple(range(len(points))) if among is None else among
    best = max(points[i] for i in among)
    return Outcome.shared(tuple(i for i in among if points[i] == best), len(points), reason)


def outcome(pos: Position) -> Outcome | None:
    """The result once the game is over (most tiles showing wins), or None."""
    reason = termination(pos)
    if reason is None:
        return None
    return ranked_outcome(scores(pos.board, pos.players), reason)


def resign_outcome(pos: Position, side: int) -> Outcome:
    """Two-handed: the opponent wins. Three-handed: scored as it stands, the resigner
    last; the best of the others wins (shared when tied)."""
    n = pos.players
    if n == 2:
        return Outcome.loss(side, 2, "resigned")
    others = tuple(i for i in range(n) if i != side)
    return ranked_outcome(scores(pos.board, n), "resigned", others)


# ----- reading a move in a position: why a move is refused ----------------------------------


def parse_move(pos: Position, text: object) -> Move:
    """The legal move that ``text`` names in ``pos``, completed with its side choices.
    Raises NotationError for text that is no move, IllegalMoveError (saying why) for a
    move the rules refuse."""
    if not isinstance(text, str):
        raise NotationError("a move is text")
    syntax = parse_move_syntax(text)
    tile = 0
    if syntax.kind == "place":
        tile = tile_code_of(syntax.tile_text) or 0
        if not tile:
            raise NotationError(f"'{syntax.tile_text}' is not a tile: its two faces have "
                                "different colours", field="move")
    if pos.masked:
        raise IllegalMoveError("this is a player's view with hidden faces; it cannot be "
                               "played")
    if outcome(pos) is not None:
        raise IllegalMoveError("the game is over")
    if syntax.kind == "pass":
        if generate(pos) == [PASS]:
            return PASS
        raise IllegalMoveError("pass: you may pass only when you can neither place nor move "
                               "a tile")
    head = text.strip().partition("/")[0]
    if syntax.kind == "place":
        _check_placement(pos, tile, syntax.dst, head)
    else:
        _check_step(pos, syntax.src, syntax.dst, head)
    return _with_choices(pos, tile, syntax.src, syntax.dst, syntax.choices, head)


def _check_placement(pos: Position, tile: int, dst: int, head: str) -> None:
    """A placement needs the tile in hand, the mover's colour showing if it carries it
    (§2.5.6), and an empty triangle."""
    p = pos.to_move
    side = SIDES[p]
    if pos.players == 2 and 2 in (EXPOSED[tile], REVERSE[tile]):
        raise IllegalMoveError(f"{head}: there are no brown tiles in the two-handed game")
    if CANON[tile] not in pos.hands[p]:
        raise IllegalMoveError(f"{head}: {side} has no {TEXT[CANON[tile]]} tile in hand")
    if CARRIES[p][tile] and EXPOSED[tile] != p:
        raise IllegalMoveError(f"{head}: a tile that carries {side} is placed with {side} "
                               "showing")
    if pos.board[dst]:
        raise IllegalMoveError(f"{head}: {NAMES[dst]} is occupied")


def _check_step(pos: Position, src: int, dst: int, head: str) -> None:
    """A movement takes a thurin or leremoc showing the mover's colour one step."""
    p = pos.to_move
    t = pos.board[src]
    if not t:
        raise IllegalMoveError(f"{head}: there is no tile on {NAMES[src]}")
    if EXPOSED[t] != p:
        raise IllegalMoveError(f"{head}: the tile on {NAMES[src]} shows "
                               f"{COLOUR_NAMES[EXPOSED[t]]}; {SIDES[p]} moves only tiles "
                               f"showing {SIDES[p]}")
    if VALUE[t] == F:
        raise IllegalMoveError(f"{head}: a ferrorn never moves")
    reason = step_refusal(pos.board, src, dst)
    if reason:
        raise IllegalMoveError(f"{head}: {reason}")


def step_refusal(board: bytes, src: int, dst: int) -> str | None:
    """Why the tile on src may not step to dst, or None if it may: a thurin crosses a
    side, a leremoc goes to any touching triangle, and only to an empty one."""
    t = board[src]
    value = VALUE_NAMES[VALUE[t]]
    if board[dst]:
        return f"{NAMES[dst]} is occupied"
    if VALUE[t] == T and dst in ALL[src] and dst not in EDGE[src]:
        return "a thurin moves across a side, not a corner"
    if dst not in ALL[src]:
        if VALUE[t] == T:
            return "a thurin moves one step, to a triangle sharing a side"
        return f"a {value} moves one step, to a triangle touching its own"
    return None


def _with_choices(pos: Position, tile: int, src: int, dst: int,
                  written: tuple[tuple[int, int], ...] | None, head: str) -> Move:
    """Complete the move with its side-choice vector: every loose cell, in index order,
    with the written colour or (left out) the colour it shows."""
    loose, after = loose_cells(pos, tile, src, dst)
    if not has_choices(pos) or not loose:
        if written is not None:
            why = ("with flag t every loose tile is turned over" if loose
                   else "this move leaves no loose tile to choose a face for")
            raise IllegalMoveError(f"{head}: {why}; write the move without '/…'")
        return make_move(tile, src, dst)
    chosen = dict(written or ())
    for c in chosen:
        if c not in loose:
            names = ", ".join(NAMES[i] for i in loose)
            raise IllegalMoveError(f"{head}: {NAMES[c]} is not a loose tile of this move "
                                   f"(loose: {names})")
    vector = []
    for c in loose:
        t = after[c]
        colour = chosen.get(c, EXPOSED[t])
        if colour not in (EXPOSED[t], REVERSE[t]):
            raise IllegalMoveError(
                f"{head}: the tile on {NAMES[c]} is {COLOUR_NAMES[EXPOSED[t]]} and "
                f"{COLOUR_NAMES[REVERSE[t]]}; it cannot show {COLOUR_NAMES[colour]}")
        vector.append((c, colour))
    return make_move(tile, src, dst, tuple(vector))


# ----- hidden information (§2.5.10) -------------------------------------------------------------

#: bytes.translate table hiding the reverse face of every board tile (a player's view)
_MASK_TABLE = bytes(
    (MASKED + EXPOSED[t] * 3 + VALUE[t]) if 0 < t < MASKED and REVERSE[t] >= 0
    else (t if t < 256 else 0) for t in range(256)
)


def view(pos: Position, side: int) -> Position:
    """What ``side`` may know (masked form, see :mod:`.notation`): its own hand; the other
    hands as counts; exposed faces only on the board; the bag as a count (no seed: the
    seed would reveal the order)."""
    hands = tuple(hand if seat == side else (HIDDEN,) * len(hand)
                  for seat, hand in enumerate(pos.hands))
    return Position(pos.variant, pos.board.translate(_MASK_TABLE), pos.to_move, hands,
                    (HIDDEN,) * pos.bag_size, None, 0, pos.streak, pos.ply)
