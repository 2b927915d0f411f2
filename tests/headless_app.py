"""A real ogames process for the tests that need more than one: the app, headless, on a
game, taking commands on stdin, one a line, and saying ``ok`` on stdout after each:

* ``play MOVE``: play MOVE on the game screen (as a completed pick path does);
* ``quit``: leave the app as Ctrl+Q does.

``python -m tests.headless_app GAME`` (``OGAMES_DATA_DIR`` says where its
files go). Used by ``test_two_apps`` to run two apps on one data folder at once.
"""

from __future__ import annotations

import asyncio
import sys

from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import GameScreen


async def serve(game_id: str) -> None:
    app = OgamesApp(game_id, seed=1)
    loop = asyncio.get_running_loop()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print("ready", flush=True)
        while True:
            line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if not line or line == "quit":
                break
            command, _, text = line.partition(" ")
            if command == "play":
                screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
                screen.play(screen.rules.parse_move(screen.game.position, text))
                await pilot.pause()
                await pilot.pause()  # the autosave follows the move's frame
            print("ok", flush=True)
        await pilot.press("ctrl+q")
    print("bye", flush=True)


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
