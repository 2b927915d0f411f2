"""What the computer knows of Ordo: material, how far the pieces have come and the
furthest piece, how easily each side's group is cut (a split group, pieces whose
capture may split it: most games end with a group that cannot reconnect) and how soon a
small group could line up and slide home (``line_moves``); captures,
forward moves and a winning step are tried first, and captures and goal moves are the
moves the alpha-beta search follows past its horizon (listed by ``play.sharp_moves``
without the quiet ones); where its horizon falls on a side whose opponent could reach its
goal row next move, it looks one ply further (``play.goal_threat``).

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (bit sets, board strings) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ogames.core.policy import Judging, Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import RANKS, STRIDE, Move, Position
from .play import FORWARD, _possible_cuts, goal_threat, is_connected, sharp_moves


def fragility(bits: int) -> float:
    """How easily the group ``bits`` is cut: a split group (its side must spend its move
    reconnecting, or lose) counts as a piece and a half; each piece whose capture may
    split it, a sixth of one."""
    if not bits:
        return 0.0
    stride = STRIDE
    cuts = _possible_cuts(bits, bits >> stride, bits >> (stride + 1), bits >> 1,
                          bits << (stride - 1), bits << stride, bits << (stride + 1),
                          bits << 1, bits >> (stride - 1))[0]
    return (0.0 if is_connected(bits) else 1.5) + cuts.bit_count() / 6


#: a group of more pieces than this is far from lining up (``line_moves``)
SMALL_GROUP = 6
#: a move's worth in the race, in pieces
RACE_MOVE = 1.0


def line_moves(bits: int) -> int:
    """About how many moves a small group needs to reach its goal row if nothing stood in
    its way: one for each piece off its fullest rank (to line them up), then one for the
    row's slide, which goes any distance (§2.4.3). A row is how a small group races home,
    and why the rules' hints call small groups strong; a group of more than
    ``SMALL_GROUP`` counts as ``SMALL_GROUP`` (its furthest piece tells its race)."""
    n = bits.bit_count()
    if n > SMALL_GROUP:
        return SMALL_GROUP
    row = (1 << STRIDE) - 1
    fullest = max(((bits >> (r * STRIDE)) & row).bit_count() for r in range(RANKS))
    return min(SMALL_GROUP, n - fullest + 1)


def noisy_moves(rules: Rules, pos: Position) -> list[Move]:
    """The captures and goal moves, for the quiescence step (``Policy.noisy_moves``)."""
    return sharp_moves(pos)


def threatened(rules: Rules, pos: Position) -> bool:
    """The opponent could reach its goal row next move (``Policy.threatened``): most games
    the computer lost, it lost so, to a threat its search stood pat on at the horizon."""
    return goal_threat(pos)


#: how the judge (the hard level's search, which gives the hints and the review) reads
#: this game: its offline budget, about what hard searches in its time on two cores, and
#: the chance curve of its values, fitted to results (``python -m bench.judge --fit``: the
#: even-numbered of 40 self-play games at a twentieth of the budget; on the odd ones,
#: which the fit never saw, the side given 50-60, 60-70 and 70-80 % won 53,
#: 57 and 69 %, and 80-90 % (33 positions) won 97 %; ``--report`` prints the table)
JUDGING = Judging(nodes=45_000, scale=2.65)


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    ranks, stride = RANKS, STRIDE
    row = (1 << stride) - 1

    def progress(bits: int, side: int) -> tuple[int, int]:
        """(sum of advancement, best advancement) in ranks from the home row."""
        total = best = 0
        for r in range(ranks):
            n = ((bits >> (r * stride)) & row).bit_count()
            if n:
                adv = r if side == 0 else ranks - 1 - r
                total += adv * n
                best = max(best, adv)
        return total, best

    def balance(pos: Position) -> float:
        """White's advantage in pieces."""
        w, b = pos.white, pos.black
        wt, wb = progress(w, 0)
        bt, bb = progress(b, 1)
        nw, nb = w.bit_count(), b.bit_count()
        score = 1.0 * (nw - nb) + 0.15 * (wt / max(nw, 1) - bt / max(nb, 1)) * 10
        score += fragility(b) - fragility(w)
        score += RACE_MOVE * (line_moves(b) - line_moves(w))
        return score + 0.8 * (wb * wb - bb * bb) / ranks

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        return two_sided(logistic(balance(pos), 3.0))

    def score(rules: Rules, pos: Position) -> float:
        return -balance(pos) if pos.turn else balance(pos)

    def material(rules: Rules, pos: Position) -> float:
        diff = pos.white.bit_count() - pos.black.bit_count()
        return -diff if pos.turn else diff

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        """A capture or a step onto the goal row."""
        if m.last is None and pos.pieces(1 - pos.turn) >> m.to & 1:
            return True
        return m.to // stride == (ranks - 1 if pos.turn == 0 else 0)

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        side = pos.turn
        enemy = pos.pieces(1 - side)
        fwd = FORWARD[side]
        out = []
        for m in moves:
            gain = (m.to // stride - m.frm // stride) * fwd
            capture = 3.0 if m.last is None and enemy >> m.to & 1 else 0.0
            adv = m.to // stride if side == 0 else ranks - 1 - m.to // stride
            out.append(capture + gain + (20.0 if adv == ranks - 1 else 0.0))
        return out

    return Policy(evaluate, priority, playout_depth=3, greedy=0.5, score=score, noisy=noisy,
                  material=material, noisy_moves=noisy_moves, threatened=threatened,
                  search_overrules=("hard",), judging=JUDGING)
