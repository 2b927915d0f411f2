"""Texel tuning: fit a game's evaluation weights so that a logistic of its score predicts
the results of games (issue 63 item 4). Figures and constants, never assertions.

**Games.** Seeded self-play of the computer's search at a small node budget (one core,
no clock, so a game can be played again move for move), a few random plies first so that
no two games are alike, logged to ``bench/texel-<game>.jsonl`` (moves and result).

**Fit.** Every position of a logged game where the side to move has no capture or
winning move at hand (a quiet position: its static score means what it says) gives the
game's ``features(pos)`` (in the game's ``computer.py``: one number per term of its
score, from the side to move's view) and the side to move's share of the result. The
weights are fitted by regularised logistic regression (Newton's method), then scaled so
that the first feature (the material term) weighs one: the score stays in its game's
units. The fit prints the constants to paste into the game's ``computer.py`` and their
log-likelihood on the games with odd numbers, which it did not see.

    python -m bench.texel --game onitama --play 600 --nodes 8000
    python -m bench.texel --game onitama --fit
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import replace
from pathlib import Path

from ogames.ai import alphabeta
from ogames.core.game import Game
from ogames.core.registry import get_rules

from .strength import ROOT

#: random plies at the start of a game
OPENING = 4
#: the ridge penalty of the fit, per weight (keeps rarely seen squares near nothing)
RIDGE = 10.0
MAX_PLIES = 200


def log_path(game_id: str) -> Path:
    return ROOT / "bench" / f"texel-{game_id}.jsonl"


def play_one(game_id: str, index: int, nodes: int) -> dict:
    """One self-play game at ``nodes`` nodes a move (in a worker process)."""
    rules = get_rules(game_id)
    game = Game.new(rules, rules.variants[0], 9000 + index)
    rng = random.Random(index)
    level = replace(alphabeta.LEVELS["hard"], time_limit=None, nodes=nodes)
    while game.outcome() is None and game.cursor < MAX_PLIES:
        if game.cursor < OPENING:
            move = rng.choice(game.legal_moves())
        else:
            move = alphabeta.choose_move(game, rules.to_move(game.position), level,
                                         index * 1_000_003 + game.cursor)
        game.play(move)
    outcome = game.outcome()
    return {"game_id": game_id, "index": index, "nodes": nodes,
            "moves": [p.text for p in game.plies],
            "shares": [float(s) for s in outcome.shares] if outcome else None}


def play(game_id: str, games: int, nodes: int, workers: int = 2, start: int = 0) -> None:
    path = log_path(game_id)
    done = set()
    if path.exists():
        done = {json.loads(line)["index"] for line in path.read_text().splitlines() if line}
    todo = [i for i in range(start, start + games) if i not in done]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = iter(todo)
        running = {pool.submit(play_one, game_id, i, nodes)
                   for _, i in zip(range(workers), pending, strict=False)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                data = future.result()
                with path.open("a") as out:
                    out.write(json.dumps(data) + "\n")
                print(f"  #{data['index']}: {len(data['moves'])} plies "
                      f"[{time.perf_counter() - started:.0f} s]", flush=True)
                running |= {pool.submit(play_one, game_id, i, nodes)
                            for _, i in zip(range(1), pending, strict=False)}


def samples(game_id: str, odd: bool | None = None
            ) -> list[tuple[list[float], float]]:
    """(features, the side to move's share) of every quiet position of the logged games
    (``odd``: only the games with odd numbers, or even, or all)."""
    rules = get_rules(game_id)
    policy = rules.policy()
    computer = importlib.import_module(f"ogames.games.{game_id}.computer")
    features: Callable = computer.features
    out = []
    for line in log_path(game_id).read_text().splitlines():
        data = json.loads(line)
        if not data["shares"] or (odd is not None and data["index"] % 2 != odd):
            continue
        game = Game.new(rules, rules.variants[0], 9000 + data["index"])
        for ply, text in enumerate(data["moves"]):
            pos = game.position
            if ply >= OPENING and not any(policy.noisy(rules, pos, m)
                                          for m in rules.moves(pos)):
                out.append((features(rules, pos), float(data["shares"][rules.to_move(pos)])))
            game.play_text(text)
    return out


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def fit(points: Sequence[tuple[list[float], float]], ridge: float = RIDGE,
        rounds: int = 30) -> list[float]:
    """Weights ``w`` (an intercept first) that maximise the likelihood of the results
    under ``sigmoid(w0 + w · features)``, less ``ridge`` times the squared weights."""
    n = len(points[0][0]) + 1
    w = [0.0] * n
    for _ in range(rounds):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for feats, y in points:
            x = [1.0, *feats]
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            r = y - p
            h = p * (1 - p)
            for i in range(n):
                grad[i] += r * x[i]
                if x[i]:
                    hi = hess[i]
                    for j in range(n):
                        hi[j] += h * x[i] * x[j]
        for i in range(1, n):
            grad[i] -= ridge * w[i]
            hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def log_likelihood(points: Sequence[tuple[list[float], float]], w: Sequence[float]) -> float:
    total = 0.0
    for feats, y in points:
        p = _sigmoid(w[0] + sum(a * b for a, b in zip(w[1:], feats, strict=True)))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--play", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="the first game's number")
    parser.add_argument("--nodes", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args()
    if args.play:
        play(args.game, args.play, args.nodes, args.workers, args.start)
    if args.fit:
        train, test = samples(args.game, odd=False), samples(args.game, odd=True)
        w = fit(train)
        unit = w[1]
        print(f"{len(train)} positions fitted, {len(test)} held out; "
              f"log-likelihood held out {log_likelihood(test, w):.4f} "
              f"(even chances: {math.log(0.5):.4f})")
        print("logistic scale of one unit:", round(1 / unit, 4) if unit else None)
        print("weights (first = 1):", [round(x / unit, 4) for x in w[1:]])
        print("edge (the side to move's):", round(w[0] / unit, 4))


if __name__ == "__main__":
    main()
