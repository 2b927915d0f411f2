"""``make bench``: speed and memory figures, printed as tables and saved as JSON.

Engines (perft, random playouts, save/load; perft against the engines of the commit issue
25 started from, ``bench.engines_then``), the review of a game with the computer
(a 60-ply Onitama and a 100-ply Ordo game at the judge's budget, on every core), the
judge's calibration and steadiness (``bench.judge``: the calibration tables from its
self-play log, the steadiness figures from reviews run here; ``OGAMES_BENCH_JUDGE=0``
skips them), how deep hard's alpha-beta gets on one core and on every core
(``bench.search_depth``), the UI (first frame, keypress → repaint, memory), the gauntlet
against independent opponents (``bench.gauntlet``, from its log: its games take hours),
online play with many rooms of bots (``bench.online``; ``OGAMES_BENCH_ONLINE=0`` skips it)
and the computer player's strength (set ``OGAMES_BENCH_STRENGTH=0`` to skip it,
``OGAMES_STRENGTH_GAMES=N`` for more games per pairing).

Figures, never assertions: nothing here fails a build. Each timing is the median of
several runs on this machine.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ogames.ai.monte_carlo import considered
from ogames.core.game import Game
from ogames.core.perft import perft
from ogames.core.registry import available_ids, get_rules

from .computer_kind import computer_kind, computer_kinds

RESULTS = Path(__file__).parent / "results.json"

#: (variant, seed, depth, expected nodes) of the perft figure of each game; the depths are
#: the ones the issues set targets for, the counts come from CLARIFICATIONS §3. A game
#: not listed (one just added) is timed at ``DEFAULT_PERFT_DEPTH`` from its first start
PERFT = {
    "ordo": ("10x8", None, 3, 190_114),
    "onitama": ("base", 1, 6, None),
    "oferhlyp": ("v1", None, 4, 400_016),
    "opprimo": ("standard", None, 6, 18_500_000),
    "ochmir": ("2", 1, 2, 278_640),
}
DEFAULT_PERFT_DEPTH = 3
RUNS = 3


def median_time(func: Callable[[], object], runs: int = RUNS) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def bench_perft(game_id: str) -> dict:
    rules = get_rules(game_id)
    default = (rules.variants[0], 1 if rules.uses_seed else None, DEFAULT_PERFT_DEPTH, None)
    variant, seed, depth, _ = PERFT.get(game_id, default)
    pos = rules.start(variant, seed)
    # the first run only: a later one in this process would find the engine's move
    # caches full (bench.engines_then times cold runs in new processes, old and new)
    seconds, nodes = median_time(lambda: perft(rules, pos, depth), 1)
    return {"depth": depth, "nodes": nodes, "seconds": round(seconds, 3),
            "nodes_per_second": round(nodes / seconds) if seconds else None}


def bench_playout(game_id: str, games: int = 5, cap: int = 2000) -> dict:
    """Random playouts' speed, in the first variant whose computer plays them (else the
    first variant), each game played as the computer's playouts play: by the game's
    ``playout`` where it has one (three-handed Ochmir), else each move drawn among the
    moves the search weighs (``monte_carlo.considered``)."""
    rules = get_rules(game_id)
    policy = rules.policy()
    kinds = computer_kinds(game_id)
    variant = next((v for v, kind in kinds.items() if kind == "playouts"), rules.variants[0])

    def one(seed: int) -> int:
        pos = rules.start(variant, seed)
        rng = random.Random(seed)
        if policy.playout is not None:
            done = policy.playout(rules, pos, rng, cap)
            if done is not None:
                return done[1]
        plies = 0
        while plies < cap:
            moves = considered(rules, pos, policy)
            if not moves:
                break
            pos = rules.apply(pos, rng.choice(moves))
            plies += 1
        return plies

    one(games)  # untimed: fills the tables of moves built on first use, as any search has
    rates, lengths = [], []
    for seed in range(games):
        start = time.perf_counter()
        plies = one(seed)
        elapsed = time.perf_counter() - start
        lengths.append(plies)
        rates.append(plies / elapsed if elapsed else 0.0)
    return {"plies_per_second": round(statistics.median(rates)),
            "median_length": statistics.median(lengths), "variant": variant}


#: the issue's floor for random playouts, in plies a second, where the computer plays them
PLAYOUT_TARGET = 40_000


def playout_cell(entry: dict) -> str:
    """The playout rate, marked against the target where the computer plays playouts."""
    rate = entry["playout"]["plies_per_second"]
    if "playouts" not in entry["computer"]:
        return f"{rate:,} (not used)"
    return f"{rate:,} ({'≥' if rate >= PLAYOUT_TARGET else '<'} {PLAYOUT_TARGET:,})"


def long_game(game_id: str, plies: int, seed: int = 7) -> Game:
    """A game of about ``plies`` moves: random moves that do not end the game, preferring
    quiet ones (no Ordo capture, no Ochmir placement) so that the game lasts."""
    rules = get_rules(game_id)
    game = Game.new(rules, rules.variants[0], seed)
    rng = random.Random(seed)
    while game.cursor < plies:
        legal = game.legal_moves()
        if not legal:
            break
        pos = game.position
        going_on = [m for m in legal if rules.outcome(rules.apply(pos, m)) is None]
        pool = going_on or legal
        texts = {m: rules.move_text(pos, m) for m in pool}
        quiet = [m for m in pool if "x" not in texts[m]] or pool  # Ordo: no captures
        movements = [m for m in quiet if "@" not in texts[m]]  # Ochmir: no placement
        pool = movements if movements and rng.random() < 0.95 else quiet
        game.play(rng.choice(pool))
        if game.outcome() is not None:
            break
    return game


def bench_save_load(game_id: str, plies: int = 1000) -> dict:
    from ogames.core.savefile import format_game, parse_game

    game = long_game(game_id, plies)
    save_s, text = median_time(lambda: format_game(game))
    load_s, _ = median_time(lambda: parse_game(text))
    return {"plies": game.cursor, "save_seconds": round(save_s, 4),
            "load_seconds": round(load_s, 4)}


#: the games the review figure reviews: game id → plies (the issue's targets: under 60 s
#: each on two cores, the progress bar moving at least every second)
REVIEWED = {"onitama": 60, "ordo": 100}


def bench_review(console: Console) -> dict:
    """Seconds to review a long game at the judge's budget on every core, and the longest
    wait between two progress reports (searches finishing)."""
    from ogames.ai.processes import cores
    from ogames.ai.review import review_game

    table = Table(title=f"review at the judge's budget on {cores()} cores")
    for col in ("game", "plies", "searches", "seconds", "longest wait"):
        table.add_column(col)
    figures: dict = {"cores": cores()}
    for game_id, plies in REVIEWED.items():
        game = long_game(game_id, plies)
        stamps: list[float] = []
        start = time.perf_counter()
        review = review_game(game, progress=lambda *_, at=stamps: at.append(time.perf_counter()))
        seconds = time.perf_counter() - start
        waits = [b - a for a, b in zip([start, *stamps], stamps, strict=False)]
        figures[game_id] = {"plies": game.cursor, "searches": len(stamps),
                            "seconds": round(seconds, 2),
                            "longest_wait": round(max(waits, default=0.0), 2),
                            "marks": len(review.marked())}
        f = figures[game_id]
        table.add_row(game_id, str(f["plies"]), str(f["searches"]), f"{f['seconds']} s",
                      f"{f['longest_wait']} s")
    console.print(table)
    return figures


def main() -> None:
    console = Console()
    results: dict = {"games": {}}
    table = Table(title="ogames benchmarks (perft: one run, caches cold; playouts: median)")
    for col in ("game", "perft", "nodes/s", "computer", "playout plies/s", "save/load"):
        table.add_column(col)
    for game_id in available_ids():
        console.print(f"measuring {game_id} …", style="dim")
        entry: dict = {"perft": bench_perft(game_id), "playout": bench_playout(game_id),
                       "computer": computer_kind(game_id)}
        if game_id in ("ordo", "ochmir"):
            entry["save_load"] = bench_save_load(game_id)
        results["games"][game_id] = entry
        p = entry["perft"]
        sl = entry.get("save_load")
        table.add_row(
            game_id,
            f"d{p['depth']} {p['nodes']:,} in {p['seconds']} s",
            f"{p['nodes_per_second']:,}",
            entry["computer"],
            playout_cell(entry),
            f"{sl['plies']} plies: {sl['save_seconds']} s / {sl['load_seconds']} s" if sl else "",
        )
    console.print(table)
    from bench.engines_then import bench_engines_then

    results["engines_then"] = bench_engines_then(console)
    results["review"] = bench_review(console)
    if os.environ.get("OGAMES_BENCH_JUDGE", "1") != "0":
        from bench.judge import bench_judge

        results["judge"] = bench_judge(console)
    from bench.search_depth import bench_search_depth

    results["search_depth"] = bench_search_depth(console)
    from bench.ui import bench_ui

    results["ui"] = bench_ui(console)
    from bench.gauntlet import report as gauntlet_report

    results["gauntlet"] = gauntlet_report(console)
    if os.environ.get("OGAMES_BENCH_ONLINE", "1") != "0":
        from bench.online import bench_online

        results["online"] = bench_online(console)
    if os.environ.get("OGAMES_BENCH_STRENGTH", "1") != "0":
        from bench.strength import bench_strength

        results["strength"] = bench_strength(console)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    console.print(f"figures written to {RESULTS}")


if __name__ == "__main__":
    main()
