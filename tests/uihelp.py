"""Helpers for the Pilot tests: enter moves by keys or by clicks, exactly as a player does."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time

from ogames.core.registry import available_ids, get_rules
from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import SPECTATOR, GameScreen
from ogames.ui.widgets.board import DIRECTIONS, BoardView
from ogames.ui.widgets.panel import ItemBox, PanelView

SIZE = (120, 40)


def ui_test(fn):
    """Run an ``async def`` Pilot test (no asyncio plugin is installed)."""

    @functools.wraps(fn)
    def run(*args, **kwargs):
        asyncio.run(fn(*args, **kwargs))

    return run


async def wait_for(pilot, condition, seconds: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds (a worker or a timer acts in its own
    time; waiting for the condition, not for a fixed delay, keeps a loaded machine green)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        await pilot.pause(0.02)


async def click_button(pilot, selector: str) -> None:
    """Click a button once it is laid out where it is seen (one just shown has no place on
    the screen until the next refresh) and its previous press effect is over (a Textual
    button ignores clicks while it still shows the last one)."""
    button = pilot.app.screen.query_one(selector)
    await wait_for(pilot, lambda: button.region.area > 0 and not button.has_class("-active"))
    await pilot.click(selector)


async def choose_in_picker(pilot, game_id: str):
    """The picker on top, with ``game_id`` chosen (its settings form built)."""
    from ogames.ui.screens.picker import PickerScreen

    picker = pilot.app.screen
    assert isinstance(picker, PickerScreen), picker
    picker.choose(game_id)
    await pilot.pause()
    return picker


def need(game_id: str):
    """The engine of ``game_id`` (every engine must be registered)."""
    if game_id not in available_ids():
        raise AssertionError(f"the {game_id} engine is missing")
    return get_rules(game_id)


@contextlib.asynccontextmanager
async def playing(game_id: str, *, size: tuple[int, int] = SIZE, **options):
    """The app opened on a game of ``game_id`` (``options`` as ``OgamesApp`` takes them:
    position, seed, variant, computer), headless at ``size``: the start of every per-game
    Pilot test. Yields the app and its pilot."""
    need(game_id)
    app = OgamesApp(game_id, **options)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()  # the board and panel laid out, as before anyone can click
        yield app, pilot


def shown_boxes(node) -> list[ItemBox]:
    """The panel items shown under ``node`` (a panel keeps the boxes it hides for later,
    holding nothing)."""
    return [box for box in node.query(ItemBox) if box.display]


def holds_nothing_private(s: GameScreen) -> bool:
    """A hand-off's game screen: a spectator's view, no item shown, and no box kept hidden
    holds an item (a tile) either."""
    return s.viewer == SPECTATOR and not any(box.display or box.key for box in s.query(ItemBox))


def screen(app: OgamesApp) -> GameScreen:
    """The topmost game screen (a hand-off or a dialog may be above it)."""
    games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert games, f"no game screen (the screen is {app.screen})"
    return games[-1]


def position(app: OgamesApp) -> str:
    s = screen(app)
    return s.rules.format_position(s.game.position)


def status(app: OgamesApp) -> str:
    return str(screen(app).query_one("#status").render())


def path_of(app: OgamesApp, text: str):
    """The canonical pick path of the move ``text`` in the current position."""
    s = screen(app)
    pos = s.game.position
    move = s.rules.parse_move(pos, text)
    return s.rules.pick_paths(pos, move)[0]


def key_route(board, start: str | None, goal: str) -> list[str] | None:
    """A short sequence of cursor keys taking the cursor from ``start`` to ``goal``
    (breadth-first over the board's own cursor steps, each cell visited once, with the
    line a run of keys keeps to), or None if it cannot get there."""
    first = board.run if board.run is not None and board.run.at == start else None
    routes: dict = {start: ([], first)}
    queue = [start]
    while queue:
        here = queue.pop(0)
        keys, run = routes[here]
        if here == goal:
            return keys
        for key in DIRECTIONS:
            there, after = board.advance(here, key, run)
            if there is not None and there not in routes:
                routes[there] = ([*keys, key], after)
                queue.append(there)
    return None


async def cursor_to(pilot, name: str) -> None:
    """Move the keyboard cursor to cell ``name`` with arrow keys only."""
    s = await drawn(pilot)
    route = key_route(s.board, s.cursor, name)
    assert route is not None, f"the cursor cannot reach {name} from {s.cursor}"
    for key in route:
        await pilot.press(key)
    assert s.cursor == name


async def pick_key(pilot, pick) -> None:
    """Enter one pick with the keyboard: the cursor and Enter, or a digit for an item."""
    s = screen(pilot.app)
    if pick.kind == "cell":
        await cursor_to(pilot, pick.key)
        await pilot.press("enter")
    else:
        order = s.query_one(PanelView).order
        assert pick.key in order, f"{pick.key} is not a selectable item ({order})"
        await pilot.press(str(order.index(pick.key) + 1))
    await pilot.pause()


async def drawn(pilot) -> GameScreen:
    """The topmost game screen once it has drawn its first position: one just pushed on a
    loaded machine may not have mounted yet (no layout, no cursor)."""
    await wait_for(pilot, lambda: screen(pilot.app).cursor is not None)
    return screen(pilot.app)


async def click_cell(pilot, name: str) -> None:
    board = (await drawn(pilot)).query_one(BoardView)
    region = board.cell_region(name)
    off = board.content_offset
    await pilot.click(board, offset=(off.x + region.x + region.width // 2,
                                     off.y + region.y + region.height // 2))


async def pick_click(pilot, pick) -> None:
    """Enter one pick with the mouse."""
    s = screen(pilot.app)
    if pick.kind == "cell":
        await click_cell(pilot, pick.key)
    else:
        boxes = [b for b in s.query(ItemBox) if b.key == pick.key]
        assert boxes, f"no panel item {pick.key}"
        await pilot.click(boxes[0])
    await pilot.pause()


async def play_keys(pilot, text: str) -> None:
    """Play the move ``text`` by keyboard, along its canonical pick path."""
    before = len(screen(pilot.app).game.plies)
    for pick in path_of(pilot.app, text):
        if len(screen(pilot.app).game.plies) != before:
            break  # played: the rest of the path was only forced item picks
        await pick_key(pilot, pick)
    await finish(pilot, text, before, pick_key)


async def play_clicks(pilot, text: str) -> None:
    """Play the move ``text`` by mouse, along its canonical pick path."""
    before = len(screen(pilot.app).game.plies)
    for pick in path_of(pilot.app, text):
        if len(screen(pilot.app).game.plies) != before:
            break  # played: the rest of the path was only forced item picks
        await pick_click(pilot, pick)
    await finish(pilot, text, before, pick_click)


async def finish(pilot, text: str, before: int, enter) -> None:
    """A complete path that could go on is played by selecting its last cell again."""
    s = screen(pilot.app)
    if len(s.game.plies) == before and s.picks:
        await enter(pilot, s.picks[-1])
    s = screen(pilot.app)
    assert s.game.plies and s.game.plies[-1].text == text, (
        f"{text} was not played; status: {status(pilot.app)}")


async def hand_over(pilot) -> None:
    """Press Enter on the hand-off screen (hidden-information games) until the game shows:
    a hand-off that first shows a notice takes two (the notice, then the hand-off)."""
    from ogames.ui.screens.handoff import HandoffScreen

    for _ in range(3):
        if not isinstance(pilot.app.screen, HandoffScreen):
            return
        await pilot.press("enter")
        await pilot.pause()


async def play_from_here(pilot, text: str) -> None:
    """Play the move ``text`` by keyboard at an earlier ply: the game asks before it drops
    the later moves (``GameScreen.person_plays``), and the player agrees."""
    from ogames.ui.screens.confirm import ConfirmScreen

    s = screen(pilot.app)
    later = len(s.game.plies) - s.game.cursor
    assert later > 0, "not at an earlier ply"
    for pick in path_of(pilot.app, text):
        if isinstance(pilot.app.screen, ConfirmScreen):
            break  # the rest of the path was only forced item picks
        await pick_key(pilot, pick)
    if not isinstance(pilot.app.screen, ConfirmScreen) and s.picks:
        await pick_key(pilot, s.picks[-1])  # a path that could go on: stop it here
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
    assert "will be dropped" in pilot.app.screen.question
    await pilot.press("y")
    await wait_for(pilot, lambda: s.game.plies and s.game.plies[s.game.cursor - 1].text == text)
