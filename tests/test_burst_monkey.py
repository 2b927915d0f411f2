"""Input faster than screens settle (issue 62): keys, clicks and resizes sent in bursts, as
a terminal delivers them when someone types quickly or a window is dragged, without waiting
for one screen to finish arriving before the next key. Three crashes of that kind were found
by hand (``q`` then ``o`` on the picker, a click on a notice being replaced, Tab on a lesson
before its board existed); here a seeded monkey goes through every screen (picker, game,
replay, rules, lessons, saved games, the command palette, dialogs) at sizes from 20×3 to
250×70, for every game.

A run is a list of events drawn from its seed before it starts; a crash fails the test with
the seed and the events up to it, and ``OGAMES_MONKEY_SEED=N`` runs another seed."""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import dataclass

import pytest
from textual import events
from textual.geometry import Size

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.storage import save_to_library
from ogames.table import computer
from ogames.ui.app import OgamesApp
from tests.conftest import APP_GAME_IDS

#: keys that open, close or cross screens: the picker's (o saved games, L learn, ? rules,
#: r resume, Enter start), the game's (q leave, Ctrl+S save, n new game, ? rules), the
#: palette (Ctrl+P), the dialogs' answers (y, n, Esc, Enter)
SCREEN_KEYS = ["o", "L", "question_mark", "f1", "r", "enter", "q", "ctrl+s", "n", "ctrl+p",
               "escape", "y", "enter", "escape", "tab", "c", "R"]
#: keys that act inside a screen: moves, lists, undo, the move box
PLAY_KEYS = ["left", "right", "up", "down", "enter", "space", "tab", "shift+tab", "u", "U",
             "h", "f", "1", "2", "pageup", "pagedown", "home", "end", "colon", "backspace",
             "s", "d", "x"]
SIZES = [(20, 3), (30, 4), (80, 3), (80, 4), (40, 12), (60, 20), (80, 24), (100, 32),
         (120, 40), (160, 50), (250, 70)]
BURSTS = 70
#: the largest window of ``SIZES``: a click is drawn inside it and kept inside the window
#: of the moment
WIDEST, TALLEST = 250, 70


@dataclass(frozen=True)
class Event:
    """One event of a run: a key, a click at a cell of the window, or a resize."""

    kind: str
    key: str = ""
    x: int = 0
    y: int = 0

    def __str__(self) -> str:
        if self.kind == "key":
            return self.key
        if self.kind == "click":
            return f"click({self.x},{self.y})"
        return f"resize({self.x}x{self.y})"


def draw_run(seed: int) -> list[list[Event]]:
    """The bursts of a run: each of 1 to 8 events, sent without a pause between them."""
    rng = random.Random(seed)
    bursts = []
    for _ in range(BURSTS):
        burst = []
        for _ in range(rng.randint(1, 8)):
            roll = rng.random()
            if roll < 0.35:
                burst.append(Event("key", rng.choice(SCREEN_KEYS)))
            elif roll < 0.75:
                burst.append(Event("key", rng.choice(PLAY_KEYS)))
            elif roll < 0.93:
                burst.append(Event("click", x=rng.randrange(WIDEST), y=rng.randrange(TALLEST)))
            else:
                width, height = rng.choice(SIZES)
                burst.append(Event("resize", x=width, y=height))
        bursts.append(burst)
    return bursts


def send(app: OgamesApp, event: Event) -> None:
    """Post ``event`` to the app the way the terminal driver does: no waiting for it."""
    if event.kind == "key":
        character = event.key if len(event.key) == 1 else None
        app.post_message(events.Key(event.key, character))
    elif event.kind == "resize":
        size = Size(event.x, event.y)
        app._driver._size = size  # the headless driver's window, as Pilot resizes it
        app.post_message(events.Resize(size, size))
    else:
        width, height = app.size
        x, y = min(event.x, width - 1), min(event.y, height - 1)
        for kind in (events.MouseDown, events.MouseUp):
            app.post_message(kind(None, x, y, 0, 0, 1, False, False, False,
                                  screen_x=x, screen_y=y))


def keep_two_saved_games(game_id: str, seed: int) -> None:
    """Saved games to list and replay (one finished by random moves, one not)."""
    rng = random.Random(seed)
    rules = get_rules(game_id)
    for length in (400, 6):
        game = Game.new(rules, None, seed)
        for _ in range(length):
            moves = game.legal_moves()
            if game.outcome() is not None or not moves:
                break
            game.play(rng.choice(moves))
        save_to_library(game)


async def run(game_id: str, seed: int, bursts: list[list[Event]]) -> None:
    """Send the bursts, a pause after each; when the app has closed (``q`` on the picker),
    start it again and go on. Raises what the app died of."""
    done = 0
    while done < len(bursts):
        app = OgamesApp(game_id, seed=seed)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while done < len(bursts) and app.is_running and not app.leaving:
                for event in bursts[done]:
                    send(app, event)
                done += 1
                await pilot.pause()
                await app.workers.wait_for_complete()
        if app._exception is not None:  # run_test raises it too; an app may only log it
            raise app._exception
        assert app.return_code in (0, None), app.return_code


def seeds() -> list[int]:
    chosen = os.environ.get("OGAMES_MONKEY_SEED")
    return [int(chosen)] if chosen else [62]


@pytest.mark.parametrize("seed", seeds())
# the app's games alone: a monkey tries the app's screens, to which the tests' own game
# would add nothing but half a minute
@pytest.mark.parametrize("game_id", APP_GAME_IDS)
def test_bursts_of_input_never_crash_the_app(game_id: str, seed: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "HINT_LEVEL", "easy")  # a hint ends well inside a pause
    monkeypatch.setattr(computer, "random", random.Random(seed))
    keep_two_saved_games(game_id, seed)
    bursts = draw_run(seed)
    try:
        asyncio.run(run(game_id, seed, bursts))
    except Exception as exc:  # noqa: BLE001 -- the report is the seed and the events
        sent = "\n".join(" ".join(map(str, burst)) for burst in bursts)
        pytest.fail(f"{game_id}, seed {seed} (OGAMES_MONKEY_SEED={seed}): the app died of "
                    f"{type(exc).__name__}: {exc}\nbursts, one a line:\n{sent}")
