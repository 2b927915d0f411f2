"""UI figures for ``make bench``: launch → first frame, and keypress → repaint on the
largest board (Ochmir, 216 cells) with a long history. Figures only, never assertions.

Run alone with ``python -m bench.ui``.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import subprocess
import sys
import time

from rich.console import Console
from rich.table import Table

from .private import private_data_dir

FIRST_FRAME = """
import sys, time
from ogames.ui.app import OgamesApp
app = OgamesApp(*sys.argv[1:2])
shown = app._display
def display(screen, renderable):
    if renderable is not None:
        print(time.time(), flush=True)
        app.exit()
    return shown(screen, renderable)
app._display = display
app.run(headless=True, size=(120, 40))
"""


def first_frame(game_id: str | None = None, runs: int = 5) -> float:
    """Median seconds from starting the process to the first frame drawn."""
    times = []
    for _ in range(runs):
        start = time.time()
        out = subprocess.run([sys.executable, "-c", FIRST_FRAME, *([game_id] if game_id else [])],
                             capture_output=True, text=True, check=True).stdout
        times.append(float(out.split()[0]) - start)
    return statistics.median(times)


def long_game(game_id: str = "ochmir", plies: int = 100):
    """A game with up to ``plies`` seeded random moves played (the history the UI
    carries); a random game that ends sooner is replaced by the next seed's."""
    from ogames.core.game import Game
    from ogames.core.registry import get_rules

    rules = get_rules(game_id)
    best = None
    for seed in range(1, 20):
        game = Game.new(rules, rules.variants[0], seed)
        rng = random.Random(seed)
        while game.cursor < plies and game.outcome() is None:
            game.play(rng.choice(game.legal_moves()))
        if best is None or game.cursor > best.cursor:
            best = game
        if game.cursor >= plies:
            break
    if best.outcome() is not None:
        best.undo()  # a live position, so selections can be made
    return best


async def _latencies(game, keys: list[str]) -> list[float]:
    from textual import events

    from ogames.ui.app import OgamesApp
    from ogames.ui.screens.game import GameScreen

    app = OgamesApp()
    stamps: list[float] = []
    shown = app._display

    def display(screen, renderable):
        if renderable is not None:
            stamps.append(time.perf_counter())
        return shown(screen, renderable)

    app._display = display
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game(game)
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")  # the hand-off screen
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for key in keys:
            await asyncio.sleep(0.03)
            stamps.clear()
            start = time.perf_counter()
            app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
            while not stamps and time.perf_counter() - start < 2:
                await asyncio.sleep(0.0005)
            if stamps:
                out.append(stamps[0] - start)
    return out


def keypress(game_id: str = "ochmir") -> dict:
    """p50/p95 milliseconds from a key event to the repaint it causes."""
    game = long_game(game_id)
    moves = ["left", "right", "up", "down", "l", "k", "j", "left"] * 8  # h asks for a hint
    select = ["enter", "escape"] * 10
    cursor = asyncio.run(_latencies(game, moves))
    picks = asyncio.run(_latencies(game, select))

    def q(values: list[float], p: float) -> float:
        values = sorted(values)
        return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 1)

    return {"plies": game.cursor, "cursor_p50_ms": q(cursor, 0.5),
            "cursor_p95_ms": q(cursor, 0.95), "select_p50_ms": q(picks, 0.5),
            "select_p95_ms": q(picks, 0.95)}


async def _all_games_open() -> int:
    """Peak bytes allocated (tracemalloc) with a game screen of every game open."""
    import tracemalloc

    from ogames.core.registry import available_ids
    from ogames.ui.app import OgamesApp

    tracemalloc.start()
    app = OgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        for game_id in available_ids():
            app.start_game(long_game(game_id, 30))
            await pilot.pause()
            await pilot.press("enter")  # a hand-off screen, where there is one
            await pilot.pause()
        peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def peak_memory() -> dict:
    import resource

    traced = asyncio.run(_all_games_open())
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"tracemalloc_peak_mb": round(traced / 2**20, 1),
            "max_rss_mb": round(rss_kb / 1024, 1)}


def bench_ui(console: Console | None = None) -> dict:
    with private_data_dir():  # the app's autosaves and kept games are nobody's
        return _bench_ui(console)


def _bench_ui(console: Console | None = None) -> dict:
    from ogames.core.registry import available_ids

    console = console or Console()
    console.print("measuring the UI …", style="dim")
    result = {"first_frame_picker_s": round(first_frame(), 3)}
    for game_id in available_ids():
        result[f"first_frame_{game_id}_s"] = round(first_frame(game_id), 3)
        result[f"keypress_{game_id}"] = keypress(game_id)
    result["all_games_open"] = peak_memory()
    table = Table(title="UI (median of runs; keypress → repaint with a 100-ply history)")
    for col in ("game", "first frame", "cursor p50/p95 ms", "select p50/p95 ms"):
        table.add_column(col)
    table.add_row("picker", f"{result['first_frame_picker_s']} s", "", "")
    for game_id in available_ids():
        k = result[f"keypress_{game_id}"]
        table.add_row(f"{game_id} ({k['plies']} plies)",
                      f"{result[f'first_frame_{game_id}_s']} s",
                      f"{k['cursor_p50_ms']} / {k['cursor_p95_ms']}",
                      f"{k['select_p50_ms']} / {k['select_p95_ms']}")
    console.print(table)
    mem = result["all_games_open"]
    console.print(f"all five games open: peak traced {mem['tracemalloc_peak_mb']} MB, "
                  f"max RSS {mem['max_rss_mb']} MB")
    return result


if __name__ == "__main__":
    bench_ui()
