"""Engine speed now against the engines of an earlier commit, in one run (issue 25: "nodes/s
per game at the start and in a mid-game position, against the commit you start from").

The earlier tree is taken out of git (``git archive``) into a temporary folder and each
perft runs in a process of its own that imports that tree's ``ogames``, so both are timed
on the same machine at the same moment, on the same positions (given to both as position
text). Figures only; nothing here fails a build. Run alone with ``python -m bench.engines_then``.
"""

from __future__ import annotations

import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
#: the commit the engine work of issue 25 started from (set OGAMES_BENCH_BASE to another)
BASE = os.environ.get("OGAMES_BENCH_BASE", "67c09d2")
#: perft depth per game at the start and in the mid-game position: a second or so each
#: (Ochmir's mid-game perft(2) took 10 ms, which mostly timed building its tables)
DEPTHS = {"ordo": (3, 3), "onitama": (5, 5), "oferhlyp": (4, 4), "opprimo": (5, 5),
          "ochmir": (2, 3)}
#: plies of seeded random play to the mid-game position
MIDGAME_PLIES = 16

PERFT = """
import json, sys, time
from ogames.core.perft import perft
from ogames.core.registry import get_rules
game_id, text, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
rules = get_rules(game_id)
pos = rules.parse_position(text)
start = time.perf_counter()
nodes = perft(rules, pos, depth)
print(json.dumps({"nodes": nodes, "seconds": time.perf_counter() - start}))
"""
#: timed runs per tree, each in a process of its own: an engine's caches start empty in
#: every run, as in a search (a second perft in the same process would find them full)
RUNS = 3


def positions(game_id: str) -> tuple[str, str]:
    """The start (the first variant, seed 1) and a position after ``MIDGAME_PLIES`` random
    moves that do not end the game, as position text."""
    from ogames.core.registry import get_rules

    rules = get_rules(game_id)
    pos = start = rules.start(rules.variants[0], 1)
    rng = random.Random(25)
    for _ in range(MIDGAME_PLIES):
        going_on = [m for m in rules.moves(pos) if rules.outcome(rules.apply(pos, m)) is None]
        if not going_on:
            break
        pos = rules.apply(pos, rng.choice(going_on))
    return rules.format_position(start), rules.format_position(pos)


def export(commit: str, into: Path) -> Path:
    """The ``ogames`` package of ``commit`` written under ``into``."""
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "ogames"], cwd=ROOT,
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def timed_perft(tree: Path, game_id: str, text: str, depth: int) -> dict:
    """Nodes and the median seconds of ``RUNS`` perfts, each in a new process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    runs = [json.loads(subprocess.run(
        [sys.executable, "-c", PERFT, game_id, text, str(depth)], capture_output=True,
        text=True, check=True, env=env, cwd=tree).stdout) for _ in range(RUNS)]
    return {"nodes": runs[0]["nodes"],
            "seconds": statistics.median(r["seconds"] for r in runs)}


def bench_engines_then(console: Console | None = None) -> dict:
    from ogames.core.registry import available_ids

    console = console or Console()
    console.print(f"measuring the engines against commit {BASE} …", style="dim")
    table = Table(title=f"perft nodes/s now and at commit {BASE} (median of {RUNS} runs, each "
                        "in a new process: caches cold; same positions)")
    for col in ("game", "position", "depth", "nodes", f"{BASE} nodes/s", "now nodes/s",
                "speed-up"):
        table.add_column(col)
    figures: dict = {"base": BASE}
    with tempfile.TemporaryDirectory() as tmp:
        then = export(BASE, Path(tmp))
        for game_id in available_ids():
            figures[game_id] = {}
            texts = positions(game_id)
            for name, text, depth in zip(("start", "mid-game"), texts, DEPTHS[game_id],
                                         strict=True):
                old = timed_perft(then, game_id, text, depth)
                new = timed_perft(ROOT, game_id, text, depth)
                old_rate = old["nodes"] / old["seconds"]
                new_rate = new["nodes"] / new["seconds"]
                figures[game_id][name] = {
                    "position": text, "depth": depth, "nodes": new["nodes"],
                    "same_nodes": old["nodes"] == new["nodes"],
                    "then_nodes_per_second": round(old_rate),
                    "now_nodes_per_second": round(new_rate),
                    "speed_up": round(new_rate / old_rate, 2)}
                f = figures[game_id][name]
                nodes = f"{f['nodes']:,}" + ("" if f["same_nodes"] else
                                             f" (then {old['nodes']:,}!)")
                table.add_row(game_id, name, str(depth), nodes,
                              f"{f['then_nodes_per_second']:,}",
                              f"{f['now_nodes_per_second']:,}", f"{f['speed_up']}×")
    console.print(table)
    return figures


if __name__ == "__main__":
    bench_engines_then()
