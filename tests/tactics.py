"""Slow, plain answers to tactical questions, for the tactics suites: every move and every
reply is tried through the Rules interface alone (no search code, no policy), and material
is counted from the position text, so an answer never comes from the code it checks.

``python -m tests.tactics GAME`` lists positions of each kind found in seeded random
playouts (how the suites' positions were found).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable

from ogames.core.registry import get_rules
from ogames.core.rules import Move, Position, Rules

#: per game: (board letters worth +1 each for the first side, per letter, and for the
#: second side) counted in the position text's first field; the side to move's letter is
#: the second field, first side's letter first
MATERIAL: dict[str, tuple[dict[str, float], dict[str, float], tuple[str, str]]] = {
    "ordo": ({"W": 1}, {"B": 1}, ("w", "b")),
    "onitama": ({"r": 1}, {"b": 1}, ("r", "b")),  # students; a Master's capture ends it
    "oferhlyp": ({"D": 2, "d": 1}, {"L": 2, "l": 1}, ("d", "l")),
    "opprimo": ({"S": 1, "N": 1.5}, {"s": 1, "n": 1.5}, ("y", "r")),
}


def material(game_id: str, rules: Rules, pos: Position) -> float:
    """The material balance for the side to move, counted from the position text."""
    first, second, letters = MATERIAL[game_id]
    board, side = rules.format_position(pos).split()[:2]
    balance = sum(first.get(c, 0) for c in board) - sum(second.get(c, 0) for c in board)
    return balance if side == letters[0] else -balance


def wins(rules: Rules, pos: Position, move: Move) -> bool:
    side = rules.to_move(pos)
    ended = rules.outcome(rules.apply(pos, move))
    return ended is not None and ended.shares[side] == 1


def winning_moves(rules: Rules, pos: Position) -> set[Move]:
    return {m for m in rules.moves(pos) if wins(rules, pos, m)}


def defences(rules: Rules, pos: Position) -> set[Move]:
    """The moves after which the opponent has no win in one (and the game goes on)."""
    safe = set()
    for move in rules.moves(pos):
        after = rules.apply(pos, move)
        if rules.outcome(after) is None and not winning_moves(rules, after):
            safe.add(move)
    return safe


def sure_gain(count: Callable[[Position], float], rules: Rules, pos: Position,
              move: Move) -> float:
    """The mover's least material gain over every reply (-inf: a reply wins)."""
    side = rules.to_move(pos)
    before = count(pos)
    after = rules.apply(pos, move)
    if rules.outcome(after) is not None:
        return math.inf if wins(rules, pos, move) else -math.inf
    worst = math.inf
    for reply in rules.moves(after):
        then = rules.apply(after, reply)
        ended = rules.outcome(then)
        if ended is not None and ended.shares[side] < 1:
            return -math.inf
        if ended is None:
            mine = count(then)
            worst = min(worst, (mine if rules.to_move(then) == side else -mine) - before)
    return worst


def best_captures(game_id: str, rules: Rules, pos: Position) -> tuple[set[Move], float]:
    """The moves with the largest sure material gain, and that gain."""
    def count(p: Position) -> float:
        return material(game_id, rules, p)

    gains = {m: sure_gain(count, rules, pos, m) for m in rules.moves(pos)}
    best = max(gains.values())
    return {m for m, g in gains.items() if g == best}, best


def kind_of(game_id: str, rules: Rules, pos: Position) -> str | None:
    """Which question a position asks, if any: "win" (a win in one), "defend" (no win,
    the opponent threatens one and some moves, not most, stop it), "material" (no win, no
    threat, and some moves surely win material)."""
    moves = list(rules.moves(pos))
    if len(moves) < 2:
        return None
    won = winning_moves(rules, pos)
    if won:
        return "win" if len(won) < len(moves) else None
    safe = defences(rules, pos)
    if len(safe) < len(moves):
        return "defend" if 0 < len(safe) <= len(moves) // 2 else None
    best, gain = best_captures(game_id, rules, pos)
    return "material" if gain > 0 and len(best) < len(moves) // 2 else None


def find(game_id: str, per_kind: int = 6, seeds: int = 400) -> dict[str, list[str]]:
    rules = get_rules(game_id)
    found: dict[str, list[str]] = {"win": [], "defend": [], "material": []}
    for seed in range(seeds):
        rng = random.Random(seed)
        pos = rules.start(rules.variants[0], seed)
        for _ in range(rng.randrange(6, 80)):
            moves = list(rules.moves(pos))
            if not moves or rules.outcome(pos) is not None:
                break
            pos = rules.apply(pos, rng.choice(moves))
        if rules.outcome(pos) is not None:
            continue
        kind = kind_of(game_id, rules, pos)
        if kind and len(found[kind]) < per_kind:
            found[kind].append(rules.format_position(pos))
        if all(len(v) >= per_kind for v in found.values()):
            break
    return found


if __name__ == "__main__":
    for gid in sys.argv[1:]:
        for kind, texts in find(gid).items():
            for text in texts:
                print(f'    ("{gid}", "{kind}", "{text}"),')
