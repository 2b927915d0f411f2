"""What the computer knows of Onitama: the students left and the Masters' race to the
enemy temple arch; captures (of the Master first) are tried first.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (board strings, move squares) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.rules import Rules
from ogames.games.onitama.notation import ARCH, MASTER, OWN, SIZE, STUDENT, Move, Position

from .policy import Policy, logistic, two_sided


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

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        b = pos.board
        students = (b.count(STUDENT[0]) - b.count(STUDENT[1]))
        race = distance(b, 1) - distance(b, 0)
        return two_sided(logistic(students + 0.3 * race, 1.5))

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        b, enemy = pos.board, own[1 - pos.turn]
        out = []
        for m in moves:
            target = b[m.target] if m.target is not None else "."
            out.append(10.0 if target == enemy[1] else 1.0 if target in enemy else 0.0)
        return out

    return Policy(evaluate, priority, playout_depth=24, greedy=0.5)
