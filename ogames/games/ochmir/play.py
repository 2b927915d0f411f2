"""The rules of play: legal moves, capture and cascade, a turn, the end (§2.5.6–9).

Move generation is the hot path (perft and random play): placements are "distinct tile
orientations in hand × empty cells", so the move objects for every (tile, cell) and
(from, to) pair are built once at import and merely collected here. Captures are computed
only where side choices make them part of a move's identity (three-handed games without
flag ``t``), and there only for the cells that can complete a hexagon.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import partial
from itertools import product

from ogames.core.errors import IllegalMoveError
from ogames.core.outcome import Outcome

from .geometry import ALL, CELLS, EDGE, HEX_CELLS, HEXES_OF, NAMES
from .notation import PASS, OchmirMove, OchmirPosition, make_move
from .tiles import (
    CANON,
    CARRIES,
    COLOURS,
    EXPOSED,
    FLIP,
    MASKED,
    REVERSE,
    TILE_CODES,
    VALUE,
    F,
    L,
    T,
    code,
)

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


# ----- move objects built once -------------------------------------------------------------

#: PLACE_MOVES[t][d]: placing tile code t (as it lies) on cell d, without side choices
PLACE_MOVES: tuple[tuple[OchmirMove, ...] | None, ...] = tuple(
    tuple(make_move(t, -1, d) for d in range(CELLS)) if t in TILE_CODES else None
    for t in range(MASKED)
)
#: STEP_MOVES[s][d]: moving the tile on s to d (d any neighbour of s), without choices
STEP_MOVES: tuple[dict[int, OchmirMove], ...] = tuple(
    {d: make_move(0, s, d) for d in ALL[s]} for s in range(CELLS)
)
#: MOBILE[p]: codes of tiles showing p as a thurin or leremoc (the only tiles that move)
MOBILE: tuple[frozenset[int], ...] = tuple(
    frozenset(t for t in TILE_CODES if EXPOSED[t] == p and VALUE[t] in (T, L)) for p in range(3)
)
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


def hot_cells(board: bytes, p: int, k: int) -> set[int]:
    """Empty cells where a tile showing p would complete a hexagon it then wins."""
    hot = set()
    for cells in HEX_CELLS:
        gap = -1
        showing = 0
        for c in cells:
            t = board[c]
            if not t:
                if gap >= 0:
                    break
                gap = c
            elif EXPOSED[t] == p:
                showing += 1
        else:
            if gap >= 0 and showing + 1 >= k:
                hot.add(gap)
    return hot


def _wins_after_step(board: bytes, p: int, k: int, src: int, dst: int) -> bool:
    """Whether moving the tile on src to dst completes and wins a hexagon around dst."""
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


def _action_options(board: bytes, p: int, k: int, tile: int, src: int, dst: int,
                    ) -> Options | None:
    """The side-choice options of one action, or None when nothing is loose."""
    loose, after = _loose_and_board(board, p, k, tile, src, dst)
    return choice_options(after, loose) if loose else None


Block = tuple[OchmirMove, "Options | None"]


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

    def heads(self) -> list[OchmirMove]:
        """One move per action, without its side choices."""
        return [head for head, _ in self._blocks]

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
        offset = i - self._starts[b]
        n = len(options[0])
        bits = [(offset >> (n - 1 - j)) & 1 for j in range(n)]
        vector = tuple(opt[bit] for opt, bit in zip(options[0], bits, strict=True))
        text = ",".join(txt[bit] for txt, bit in zip(options[1], bits, strict=True))
        return OchmirMove(head.tile, head.src, head.dst, vector, f"{head.text}/{text}")

    def __iter__(self) -> Iterator[OchmirMove]:
        for head, options in self._blocks:
            if not options:
                yield head
                continue
            yield from map(partial(OchmirMove, head.tile, head.src, head.dst),
                           product(*options[0]),
                           map(f"{head.text}/".__add__, map(",".join, product(*options[1]))))

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, OchmirMove):
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


def has_choices(pos: OchmirPosition) -> bool:
    """Side choices exist: three-handed without flag t."""
    return pos.players == 3 and "t" not in pos.variant


def generate(pos: OchmirPosition) -> list[OchmirMove] | MoveList:
    """All legal moves (the fast path). A finished position has none.

    A plain unsorted list when no move has side choices; otherwise a sorted ``MoveList``.
    """
    if pos.masked:
        raise IllegalMoveError("this is a player's view with hidden faces; it cannot be played")
    if outcome(pos) is not None:
        return []
    board = pos.board
    p = pos.to_move
    k = capture_threshold(pos.players)
    choosing = has_choices(pos)
    empties = [i for i, t in enumerate(board) if not t]
    out: list[OchmirMove] = []
    # loose tiles, per hot cell: the same for every tile showing p placed there
    loose_at: dict[int, Options | None] = {}
    if choosing:
        for cell in hot_cells(board, p, k):
            options = _action_options(board, p, k, _showing_tile(p), -1, cell)
            if options:
                loose_at[cell] = options
    blocks: list[Block] = []
    for t in placeable(pos.hands[p], p):
        row = PLACE_MOVES[t]
        out.extend([row[d] for d in empties])
        if loose_at and EXPOSED[t] == p:
            blocks.extend((row[d], options) for d, options in loose_at.items())
    mobile = MOBILE[p]
    for s, t in enumerate(board):
        if t not in mobile:
            continue
        steps = STEP_MOVES[s]
        for d in (EDGE[s] if VALUE[t] == T else ALL[s]):
            if board[d]:
                continue
            if choosing and _wins_after_step(board, p, k, s, d):
                options = _action_options(board, p, k, 0, s, d)
                if options:
                    blocks.append((steps[d], options))
                    continue
            out.append(steps[d])
    if blocks:
        chosen = {id(head) for head, _ in blocks}
        blocks.extend((m, None) for m in out if id(m) not in chosen)
        return MoveList(blocks)
    return out or [PASS]


def _showing_tile(p: int) -> int:
    """Some tile showing p: captures depend only on colours, so it stands for any."""
    return code(p, F, (p + 1) % 3, F)


def loose_cells(pos: OchmirPosition, tile: int, src: int, dst: int) -> tuple[list[int], bytes]:
    """The loose cells of a placement (tile, dst) or movement (src, dst), and the board
    after its cascade (before any side choice)."""
    return _loose_and_board(pos.board, pos.to_move, capture_threshold(pos.players), tile, src,
                            dst)


# ----- a turn ---------------------------------------------------------------------------------


def apply(pos: OchmirPosition, move: OchmirMove) -> OchmirPosition:
    """The position after a legal move: place or step, cascade, side choices, draw,
    bookkeeping (§2.5.6). ``pos`` is not changed."""
    p = pos.to_move
    n = pos.players
    board = bytearray(pos.board)
    hands = pos.hands
    bag, drawn = pos.bag, pos.drawn
    placed = move.tile != 0
    if move.dst >= 0:
        if placed:
            board[move.dst] = move.tile
            hand = list(hands[p])
            hand.remove(CANON[move.tile])
        else:
            board[move.dst] = board[move.src]
            board[move.src] = 0
        if EXPOSED[board[move.dst]] == p:
            loose = cascade(board, p, move.dst, capture_threshold(n))[1]
            if "t" in pos.variant:
                for c in loose:
                    board[c] = FLIP[board[c]]
            for c, colour in move.choices:
                if EXPOSED[board[c]] != colour:
                    board[c] = FLIP[board[c]]
        if placed:
            left = len(bag) - drawn
            take = (1 if left else 0) if "r" in pos.variant else (
                0 if hand else min(HAND_SIZE, left))
            if take:
                hand.extend(bag[drawn:drawn + take])
                if pos.seed is not None:
                    drawn += take
                else:
                    bag = bag[take:]
            hands = (*hands[:p], tuple(sorted(hand)), *hands[p + 1:])
    return OchmirPosition(pos.variant, bytes(board), (p + 1) % n, hands, bag, pos.seed, drawn,
                          0 if placed else pos.streak + 1, pos.ply + 1)


# ----- the end ----------------------------------------------------------------------------------


def termination(pos: OchmirPosition) -> str | None:
    """Why the game is over (the first that holds, §2.5.9), or None."""
    if pos.board.count(0) == 0:
        return "board full"
    if pos.bag_size == 0 and not any(pos.hands):
        return "no tiles"
    if pos.players == 3 and max(scores(pos.board, 3)) >= THREE_HANDED_TARGET:
        return "144"
    if pos.streak >= stall_limit(pos.players):
        return "stall"
    return None


def ranked_outcome(points: tuple[int, ...], reason: str,
                   among: tuple[int, ...] | None = None) -> Outcome:
    """The highest score among ``among`` (default: everyone) wins; tied leaders share."""
    among = tuple(range(len(points))) if among is None else among
    best = max(points[i] for i in among)
    return Outcome.shared(tuple(i for i in among if points[i] == best), len(points), reason)


def outcome(pos: OchmirPosition) -> Outcome | None:
    reason = termination(pos)
    if reason is None:
        return None
    return ranked_outcome(scores(pos.board, pos.players), reason)
