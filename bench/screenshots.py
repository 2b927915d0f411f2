"""``make screenshots``: regenerate ``screenshots/`` (SVG from Textual, PNG via CairoSVG).

Every picture is taken from the real app, headless, at 120×40 (the tiny-terminal one
smaller), in states reached the way a player reaches them.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import cairosvg

from ogames.core.board import Pick
from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules
from ogames.core.storage import save_to_library
from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import GameScreen

from .private import private_data_dir

OUT = Path(__file__).resolve().parent.parent / "screenshots"
SIZE = (120, 40)
#: Rich's SVG names Fira Code; CairoSVG needs a monospace font that is installed
FONT = re.compile(r"font-family: Fira Code, monospace;")

Step = Callable[[OgamesApp, object], Awaitable[None]]


def game_screen(app: OgamesApp) -> GameScreen:
    return [s for s in app.screen_stack if isinstance(s, GameScreen)][-1]


async def shoot(name: str, app: OgamesApp, steps: Step | None = None,
                size: tuple[int, int] = SIZE) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if steps is not None:
            await steps(app, pilot)
        await pilot.pause(0.2)
        svg = app.export_screenshot(title=f"ogames · {name}")
    (OUT / f"{name}.svg").write_text(svg, encoding="utf-8")
    fixed = FONT.sub("font-family: DejaVu Sans Mono, monospace;", svg)
    cairosvg.svg2png(bytestring=fixed.encode("utf-8"), write_to=str(OUT / f"{name}.png"))
    print(f"screenshots/{name}.png")


async def hand_over(app: OgamesApp, pilot) -> None:
    """Press Enter on a hand-off screen while one is showing (a second Enter when it
    first shows the player a private note)."""
    from ogames.ui.screens.handoff import HandoffScreen

    for _ in range(3):
        if not isinstance(app.screen, HandoffScreen):
            return
        await pilot.press("enter")
        await pilot.pause()


def random_moves(plies: int, seed: int = 4) -> Step:
    """Play ``plies`` seeded random moves, then select the first pick of a legal move so
    its targets are highlighted."""

    async def steps(app: OgamesApp, pilot) -> None:
        rng = random.Random(seed)
        for _ in range(plies):
            await hand_over(app, pilot)
            screen = game_screen(app)
            legal = screen.game.legal_moves()
            if not legal or screen.game.outcome() is not None:
                break
            screen.play(legal[rng.randrange(len(legal))])
            await pilot.pause()
        await hand_over(app, pilot)
        screen = game_screen(app)
        legal = screen.game.legal_moves()
        if legal:
            first: Pick = screen.rules.pick_paths(screen.game.position, legal[-1])[0][0]
            screen.select(first)
        await pilot.pause()

    return steps


def keys(*names: str) -> Step:
    async def steps(app: OgamesApp, pilot) -> None:
        await hand_over(app, pilot)
        await pilot.press(*names)
        await pilot.pause(0.3)

    return steps


def select(name: str) -> Step:
    """Put the cursor on cell ``name`` and select it."""
    async def steps(app: OgamesApp, pilot) -> None:
        game_screen(app).cursor = name
        await pilot.press("enter")

    return steps


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    await shoot("picker", OgamesApp())
    for game_id in available_ids():
        await shoot(f"{game_id}-start", OgamesApp(game_id, seed=1), hand_over_step)
        await shoot(f"{game_id}-midgame", OgamesApp(game_id, seed=1), random_moves(12))
        await shoot(f"{game_id}-rules", OgamesApp(game_id, seed=1), keys("question_mark"))
    await shoot("ochmir-3-players", OgamesApp("ochmir", seed=2, variant="3"), random_moves(9))
    await shoot("ochmir-handoff", OgamesApp("ochmir", seed=1), handoff_step)
    await shoot("ordo-finished", OgamesApp("ordo", position="10/4W5/3W6/10/B9/10/10/10 w"),
                finish_ordo)
    await shoot("onitama-targets", OgamesApp("onitama", seed=2), select("b5"))
    await shoot("opprimo-ascii", OgamesApp("opprimo", ascii=True), random_moves(6))
    await shoot("tiny-terminal", OgamesApp("ochmir", seed=1), None, size=(60, 20))
    for game_id in ("ordo", "onitama", "ochmir"):  # the compact drawing in 80×24
        await shoot(f"{game_id}-80x24", OgamesApp(game_id, seed=4), random_moves(6),
                    size=(80, 24))
    await shoot("ochmir-3-players-80x24", OgamesApp("ochmir", seed=2, variant="3"),
                random_moves(9), size=(80, 24))
    await shoot("ochmir-finished", OgamesApp("ochmir", seed=1), play_to_the_end)
    # a big window: the board grows (squares stretched; points, hexes and triangles drawn
    # with longer sides by their game), and a piece is drawn large in its cell
    for game_id in ("ordo", "onitama", "opprimo", "oferhlyp", "ochmir"):
        await shoot(f"{game_id}-200x60", OgamesApp(game_id, seed=4), random_moves(6),
                    size=(200, 60))
    await shoot_saves_and_replay()
    await shoot_reviews()
    await shoot_lessons()
    await shoot_online()


async def play_to_the_end(app: OgamesApp, pilot) -> None:
    """Seeded random moves until the game is over (hand-offs passed on the way)."""
    rng = random.Random(7)
    screen = game_screen(app)
    while screen.game.outcome() is None:
        await hand_over(app, pilot)
        legal = screen.game.legal_moves()
        screen.play(legal[rng.randrange(len(legal))])
    await pilot.pause(0.3)


async def shoot_lessons() -> None:
    """The second lesson of every game's course, at 80×24, as ``ogames learn`` shows it."""
    from ogames.core.lessons import load_course
    from ogames.ui.screens.learn import LessonScreen

    for game_id in available_ids():
        rules = get_rules(game_id)
        course = load_course(rules)
        if course is None:
            continue

        async def open_lesson(app: OgamesApp, pilot, rules=rules, course=course) -> None:
            await app.push_screen(LessonScreen(rules, course, 1))
            await pilot.pause(0.3)

        await shoot(f"{game_id}-lesson", OgamesApp(), open_lesson, size=(80, 24))


