"""Online play in the app: hosting a room (the host runs in the app's own event loop and
the person at this keyboard plays their seat through it like everyone else) or joining a
seat elsewhere; each game's table is shown on an ``OnlineGameScreen``, a rematch's on a
new one."""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.errors import OgamesError
from ..net.address import Address
from ..net.client import ClientTable
from ..net.connection import Connection
from ..net.host import Host
from ..net.local import LocalSeat
from ..net.serve import HostPlan, listen, room_lines
from ..table.loop import AsyncioLoop


class OnlineApp(Protocol):
    """What a session needs of the app (``OgamesApp``)."""

    def open_online_table(self, table: ClientTable, session: OnlineSession) -> None: ...

    def online_failed(self, message: str) -> None: ...

    def run_worker(self, work: Coroutine[Any, Any, Any], *, name: str = "",
                   group: str = "default") -> Any: ...


@dataclass(frozen=True)
class HostStart:
    """Host ``plan``'s room and play seat ``seat`` (a side index) of it, as ``name``."""

    plan: HostPlan
    seat: int
    name: str = ""


@dataclass(frozen=True)
class JoinStart:
    """Take the seat of ``code`` at ``address``."""

    address: Address
    code: str
    name: str = ""
    verify_tls: bool = True
    #: the join lines of the room (a room this player made on a server), to show
    lines: tuple[str, ...] = ()


class OnlineSession:
    """One online game in the app (see the module's text)."""

    def __init__(self, app: OnlineApp, start: HostStart | JoinStart) -> None:
        self.app = app
        self.start = start
        self.host: Host | None = None
        self.seat: LocalSeat | None = None
        self.connection: Connection | None = None
        #: the join lines of a hosted room (shown when the game opens, and on request)
        self.lines: list[str] = []
        self.ended = ""

    async def begin(self) -> None:
        """Host or join; the game screen opens when the first game's table comes."""
        try:
            if isinstance(self.start, HostStart):
                await self._host(self.start)
            else:
                await self._join(self.start)
        except OgamesError as exc:
            self.app.online_failed(str(exc))

    async def _host(self, start: HostStart) -> None:
        plan = start.plan
        host = Host(bind=plan.bind, port=plan.port, ssl_context=plan.ssl_context)
        await listen(host)
        self.host = host
        host.resume_rooms()
        assert plan.room is not None
        room = host.open_room(plan.room.game, plan.room.seats, clock=plan.room.clock)
        self.lines = room_lines(room, host.address(), own=start.seat)
        self.seat = LocalSeat(room, start.seat, loop=AsyncioLoop(), name=start.name,
                              on_table=self._table)

    async def _join(self, start: JoinStart) -> None:
        self.lines = list(start.lines)
        connection = Connection(start.address, start.code, name=start.name,
                                on_table=self._table, on_end=self._ended,
                                verify_tls=start.verify_tls)
        self.connection = connection
        first = await connection.join()
        self.app.run_worker(connection.run(first), name="online", group="online")

    def _table(self, table: ClientTable) -> None:
        self.app.open_online_table(table, self)

    def _ended(self, reason: str) -> None:
        self.ended = reason
        table = self.connection.table if self.connection is not None else None
        if table is not None:
            table.connection(False, f"the connection to the host ended: {reason}")

    async def close(self) -> None:
        """Leave: the connection closed, or the hosting stopped (the room is kept: ``ogames
        host --no-seat`` goes on with it)."""
        if self.seat is not None:
            self.seat.leave()
        if self.connection is not None:
            await self.connection.close()
        if self.host is not None:
            await self.host.stop()
            self.host = None
