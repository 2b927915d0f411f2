"""Optional per-game knowledge for the computer player, behind one generic hook.

The search in :mod:`ogames.ai.mcts` knows nothing about any game: it asks the ``Policy``
of a game for an evaluation of cut-off playouts, a priority for trying moves, and (for
hidden-information games) a way to sample a full position consistent with a player's view.
Every field is optional; a game without a policy is still played, only less well.

The functions here read engine internals (bit sets, board strings) because they run
thousands of times per move; the tests in ``tests/test_ai.py`` catch any drift. Engine
modules are imported lazily, so a game whose engine is not written yet costs nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ogames.core.rules import Move, Position, Rules

#: shares per side in [0, 1] (they need not sum to 1): how good ``pos`` looks to each side
Evaluate = Callable[[Rules, Position], Sequence[float]]
#: one number per move, higher = try earlier (tree expansion and greedy playouts)
Priority = Callable[[Rules, Position, Sequence[Move]], Sequence[float]]
#: a full playable position consistent with ``view`` as ``side`` knows it
Determinize = Callable[[Rules, Position, int, random.Random], Position]


@dataclass(frozen=True)
class Policy:
    """What a game may tell the search. ``greedy`` is the chance that a playout move is
    the highest-priority one rather than a uniformly random one (needs ``priority``)."""

    evaluate: Evaluate | None = None
    priority: Priority | None = None
    determinize: Determinize | None = None
    playout_depth: int | None = None
    greedy: float = 0.0


DEFAULT = Policy()


def logistic(diff: float, scale: float) -> float:
    """Map an advantage to a win expectation in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-diff / scale))


def two_sided(first: float) -> tuple[float, float]:
    return first, 1.0 - first


# ----- Opprimo ------------------------------------------------------------------------------


def _opprimo() -> Policy:
    from ogames.games import opprimo as g

    masks = g.TRIANGLE_MASK
    jump = g.JUMP

    def pressure(pos: Any, side: int) -> int:
        """Own men on the corners of the enemy King's triangle (3 = trapped)."""
        return (pos.men(side) & masks[pos.king(1 - side)]).bit_count()

    def evaluate(rules: Rules, pos: Any) -> tuple[float, float]:
        y, r, k = pos.yellow, pos.red, pos.knights
        material = (y.bit_count() - r.bit_count()) + 0.5 * ((y & k).bit_count()
                                                            - (r & k).bit_count())
        threat = pressure(pos, 0) ** 2 - pressure(pos, 1) ** 2
        return two_sided(logistic(material + 0.6 * threat, 2.5))

    def priority(rules: Rules, pos: Any, moves: Sequence[Any]) -> list[float]:
        target = masks[pos.king(1 - pos.side)]
        return [(2.0 if m.kind == jump else 0.0) + (1.0 if m.tbit & target else 0.0)
                for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5)


# ----- Oferhlýp -----------------------------------------------------------------------------


def _oferhlyp() -> Policy:
    def evaluate(rules: Rules, pos: Any) -> tuple[float, float]:
        b = pos.board
        dark = 2 * b.count("D") + b.count("d")
        light = 2 * b.count("L") + b.count("l")
        return two_sided(logistic(dark - light, 3.0))

    def priority(rules: Rules, pos: Any, moves: Sequence[Any]) -> list[float]:
        return [float(len(m.attacked)) for m in moves]

    return Policy(evaluate, priority, playout_depth=16, greedy=0.5)


# ----- Onitama ------------------------------------------------------------------------------