def sample_game(game_id: str, plies: int, seed: int = 4) -> Game:
    """A seeded random game, as a player might have saved it."""
    rules = get_rules(game_id)
    game = Game.new(rules, rules.variants[0], seed, players=("Ann", "Bob"))
    rng = random.Random(seed)
    while game.cursor < plies and game.outcome() is None:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return game


async def shoot_saves_and_replay() -> None:
    """The saved-games screen over a few saves, and a replay, in a throw-away data dir."""
    with private_data_dir():
        for game_id, plies in (("ordo", 30), ("onitama", 14), ("oferhlyp", 40)):
            save_to_library(sample_game(game_id, plies))
        await shoot("saved-games", OgamesApp(), keys("o"))
        replay = sample_game("oferhlyp", 40)
        await shoot("replay", OgamesApp(replay=replay, replay_name="oferhlyp.ogame"),
                    keys("end", "left", "left", "left"))


#: the longest a review in the pictures is waited for
REVIEW_SECONDS = 600
#: the games reviewed in the pictures: game id → (plies, seed)
REVIEWS = {"opprimo": (40, 3), "oferhlyp": (40, 3), "onitama": (24, 3), "ordo": (50, 3),
           "ochmir": (80, 3)}


def played_game(game_id: str, plies: int, seed: int) -> Game:
    """A game as two fallible players play it: the computer's easy moves, and now and
    then a random one (seeded)."""
    from ogames.ai import choose_move

    rules = get_rules(game_id)
    game = Game.new(rules, rules.variants[0], seed, players=("Ann", "Bob"))
    rng = random.Random(seed)
    while game.cursor < plies and game.outcome() is None:
        legal = game.legal_moves()
        if rng.random() < 0.25:
            game.play(legal[rng.randrange(len(legal))])
        else:
            game.play(choose_move(game, "easy", rng.randrange(1000)))
    return game


async def review_step(app: OgamesApp, pilot) -> None:
    """``a``, then wait for the review to finish and go to its first mark (``n``). The
    wait is long: Ochmir's 80 plies took more than two minutes on two cores, and the
    picture was taken with the review half done."""
    import time

    await pilot.press("a")
    screen = app.screen
    deadline = time.monotonic() + REVIEW_SECONDS
    while time.monotonic() < deadline and (getattr(screen, "review", None) is None
                                           or not screen.review.complete
                                           or screen.reviewing):
        await pilot.pause(0.1)
    await pilot.press("n")
    await pilot.pause(0.3)


