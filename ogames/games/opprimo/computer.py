"""What the computer knows of Opprimo: material (a knight counts half again), the pressure
on each King's triangle, and how close each side's men stand to the enemy King's corners;
jumps and steps towards the enemy King are tried first, and jumps and steps onto a corner
of the enemy King's triangle are what the alpha-beta search follows past its horizon.

A trap is built over several moves: men gather one or two steps from the King's corners
and then close in faster than the King can walk away along its Castle. Counting only the
men already on the corners, the search saw the last moves of a trap, never the gathering
(every loss of the hard level against the baseline was a trapped King). So men within
three moves of a corner count too, less the further they are, each by the way it moves
(a Soldier forward only, a Knight every way); and a side whose King could be trapped by
the opponent's next move is searched one ply further instead of standing pat.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import JUMP, POINTS, TRIANGLE_MASK, Move, Position, fast_position
from .play import FORWARD, NEIGHBOUR, legal_moves, traps

#: what a man on a corner of the enemy King's triangle adds, squared by their count (three
#: is the win itself, found by the search)
PRESSURE = 0.6
#: what a man one move from a corner of the enemy King's triangle adds; two moves away half
#: of it, three moves a quarter
APPROACH = 0.25
#: the point sets one, two and three moves from a target: a man further away does not count
Rings = tuple[int, int, int]


def reach_rings(targets: int, directions: Sequence[int]) -> Rings:
    """The points from which a piece moving in ``directions`` needs exactly 1, 2 and 3
    steps to stand on one of the ``targets`` (a bit set of points), on an empty board."""
    seen = targets
    ring = targets
    rings = []
    for _ in range(3):
        nearer = 0
        for p in range(len(POINTS)):
            if not seen >> p & 1 and any(
                    (q := NEIGHBOUR[p][d]) >= 0 and ring >> q & 1 for d in directions):
                nearer |= 1 << p
        rings.append(nearer)
        seen |= nearer
        ring = nearer
    return rings[0], rings[1], rings[2]


@cache
def approach_rings() -> tuple[tuple[tuple[Rings, ...], tuple[Rings, ...]], tuple[Rings, ...]]:
    """Per triangle: each side's Soldier rings and the Knight rings around its corners."""
    soldiers = tuple(tuple(reach_rings(corners, FORWARD[side]) for corners in TRIANGLE_MASK)
                     for side in (0, 1))
    knights = tuple(reach_rings(corners, range(6)) for corners in TRIANGLE_MASK)
    return soldiers, knights  # type: ignore[return-value]


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    masks = TRIANGLE_MASK
    jump = JUMP
    (yellow_rings, red_rings), knight_rings = approach_rings()
    w2, w3 = 0.5, 0.25  # rings two and three count half and a quarter of ring one

    def men(pos: Position) -> float:
        """Yellow's advantage in men (a Knight counts half again)."""
        y, r, k = pos.yellow, pos.red, pos.knights
        return (y.bit_count() - r.bit_count()) + 0.5 * ((y & k).bit_count()
                                                        - (r & k).bit_count())

    def balance(pos: Position) -> float:
        """Yellow's advantage: men, men on the enemy King's corners (squared) and men
        approaching them (written out flat: it runs at every leaf of the search)."""
        y, r, k = pos.yellow, pos.red, pos.knights
        yk, rk = y & k, r & k
        ys, rs = y ^ yk, r ^ rk
        on_red, on_yellow = masks[pos.red_king], masks[pos.yellow_king]
        s1, s2, s3 = yellow_rings[pos.red_king]
        k1, k2, k3 = knight_rings[pos.red_king]
        yellow = (((ys & s1) | (yk & k1)).bit_count() + w2 * ((ys & s2) | (yk & k2)).bit_count()
                  + w3 * ((ys & s3) | (yk & k3)).bit_count())
        s1, s2, s3 = red_rings[pos.yellow_king]
        k1, k2, k3 = knight_rings[pos.yellow_king]
        red = (((rs & s1) | (rk & k1)).bit_count() + w2 * ((rs & s2) | (rk & k2)).bit_count()
               + w3 * ((rs & s3) | (rk & k3)).bit_count())
        return (y.bit_count() - r.bit_count() + 0.5 * (yk.bit_count() - rk.bit_count())
                + PRESSURE * ((y & on_red).bit_count() ** 2 - (r & on_yellow).bit_count() ** 2)
                + APPROACH * (yellow - red))

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 2.5))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.side else balance(pos)

    def material(rules: Rules, pos: Position) -> float:
        return -men(pos) if pos.side else men(pos)

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        return m.kind == jump or bool(m.tbit & masks[pos.king(1 - pos.side)])

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        target = masks[pos.king(1 - pos.side)]
        return [(2.0 if m.kind == jump else 0.0) + (1.0 if m.tbit & target else 0.0)
                for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5, score=score, noisy=noisy,
                  material=material, threatened=threatened)


def threatened(rules: Rules, pos: Position) -> bool:
    """The opponent could trap the side to move's King with its next move
    (``Policy.threatened``). One move adds at most two enemy men to the King's corners
    (a jump landing on one corner that converts a man on another), so the opponent needs
    one corner already and the side to move's men or the opponent's on two; only then are
    the opponent's moves listed."""
    side = pos.side
    corners = TRIANGLE_MASK[pos.king(side)]
    theirs = (pos.men(1 - side) & corners).bit_count()
    if not theirs or theirs + (pos.men(side) & corners).bit_count() < 2:
        return False
    passed = fast_position(pos.yellow, pos.red, pos.knights, 1 - side, pos.yellow_king,
                           pos.red_king, pos.number)
    return any(traps(passed, move) for move in legal_moves(passed))
