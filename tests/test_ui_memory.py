"""The app lets go of what is gone: widgets replaced move after move (footer keys, hand-off
screens, panel boxes) do not stay reachable, so memory and the collector's pauses stay flat
over a long game."""

from __future__ import annotations

import gc
import time

from textual._styles_cache import StylesCache
from textual.widget import Widget

from ogames.ui import heap
from ogames.ui.app import SETTLE_AFTER
from ogames.ui.screens.handoff import HandoffScreen
from tests.savehelp import random_texts
from tests.uihelp import hand_over, playing, screen, status, ui_test, wait_for


def alive(kind: type) -> list:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


@ui_test
async def test_moves_with_hand_offs_leave_no_dead_widgets_behind():
    async with playing("ochmir", seed=3) as (app, pilot):
        await hand_over(pilot)
        before = len(alive(Widget))
        for ply, text in enumerate(random_texts("ochmir", "2", 3, 12), start=1):
            await pilot.press(":", *text, "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
            assert screen(app).game.cursor == ply, (text, status(app))
            await hand_over(pilot)
        widgets = alive(Widget)
        gone = [w for w in widgets if not w.is_attached]
        # a footer composes its keys anew for every move: none of the old ones is kept
        assert len(gone) <= 30, sorted({type(w).__name__ for w in gone})
        assert len(widgets) <= before + 30
        # nor the drawn lines of widgets that are gone
        assert len(alive(StylesCache)) <= len(widgets) + 30


@ui_test
async def test_the_full_collection_waits_until_keys_pause():
    """The collector's full walk runs once keys have paused (``heap.IdleCollection``), not
    in the middle of a move: while several moves are typed, every full walk is the idle
    one, run no sooner than ``QUIET`` after the key before it, and one follows the last move.

    On a loaded machine two keys can be more than ``QUIET`` apart, so an idle walk between
    them is right; and the moves take longer, the app's timers allocate on, and the
    collector's own walk may come due (``heap.FULL_AFTER`` middle walks after the last
    full one), which is its schedule. What must never happen is the collector's walk
    sooner than that (CPython's ten middle walks), or the idle one too early."""
    # when each full walk ended, whether idle ran it, and the middle walks since the last
    full: list[tuple[float, bool, int]] = []
    pokes: list[float] = []
    in_idle = False
    middle = 0

    def note(phase: str, info: dict) -> None:
        nonlocal middle
        if phase != "stop":
            return
        if info["generation"] == 1:
            middle += 1
        elif info["generation"] == 2:
            full.append((time.monotonic(), in_idle, middle))
            middle = 0

    async with playing("ordo") as (app, pilot):
        # the start's own collection (``settle_heap``, once per process), run by a timer
        # that a loaded machine may run late: waited for, not guessed
        await pilot.pause(SETTLE_AFTER)
        await wait_for(pilot, lambda: heap._settled)
        gc.collect()  # the collector's own next full walk is a hundred middle ones away
        idle = app.idle_collection
        poke, collect = idle.poke, idle._collect

        def poke_noted() -> None:
            pokes.append(time.monotonic())
            poke()

        def collect_noted() -> None:
            nonlocal in_idle
            in_idle = True
            try:
                collect()
            finally:
                in_idle = False

        idle.poke, idle._collect = poke_noted, collect_noted
        if idle._timer is not None:
            # a key of the start still has its walk due, bound before the patch: due again
            # now, so that it is seen as the idle one it is
            idle.poke()
        gc.callbacks.append(note)
        try:
            texts = random_texts("ordo", "", 5, 4)
            for text in texts:
                await pilot.press(":", *text, "enter")
                await pilot.pause(0.05)
            assert screen(app).game.cursor == len(texts)
            await wait_for(pilot, lambda: any(at >= pokes[-1] for at, _, _ in full),
                           seconds=heap.QUIET + 5)
        finally:
            gc.callbacks.remove(note)
    assert pokes, "keys typed poke the idle collection"
    for at, by_idle, middles in full:
        if not by_idle:
            assert middles >= heap.FULL_AFTER, (
                f"the collector started a full collection after {middles} middle ones")
            continue
        last_key = max(p for p in pokes if p <= at)
        assert at - last_key >= heap.QUIET - 0.02, f"a full collection {at - last_key:.2f} s after a key"