def _onitama() -> Policy:
    from ogames.games import onitama as g

    arch, master, own = g.ARCH, g.MASTER, g.OWN
    size = g.SIZE

    def distance(board: str, side: int) -> int:
        """King steps from ``side``'s Master to the enemy arch (Way of the Stream)."""
        sq = board.find(master[side])
        target = arch[1 - side]
        return max(abs(sq % size - target % size), abs(sq // size - target // size))

    def evaluate(rules: Rules, pos: Any) -> tuple[float, float]:
        b = pos.board
        students = (b.count(g.STUDENT[0]) - b.count(g.STUDENT[1]))
        race = distance(b, 1) - distance(b, 0)
        return two_sided(logistic(students + 0.3 * race, 1.5))

    def priority(rules: Rules, pos: Any, moves: Sequence[Any]) -> list[float]:
        b, enemy = pos.board, own[1 - pos.turn]
        out = []
        for m in moves:
            target = b[m.target] if m.target is not None else "."
            out.append(10.0 if target == enemy[1] else 1.0 if target in enemy else 0.0)
        return out

    return Policy(evaluate, priority, playout_depth=24, greedy=0.5)


# ----- Ordo ---------------------------------------------------------------------------------


def _ordo() -> Policy:
    from ogames.games import ordo as g

    ranks, stride = g.RANKS, g.STRIDE
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

    def evaluate(rules: Rules, pos: Any) -> tuple[float, float]:
        w, b = pos.white, pos.black
        wt, wb = progress(w, 0)
        bt, bb = progress(b, 1)
        nw, nb = w.bit_count(), b.bit_count()
        score = 1.0 * (nw - nb) + 0.15 * (wt / max(nw, 1) - bt / max(nb, 1)) * 10
        score += 0.8 * (wb * wb - bb * bb) / ranks
        return two_sided(logistic(score, 3.0))

    def priority(rules: Rules, pos: Any, moves: Sequence[Any]) -> list[float]:
        side = pos.turn
        enemy = pos.pieces(1 - side)
        fwd = g.FORWARD[side]
        out = []
        for m in moves:
            gain = (m.to // stride - m.frm // stride) * fwd
            capture = 3.0 if m.last is None and enemy >> m.to & 1 else 0.0
            adv = m.to // stride if side == 0 else ranks - 1 - m.to // stride
            out.append(capture + gain + (20.0 if adv == ranks - 1 else 0.0))
        return out

    return Policy(evaluate, priority, playout_depth=3, greedy=0.5)


# ----- Ochmir -------------------------------------------------------------------------------


def _ochmir() -> Policy:
    from ogames.games.ochmir import play
    from ogames.games.ochmir.notation import OchmirPosition
    from ogames.games.ochmir.tiles import (
        CANON,
        EXPOSED,
        FLIP,
        HIDDEN,
        MASKED,
        VALUE,
        code,
        tile_set,
    )

    def priority(rules: Rules, pos: Any, moves: Sequence[Any]) -> list[float]:
        p = pos.to_move
        hot = play.hot_cells(pos.board, p, 4 if pos.players == 2 else 3)
        if not hot:
            return [0.0] * len(moves)
        return [1.0 if m.dst in hot and (not m.tile or EXPOSED[m.tile] == p) else 0.0
                for m in moves]

    def evaluate(rules: Rules, pos: Any) -> tuple[float, ...]:
        points = play.scores(pos.board, pos.players)
        mean = sum(points) / len(points)
        return tuple(logistic(s - mean, 6.0) for s in points)

    def determinize(rules: Rules, view: Any, side: int, rng: random.Random) -> Any:
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
        rand = rng.random  # a shuffle by random keys: much faster than rng.shuffle
        rest = [t for _, t in sorted((rand(), t) for t, n in pool.items() for _ in range(n))]
        hands = []
        for seat, hand in enumerate(view.hands):
            if seat != side and HIDDEN in hand:
                hand = tuple(sorted(CANON[_take(rest, rng, view.variant)]
                                    for _ in range(len(hand))))
            hands.append(hand)
        bag = tuple(_take(rest, rng, view.variant) for _ in range(view.bag_size))
        return OchmirPosition(view.variant, bytes(board), view.to_move, tuple(hands), bag,
                              None, 0, view.streak, view.ply)

    def _shows(t: int, colour: int, value: int) -> bool:
        return ((EXPOSED[t] == colour and VALUE[t] == value)
                or (EXPOSED[FLIP[t]] == colour and VALUE[FLIP[t]] == value))

    def _take(rest: list[int], rng: random.Random, variant: str) -> int:
        if rest:
            return rest.pop()
        return rng.choice(tile_set(variant))  # more hidden tiles than the set has left

    return Policy(evaluate, priority, determinize, playout_depth=12, greedy=0.3)


_FACTORIES: dict[str, Callable[[], Policy]] = {
    "opprimo": _opprimo,
    "oferhlyp": _oferhlyp,
    "onitama": _onitama,
    "ordo": _ordo,
    "ochmir": _ochmir,
}


@cache
def policy_for(game_id: str) -> Policy:
    """The policy of a game id (the default, knowledge-free one if there is none)."""
    factory = _FACTORIES.get(game_id)
    return factory() if factory else DEFAULT