async def shoot_reviews() -> None:
    """A review in the replay of a saved game, for every game."""
    for game_id, (plies, seed) in REVIEWS.items():
        game = played_game(game_id, plies, seed)
        await shoot(f"{game_id}-review",
                    OgamesApp(replay=game, replay_name=f"{game_id}.ogame"), review_step)


async def hand_over_step(app: OgamesApp, pilot) -> None:
    await hand_over(app, pilot)


async def handoff_step(app: OgamesApp, pilot) -> None:
    """One Ochmir move, which brings up the hand-off screen for the next player."""
    await hand_over(app, pilot)
    screen = game_screen(app)
    screen.play(screen.game.legal_moves()[0])
    await pilot.pause()


async def finish_ordo(app: OgamesApp, pilot) -> None:
    screen = game_screen(app)
    screen.play(screen.rules.parse_move(screen.game.position, "d6-d8"))
    await pilot.pause()


async def shoot_online() -> None:
    """A hosted Ochmir game with a clock, a player elsewhere and a message from them (the
    join lines first, as the host sees them), and the join screen with a line pasted."""
    from ogames.net.connection import Connection
    from ogames.net.room import Holder
    from ogames.net.serve import HostPlan, NewRoom
    from ogames.table.clock import ClockSetting
    from ogames.ui.online import HostStart
    from ogames.ui.screens.online_game import HostedScreen

    game = Game.new(get_rules("ochmir"), "2", seed=5, players=("Ann", "?"))
    plan = HostPlan(port=free_port(7878), room=NewRoom(
        game, [Holder("person"), Holder("person")], ClockSetting(10, 5)))
    app = OgamesApp(online=HostStart(plan, 0, "Ann"))
    bob: list = []

    async def lines(app: OgamesApp, pilot) -> None:
        while not isinstance(app.screen, HostedScreen):
            await pilot.pause(0.05)

    async def playing(app: OgamesApp, pilot) -> None:
        await lines(app, pilot)
        line = next(x for x in app.screen.lines if "Blue:" in x).split()
        await pilot.press("enter")
        from ogames.net.address import parse_address

        connection = Connection(parse_address(line[3]), line[4], name="Bob",
                                on_table=bob.append)
        asyncio.get_running_loop().create_task(connection.run(await connection.join()))
        rng = random.Random(5)
        screen = game_screen(app)
        for ply in range(9):
            while len(screen.game.plies) != ply or (bob and len(bob[0].game.plies) != ply):
                await pilot.pause(0.05)
            table = screen.table if ply % 2 == 0 else bob[0]
            legal = table.game.legal_moves()
            table.play(legal[rng.randrange(len(legal))])
        while not bob or len(bob[0].game.plies) != 9:
            await pilot.pause(0.05)
        bob[0].say("nice one — my turn to think")
        while not screen.table.said:
            await pilot.pause(0.05)
        await pilot.pause(0.5)

    await shoot("online-host", app, lines)
    app = OgamesApp(online=HostStart(plan, 0, "Ann"))
    await shoot("online-game", app, playing)

    async def join_screen(app: OgamesApp, pilot) -> None:
        app.screen.choose("ordo")
        await pilot.press("p", "j")
        await pilot.pause(0.2)
        app.screen.query_one("#line").value = \
            "ogames join 192.168.1.20:7878 k3f9-5hgj3-yspzw-ky4cn-kfdae-3doqse"
        app.screen.query_one("#name").value = "Bob"
        await pilot.pause(0.2)

    await shoot("online-join", OgamesApp(), join_screen)


def free_port(wanted: int) -> int:
    """``wanted`` when it is free here (the pictures read as a player's would), else any."""
    import socket

    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", wanted))
        except OSError:
            probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    import sys

    with private_data_dir():  # the games shot here are nobody's saved games
        # ``python -m bench.screenshots online``: only the online pictures
        asyncio.run(shoot_online() if sys.argv[1:] == ["online"] else main())
