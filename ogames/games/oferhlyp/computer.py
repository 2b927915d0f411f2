"""What the computer knows of Oferhlýp: material (a whole piece counts two hits), and in
the end, when one side is ahead and the other has few pieces left, how close the leader's
pieces stand to the enemy's (``hunt``); attacks are tried first, and they are what the
alpha-beta search follows past its horizon.

Why the hunt: material alone told the search nothing once the enemy's last two half
pieces kept out of reach, and its logged games against the baseline were lost so, still
going at 600 plies with seven pieces against two. Drawing its pieces in lets the search
find the hit that ends the game (one more hit leaves the enemy a single piece).

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ogames.core.policy import Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import CELL_XY, DARK_FULL, DARK_HALF, LIGHT_FULL, LIGHT_HALF, Move, Position
from .play import hex_distance

#: steps between every two cells, read by ``hunt`` at every node of the end
DISTANCE = tuple(tuple(hex_distance(a, b) for b in range(len(CELL_XY)))
                 for a in range(len(CELL_XY)))
#: the hunt starts when the side behind has this many pieces or fewer
FEW_PIECES = 4
#: a hunter's closeness is this less its steps to the nearest enemy piece (more than any
#: two cells' distance, so every step nearer counts)
REACH = 7
#: a step nearer, in hits: ten hunters a step nearer are worth a fifth of a hit, so the
#: hunt never outweighs material
HUNT_WEIGHT = 0.02

DARK = (DARK_FULL, DARK_HALF)
LIGHT = (LIGHT_FULL, LIGHT_HALF)


def cells_of(board: str, pieces: tuple[str, str]) -> list[int]:
    """The cells holding ``pieces`` (full or half of one side)."""
    return [i for i, ch in enumerate(board) if ch in pieces]


def hunt(hunters: Iterable[int], prey: Sequence[int]) -> float:
    """How close the hunters stand to the prey, in hits: each hunter counts ``REACH``
    less its steps to the nearest prey, at ``HUNT_WEIGHT`` a step. Never negative, so a
    capture that starts the hunt only gains by it."""
    total = 0
    for hunter in hunters:
        row = DISTANCE[hunter]
        total += REACH - min(row[p] for p in prey)
    return HUNT_WEIGHT * total


def material_balance(board: str) -> int:
    """Dark's advantage in hits (a whole piece takes two)."""
    return (2 * board.count(DARK_FULL) + board.count(DARK_HALF)
            - 2 * board.count(LIGHT_FULL) - board.count(LIGHT_HALF))


def balance(pos: Position) -> float:
    """Dark's advantage: material, and the leader's hunt once the side behind has
    ``FEW_PIECES`` or fewer (the side behind, searched by the same score, keeps away)."""
    b = pos.board
    dark_full, dark_half = b.count(DARK_FULL), b.count(DARK_HALF)
    light_full, light_half = b.count(LIGHT_FULL), b.count(LIGHT_HALF)
    diff = 2 * dark_full + dark_half - 2 * light_full - light_half
    if diff > 0 and light_full + light_half <= FEW_PIECES:
        return diff + hunt(cells_of(b, DARK), cells_of(b, LIGHT))
    if diff < 0 and dark_full + dark_half <= FEW_PIECES:
        return diff - hunt(cells_of(b, LIGHT), cells_of(b, DARK))
    return diff


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 3.0))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.side else balance(pos)

    def material(rules: Rules, pos: Position) -> float:
        diff = material_balance(pos.board)
        return -diff if pos.side else diff

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        return [float(len(m.attacked)) for m in moves]

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        return bool(m.attacked)

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5, score=score, noisy=noisy,
                  material=material)
