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


def long_game(plies: int = 150):
    """An Ochmir game with ``plies`` random moves played (the history the UI carries)."""
    from ogames.core.game import Game
    from ogames.core.registry import get_rules

    game = Game.new(get_rules("ochmir"), "2", 1)
    rng = random.Random(1)
    while game.cursor < plies and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    return game


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


def keypress(game=None) -> dict:
    """p50/p95 milliseconds from a key event to the repaint it causes."""
    game = game or long_game()
    moves = ["left", "right", "up", "down", "h", "l", "k", "j"] * 8
    select = ["1", "escape"] * 10
    cursor = asyncio.run(_latencies(game, moves))
    picks = asyncio.run(_latencies(game, select))

    def q(values: list[float], p: float) -> float:
        values = sorted(values)
        return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 1)

    return {"plies": game.cursor, "cursor_p50_ms": q(cursor, 0.5),
            "cursor_p95_ms": q(cursor, 0.95), "select_p50_ms": q(picks, 0.5),
            "select_p95_ms": q(picks, 0.95)}


def bench_ui(console: Console | None = None) -> dict:
    console = console or Console()
    console.print("measuring the UI …", style="dim")
    result = {"first_frame_picker_s": round(first_frame(), 3),
              "first_frame_ochmir_s": round(first_frame("ochmir"), 3),
              "keypress_ochmir": keypress()}
    console.print(result)
    return result


if __name__ == "__main__":
    bench_ui()
