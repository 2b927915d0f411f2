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

Material does not buy safety. The Castle's twelve triangles form one path (``ab2`` …
``fg2``), so a King at an end has one way out, and neighbouring triangles share two
corners: a King cannot outrun men that gather around it. A game against the baseline was
lost twelve men up so: enemy Knights came back to a King that had walked to an end of its
Castle. So each King's
danger counts too: about how many moves the enemy needs to hold all three corners of the
King's triangle, or of the safer triangle next to it less the move to walk there
(``king_safety``), costs the most when it is one or two moves (``DANGER``).

One corner ends all danger: a man of the King's own side on a point no jump can pass
over (the back edges, ``fixed_points``). Nothing converts it, and the triangle beside
the King's that shares that corner is always open to the King, so the King can neither
be trapped nor run out of moves while the man stays. Such a King is anchored: its side
gains ``ANCHOR``, and the enemy's men on and around its corners count nothing, since
they can never close it. Without this the search counted that man as one move from
being converted and walked it away for a conversion elsewhere, and it pressed on
anchored Kings it could never close (a game against easy ran to 600 plies so). At 25,000
nodes a move, with four random opening plies and seats swapped, it beat the evaluation
without anchors 55 of 71 games; with the anchor counted but the pressure on anchored
Kings still counted too, 29 of 40.

The pre-check that makes sure no capture winning material at once is missed sees one
ply: a conversion by the anchoring man wins a man there. All four games hard lost of its
first 26 against the baseline with anchors were lost after such a conversion, which the
search had refused and the pre-check played (``d1xb3``, ``d13xd9``); the enemy then made
a Knight on the emptied point, where nothing can ever convert it. Those conversions are
left to the search (``leaves_anchor``).

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from ogames.core.policy import Judging, Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import (
    CASTLE_SETS,
    JUMP,
    POINTS,
    TRIANGLE_CORNERS,
    TRIANGLE_MASK,
    Move,
    Position,
    fast_position,
)
from .play import FORWARD, NEIGHBOUR, TRIANGLE_NEIGHBOURS, legal_moves, traps

#: the directions opposite each of the six (N–S, NE–SW, NW–SE)
OPPOSITE = (3, 5, 4, 0, 2, 1)

#: what a man on a corner of the enemy King's triangle adds, squared by their count (three
#: is the win itself, found by the search)
PRESSURE = 0.6
#: what a man one move from a corner of the enemy King's triangle adds; two moves away half
#: of it, three moves a quarter
APPROACH = 0.25
#: the point sets one, two and three moves from a target: a man further away does not count
Rings = tuple[int, int, int]
#: what a King's danger costs its side, in men, by the moves the enemy needs to trap it
#: (``king_safety``): one move 3 men, two 1.5, three 0.6, four a quarter, more nothing
#: (none is the trap itself, the end of the game)
DANGER = (0.0, 3.0, 1.5, 0.6, 0.25)
#: the moves a corner counts when no enemy man is within three moves of it
FAR = 4
#: the moves a corner counts that the King's own man holds on a point no jump passes over
#: (``fixed_points``): the enemy can never take it, so that triangle cannot be closed
NEVER = 3 * FAR
#: what a King is worth whose triangle has such a corner (an anchored King), in men: it
#: cannot be trapped while that man stays, and the King can always step to the triangle
#: beside it that shares the corner, so its side can never be trapped or run out of moves
#: (against the evaluation without anchors: one man won 55 of 71 games, half a man 23.5
#: of 40, none 23 of 31; so many games tell these apart no better than by chance)
ANCHOR = 1.0
#: medium looks four plies ahead here, not the search's three: a trap is built by quiet
#: moves the quiescence step does not follow, and at three plies (its own move last)
#: medium beat easy in only 71 of 100 games, at four in 35 of the first 40 of them
LEVEL_DEPTHS = (("medium", 4),)


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
def fixed_points() -> int:
    """The points no jump can pass over, as a bit set: each side's back edge (``b1 d1 f1
    a2 g2``, ``a12 g12 b13 d13 f13``), where every line through the point ends at it. A
    man there is never converted; it only leaves by its own move."""
    return sum(1 << p for p in range(len(POINTS))
               if not any(NEIGHBOUR[p][d] >= 0 and NEIGHBOUR[p][OPPOSITE[d]] >= 0
                          for d in range(6)))


@cache
def approach_rings() -> tuple[tuple[tuple[Rings, ...], tuple[Rings, ...]], tuple[Rings, ...]]:
    """Per triangle: each side's Soldier rings and the Knight rings around its corners."""
    soldiers = tuple(tuple(reach_rings(corners, FORWARD[side]) for corners in TRIANGLE_MASK)
                     for side in (0, 1))
    knights = tuple(reach_rings(corners, range(6)) for corners in TRIANGLE_MASK)
    return soldiers, knights  # type: ignore[return-value]


