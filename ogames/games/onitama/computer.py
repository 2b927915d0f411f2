"""What the computer knows of Onitama: the students left and the Masters' race to the
enemy temple arch; captures (of the Master first) are tried first, and captures and a
Master's step onto the enemy arch are what the alpha-beta search follows past its horizon.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (board strings, move squares) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Judging, Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import ARCH, MASTER, OWN, SIZE, STUDENT, Move, Position

#: how the judge (the hard level's search, which gives the hints and the review) reads
#: this game: its offline budget, about what hard searches in its time on two cores, and
#: the chance curve of its values, not fitted yet
JUDGING = Judging(nodes=300_000, scale=1.5)


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    arch, master, own = ARCH, MASTER, OWN
    size = SIZE

    def distance(board: str, side: int) -> int:
        """King steps from ``side``'s Master to the enemy arch (Way of the Stream)."""
        sq = board.find(master[side])
        target = arch[1 - side]
        return max(abs(sq % size - target % size), abs(sq // size - target // size))

    def balance(pos: Position) -> float:
        """Red's advantage in students."""
        b = pos.board
        students = (b.count(STUDENT[0]) - b.count(STUDENT[1]))
        return students + 0.3 * (distance(b, 1) - distance(b, 0))

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 1.5))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.turn else balance(pos)

    def material(rules: Rules, pos: Position) -> float:
        diff = pos.board.count(STUDENT[0]) - pos.board.count(STUDENT[1])
        return -diff if pos.turn else diff

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        """A capture, or the Master onto the enemy arch."""
        if m.target is None:
            return False
        b = pos.board
        return b[m.target] in own[1 - pos.turn] or (
            m.target == arch[1 - pos.turn] and b[m.origin] == master[pos.turn])

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        b, enemy = pos.board, own[1 - pos.turn]
        out = []
        for m in moves:
            target = b[m.target] if m.target is not None else "."
            out.append(10.0 if target == enemy[1] else 1.0 if target in enemy else 0.0)
        return out

    return Policy(evaluate, priority, playout_depth=24, greedy=0.5, score=score, noisy=noisy,
                  material=material, judging=JUDGING)
