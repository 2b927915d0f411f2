"""Slow, plain answers to tactical questions, for the tactics suites: every move and every
reply is tried through the Rules interface alone (no search code, no policy), and material
is counted from the position text, so an answer never comes from the code it checks.

The kinds of question (``KINDS``), each with its set of right answers (``answers``):

* ``win``: a win in one; the answers are the winning moves;
* ``win3``: a win in three plies and none in one; the answers are the moves after which
  every reply leaves the mover a win in one (or ends the game, the mover winning);
* ``defend``: the opponent threatens a win in one (no win in one or three for the mover);
  the answers are the moves after which the opponent has no win in one;
* ``material``: nothing of the above, and a move surely wins material; the answers are the
  moves whose sure gain (the least gain over every reply) is the largest.

``python -m tests.tactics GAME [--per-kind N] [--seeds N] [--plies LO HI]`` lists
positions of each kind found in seeded random playouts (how the suites' positions were
found), each with its number of answers and of legal moves.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable

from ogames.core.registry import get_rules
from ogames.core.rules import Move, Position, Rules

#: per game: (board letters worth +1 each for the first side, per letter, and for the
#: second side) counted in the position text's board field; the side to move's letter is
#: the next field, first side's letter first
MATERIAL: dict[str, tuple[dict[str, float], dict[str, float], tuple[str, str]]] = {
    "ordo": ({"W": 1}, {"B": 1}, ("w", "b")),
    "onitama": ({"r": 1}, {"b": 1}, ("r", "b")),  # students; a Master's capture ends it
    "oferhlyp": ({"D": 2, "d": 1}, {"L": 2, "l": 1}, ("d", "l")),
    "opprimo": ({"S": 1, "N": 1.5}, {"s": 1, "n": 1.5}, ("y", "r")),
    # a tile's face up is in capitals (colour, then value: F, T or L), its hidden face in
    # small letters; the score is the tiles showing each colour
    "ochmir": ({"W": 1}, {"B": 1}, ("W", "B")),
}
#: which field of the position text is the board (the side to move's follows it): Ochmir's
#: text starts with its number of players
BOARD_FIELD = {"ochmir": 1}


def material(game_id: str, rules: Rules, pos: Position) -> float:
    """The material balance for the side to move, counted from the position text."""
    first, second, letters = MATERIAL[game_id]
    at = BOARD_FIELD.get(game_id, 0)
    board, side = rules.format_position(pos).split()[at:at + 2]
    balance = sum(first.get(c, 0) for c in board) - sum(second.get(c, 0) for c in board)
    return balance if side == letters[0] else -balance


def wins(rules: Rules, pos: Position, move: Move) -> bool:
    side = rules.to_move(pos)
    ended = rules.outcome(rules.apply(pos, move))
    return ended is not None and ended.shares[side] == 1


def winning_moves(rules: Rules, pos: Position) -> set[Move]:
    return {m for m in rules.moves(pos) if wins(rules, pos, m)}


def has_win(rules: Rules, pos: Position) -> bool:
    """Whether the side to move has a win in one (stops at the first)."""
    return any(wins(rules, pos, m) for m in rules.moves(pos))


def defences(rules: Rules, pos: Position) -> set[Move]:
    """The moves after which the opponent has no win in one (and the game goes on)."""
    safe = set()
    for move in rules.moves(pos):
        after = rules.apply(pos, move)
        if rules.outcome(after) is None and not has_win(rules, after):
            safe.add(move)
    return safe


def forces_win(rules: Rules, pos: Position, move: Move) -> bool:
    """Whether every reply to ``move`` wins the game for the mover or leaves it a win in
    one (the game going on after ``move``, and the mover to move again after a reply
    that does not end it: in Ochmir the opponent's last tile may fill the board)."""
    side = rules.to_move(pos)
    after = rules.apply(pos, move)
    if rules.outcome(after) is not None or rules.to_move(after) == side:
        return False
    replies = list(rules.moves(after))
    if not replies:
        return False
    for reply in replies:
        then = rules.apply(after, reply)
        ended = rules.outcome(then)
        if ended is not None:
            if ended.shares[side] < 1:
                return False
        elif rules.to_move(then) != side or not has_win(rules, then):
            return False
    return True


def wins_in_three(rules: Rules, pos: Position) -> set[Move]:
    """The moves after which every reply allows a win in one (or ends the game won)."""
    return {m for m in rules.moves(pos) if forces_win(rules, pos, m)}


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


KINDS = ("win", "win3", "defend", "material")


def same_in_other_deals(game_id: str, rules: Rules, pos: Position, kind: str,
                        right: set[Move], deals: int = 2) -> bool:
    """Whether the question has the same answers in other worlds the mover cannot tell
    from this one (a game with hidden information: the opponents' hands, the bag, the
    faces underneath): so it asks what the mover can see, and an answer found in any one
    dealt world is the answer. The worlds are dealt by the game's ``determinize``, from
    ``Rules.view``; the answers in each still come from the Rules alone."""
    if not rules.hidden_information:
        return True
    policy = rules.policy()
    assert policy.determinize is not None
    side = rules.to_move(pos)
    view = rules.view(pos, side)
    return all(answers(game_id, rules, policy.determinize(rules, view, side,
                                                          random.Random(deal)), kind) == right
               for deal in range(1, deals + 1))


def answers(game_id: str, rules: Rules, pos: Position, kind: str) -> set[Move]:
    """The right answers to the question ``kind`` asks in ``pos`` (see the module text)."""
    if kind == "win":
        return winning_moves(rules, pos)
    if kind == "win3":
        return wins_in_three(rules, pos)
    if kind == "defend":
        return defences(rules, pos)
    if kind == "material":
        return best_captures(game_id, rules, pos)[0]
    raise ValueError(f"unknown kind {kind!r}")


def kind_of(game_id: str, rules: Rules, pos: Position) -> str | None:
    """Which question a position asks, if any, the first that applies of: "win" (a win in
    one), "win3" (a win in three plies), "defend" (the opponent threatens a win in one),
    "material" (some moves surely win material); None as well when every legal move, or
    more than half of them, would be right (the position would test nothing)."""
    moves = list(rules.moves(pos))
    if len(moves) < 2:
        return None
    won = winning_moves(rules, pos)
    if won:
        return "win" if len(won) < len(moves) else None
    forcing = wins_in_three(rules, pos)
    if forcing:
        return "win3" if len(forcing) <= len(moves) // 2 else None
    safe = defences(rules, pos)
    if len(safe) < len(moves):
        return "defend" if 0 < len(safe) <= len(moves) // 2 else None
    best, gain = best_captures(game_id, rules, pos)
    return "material" if 0 < gain < math.inf and len(best) <= len(moves) // 2 else None


def playout(rules: Rules, seed: int, plies: tuple[int, int]) -> Position | None:
    """The position after a seeded random game of ``plies[0]`` to ``plies[1]`` plies from
    the seeded start (None when it ended before)."""
    rng = random.Random(seed)
    pos = rules.start(rules.variants[0], seed)
    for _ in range(rng.randrange(*plies)):
        moves = list(rules.moves(pos))
        if not moves or rules.outcome(pos) is not None:
            return None
        pos = rules.apply(pos, rng.choice(moves))
    return pos if rules.outcome(pos) is None and list(rules.moves(pos)) else None


def find(game_id: str, per_kind: int = 6, seeds: int = 400,
         plies: tuple[int, int] = (6, 80)) -> dict[str, list[tuple[int, str, int, int]]]:
    """Up to ``per_kind`` positions of each kind, from the playouts of seeds 0, 1, …:
    (seed, position text, number of answers, number of legal moves)."""
    rules = get_rules(game_id)
    found: dict[str, list[tuple[int, str, int, int]]] = {k: [] for k in KINDS}
    for seed in range(seeds):
        pos = playout(rules, seed, plies)
        if pos is None:
            continue
        kind = kind_of(game_id, rules, pos)
        if kind and len(found[kind]) < per_kind:
            right = answers(game_id, rules, pos, kind)
            found[kind].append((seed, rules.format_position(pos), len(right),
                                len(list(rules.moves(pos)))))
        if all(len(v) >= per_kind for v in found.values()):
            break
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.tactics")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--per-kind", type=int, default=6)
    parser.add_argument("--seeds", type=int, default=400)
    parser.add_argument("--plies", type=int, nargs=2, default=(6, 80), metavar=("LO", "HI"))
    args = parser.parse_args(argv)
    for gid in args.games:
        for kind, rows in find(gid, args.per_kind, args.seeds, tuple(args.plies)).items():
            for seed, text, right, legal in rows:
                print(f'    ("{gid}", "{kind}", {seed}, "{text}"),  # {right} of {legal}')


if __name__ == "__main__":
    main()
