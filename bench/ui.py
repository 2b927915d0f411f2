"""UI figures for ``make bench``: launch → first frame, and keypress → repaint on the
largest board (Ochmir, 216 cells) with a long history. Figures only, never assertions.

Run alone with ``python -m bench.ui``.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from .private import private_data_dir

#: the end of a first-frame script: ``app`` prints the time of its first frame and exits
SHOW_FIRST_FRAME = """
shown = app._display
def display(screen, renderable):
    if renderable is not None:
        print(time.time(), flush=True)
        app.exit()
    return shown(screen, renderable)
app._display = display
app.run(headless=True, size=(120, 40))
"""

FIRST_FRAME = """
import sys, time
from ogames.ui.app import OgamesApp
app = OgamesApp(*sys.argv[1:2])
""" + SHOW_FIRST_FRAME

#: the yardstick of the start and memory figures: a bare Textual app, a header, a line and
#: a footer (``Bare``)
BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("hello")
        yield Footer()
"""

BARE_FIRST_FRAME = """
import sys, time
""" + BARE_APP + """
app = Bare()
""" + SHOW_FIRST_FRAME


def _first_frame(script: str, args: Sequence[str]) -> float:
    """Seconds from starting ``script`` in a new process to its first frame. Run with its
    modules' bytecode cached, as a player starts it (an environment that forbids writing
    bytecode would time compiling instead)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.time()
    out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                         text=True, check=True, env=env).stdout
    return float(out.split()[0]) - start


def first_frames(game_ids: Sequence[str], runs: int = 11) -> dict[str, float]:
    """Median seconds to the first frame of a bare Textual app (a header, a line, a
    footer: the issue's yardstick, key ``"bare"``), of the picker (``"picker"``) and of
    ``ogames play GAME`` for each game. One untimed round first; then round by round, each
    start once, so that what else the machine does weighs on all of them alike (timed one
    after the other, the yardstick and a game could be seconds and a busy spell apart)."""
    starts = {"bare": (BARE_FIRST_FRAME, []), "picker": (FIRST_FRAME, [])}
    starts.update({gid: (FIRST_FRAME, [gid]) for gid in game_ids})
    times: dict[str, list[float]] = {name: [] for name in starts}
    for run in range(runs + 1):
        for name, (script, args) in starts.items():
            seconds = _first_frame(script, args)
            if run:
                times[name].append(seconds)
    return {name: statistics.median(values) for name, values in times.items()}


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
        best.undo()  # a live position, so selections can be made; the ending move is
        best.truncate()  # dropped, or a move played here would first ask to drop it
    return best


def _stamped_app():
    """A new app that notes the time of every frame it draws (in the list returned)."""
    from ogames.ui.app import OgamesApp

    app = OgamesApp()
    stamps: list[float] = []
    shown = app._display

    def display(screen, renderable):
        if renderable is not None:
            stamps.append(time.perf_counter())
        return shown(screen, renderable)

    app._display = display
    return app, stamps


async def _latencies(game, keys: list[str]) -> list[float]:
    from textual import events

    from ogames.ui.screens.game import GameScreen

    app, stamps = _stamped_app()
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


#: a repaint has settled when no other frame follows it within this many seconds
SETTLE = 0.04


def _q(values: list[float], p: float) -> float | None:
    """The ``p`` quantile of seconds, in milliseconds."""
    if not values:
        return None
    values = sorted(values)
    return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 1)


@dataclass(frozen=True)
class Repaint:
    """Seconds from a key to the first frame it causes (the board and panel drawn anew) and
    to the last of the frames that follow within ``SETTLE`` (a scroll bar's thumb, a
    relaid-out panel: the repaint settled)."""

    first: float
    settled: float


async def _settled(app, stamps: list[float], key: str) -> Repaint | None:
    """The repaint ``key`` causes, or None when nothing was drawn within two seconds."""
    from textual import events
    from textual.keys import _character_to_key

    await asyncio.sleep(0.03)
    stamps.clear()
    name = _character_to_key(key) if len(key) == 1 else key
    start = time.perf_counter()
    app._driver.send_message(events.Key(name, key if len(key) == 1 else None))
    while time.perf_counter() - start < 2:
        await asyncio.sleep(0.001)
        if stamps and time.perf_counter() - stamps[-1] > SETTLE:
            break
    return Repaint(stamps[0] - start, stamps[-1] - start) if stamps else None


async def _in_game(game, work: Callable) -> None:
    """Open ``game`` in the app (past a hand-off) and run ``await work(screen, timed)``, where
    ``await timed(key)`` sends a key and gives its ``Repaint``."""
    from ogames.ui.screens.game import GameScreen

    app, stamps = _stamped_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game(game)
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")  # the hand-off screen
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await work(app.screen, lambda key: _settled(app, stamps, key))


def _spread(moves: Sequence, first: Callable, count: int) -> list:
    """Up to ``count`` of ``moves`` with different first picks, spread over the list."""
    seen, out = set(), []
    for move in moves[:: max(1, len(moves) // (count * 3))]:
        if first(move) not in seen:
            seen.add(first(move))
            out.append(move)
    return out[:count]


async def _pick(screen, pick, timed: Callable) -> Repaint | None:
    """Select one pick as a player does: a cell by the cursor and Enter, a panel item by
    its number (None: an item no number selects)."""
    from ogames.ui.widgets.panel import PanelView

    if pick.kind == "cell":
        screen.cursor = pick.key
        return await timed("enter")
    from textual.css.query import NoMatches

    try:
        order = screen.query_one(PanelView).order
    except NoMatches:  # the screen is being rebuilt (a hand-off): not a pick to time
        return None
    if pick.key not in order[:9]:
        return None
    return await timed(str(order.index(pick.key) + 1))


async def _past_handoff(screen) -> None:
    """Back on the game ``screen`` (untimed): a hidden-information game between two
    people hands the keyboard over after every move, on a screen of its own."""
    from ogames.ui.screens.handoff import HandoffScreen

    app = screen.app
    for _ in range(3):
        await asyncio.sleep(0.05)
        if not isinstance(app.screen, HandoffScreen):
            return
        app.screen.action_ready()


def selections(game_id: str, count: int = 12) -> dict:
    """p50/p95 milliseconds from the key that selects a piece (a move's first pick) and
    the key that selects its target (the second) to the first frame and to the settled
    repaint, in a game with a 100-ply history. A target that completes the move plays it
    (in a hidden-information game the hand-off screen follows); it is undone after."""
    game = long_game(game_id)
    pieces: list[Repaint] = []
    targets: list[Repaint] = []

    async def work(screen, timed) -> None:
        rules, pos = game.rules, game.position
        moves = _spread(game.legal_moves(), lambda m: rules.pick_paths(pos, m)[0][0], count)
        for _ in range(2):  # twice over: the second round meets warm caches, as a player does
            for move in moves:
                path = rules.pick_paths(pos, move)[0]
                ply = game.cursor
                took = await _pick(screen, path[0], timed)
                if took is not None and len(path) > 1:
                    pieces.append(took)
                    took = await _pick(screen, path[1], timed)
                    if took is not None:
                        targets.append(took)
                await _past_handoff(screen)
                gc.collect()  # untimed: at a player's pace, the game screen's idle collection
                # (``heap.IdleCollection``) runs while the board is looked at
                if screen.game.cursor != ply:
                    # taken back and dropped, untimed: after a plain undo the next move
                    # would first ask whether to drop the undone one (a dialog, not a pick)
                    screen.game.undo()
                    screen.game.truncate()
                    screen.position_changed(changed=False)
                    await asyncio.sleep(0.05)
                    await _past_handoff(screen)
                else:
                    await timed("escape")

    asyncio.run(_in_game(game, work))
    out = {}
    for name, repaints in (("piece", pieces), ("target", targets)):
        first = [r.first for r in repaints]
        settled = [r.settled for r in repaints]
        out |= {f"{name}_first_p50_ms": _q(first, 0.5), f"{name}_first_p95_ms": _q(first, 0.95),
                f"{name}_p50_ms": _q(settled, 0.5), f"{name}_p95_ms": _q(settled, 0.95)}
    return out


def many_moves_game(least: int = 5000):
    """A three-handed Ochmir game of at least 100 plies whose position has at least
    ``least`` legal moves (side choices): the move box's hardest case."""
    from ogames.core.game import Game
    from ogames.core.registry import get_rules

    rules = get_rules("ochmir")
    for seed in range(1, 200):
        game = Game.new(rules, "3", seed)
        rng = random.Random(seed)
        while game.outcome() is None and game.cursor < 250:
            moves = game.legal_moves()
            if game.cursor >= 100 and len(moves) >= least:
                return game
            game.play(moves[rng.randrange(len(moves))])
    raise LookupError("no position with that many moves")


def typing(game) -> dict:
    """p50/p95 milliseconds from a keystroke in the move box (``:``) to the settled repaint
    of the match list and the board's preview, typing legal moves' texts letter by
    letter, and the number of legal moves."""
    times: list[float] = []
    count = len(game.legal_moves())

    async def work(screen, timed) -> None:
        from ogames.ui.widgets.move_box import MoveInput

        moves = game.legal_moves()
        for k in (0, len(moves) // 2, len(moves) - 1):
            await timed(":")
            screen.query_one(MoveInput).cursor_blink = False  # its frames are not the key's
            for char in game.rules.move_text(game.position, moves[k]):
                took = await timed(char)
                if took is not None:
                    times.append(took.settled)
            await timed("escape")

    asyncio.run(_in_game(game, work))
    return {"moves": count, "type_p50_ms": _q(times, 0.5), "type_p95_ms": _q(times, 0.95)}


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


MEMORY = BARE_APP + """
import asyncio, gc, resource, sys

def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

async def main(game_id):
    if game_id == "-":
        app = Bare()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            gc.collect()
            print(rss_mb(), 0)
        return
    from bench.run import long_game
    from ogames.ui.app import OgamesApp

    game = long_game(game_id, 1000)
    app = OgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game(game)
        await pilot.pause()
        await pilot.press("enter")  # past a hand-off, where there is one
        for key in ("left", "enter", "escape", "u", "ctrl+y"):  # a look back and forth
            await pilot.press(key)
        await pilot.pause()
        gc.collect()
        print(rss_mb(), game.cursor)

asyncio.run(main(sys.argv[1]))
"""


def history_memory() -> dict:
    """Resident megabytes of the app with a game of about 1,000 plies open (its whole
    history kept: every position, for undo, redo and the move list), above a bare Textual
    app's; the issue's target is under 50 MB above it. Each figure from its own process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")

    def measure(arg: str) -> tuple[float, int]:
        out = subprocess.run([sys.executable, "-c", MEMORY, arg], capture_output=True,
                             text=True, check=True, env=env, cwd=root).stdout.split()
        return float(out[-2]), int(out[-1])

    from ogames.core.registry import available_ids

    bare, _ = measure("-")
    out: dict = {"bare_textual_mb": round(bare, 1)}
    for game_id in available_ids():
        rss, plies = measure(game_id)
        out[game_id] = {"plies": plies, "rss_mb": round(rss, 1),
                        "above_bare_mb": round(rss - bare, 1)}
    return out


def bench_ui(console: Console | None = None) -> dict:
    with private_data_dir():  # the app's autosaves and kept games are nobody's
        return _bench_ui(console)


def _bench_ui(console: Console | None = None) -> dict:
    from ogames.core.registry import available_ids

    console = console or Console()
    console.print("measuring the UI …", style="dim")
    frames = first_frames(available_ids())
    result = {"first_frame_bare_textual_s": round(frames["bare"], 3),
              "first_frame_picker_s": round(frames["picker"], 3)}
    for game_id in available_ids():
        result[f"first_frame_{game_id}_s"] = round(frames[game_id], 3)
        result[f"keypress_{game_id}"] = keypress(game_id)
    result["all_games_open"] = peak_memory()
    table = Table(title="UI (median of runs; first frame, and × a bare Textual app's: target "
                        "≤ 1.5×; keypress → repaint with a 100-ply history)")
    for col in ("game", "first frame", "cursor p50/p95 ms", "select p50/p95 ms"):
        table.add_column(col)
    bare = result["first_frame_bare_textual_s"]

    def frame(seconds: float) -> str:
        return f"{seconds} s ({seconds / bare:.2f}×)"

    table.add_row("bare Textual app", f"{bare} s", "", "")
    table.add_row("picker", frame(result["first_frame_picker_s"]), "", "")
    for game_id in available_ids():
        k = result[f"keypress_{game_id}"]
        table.add_row(f"{game_id} ({k['plies']} plies)",
                      frame(result[f"first_frame_{game_id}_s"]),
                      f"{k['cursor_p50_ms']} / {k['cursor_p95_ms']}",
                      f"{k['select_p50_ms']} / {k['select_p95_ms']}")
    console.print(table)
    picks = Table(title="selecting (key → first frame → settled repaint, p50/p95 ms, 100-ply "
                        "history; target ≤ 30 ms at p95) and typing a move (':' box)")
    for col in ("game", "piece: first", "settled", "target: first", "settled"):
        picks.add_column(col)
    for game_id in available_ids():
        sel = result[f"select_{game_id}"] = selections(game_id)
        picks.add_row(game_id, *(f"{sel[f'{name}_p50_ms']} / {sel[f'{name}_p95_ms']}" for name in
                                 ("piece_first", "piece", "target_first", "target")))
    typed = result["typing_ochmir"] = typing(many_moves_game())
    picks.add_row(f"typing, Ochmir with {typed['moves']:,} moves", "",
                  f"{typed['type_p50_ms']} / {typed['type_p95_ms']}", "", "")
    console.print(picks)
    held = result["history_memory"] = history_memory()
    memory = Table(title="memory: the app with a long game open, above a bare Textual app "
                         f"({held['bare_textual_mb']} MB resident); target < 50 MB")
    for col in ("game", "plies kept", "resident", "above bare"):
        memory.add_column(col)
    for game_id in available_ids():
        h = held[game_id]
        memory.add_row(game_id, str(h["plies"]), f"{h['rss_mb']} MB", f"{h['above_bare_mb']} MB")
    console.print(memory)
    mem = result["all_games_open"]
    console.print(f"all five games open: peak traced {mem['tracemalloc_peak_mb']} MB, "
                  f"max RSS {mem['max_rss_mb']} MB")
    return result


if __name__ == "__main__":
    bench_ui()
