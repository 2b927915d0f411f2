"""Strength of the computer player (issue 11): figures for ``make bench``, never assertions.

For every game: N seeded games of *hard* against a uniformly random player and N against
*easy*, seats alternating, plus the median and maximum seconds a hard move took. The issue's
targets (hard beats random in at least 95 % of games, easy in at least 70 %, a hard move in
at most 2 s on a 2-core machine) are printed beside the figures.

The issue asks for N = 100; that takes hours (an Ochmir game alone has ~115 hard moves), so
the default is small. Set ``OGAMES_STRENGTH_GAMES`` (or pass ``games``) for more. Games run
in two worker processes, one per core.
"""

from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from ogames.core.registry import available_ids, get_rules
from ogames.selfplay import GameRecord, mcts_player, play_game, random_player

DEFAULT_GAMES = 1
OPPONENTS = ("random", "easy")
TARGETS = {"random": 0.95, "easy": 0.70}
TARGET_SECONDS = 2.0


@dataclass(frozen=True)
class Job:
    game_id: str
    opponent: str
    index: int  # game number; hard changes seat from game to game and pairing to pairing

    @property
    def hard_seat(self) -> int:
        return (self.index + OPPONENTS.index(self.opponent)) % 2


def run_job(job: Job) -> tuple[Job, GameRecord]:
    """One game (in a worker process)."""
    seed = 1000 * (OPPONENTS.index(job.opponent) + 1) + job.index
    hard = mcts_player("hard", seed)
    other = random_player(seed) if job.opponent == "random" else mcts_player("easy", seed + 7)
    players = [hard, other] if job.hard_seat == 0 else [other, hard]
    return job, play_game(job.game_id, players, seed)


def games_wanted(games: int | None) -> int:
    if games is not None:
        return games
    return int(os.environ.get("OGAMES_STRENGTH_GAMES", DEFAULT_GAMES))


def bench_strength(console: Console, games: int | None = None,
                   game_ids: tuple[str, ...] | None = None, workers: int = 2) -> dict:
    """Play the matches, print a table and return the figures (for ``results.json``)."""
    n = games_wanted(games)
    ids = game_ids or available_ids()
    jobs = [Job(gid, opp, i) for gid in ids for opp in OPPONENTS for i in range(n)]
    console.print(f"strength: {n} game(s) per pairing (hard vs random, hard vs easy), "
                  f"seats alternating, {len(jobs)} games in all …", style="dim")
    started = time.perf_counter()
    records: list[tuple[Job, GameRecord]] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for job, record in pool.map(run_job, jobs):
            records.append((job, record))
    results: dict = {"games_per_pairing": n, "seconds": round(time.perf_counter() - started),
                     "games": {}}
    table = Table(title=f"computer strength ({n} games per pairing; targets: beats random "
                        f"≥ 95 %, easy ≥ 70 %, hard move ≤ {TARGET_SECONDS:g} s)")
    for col in ("game", "hard vs random", "hard vs easy", "hard s/move median", "max",
                "avg plies"):
        table.add_column(col)
    for gid in ids:
        mine = [(j, r) for j, r in records if j.game_id == gid]
        entry: dict = {}
        for opp in OPPONENTS:
            pairs = [(j, r) for j, r in mine if j.opponent == opp]
            score = sum(r.shares[j.hard_seat] for j, r in pairs) / len(pairs)
            entry[f"vs_{opp}"] = round(score, 3)
            entry[f"vs_{opp}_unfinished"] = sum(r.reason == "unfinished" for _, r in pairs)
        times = [t for j, r in mine for t in r.seconds[j.hard_seat]]
        entry["hard_seconds_median"] = round(statistics.median(times), 3) if times else None
        entry["hard_seconds_max"] = round(max(times), 3) if times else None
        entry["average_plies"] = round(statistics.fmean(r.plies for _, r in mine), 1)
        results["games"][gid] = entry
        table.add_row(
            get_rules(gid).name,
            _rate(entry["vs_random"], TARGETS["random"]),
            _rate(entry["vs_easy"], TARGETS["easy"]),
            f"{entry['hard_seconds_median']:.2f}",
            f"{entry['hard_seconds_max']:.2f}",
            f"{entry['average_plies']:.0f}",
        )
    console.print(table)
    return results


def _rate(score: float, target: float) -> str:
    mark = "" if score >= target else " (below target)"
    return f"{score:.0%}{mark}"


if __name__ == "__main__":
    bench_strength(Console())
