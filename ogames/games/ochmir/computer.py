"""What the computer knows of Ochmir: the score and the hexagons each side could win with
its next tile; hexagons about to be won tried first, steps that win nothing last, and
tiles that would hand the opponent a hexagon after everything else; and how to deal the
tiles a player cannot see.

Two-handed, the computer searches with alpha-beta in one dealt world
(:mod:`ogames.ai.dealt_world`): what is hidden decides little there (a capture counts colours
only, and every tile carries both colours), so ``score``, ``noisy`` and ``noisy_moves``
below are what it reads. Three-handed, it plays Monte Carlo with ``evaluate``.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from ogames.core.policy import Judging, Policy, RulesObject, logistic

from .geometry import HEX_CELLS
from .notation import Move, Position
from .play import (
    HEX_RUNS,
    SHOWING,
    MoveList,
    Options,
    capture_threshold,
    hot_cells,
    scores,
    wins_after_step,
)
from .playout import GREEDY, play_out
from .tiles import CANON, EXPOSED, FLIP, HIDDEN, MASKED, VALUE, VALUES, code, tile_set

#: how the judge (the hard level's search, which gives the hints and the review) reads
#: this game: its offline budget, about what hard searches in its time on two cores, and
#: the chance curve of its values (two hands), fitted to results (``python -m bench.judge
#: --fit``: the even-numbered of 40 self-play games at a twentieth of the budget, played
#: again on 2026-12-07; the set scale had been 4, which called nearly every position 90 %
#: or more). On the odd games, which the fit never saw, it is calibrated within 10 points
#: at 80-90 and 90-100 % (82 and 93 % won) and not below: the side given 60-70 % won 86 %,
#: 70-80 % won 64 %; twenty games, each of some 230 plies that move together, are too few
JUDGING = Judging(nodes=100_000, scale=34.3)


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    return Policy(evaluate, priority, determinize, playout_depth=12, greedy=GREEDY,
                  score=score, noisy=noisy, material=material, noisy_moves=noisy_moves,
                  candidates=candidates, playout=playout, judging=JUDGING)


# ----- three-handed side choices -------------------------------------------------------------


def candidates(rules: RulesObject, pos: Position, moves: Sequence[Move]) -> Sequence[Move]:
    """The moves worth weighing (``Policy.candidates``): every action, and of an action
    that leaves n tiles loose, three of its 2^n moves (late cascades leave twenty and more,
    too many to list): the ``ways`` below. A loose tile carries the two other colours, so
    whom the tiles go to is the choice that counts, and which of them, little."""
    if not isinstance(moves, MoveList):
        return moves
    board = pos.board
    points = scores(board, pos.players)
    weighed: list[Move] = []
    for head, start, options in moves.actions():
        if options is None:
            weighed.append(head)
        else:
            weighed += [moves[start + k] for k in ways(board, points, options)]
    return weighed


def ways(board: bytes, points: Sequence[int], options: Options) -> list[int]:
    """Which of an action's 2^n ways to turn its n loose tiles are weighed, by number
    (``play.chosen``): every loose tile to one of the two other colours, every one to the
    other, and the split that keeps the larger of the two other scores least (the mover
    wins only above both), counted on the board as it stands (what the capture itself
    turns is left out: a guess at the choice, read in an instant)."""
    n = len(options[0])
    (_, first), (_, second) = options[0][0]
    showing_first = sum(1 for (c, _), _ in options[0] if EXPOSED[board[c]] == first)
    rest_first = points[first] - showing_first
    rest_second = points[second] - (n - showing_first)
    turned = min(n, max(0, round((rest_first + n - rest_second) / 2)))
    found = [0, (1 << n) - 1]
    if 0 < turned < n:  # the last ``turned`` loose tiles to the second colour
        found.append((1 << turned) - 1)
    return found


def playout(rules: RulesObject, pos: Position, rng: random.Random,
            plies: int) -> tuple[Position, int] | None:
    """A three-handed playout of up to ``plies`` moves, played on a board changed in place
    (``Policy.playout``; :mod:`.playout`): the position reached and the moves played. None
    for two hands, whose short lists the search draws from itself."""
    if pos.players != 3:
        return None
    return play_out(pos, rng, plies, ways)


# ----- the hexagons one tile from being full -------------------------------------------------


#: what a hexagon's six cells (as ``SHOWING`` bytes) mean for the side p they were read
#: for: (kind, the empty cells' places in the hexagon, a value); kinds below
MINE, THEIRS, BLOCK, LATENT, POISON, BUILD = range(6)


def _kinds(k: int) -> dict[bytes, tuple[int, tuple[int, ...], int]]:
    """Every pattern of six cells that matters, for capture threshold k:

    * one gap where p's tile wins the hexagon (``MINE``; value: twice the tiles it
      turns, as each moves a point from the other side to p), where another side's tile
      would (``THEIRS``), or where a tile only fills it (``BLOCK``);
    * a full hexagon with a majority not yet won (``LATENT``: a tile turned in it by a
      cascade wins it; value: the tiles it would turn, + for p, − against);
    * two gaps, where p's tile in one leaves the other side a winning gap (``POISON``),
      or leaves p one (``BUILD``).
    """
    table = {}
    for cells in product((0, 1, 2), repeat=6):
        gaps = tuple(i for i, x in enumerate(cells) if x == 0)
        mine, theirs = cells.count(1), cells.count(2)
        kind: tuple[int, tuple[int, ...], int] | None = None
        if len(gaps) == 1:
            kind = ((MINE, gaps, 2 * theirs) if mine + 1 >= k
                    else (THEIRS, gaps, 2 * mine) if theirs + 1 >= k
                    else (BLOCK, gaps, 0))
        elif not gaps and (mine >= k or theirs >= k):
            kind = (LATENT, gaps, theirs if mine >= k else -mine)
        elif len(gaps) == 2:
            kind = ((POISON, gaps, 0) if theirs + 1 >= k
                    else (BUILD, gaps, 0) if mine + 2 >= k else None)
        if kind is not None:
            table[bytes(cells)] = kind
    return table


_KINDS = {k: _kinds(k) for k in (3, 4)}


@dataclass(frozen=True, slots=True)
class Threats:
    """What the hexagons near completion hold for the side to move: the empty cells where
    its tile wins hexagons (``mine``) and where the other sides' would (``theirs``), each
    with the points it swings; the latent majorities' balance; and, per empty cell, how
    good a tile of its there is for move ordering (``order``)."""

    mine: dict[int, int]
    theirs: dict[int, int]
    latent: int
    order: dict[int, float]


#: the last position read and its Threats (score and noisy_moves read the same node one
#: after the other); one tuple, replaced whole, so a second thread never sees half of it
_last: list[tuple[tuple[bytes, int, int], Threats] | None] = [None]


def threats(board: bytes, p: int, k: int) -> Threats:
    """The hexagons one or two tiles from full, read for side p (capture threshold k)."""
    key = (board, p, k)
    last = _last[0]
    if last is not None and last[0] == key:
        return last[1]
    kinds = _KINDS[k]
    seen = board.translate(SHOWING[p])
    mine: dict[int, int] = {}
    theirs: dict[int, int] = {}
    order: dict[int, float] = {}
    latent = 0
    for (a, b), cells in zip(HEX_RUNS, HEX_CELLS, strict=True):
        found = kinds.get(seen[a:a + 3] + seen[b:b + 3])
        if found is None:
            continue
        kind, gaps, value = found
        if kind == LATENT:
            latent += value
            continue
        for g in gaps:
            cell = cells[g]
            if kind == MINE:
                mine[cell] = mine.get(cell, 0) + value
            elif kind == THEIRS:
                theirs[cell] = theirs.get(cell, 0) + value
            order[cell] = order.get(cell, 0.0) + _ORDER[kind] + (
                value if kind in (MINE, THEIRS) else 0)
    found_threats = Threats(mine, theirs, latent, order)
    _last[0] = (key, found_threats)
    return found_threats


#: how much a hexagon's kind adds to a move's order in each of its empty cells: wins
#: first, then blocks of the other side's wins, fills; a tile that hands the other side a
#: winning gap last
_ORDER = {MINE: 10.0, THEIRS: 3.0, BLOCK: 1.0, POISON: -5.0, BUILD: 1.0}

#: a step (or pass) is tried after a placement of the same order: tiles placed are what
#: scores
STEP = 0.5

#: three-handed: the priority of a move that completes a hexagon its mover wins, of a
#: placement, and of a step that wins nothing (or a pass)
HOT, PLACEMENT, QUIET = 1.0, 0.5, 0.0


def priority(rules: RulesObject, pos: Position, moves: Sequence[Move]) -> list[float]:
    """Moves that complete a hexagon the mover then wins come first. Two-handed, the
    bigger win sooner, then those that fill a gap where the other side would win, then
    the quiet ones, and last those that leave the other side a winning gap; a step after
    a placement on the same cell. Three-handed (Monte Carlo), where a gap one opponent
    would win is not the other's, simply the placements, then the steps. A step wins only
    if the hexagon is full once its tile has left the triangle it came from: a thurin
    next to the gap once counted as winning, came first, and stepped back and forth for
    turns on end (issue 26)."""
    p = pos.to_move
    board = pos.board
    k = capture_threshold(pos.players)
    if pos.players == 2:
        found = threats(board, p, k)
        mine, get = found.mine, found.order.get
        out = []
        for m in moves:
            d = m.dst
            value = get(d, 0.0)
            if d in mine and not (EXPOSED[m.tile] == p if m.tile
                                  else wins_after_step(board, p, k, m.src, d)):
                value = 0.0  # fills the gap but wins nothing
            out.append(value if m.tile else value - STEP)
        return out
    hot = hot_cells(board, p, k)
    if not hot:
        return [PLACEMENT if m.tile else QUIET for m in moves]
    return [HOT if m.dst in hot and (EXPOSED[m.tile] == p if m.tile else
                                     wins_after_step(board, p, k, m.src, m.dst))
            else PLACEMENT if m.tile else QUIET for m in moves]


# ----- alpha-beta's score (two-handed) -------------------------------------------------------

#: what the side to move's own winning gaps, the other side's beyond the two biggest, and
#: the latent majorities count in the score, per point they would swing
OWN_GAPS, OTHER_GAPS, LATENT_WEIGHT = 0.5, 0.5, 0.25


def score(rules: RulesObject, pos: Position) -> float:
    """The board from the side to move's view, in tiles: its tiles showing less the
    others', plus what the gaps promise. The side to move may take a gap of its own at
    once (the search tries that: such moves are ``noisy``) or, if it does not, fill the
    other side's biggest; so the other side's second biggest counts in full, the rest
    by half, and the mover's own by half (the other side will fill one). A latent
    majority (a full hexagon not yet won) counts a quarter: a cascade through it wins it."""
    board = pos.board
    p = pos.to_move
    k = capture_threshold(pos.players)
    found = threats(board, p, k)
    theirs = sorted(found.theirs.values(), reverse=True)
    lost = (theirs[1] if len(theirs) > 1 else 0) + OTHER_GAPS * sum(theirs[2:])
    return (material(rules, pos) + OWN_GAPS * sum(found.mine.values()) - lost
            + LATENT_WEIGHT * found.latent)


def material(rules: RulesObject, pos: Position) -> float:
    """Tiles showing the side to move's colour less those showing the others'."""
    points = scores(pos.board, pos.players)
    return 2 * points[pos.to_move] - sum(points)


def noisy(rules: RulesObject, pos: Position, move: Move) -> bool:
    """A move that completes a hexagon its mover wins (a capture)."""
    p = pos.to_move
    k = capture_threshold(pos.players)
    board = pos.board
    if move.tile:
        return EXPOSED[move.tile] == p and move.dst in threats(board, p, k).mine
    return move.src >= 0 and wins_after_step(board, p, k, move.src, move.dst)


#: the quiescence step follows the captures of the biggest few gaps only: with many
#: gaps open late in a game, every capture sequence was too many to search
NOISY_GAPS = 3


def noisy_moves(rules: RulesObject, pos: Position) -> list[Move]:
    """One capture per winning gap (which tile fills it changes little), the biggest
    ``NOISY_GAPS`` gaps."""
    p = pos.to_move
    k = capture_threshold(pos.players)
    board = pos.board
    mine = threats(board, p, k).mine
    if not mine:
        return []
    found: dict[int, Move] = {}
    for m in rules.moves(pos):
        d = m.dst
        if d in mine and d not in found and (
                EXPOSED[m.tile] == p if m.tile
                else m.src >= 0 and wins_after_step(board, p, k, m.src, d)):
            found[d] = m
    return [found[c] for c in sorted(found, key=lambda c: -mine[c])[:NOISY_GAPS]]


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
    pool = dict(_full_pool(view.variant))
    for t in view.hands[side]:
        if pool.get(t):
            pool[t] -= 1
    board = _deal_reverses(view, pool, rng)
    rand = rng.random  # a shuffle by random keys: much faster than rng.shuffle
    rest = [t for _, t in sorted((rand(), t) for t, n in pool.items() for _ in range(n))]
    hands = []
    for seat, hand in enumerate(view.hands):
        if seat != side and HIDDEN in hand:
            hand = tuple(sorted(CANON[t] for t in
                                _take_many(rest, rng, view.variant, len(hand))))
        hands.append(hand)
    bag = _take_many(rest, rng, view.variant, view.bag_size)
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
        showing = _SHOWING_FACE[colour, value]
        fits = [t for t, n in pool.items() if n and t in showing for _ in range(n)]
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


#: per face (colour, value): the tile codes with that face on one side (``_shows``)
_SHOWING_FACE = {(colour, value): frozenset(t for t in range(1, MASKED)
                                            if _shows(t, colour, value))
                 for colour in range(3) for value in range(len(VALUES))}


@cache
def _full_pool(variant: str) -> dict[int, int]:
    """Each tile code of ``variant``'s set and how many the set holds, in the set's order
    (the order the deal reads them in)."""
    pool: dict[int, int] = {}
    for t in tile_set(variant):
        pool[t] = pool.get(t, 0) + 1
    return pool


def _take(rest: list[int], rng: random.Random, variant: str) -> int:
    if rest:
        return rest.pop()
    return rng.choice(tile_set(variant))  # more hidden tiles than the set has left


def _take_many(rest: list[int], rng: random.Random, variant: str, n: int) -> tuple[int, ...]:
    """``n`` tiles taken as ``_take`` takes them one by one, the last of ``rest`` first."""
    cut = max(len(rest) - n, 0)
    taken = rest[cut:][::-1]
    del rest[cut:]
    return tuple(taken) + tuple(_take(rest, rng, variant) for _ in range(n - len(taken)))
