"""A three-handed playout on a board that changes in place: the computer's random
continuations, four to five times as many moves a second as when each move built a new
position and read the whole board (``make bench``: over 40,000 on the 2-core machine).

Three-handed Ochmir is searched by Monte Carlo (two-handed by alpha-beta: see
``computer.py``), whose playouts play a dozen moves at random from each new node. Listing
the legal moves is most of a move's time there (every capture's loose tiles found by a
cascade), and so is reading the whole board for the cells that win a hexagon, for the
mobile tiles and for the empty cells; here each of those is kept up to date as cells
change, and a move is drawn without listing the moves. The moves are the engine's own
(``play``'s move objects, its cascade and its refill), so a playout's moves and the
position it ends in are the ones ``play.apply`` gives (a test replays them).

How a move is drawn: with the ``GREEDY`` chance a move that wins a hexagon (a tile in
hand showing the mover, or a step of a mobile tile), else a random placement; otherwise
any placement or step, all equally likely; a pass only where neither exists. Of an action
that leaves tiles loose, one of its ``ways`` (``computer.ways``) to turn them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .geometry import ALL, CELLS
from .notation import PASS, Move, Position
from .play import (
    STEPS,
    THREE_HANDED_TARGET,
    Options,
    capture_threshold,
    cascade,
    choice_options,
    chosen,
    has_choices,
    hot_cells,
    place_move,
    refill,
    scores,
    stall_limit,
    step_moves,
    tiles_to_place,
    wins_after_step,
)
from .tiles import CODES, EXPOSED, FLIP, VALUE, L, T

#: the chance that a playout move is one that wins a hexagon (where there is one; else a
#: random placement) rather than any move at random
GREEDY = 0.3

#: per tile code, the side that may move it (its exposed colour, for a thurin or
#: leremoc), else -1 (a ferrorn, an empty cell)
_MOVER = tuple(EXPOSED[t] if 0 < t < CODES and VALUE[t] in (T, L) else -1
               for t in range(256))
#: a step is drawn as one of ``_SLOTS`` slots of its tile's ``STEPS``
_SLOTS = max(len(cells) for cells in ALL)

#: which of an action's ways to turn its loose tiles are weighed: (board before the action,
#: the scores before it, the options) → the ways' numbers (``computer.ways``)
Ways = Callable[[bytes, Sequence[int], Options], list[int]]


class Playout:
    """A position being played on at random, changed in place (``move``), read back as a
    ``Position`` (``position``). Besides the board it keeps, per cell, whether it is empty
    and whose mobile tile it holds, as lists a move is drawn from in one step, and each
    side's score; every change of a cell goes through ``_set``, which keeps them."""

    __slots__ = ("board", "variant", "players", "k", "stall", "choosing", "flip_loose",
                 "hands", "bag", "seed", "drawn", "to_move", "streak", "ply", "empty",
                 "mobile", "at", "points", "ways")

    def __init__(self, pos: Position, ways: Ways) -> None:
        board = self.board = bytearray(pos.board)
        self.variant = pos.variant
        n = self.players = pos.players
        self.k = capture_threshold(n)
        self.stall = stall_limit(n)
        self.choosing = has_choices(pos)
        self.flip_loose = "t" in pos.variant
        self.hands = list(pos.hands)
        self.bag, self.seed, self.drawn = pos.bag, pos.seed, pos.drawn
        self.to_move, self.streak, self.ply = pos.to_move, pos.streak, pos.ply
        self.points = list(scores(pos.board, n))
        self.ways = ways
        #: the empty cells, and per side the cells of its mobile tiles, in no order; ``at``
        #: gives a cell's place in the one list it is in (a cell is empty or holds a tile)
        self.empty: list[int] = []
        self.mobile: list[list[int]] = [[] for _ in range(n)]
        self.at = [-1] * CELLS
        for c in range(CELLS):
            side = _MOVER[board[c]]
            cells = self.empty if not board[c] else self.mobile[side] if side >= 0 else None
            if cells is not None:
                self.at[c] = len(cells)
                cells.append(c)

    # ----- the position ------------------------------------------------------------------

    def over(self) -> bool:
        """Whether the game has ended (``play.termination``'s endings)."""
        return (not self.empty or self.streak >= self.stall
                or (len(self.bag) == self.drawn and not any(self.hands))
                or (self.players == 3 and max(self.points) >= THREE_HANDED_TARGET))

    def position(self) -> Position:
        return Position(self.variant, bytes(self.board), self.to_move, tuple(self.hands),
                        self.bag, self.seed, self.drawn, self.streak, self.ply)

    # ----- a move ------------------------------------------------------------------------

    def move(self, rng: random.Random) -> Move | None:
        """Draw a move, play it and return it; None once the game is over."""
        if self.over():
            return None
        p, board = self.to_move, self.board
        tiles = tiles_to_place(self.hands[p], p)
        empty = self.empty
        if rng.random() < GREEDY:
            winning = self._winning(p, tiles)
            if winning:
                return self._act(p, *winning[rng.randrange(len(winning))], rng)
            if tiles:
                return self._act(p, tiles[rng.randrange(len(tiles))], -1,
                                 empty[rng.randrange(len(empty))], rng)
        free = len(empty)
        placements = len(tiles) * free
        if not placements:
            steps = [(s, d) for s in self.mobile[p] for d in STEPS[VALUE[board[s]] != T][s]
                     if not board[d]]
            if not steps:
                return self._pass()
            return self._act(p, 0, *steps[rng.randrange(len(steps))], rng)
        # every placement and every (mobile tile, neighbour slot) equally likely, drawn
        # again on a slot that is no step: each legal move is then equally likely
        movers = self.mobile[p]
        total = placements + _SLOTS * len(movers)
        while True:
            i = rng.randrange(total)
            if i < placements:
                return self._act(p, tiles[i // free], -1, empty[i % free], rng)
            i -= placements
            src = movers[i // _SLOTS]
            targets = STEPS[VALUE[board[src]] != T][src]
            slot = i % _SLOTS
            if slot < len(targets) and not board[targets[slot]]:
                return self._act(p, 0, src, targets[slot], rng)

    def _winning(self, p: int, tiles: list[int]) -> list[tuple[int, int, int]]:
        """The actions (tile, from, to) that win a hexagon: a tile showing p placed on a
        cell that completes one, or a mobile tile stepping there."""
        board = self.board
        hot = hot_cells(bytes(board), p, self.k)
        if not hot:
            return []
        found = [(t, -1, d) for d in hot for t in tiles if EXPOSED[t] == p]
        for d in hot:
            for s in ALL[d]:
                t = board[s]
                if (_MOVER[t] == p and d in STEPS[VALUE[t] != T][s]
                        and wins_after_step(board, p, self.k, s, d)):
                    found.append((0, s, d))
        return found

    def _pass(self) -> Move:
        self.streak += 1
        self._next()
        return PASS

    def _next(self) -> None:
        self.to_move = (self.to_move + 1) % self.players
        self.ply += 1

    def _act(self, p: int, tile: int, src: int, dst: int, rng: random.Random) -> Move:
        """Play the placement of ``tile`` on ``dst`` (or the step from ``src``): capture
        and cascade, side choices (one of ``ways``), draw, as ``play.apply`` does."""
        board = self.board
        head = place_move(tile, dst) if tile else step_moves()[src][dst]
        wins = (not tile or EXPOSED[tile] == p) and wins_after_step(board, p, self.k, src,
                                                                    dst)
        before, points = (bytes(board), tuple(self.points)) if wins and self.choosing else (
            b"", ())
        if tile:
            self._set(dst, tile)
            self.hands[p], self.bag, self.drawn = refill(
                self.hands[p], tile, self.bag, self.drawn, self.variant, self.seed is not None)
            self.streak = 0
        else:
            moved = board[src]
            self._set(src, 0)
            self._set(dst, moved)
            self.streak += 1
        move = head
        if wins:
            turned, loose = cascade(board, p, dst, self.k)
            for c in turned:  # the cascade turned them in place: account for each
                board[c] = FLIP[board[c]]
                self._set(c, FLIP[board[c]])
            if loose and self.flip_loose:
                for c in loose:
                    self._set(c, FLIP[board[c]])
            elif loose and self.choosing:
                options = choice_options(bytes(board), loose)
                drawn = self.ways(before, points, options)
                move = chosen(head, options, drawn[rng.randrange(len(drawn))])
                for c, colour in move.choices:
                    if EXPOSED[board[c]] != colour:
                        self._set(c, FLIP[board[c]])
        self._next()
        return move

    def _set(self, c: int, t: int) -> None:
        """Put tile code t (0: nothing) on cell c, keeping the lists and scores."""
        board, at = self.board, self.at
        old = board[c]
        if old:
            self.points[EXPOSED[old]] -= 1
            side = _MOVER[old]
            if side >= 0:
                _drop(self.mobile[side], at, c)
        else:
            _drop(self.empty, at, c)
        board[c] = t
        if t:
            self.points[EXPOSED[t]] += 1
            side = _MOVER[t]
            if side >= 0:
                cells = self.mobile[side]
                at[c] = len(cells)
                cells.append(c)
        else:
            at[c] = len(self.empty)
            self.empty.append(c)


def _drop(cells: list[int], at: list[int], c: int) -> None:
    """Remove c from ``cells`` in one step: the last cell takes its place."""
    i = at[c]
    last = cells.pop()
    if last != c:
        cells[i] = last
        at[last] = i
    at[c] = -1


def play_out(pos: Position, rng: random.Random, plies: int, ways: Ways) -> tuple[Position, int]:
    """Up to ``plies`` random moves from ``pos`` (fewer where the game ends): the position
    reached and the moves played."""
    game = Playout(pos, ways)
    played = 0
    while played < plies and game.move(rng) is not None:
        played += 1
    return game.position(), played