@cache
def corner_rings() -> tuple[tuple[Rings, ...], tuple[Rings, ...], tuple[Rings, ...]]:
    """Per point: the rings of Yellow's Soldiers, of Red's Soldiers and of Knights
    around it (``reach_rings`` of that one point)."""
    return tuple(tuple(reach_rings(1 << p, directions) for p in range(len(POINTS)))  # type: ignore[return-value]
                 for directions in (FORWARD[0], FORWARD[1], range(6)))


@cache
def castle_neighbours() -> tuple[tuple[int, ...], ...]:
    """Per triangle: the triangles of its own Castle that share a side with it (a King's
    moves; none for a triangle outside the Castles)."""
    return tuple(tuple(u for u in TRIANGLE_NEIGHBOURS[t]
                       if any(t in castle and u in castle for castle in CASTLE_SETS))
                 for t in range(len(TRIANGLE_MASK)))


#: what ``king_safety`` reads for one King's triangle and one enemy side: the points
#: where an enemy man can change the answer (the corners and their rings) and the corners
#: alone (where the King's own men count), as bit sets; the corners of the triangle and of
#: its Castle neighbours, each as (bit, the enemy's Soldier rings, the Knight rings); and
#: the triangles, each as three indices into those and the walk there
Watch = tuple[int, int, tuple[tuple[int, int, int, int, int, int, int], ...],
              tuple[tuple[int, int, int, int], ...]]
#: answers of ``king_safety`` kept (the same few men around a King come back at leaf after
#: leaf of one search)
SAFETY_MEMO = 1 << 14


@cache
def watches() -> tuple[tuple[Watch, ...], tuple[Watch, ...]]:
    """Per enemy side, per triangle: its ``Watch`` (built once)."""
    rings = corner_rings()
    neighbours = castle_neighbours()
    sides = []
    for enemy_side in (0, 1):
        per_triangle = []
        for t in range(len(TRIANGLE_MASK)):
            triangles = [(t, 0)] + [(u, 1) for u in neighbours[t]]
            points = sorted({p for u, _ in triangles for p in TRIANGLE_CORNERS[u]})
            index = {p: i for i, p in enumerate(points)}
            corners = tuple((1 << p, *rings[enemy_side][p], *rings[2][p]) for p in points)
            walks = tuple((*(index[p] for p in TRIANGLE_CORNERS[u]), walk)
                          for u, walk in triangles)
            corner_bits = sum(1 << p for p in points)
            zone = corner_bits
            for corner in corners:
                for ring in corner[1:]:
                    zone |= ring
            per_triangle.append((zone, corner_bits, corners, walks))
        sides.append(tuple(per_triangle))
    return sides[0], sides[1]  # type: ignore[return-value]


def king_safety(mine: int, enemy: int, knights: int, enemy_side: int, king: int) -> int:
    """About how many moves the enemy (``enemy``'s men, of side ``enemy_side``) needs to
    trap the King on triangle ``king`` whose side has the men ``mine``: per corner, the
    moves its nearest enemy man needs to reach it (0 on it, ``FAR`` beyond three, one more
    where the King's own man stands, to be converted first), summed over the three corners;
    and where a triangle the King can walk to needs more, that less the move the walk
    takes. Blockers and men counted for two corners at once are ignored: a quick
    estimate, read at every leaf (so written flat, over tables built once, and its
    answers kept by the men that decide them)."""
    zone, corner_bits, _, _ = watches()[enemy_side][king]
    near = enemy & zone
    return _safety(enemy_side, king, near, near & knights, mine & corner_bits)


@lru_cache(maxsize=SAFETY_MEMO)
def _safety(enemy_side: int, king: int, enemy: int, riders: int, mine: int) -> int:
    """``king_safety`` from the enemy men near the King (``riders`` its Knights) and the
    King's own men on the watched corners."""
    _, _, corners, walks = watches()[enemy_side][king]
    foot = enemy & ~riders
    fixed = fixed_points()
    moves = []
    for bit, s1, s2, s3, k1, k2, k3 in corners:
        if enemy & bit:
            moves.append(0)
            continue
        if mine & bit & fixed:
            moves.append(NEVER)
            continue
        m = (1 if foot & s1 or riders & k1 else 2 if foot & s2 or riders & k2
             else 3 if foot & s3 or riders & k3 else FAR)
        moves.append(m + 1 if mine & bit else m)
    best = -1
    for a, b, c, walk in walks:
        needed = moves[a] + moves[b] + moves[c] - walk
        if needed > best:
            best = needed
    return best


