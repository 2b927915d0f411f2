"""What the computer knows of Four in a Row: a line of four that still has room for one
side alone is worth more the more of its discs are in it, and the middle columns take
part in the most lines. A drop that wins comes first, then one that blocks the
opponent's win, then the middle; a drop that wins is the only "noisy" move (the
alpha-beta search follows it past its horizon), and where the opponent could win with
its next drop the search looks one ply further (``threatened``).

Read by the game-blind search through ``Rules.policy``. A game that gives a ``score``
is played by alpha-beta; without one, by Monte Carlo on ``evaluate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Judging, Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import Move, Position
from .play import lines, winning_drops

#: what a line of four holding only one side's discs is worth to that side, by how many
#: of its discs are in it (a full line has already won)
LINE_WORTH = (0.0, 0.02, 0.1, 0.5)


def balance(pos: Position) -> float:
    """Red's advantage, in lines: the worth of Red's open lines less Yellow's."""
    grid = pos.grid
    total = 0.0
    for line in lines(pos.width, pos.height):
        red = yellow = 0
        for i in line:
            who = grid[i]
            if who == 0:
                red += 1
            elif who == 1:
                yellow += 1
        if red and not yellow and red < 4:
            total += LINE_WORTH[red]
        elif yellow and not red and yellow < 4:
            total -= LINE_WORTH[yellow]
    return total


def score(rules: Rules, pos: Position) -> float:
    """``balance`` from the side to move's view."""
    return -balance(pos) if pos.turn else balance(pos)


def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
    """Each side's chance, for the Monte Carlo search's cut-off playouts."""
    return two_sided(logistic(balance(pos), 1.0))


def noisy(rules: Rules, pos: Position, move: Move) -> bool:
    """A drop that wins at once."""
    return move.column in winning_drops(pos, pos.turn)


def threatened(rules: Rules, pos: Position) -> bool:
    """The opponent could make four with its next drop."""
    return bool(winning_drops(pos, 1 - pos.turn))


def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
    """A win first, then a block, then the columns nearest the middle."""
    wins = set(winning_drops(pos, pos.turn))
    blocks = set(winning_drops(pos, 1 - pos.turn))
    middle = (pos.width - 1) / 2
    return [(100.0 if m.column in wins else 50.0 if m.column in blocks else 0.0)
            - abs(m.column - middle) for m in moves]


#: how the judge (hard's search: the hints and the review) reads this game: a small board
#: needs no more than the smallest budget the judge's tests allow, and the curve is the one
#: ``evaluate`` uses (one line's worth of advantage, about 73 %), not fitted
JUDGING = Judging(nodes=10_000, scale=1.0)


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    return Policy(evaluate, priority, playout_depth=8, greedy=0.5, score=score, noisy=noisy,
                  threatened=threatened, judging=JUDGING)
