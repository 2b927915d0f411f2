"""What the computer knows of Ochmir: the score and the hexagons each side could win with
its next tile; hexagons about to be won tried first and steps that win nothing last; and
how to deal the tiles a player cannot see.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Policy, RulesObject, logistic

from .notation import Move, Position
from .play import capture_threshold, hot_cells, scores, wins_after_step
from .tiles import CANON, EXPOSED, FLIP, HIDDEN, MASKED, VALUE, code, tile_set


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    return Policy(evaluate, priority, determinize, playout_depth=12, greedy=0.3)


#: the priority of a move that completes a hexagon its mover wins, of a placement, and of
#: a step that wins nothing (or a pass): tiles placed are what scores, so a quiet step
#: is tried last
HOT, PLACEMENT, QUIET = 1.0, 0.5, 0.0


def priority(rules: RulesObject, pos: Position, moves: Sequence[Move]) -> list[float]:
    """Moves that complete a hexagon the mover then wins come first, then placements,
    then the steps that win nothing. A step wins only if the hexagon is full once its
    tile has left the triangle it came from: a thurin next to the gap once counted as
    winning, came first, and stepped back and forth for turns on end (issue 26)."""
    p = pos.to_move
    board = pos.board
    k = capture_threshold(pos.players)
    hot = hot_cells(board, p, k)
    if not hot:
        return [PLACEMENT if m.tile else QUIET for m in moves]
    return [HOT if m.dst in hot and (EXPOSED[m.tile] == p if m.tile else
                                     wins_after_step(board, p, k, m.src, m.dst))
            else PLACEMENT if m.tile else QUIET for m in moves]


#: what an empty triangle where a side could complete and win a hexagon adds to its score:
#: the side to move can take one at once, another side only if it is left there
HOT_NOW, HOT_LATER = 1.5, 0.5


def evaluate(rules: RulesObject, pos: Position) -> tuple[float, ...]:
    """Each side's score against the mean, squashed to a win expectation. A playout cut
    off a move before a hexagon is won would count the tiles as they lie, so each empty
    triangle where a side could complete and win a hexagon (``hot_cells``) counts for it
    too, more for the side to move."""
    board, players = pos.board, pos.players
    k = capture_threshold(players)
    points = [s + len(hot_cells(board, p, k)) * (HOT_NOW if p == pos.to_move else HOT_LATER)
              for p, s in enumerate(scores(board, players))]
    mean = sum(points) / len(points)
    return tuple(logistic(s - mean, 6.0) for s in points)


def determinize(rules: RulesObject, view: Position, side: int,
                rng: random.Random) -> Position:
    """Deal the tiles the viewer cannot see: the set minus its own hand is what lies
    beneath the board's exposed faces, in the other hands and in the bag. Board tiles
    are matched first, rarest exposed face first, so the rare leremoc and thurin faces
    find a tile that carries them; what is left is shuffled into hands and bag."""
    pool: dict[int, int] = {}
    for t in tile_set(view.variant):
        pool[t] = pool.get(t, 0) + 1
    for t in view.hands[side]:
        if pool.get(t):
            pool[t] -= 1
    board = _deal_reverses(view, pool, rng)
    rand = rng.random  # a shuffle by random keys: much faster than rng.shuffle
    rest = [t for _, t in sorted((rand(), t) for t, n in pool.items() for _ in range(n))]
    hands = []
    for seat, hand in enumerate(view.hands):
        if seat != side and HIDDEN in hand:
            hand = tuple(sorted(CANON[_take(rest, rng, view.variant)]
                                for _ in range(len(hand))))
        hands.append(hand)
    bag = tuple(_take(rest, rng, view.variant) for _ in range(view.bag_size))
    return Position(view.variant, board, view.to_move, tuple(hands), bag, None, 0,
                    view.streak, view.ply)


def _deal_reverses(view: Position, pool: dict[int, int], rng: random.Random) -> bytes:
    """The board with a tile from ``pool`` (taken out of it) under every masked face,
    rarest values first."""
    board = bytearray(view.board)
    faces: dict[int, list[int]] = {}  # masked code → its cells
    for i, t in enumerate(board):
        if t >= MASKED:
            faces.setdefault(t, []).append(i)
    for face in sorted(faces, key=lambda f: (-VALUE[f], f)):  # rarest values first
        colour, value = EXPOSED[face], VALUE[face]
        fits = [t for t, n in pool.items() if n and _shows(t, colour, value)
                for _ in range(n)]
        rand = rng.random
        for i in faces[face]:
            if fits:
                pick = fits.pop(int(rand() * len(fits)))
                pool[pick] -= 1
                shown = EXPOSED[pick] == colour and VALUE[pick] == value
                board[i] = pick if shown else FLIP[pick]
            else:  # more such faces than the set holds (puzzle positions)
                board[i] = code(colour, value, (colour + 1) % view.players, 0)
    return bytes(board)


def _shows(t: int, colour: int, value: int) -> bool:
    """Tile t has the face (colour, value) on one side."""
    return ((EXPOSED[t] == colour and VALUE[t] == value)
            or (EXPOSED[FLIP[t]] == colour and VALUE[FLIP[t]] == value))


def _take(rest: list[int], rng: random.Random, variant: str) -> int:
    if rest:
        return rest.pop()
    return rng.choice(tile_set(variant))  # more hidden tiles than the set has left
