"""What a first frame waits for (the issue's start target: the picker's and a game's first
frame within 1.5 times a bare Textual app's; the times themselves are in ``make bench``).
The picker lists every game, with its players and course, from each game's ``about``
alone; ``ogames play GAME`` imports that game's engine and no other. Each run is a fresh
process, as a player's start is."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ogames.core.registry import get_about, get_rules
from tests.conftest import APP_GAME_IDS, GAME_IDS

#: starts the app headless and, at its first frame, prints the games whose engine
#: modules are loaded and the rows of the picker's games list (if it is shown)
FIRST_FRAME = """
import json, sys
from ogames.ui.app import OgamesApp

app = OgamesApp(*sys.argv[1:2])
shown = app._display

def display(screen, renderable):
    if renderable is not None and app.is_running and not hasattr(app, "seen"):
        app.seen = True
        loaded = sorted({n.split(".")[2] for n in sys.modules
                         if n.startswith("ogames.games.") and n.count(".") == 3
                         and not n.endswith(".about")})
        rows = [o.id for o in app.screen.query("#games").first().options] \\
            if app.screen.query("#games") else []
        print(json.dumps({"engines": loaded, "rows": rows}))
        app.exit()
    return shown(screen, renderable)

app._display = display
app.run(headless=True, size=(120, 40))
"""


def first_frame(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, *args], capture_output=True,
                         text=True, check=True, timeout=60).stdout  # the data folder is inherited
    return json.loads(out.splitlines()[-1])


def test_the_pickers_first_frame_lists_every_game_without_an_engine() -> None:
    first_frame()  # the first start reads each course once, for the course index
    seen = first_frame()
    assert seen["rows"] == list(APP_GAME_IDS)
    assert seen["engines"] == []


@pytest.mark.parametrize("game_id", ["ordo", "ochmir"])
def test_a_games_first_frame_imports_that_engine_alone(game_id: str) -> None:
    assert first_frame(game_id)["engines"] == [game_id]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_about_says_what_the_engine_says(game_id: str) -> None:
    """The picker's name, sides and seed come from ``about``; the game played, from the
    engine: they must agree (the engine may know more variants than the picker offers,
    such as Ochmir's rule flags)."""
    about, rules = get_about(game_id), get_rules(game_id)
    assert (rules.id, rules.name, rules.aliases, rules.description) == (
        about.id, about.name, about.aliases, about.description)
    assert rules.variants == about.variants and rules.uses_seed == about.uses_seed
    for variant in about.variants:
        assert rules.sides(variant) == about.sides(variant)
