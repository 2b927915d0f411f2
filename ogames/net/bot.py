"""``ogames bot ADDRESS CODE``: the reference client. It joins a seat and plays it with the
built-in computer (or, at level ``random``, a random legal move: fast games for tests and
benchmarks), answers what the other seats ask as the computer does, keeps the finished
game among its saved games and says how it ended.

Everything it does goes through the protocol as any other client's would: it is a client
table (``ClientTable``) whose seat the computer plays.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

from ..ai.levels import LEVELS
from ..core.describe import outcome_text, side_labels
from ..table.loop import AsyncioLoop
from ..table.table import CHANGED, OFFER, Event
from .address import Address
from .client import ClientTable
from .connection import Connection, JoinError

#: the bot's levels: the computer's, and a random legal move
BOT_LEVELS = ("random", *LEVELS)


@dataclass(frozen=True)
class BotResult:
    """How the bot's game ended: a line to print, where it was kept, and whether the
    connection ended before the game did (``failed``)."""

    line: str
    kept: str = ""
    failed: bool = False


class Bot:
    """One bot on one seat."""

    def __init__(self, address: Address, code: str, level: str = "easy",
                 seed: int | None = None, *, verify_tls: bool = True) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.loop: AsyncioLoop | None = None
        self.done: asyncio.Future[BotResult] | None = None
        self.connection = Connection(
            address, code, name=f"bot ({level})", level=None if level == "random" else level,
            on_table=self._table, on_end=self._ended, verify_tls=verify_tls)

    async def play(self) -> BotResult:
        """Join, play to the end of the game, leave. Raises JoinError when the seat cannot
        be joined."""
        self.loop = AsyncioLoop()
        self.connection.loop = self.loop
        self.done = asyncio.get_running_loop().create_future()
        try:
            first = await self.connection.join()
        except BaseException:
            await self.connection.close()
            raise
        if first.get("outcome"):
            await self.connection.close()
            return BotResult("the game of this room is already over", failed=True)
        task = asyncio.get_running_loop().create_task(self.connection.run(first))
        try:
            return await self.done
        finally:
            await self.connection.close()
            task.cancel()

    def _table(self, table: ClientTable) -> None:
        if self.level != "random":
            table.computer.seed = self.rng.randrange(1 << 31)
        table.listen(lambda event: self._event(table, event))

    def _event(self, table: ClientTable, event: Event) -> None:
        if event.kind == OFFER:
            table.answer(event.offer, self._accepts(table, event.offer))
        elif event.kind == CHANGED:
            if table.game.outcome() is not None and table.kept_path is not None:
                self._finish(table)
            elif self.level == "random":
                self._random_move(table)

    def _accepts(self, table: ClientTable, offer: str) -> bool:
        """As the computer answers: a draw when it judges itself no better than level, a
        takeback always; no rematch (the bot plays one game)."""
        if offer == "draw":
            from ..ai.draw_offer import accepts_draw

            return accepts_draw(table.rules, table.game.position, table.seat)
        return offer == "takeback"

    def _random_move(self, table: ClientTable) -> None:
        game = table.game
        if (table.pending is not None or game.outcome() is not None
                or table.rules.to_move(game.position) != table.seat or not table.online):
            return
        moves = game.legal_moves()
        if moves:
            move = moves[self.rng.randrange(len(moves))]
            assert self.loop is not None
            self.loop.soon(lambda: self._send(table, move))

    def _send(self, table: ClientTable, move: object) -> None:
        try:
            table.play(move)
        except Exception:  # the position moved on meanwhile: the next change tries again
            pass

    def _finish(self, table: ClientTable) -> None:
        game = table.game
        outcome = game.outcome()
        assert outcome is not None
        line = (f"{game.rules.name}: {outcome_text(game.rules, outcome, side_labels(game))} "
                f"({outcome.result_token}, {len(game.plies)} plies)")
        if self.done is not None and not self.done.done():
            self.done.set_result(BotResult(line, str(table.kept_path)))

    def _ended(self, reason: str) -> None:
        if self.done is not None and not self.done.done():
            self.done.set_result(BotResult(f"the connection ended before the game did: "
                                           f"{reason}", failed=True))


def run_bot(address: Address, code: str, level: str, seed: int | None,
            verify_tls: bool = True) -> BotResult:
    """Play one game as a bot (blocking). Raises JoinError."""
    return asyncio.run(Bot(address, code, level, seed, verify_tls=verify_tls).play())


__all__ = ["BOT_LEVELS", "Bot", "BotResult", "JoinError", "run_bot"]
