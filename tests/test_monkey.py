"""A UI that survives anything: a seeded monkey drives the app with random keys, clicks
and resizes through every screen and checks, after every event, that nothing was lost
and that the board drawn is the engine's position; and every screen, in windows only a
few rows high or columns wide, takes the paging keys (once a crash in Textual's lists)."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.pilot import OutOfBounds

from ogames.core import storage
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.table import computer
from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import GameScreen
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.replay import ReplayScreen
from ogames.ui.screens.rules import RulesScreen
from ogames.ui.screens.saves import SavesScreen
from tests.conftest import APP_GAME_IDS

PAGING = ["pageup", "pagedown", "home", "end"]
KEYS = ["left", "right", "up", "down", "h", "j", "k", "l", "enter", "space", "enter",
        "escape", "backspace", "u", "U", "ctrl+z", "ctrl+y", "1", "2", "3", "4", "f",
        "question_mark", "escape", "tab", "y", "enter", "i", "shift+tab"]
#: rarely: leave the game (the picker then gets keys too, and Enter starts a game again),
#: or open the move box (the keys that follow are typed in it, until Esc or a click)
RARE_KEYS = ["q", "n", "f1", "escape", "colon", *PAGING]
SIZES = [(120, 40), (100, 34), (60, 20), (140, 45), (120, 40)]
#: windows the app accepts but can show little in: every screen is toured in them
SMALL_SIZES = [(80, 3), (80, 4), (20, 8)]
EVENTS = 220


def game_screens(app: OgamesApp) -> list[GameScreen]:
    return [s for s in app.screen_stack if isinstance(s, GameScreen)]


def check(screen: GameScreen) -> None:
    """The board shows the engine's position (from the viewer's side) — or, while the
    picks make a move that may stop or go on (an Oferhlýp chain), the position after it;
    the move list holds the whole history."""
    rules, game = screen.rules, screen.game
    if screen.blind:  # a hand-off: the board shows no hand, so no private face
        spectator = screen.rules.cell_views(screen.game.position, -1)
        assert screen.board.views == dict(spectator), "a hand-off showed more than a spectator sees"
    else:
        waiting = screen.entry.waiting(screen.picks)
        shown = game.position if waiting is None else rules.apply(game.position, waiting)
        assert dict(screen.board.views) == dict(rules.cell_views(shown, screen.viewer))
    assert 0 <= game.cursor <= len(game.plies)


async def click_a_cell(pilot, screen: GameScreen, rng: random.Random) -> None:
    """A click on a board cell: mostly one the game highlights, sometimes any."""
    board = screen.board
    cells = sorted(board.cells)
    if not cells:
        return
    wanted = sorted(screen.cursor_cells()) if rng.random() < 0.8 else cells
    name = rng.choice(wanted or cells)
    region = board.cell_region(name)
    off = board.content_offset
    try:
        await pilot.click(board, offset=(off.x + region.x + region.width // 2,
                                         off.y + region.y + region.height // 2))
    except OutOfBounds:  # the cell is scrolled or cut off at this window size
        pass


async def monkey(game_id: str, seed: int) -> None:
    """``seed`` fixes every event; each event's work (a hint too) ends before the next,
    so the run does not depend on the machine's speed."""
    rng = random.Random(seed)
    app = OgamesApp(game_id, seed=seed)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        first = game_screens(app)[0]
        most = 0
        for _ in range(EVENTS):
            roll = rng.random()
            screens = game_screens(app)
            if roll < 0.45 and screens and app.screen is screens[-1]:
                await click_a_cell(pilot, screens[-1], rng)
            elif roll < 0.85:
                await pilot.press(rng.choice(KEYS))
            elif roll < 0.95:
                width, height = app.size
                await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
            elif roll < 0.98:
                await pilot.resize_terminal(*rng.choice(SIZES))
            else:
                await pilot.press(rng.choice(RARE_KEYS))
            await app.workers.wait_for_complete()
            await pilot.pause()
            for screen in game_screens(app):
                check(screen)
            # moves count in any game: a rare key may have started a new one
            most = max([most, *(len(s.game.plies) for s in game_screens(app))])
        assert most >= 3, "the monkey should have played some moves"
        # nothing lost: every move still in the history can be undone back to the start
        game = first.game
        played = game.cursor
        undone = 0
        while game.undo():
            undone += 1
        assert undone >= played
        assert game.position == game.start


# the app's games alone: a monkey tries the app's screens, to which the tests' own game
# would add nothing but half a minute
@pytest.mark.parametrize("game_id", APP_GAME_IDS)
def test_monkey_cannot_break_the_app(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # hints by playouts alone (the easy level's few finish well inside its time limit)
    # from a fixed seed, so a hint is the same on a slow machine
    monkeypatch.setattr(computer, "HINT_LEVEL", "easy")
    monkeypatch.setattr(computer, "random", random.Random(7))
    asyncio.run(monkey(game_id, seed=7))


def test_the_check_reads_a_chain_in_progress_as_the_board_shown() -> None:
    """An Oferhlýp chain that may stop or go on shows the position after it; the monkey's
    check must take that board as right (and a board left behind as wrong)."""
    async def run() -> None:
        app = OgamesApp("oferhlyp", position="D3/5/1DL3/1lL2/6/5/L3 d 1")
        async with app.run_test(size=SIZES[0]) as pilot:
            screen = game_screens(app)[0]
            for name in ("c2", "c4"):
                screen.cursor = name
                await pilot.press("enter")
            assert screen.preview and not screen.game.plies
            check(screen)
            screen.board.views = screen.views  # as if the chain were not drawn
            with pytest.raises(AssertionError):
                check(screen)
    asyncio.run(run())


async def page_around(pilot, screen_type: type) -> None:
    """The paging keys on the screen in each small window, taken from a large one (the
    focus is where the screen puts it there, often on a list, which is then squeezed),
    before and after a Tab to the next list or text of the screen."""
    app = pilot.app
    for size in SMALL_SIZES:
        await pilot.resize_terminal(*size)
        await pilot.press(*PAGING, "tab", *PAGING)
        assert isinstance(app.screen, screen_type), (size, app.screen)
    await pilot.resize_terminal(*SIZES[0])
    await pilot.pause()


def test_every_screen_takes_the_paging_keys_in_any_window() -> None:
    """80×3, 80×4 and 20×8 on the picker, the rules, the saved games, a replay and a game
    (PageDown in a list squeezed to no row raised KeyError inside Textual: 80×4, ``?``, Tab,
    PageDown)."""
    rules = get_rules("ordo")
    game = Game.new(rules)
    for text in ("b3-b4", "b6-b5"):
        game.play_text(text)
    storage.save_to_library(game)

    async def run() -> None:
        app = OgamesApp()
        async with app.run_test(size=SIZES[0]) as pilot:
            await page_around(pilot, PickerScreen)
            await pilot.press("o")
            await page_around(pilot, SavesScreen)
            app.screen.query_one("#saves").focus()
            await pilot.press("enter")
            await page_around(pilot, ReplayScreen)
            await pilot.press("escape", "escape")
            assert isinstance(app.screen, PickerScreen)
            app.screen.choose("ordo")
            app.screen.query_one("#games").focus()
            await pilot.press("enter")
            await page_around(pilot, GameScreen)
            await pilot.press("question_mark")
            await page_around(pilot, RulesScreen)
    asyncio.run(run())