def leaves_anchor(rules: Rules, pos: Position, move: Move) -> bool:
    """``move`` is a conversion by the man that anchors the mover's King (it stands on a
    corner of the King's triangle that no jump passes over): the pre-check leaves it to
    the search (``Policy.search_weighs``), which counts the anchor as well as the man."""
    return (move.kind == JUMP
            and bool(move.fbit & fixed_points() & TRIANGLE_MASK[pos.king(pos.side)]))


def king_danger(pos: Position, side: int) -> float:
    """What ``side``'s King's danger costs it, in men (``DANGER`` by ``king_safety``)."""
    mine, enemy = (pos.yellow, pos.red) if side == 0 else (pos.red, pos.yellow)
    safety = king_safety(mine, enemy, pos.knights, 1 - side, pos.king(side))
    return DANGER[safety] if safety < len(DANGER) else 0.0


def men(pos: Position) -> float:
    """Yellow's advantage in men (a Knight counts half again)."""
    y, r, k = pos.yellow, pos.red, pos.knights
    return (y.bit_count() - r.bit_count()) + 0.5 * ((y & k).bit_count() - (r & k).bit_count())


@cache
def balance_function(anchors: bool = True) -> Callable[[Position], float]:
    """The score at every leaf of the search, Yellow's advantage (built once, over the
    tables it reads). Without ``anchors`` (easy's), no King counts as anchored: easy
    presses on every King and holds no man back to anchor its own, a beginner's play (with
    anchors, easy kept its King anchored from the first move to the six-hundredth, where
    no level could ever trap it, and medium beat it in fewer than half its games)."""
    masks = TRIANGLE_MASK
    fixed = fixed_points()
    (yellow_rings, red_rings), knight_rings = approach_rings()
    w2, w3 = 0.5, 0.25  # rings two and three count half and a quarter of ring one

    def balance(pos: Position) -> float:
        """Yellow's advantage: men, each King's danger, and for each side either the
        anchor its King holds or, against a King not anchored, its men on that King's
        corners (squared) and approaching them (written out flat: it runs at every leaf
        of the search). Pressure on an anchored King counts nothing: it can never close."""
        y, r, k = pos.yellow, pos.red, pos.knights
        yk, rk = y & k, r & k
        total = (y.bit_count() - r.bit_count() + 0.5 * (yk.bit_count() - rk.bit_count())
                 + king_danger(pos, 1) - king_danger(pos, 0))
        on_red, on_yellow = masks[pos.red_king], masks[pos.yellow_king]
        if anchors and r & fixed & on_red:
            total -= ANCHOR
        else:
            ys = y ^ yk
            s1, s2, s3 = yellow_rings[pos.red_king]
            k1, k2, k3 = knight_rings[pos.red_king]
            total += (PRESSURE * (y & on_red).bit_count() ** 2
                      + APPROACH * (((ys & s1) | (yk & k1)).bit_count()
                                    + w2 * ((ys & s2) | (yk & k2)).bit_count()
                                    + w3 * ((ys & s3) | (yk & k3)).bit_count()))
        if anchors and y & fixed & on_yellow:
            total += ANCHOR
        else:
            rs = r ^ rk
            s1, s2, s3 = red_rings[pos.yellow_king]
            k1, k2, k3 = knight_rings[pos.yellow_king]
            total -= (PRESSURE * (r & on_yellow).bit_count() ** 2
                      + APPROACH * (((rs & s1) | (rk & k1)).bit_count()
                                    + w2 * ((rs & s2) | (rk & k2)).bit_count()
                                    + w3 * ((rs & s3) | (rk & k3)).bit_count()))
        return total

    return balance


#: how the judge (the hard level's search, which gives the hints and the review) reads
#: this game: its offline budget, about what hard searches in its time on two cores, and
#: the chance curve of its values, not fitted yet: the judge's self-play at a twentieth of
#: its budget (``python -m bench.judge --play``) seldom ends a game within 300 plies here
#: (6 of 7 games ran out), and an unfinished game says nothing of who wins
JUDGING = Judging(nodes=200_000, scale=2.5)


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    masks = TRIANGLE_MASK
    jump = JUMP
    balance = balance_function()
    beginner = balance_function(anchors=False)

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 2.5))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.side else balance(pos)

    def easy_score(rules: Rules, pos: Position) -> float:
        return -beginner(pos) if pos.side else beginner(pos)

    def material(rules: Rules, pos: Position) -> float:
        return -men(pos) if pos.side else men(pos)

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        return m.kind == jump or bool(m.tbit & masks[pos.king(1 - pos.side)])

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        target = masks[pos.king(1 - pos.side)]
        return [(2.0 if m.kind == jump else 0.0) + (1.0 if m.tbit & target else 0.0)
                for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5, score=score, noisy=noisy,
                  material=material, threatened=threatened, level_depths=LEVEL_DEPTHS,
                  search_weighs=leaves_anchor, level_scores=(("easy", easy_score),),
                  judging=JUDGING)


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
