"""What the computer knows of Oferhlýp: material (a whole piece counts two hits), and in
the end, when one side is ahead and the other has few pieces left, how close the leader's
pieces stand to the enemy's (``hunt``) and how few free steps the enemy's have left
(``free_steps``); attacks are tried first, and they are what the alpha-beta search
follows past its horizon.

Why the hunt: material alone told the search nothing once the enemy's last two half
pieces kept out of reach, and its logged games against the baseline were lost so, still
going at 600 plies with seven pieces against two. Drawing its pieces in lets the search
find the hit that ends the game (one more hit leaves the enemy a single piece).

Why each hunter goes to its nearest enemy piece that has room for one more (a piece takes
as many hunters as it has neighbours): when every hunter counted its steps to its nearest
enemy piece, room or none, the hunters crowded round one piece boxed in a corner and left
the other free (two logged games against the baseline ended so at the 600-ply cap, nine
and seven pieces against two). Letting each enemy piece draw its nearest hunters instead
freed the box, but every hunter then counted once for each enemy piece, so against
pieces spread over the board the hunters gathered between them: medium against easy won
50 of 100, the other 50 still going at 600 plies (91 before). With room, each hunter
counts once: medium against easy won 93 of 100 (2026-11-29, on the clock); from where
the ending began in ten logged games against the baseline (four of them lost on the
clock), hard at 10,000 nodes a move against the baseline at 3,300 iterations won all
ten, in 520 plies in all (468 with each piece drawing its hunters; both well inside the
cap).

Why the free steps: drawing near is not enough against a piece in a corner, which no
attack can reach (there is no cell beyond it), nor against one on an edge, attacked only
along it. Such a piece is won by taking its room: a player who cannot move loses, and
one whose pieces have few steps left must soon step out of shelter. Medium against easy
with the hunt alone left 17 and 23 of two hundred games unfinished at 600 plies, nearly
all in endings of a few pieces against two or three halves; counting the free steps left
7 and 3 (no clock, games 0-99 and 100-199: 93 and 97 won against 83 and 77).

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ogames.core.policy import Judging, Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import CELL_XY, DARK_FULL, DARK_HALF, EMPTY, LIGHT_FULL, LIGHT_HALF, Move, Position
from .play import ADJACENT, hex_distance

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
#: a step the hunted side can still take, in hits, against the leader (as much as a
#: hunter's step nearer): 0.01 to 0.08 did alike in medium's games against easy (0.01
#: and 0.02 won 189 and 190 of 200, 0.05 and 0.08 91 and 92 of 100); at 0.15 the room
#: outweighed the hunt and half the games ran to the cap
TRAP_WEIGHT = 0.02

DARK = (DARK_FULL, DARK_HALF)
LIGHT = (LIGHT_FULL, LIGHT_HALF)


def cells_of(board: str, pieces: tuple[str, str]) -> list[int]:
    """The cells holding ``pieces`` (full or half of one side)."""
    return [i for i, ch in enumerate(board) if ch in pieces]


def hunt(hunters: Sequence[int], prey: Iterable[int]) -> float:
    """How close the hunters stand to the prey, in hits: each hunter goes to its nearest
    prey piece that still has room for one more (a piece takes as many hunters as it has
    neighbours, the most that can close in on it), nearest pairs first, and counts
    ``REACH`` less its steps to it, at ``HUNT_WEIGHT`` a step. Never negative, so a
    capture that starts the hunt only gains by it; a capture that removes a hunted piece
    loses its hunters' count, at most six of six steps (0.72 of a hit), and still gains."""
    room = {p: len(ADJACENT[p]) for p in prey}
    placed: set[int] = set()
    total = 0
    for steps, hunter, p in sorted((DISTANCE[p][h], h, p) for h in hunters for p in room):
        if hunter not in placed and room[p]:
            placed.add(hunter)
            room[p] -= 1
            total += REACH - steps
    return HUNT_WEIGHT * total


def free_steps(board: str, prey: Sequence[int]) -> int:
    """The steps the ``prey`` pieces could take: their empty neighbours, one per piece and
    neighbour (a corner piece has at most three, one in the middle six)."""
    return sum(1 for cell in prey for n in ADJACENT[cell] if board[n] == EMPTY)


def material_balance(board: str) -> int:
    """Dark's advantage in hits (a whole piece takes two)."""
    return (2 * board.count(DARK_FULL) + board.count(DARK_HALF)
            - 2 * board.count(LIGHT_FULL) - board.count(LIGHT_HALF))


def balance(pos: Position) -> float:
    """Dark's advantage: material, and once the side behind has ``FEW_PIECES`` or fewer,
    the leader's hunt less the hunted pieces' free steps (the side behind, searched by the
    same score, keeps away and keeps room)."""
    b = pos.board
    dark_full, dark_half = b.count(DARK_FULL), b.count(DARK_HALF)
    light_full, light_half = b.count(LIGHT_FULL), b.count(LIGHT_HALF)
    diff = 2 * dark_full + dark_half - 2 * light_full - light_half
    if diff > 0 and light_full + light_half <= FEW_PIECES:
        return diff + ending(b, cells_of(b, DARK), cells_of(b, LIGHT))
    if diff < 0 and dark_full + dark_half <= FEW_PIECES:
        return diff - ending(b, cells_of(b, LIGHT), cells_of(b, DARK))
    return diff


def ending(board: str, hunters: Sequence[int], prey: Sequence[int]) -> float:
    """The leader's gain in an ending beyond material, in hits: its hunt, less the
    hunted pieces' room (four pieces' room is at most 24 steps, 0.48 of a hit, so a
    capture that starts the ending still gains by it)."""
    return hunt(hunters, prey) - TRAP_WEIGHT * free_steps(board, prey)


#: how the judge (the hard level's search, which gives the hints and the review) reads
#: this game: its offline budget, about what hard searches in its time on two cores, and
#: the chance curve of its values, not fitted yet: the judge's self-play at a twentieth of
#: its budget (``python -m bench.judge --play``) seldom ends a game within 300 plies here
#: (6 of 7 games ran out), and an unfinished game says nothing of who wins
JUDGING = Judging(nodes=200_000, scale=3.0)


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
                  material=material, judging=JUDGING)
