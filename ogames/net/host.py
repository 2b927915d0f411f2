"""The host: rooms served to their seats over WebSocket (aiohttp, on the asyncio loop the
app or ``ogames host`` runs), each room kept in its own file after every change.

What comes in over a connection is never trusted: every message is checked against the
protocol's schema (``protocol.parse_client_message``) before a room reads it, a message of
more than 64 KB is refused unread, the host reads only so many messages a second from one
connection (what comes faster waits), and the first message must be a ``hello`` with a
seat's code, within seconds. A
message that is refused is answered with an ``error``; a connection whose messages keep
being refused is closed. A room or the host never is: whatever one connection sends, the
others play on.

The host binds 127.0.0.1 unless it is told to be public; with a certificate and key it
speaks TLS (``wss://``) through the standard ``ssl`` module.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import ssl
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from ..core.errors import OgamesError
from ..core.game import Game
from ..core.savefile import write_atomic
from ..core.storage import data_dir
from ..table.clock import ClockSetting
from ..table.loop import AsyncioLoop, Loop
from . import sight
from .address import DEFAULT_PORT, PLAY_PATH, Address, lan_address
from .protocol import (
    MAX_MESSAGE,
    PROTOCOL,
    ProtocolError,
    encode,
    new_room_id,
    new_secret,
    parse_client_message,
    split_code,
)
from .room import Holder, Room

log = logging.getLogger("ogames.net")

#: a connection's first message (its hello) must come within this many seconds
HELLO_WITHIN = 10.0
#: messages a second the host reads from one connection, and at once after a quiet while
#: (the rest wait in the connection: a client that sends faster is slowed, not cut off)
RATE, BURST = 50.0, 100
#: bad messages in a row (each good one takes one off) before the connection is closed
STRIKES = 5
#: a frame larger than this is not even read (aiohttp closes the connection): far more
#: than ``MAX_MESSAGE``, which is answered with an error like any other bad message
HARD_FRAME_LIMIT = 1 << 20
#: the messages waiting to go out to one connection before it counts as gone
QUEUE_LIMIT = 1000
#: WebSocket pings every this many seconds find a connection that died silently
HEARTBEAT = 15.0


@dataclass
class Bucket:
    """A token bucket: ``RATE`` messages a second, ``BURST`` at most at once."""

    tokens: float = float(BURST)
    at: float = field(default_factory=time.monotonic)

    def wait(self) -> float:
        """Take a message's token: the seconds to wait first (0 when one is there)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / RATE


class Connection:
    """One WebSocket connection to the host (a room's ``Peer``). Messages go out in order
    through a queue its own task empties."""

    def __init__(self, ws: web.WebSocketResponse, remote: str) -> None:
        self.ws = ws
        self.remote = remote
        self.side = sight.SPECTATOR
        self.room: Room | None = None
        self.lobby = False
        self.strikes = 0
        self.bucket = Bucket()
        self.closed = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.close("the connection is too slow to keep up")
            return
        self.queue.put_nowait(encode(message))

    def close(self, reason: str) -> None:
        """Say why, then close (once what is queued before has gone out)."""
        if self.closed:
            return
        self.queue.put_nowait(encode({"type": "error", "reason": reason, "fatal": True}))
        self.closed = True
        self.queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.ws.close()

    def refuse(self, reason: str) -> None:
        """A bad message: an error, and the connection closed when they keep coming."""
        self.strikes += 1
        if self.strikes >= STRIKES:
            self.close(f"closed after {STRIKES} refused messages; the last: {reason}")
        else:
            self.send({"type": "error", "reason": reason, "fatal": False})


class Host:
    """Rooms on one address. ``many``: a server's lobby, where rooms are made and listed
    (else the host serves the rooms it opened itself). ``folder``: where the rooms' files
    are (a restarted host goes on with every room in it)."""

    def __init__(self, *, bind: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 ssl_context: ssl.SSLContext | None = None, many: bool = False,
                 folder: Path | None = None, loop: Loop | None = None) -> None:
        self.bind, self.port = bind, port
        self.ssl_context = ssl_context
        self.many = many
        self.folder = folder or rooms_dir()
        self.loop = loop
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        #: the rooms' files to write (the latest text of each), and the one thread that
        #: writes them, in turn
        self._unwritten: dict[Path, str] = {}
        self._lock = threading.Lock()
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ogames-rooms")
        self._runner: web.AppRunner | None = None
        #: called when a room is opened, resumed or starts a rematch (the app follows it)
        self.on_room: Callable[[Room], None] | None = None

    # ----- starting and stopping ----------------------------------------------------------

    async def start(self) -> None:
        """Listen (OSError when the port is taken or the address is not this machine's)."""
        if self.loop is None:
            self.loop = AsyncioLoop()
        app = web.Application()
        app.router.add_get(PLAY_PATH, self._play)
        app.router.add_get("/", self._hello_page)
        runner = web.AppRunner(app, access_log=None, handle_signals=False,
                               shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, self.bind, self.port, ssl_context=self.ssl_context)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        sockets = site._server.sockets if site._server else ()  # the port, when 0 was asked
        if sockets:
            self.port = sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for room in self.rooms.values():
            room.table.close()
        for connection in list(self.connections):
            connection.close("the host has stopped")
        if self.connections:
            await asyncio.sleep(0.05)  # the goodbyes go out
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await asyncio.get_running_loop().run_in_executor(None, self._writer.shutdown)

    def address(self, public_name: str | None = None) -> Address:
        """The address players type: this machine's on the network when the host binds
        every interface, else the one it binds."""
        name = public_name or (lan_address() if self.bind in ("0.0.0.0", "::", "")
                               else self.bind)
        return Address(name, self.port, tls=self.ssl_context is not None)

    # ----- rooms -----------------------------------------------------------------------------

    def open_room(self, game: Game, seats: list[Holder], *,
                  clock: ClockSetting | None = None, listed: bool = False) -> Room:
        """A new room for ``game``: each person's seat gets a new code."""
        assert self.loop is not None, "start the host first"
        for holder in seats:
            if holder.kind == "person" and not holder.secret:
                holder.secret = new_secret()
        room = Room(new_room_id(set(self.rooms)), game, seats, loop=self.loop, clock=clock,
                    listed=listed, saved=self.keep)
        self.rooms[room.id] = room
        self.keep(room)
        if self.on_room is not None:
            self.on_room(room)
        return room

    def keep(self, room: Room) -> None:
        """Keep the room's file (after every change: a restarted host goes on from it).
        What to write is taken now; the writing (a temporary file, ``fsync``, a rename:
        milliseconds on a busy disk) is done in a thread of its own, in order, off the
        path of a move to the other seats. Should the host die in those milliseconds, a
        seat that comes back is sent the game as it was kept, and plays on from there."""
        path = self.folder / f"{room.id}.json"
        text = json.dumps(room.data())
        with self._lock:
            first = path not in self._unwritten
            self._unwritten[path] = text
        if first:
            try:
                self._writer.submit(self._write, path)
            except RuntimeError:  # stopped: write it here
                self._write(path)

    def _write(self, path: Path) -> None:
        """(The writing thread.) The latest text kept for ``path``."""
        with self._lock:
            text = self._unwritten.pop(path, None)
        if text is None:
            return
        try:
            write_atomic(path, text)
        except OSError as exc:
            log.error("%s could not be written: %s", path, exc)

    def resume_rooms(self) -> list[str]:
        """Go on with every room whose file is in the folder; the problems, one line per
        file that could not be read (it is left where it is)."""
        assert self.loop is not None, "start the host first"
        problems = []
        try:
            names = sorted(os.listdir(self.folder))
        except OSError:
            return []
        for name in names:
            if not name.endswith(".json"):
                continue
            path = self.folder / name
            try:
                data = json.loads(path.read_text("utf-8"))
                room = Room.from_data(data, loop=self.loop, saved=self.keep)
            except (OSError, ValueError, KeyError, TypeError, OgamesError) as exc:
                problems.append(f"{path}: cannot go on with this room ({exc})")
                continue
            self.rooms[room.id] = room
            if self.on_room is not None:
                self.on_room(room)
        return problems

    # ----- connections -----------------------------------------------------------------------

    async def _hello_page(self, request: web.Request) -> web.Response:
        return web.Response(text="This is an ogames host: join it with "
                                 "`ogames join ADDRESS CODE`.\n")

    async def _play(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=HARD_FRAME_LIMIT)
        await ws.prepare(request)
        connection = Connection(ws, request.remote or "?")
        self.connections.add(connection)
        try:
            await self._serve(connection)
        finally:
            self.connections.discard(connection)
            if connection.room is not None:
                connection.room.leave(connection)
            connection.close("goodbye")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection.writer, 2.0)
        return ws

    async def _serve(self, connection: Connection) -> None:
        ws = connection.ws
        try:
            first = await ws.receive(timeout=HELLO_WITHIN)
        except TimeoutError:
            connection.close(f"no hello within {HELLO_WITHIN:g} seconds")
            return
        if first.type != WSMsgType.TEXT or not self._hello(connection, first.data):
            if not connection.closed:
                connection.close("the first message must be a hello with a seat's code")
            return
        async for message in ws:
            if connection.closed:
                return
            delay = connection.bucket.wait()
            if delay:  # the connection's rate: what it sends beyond waits (in its socket)
                await asyncio.sleep(delay)
            if message.type == WSMsgType.TEXT:
                self.received(connection, message.data)
            elif message.type == WSMsgType.BINARY:
                connection.refuse("messages are JSON text, not binary")
            else:
                return

    def _hello(self, connection: Connection, raw: str) -> bool:
        try:
            message = parse_client_message(raw)
        except ProtocolError as exc:
            connection.close(str(exc))
            return False
        if message["type"] != "hello":
            connection.close("the first message must be a hello")
            return False
        if message["protocol"] != PROTOCOL:
            connection.close(f"this host speaks version {PROTOCOL} of the ogames protocol, "
                             f"and your ogames version {message['protocol']}: use the same "
                             "version of ogames")
            return False
        code = message.get("code")
        if not code:
            if not self.many:
                connection.close("this host needs a seat's code: ogames join ADDRESS CODE")
                return False
            connection.lobby = True
            connection.send({"type": "lobby", "protocol": PROTOCOL,
                             "rooms": self.listing()})
            return True
        return self._take_seat(connection, code, message.get("name"))

    def _take_seat(self, connection: Connection, code: str, name: str | None) -> bool:
        parts = split_code(code)
        room = self.rooms.get(parts[0]) if parts else None
        side = room.seat_of(parts[1]) if room is not None and parts else None
        if room is None or side is None:
            connection.close("no seat of this host has that code (check it against the "
                             "join line)")
            return False
        connection.room = room
        room.join(connection, side, name)
        return True

    def received(self, connection: Connection, raw: str) -> None:
        """One message after the hello."""
        if len(raw) > MAX_MESSAGE:
            connection.refuse(f"a message is at most {MAX_MESSAGE} bytes")
            return
        try:
            message = parse_client_message(raw)
            if connection.lobby:
                self._lobby(connection, message)
            elif connection.room is not None:
                if message["type"] == "hello":
                    raise ProtocolError("hello once, at the start")
                connection.room.handle(connection, message)
        except ProtocolError as exc:
            connection.refuse(str(exc))
            return
        except Exception:  # a bug must cost one message, never the room or the host
            log.exception("a message could not be handled")
            connection.refuse("the host could not handle that message")
            return
        connection.strikes = max(0, connection.strikes - 1)

    # ----- a server's lobby -------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        """The rooms a server's lobby shows: listed ones with a free seat."""
        rooms = []
        for room in self.rooms.values():
            free = room.free_seats()
            if room.listed and free and not room.over:
                game = room.game
                rooms.append({"room": room.id, "game": game.rules.id, "name": game.rules.name,
                              "variant": game.variant, "players": list(game.players),
                              "free": [game.sides[i] for i in free],
                              "clock": str(room.clock_setting) if room.clock_setting else None})
        return rooms

    def _lobby(self, connection: Connection, message: dict[str, Any]) -> None:
        from .lobby import claim, create

        kind = message["type"]
        if kind == "list":
            connection.send({"type": "lobby", "protocol": PROTOCOL, "rooms": self.listing()})
        elif kind == "create":
            connection.send(create(self, message))
        elif kind == "claim":
            connection.send(claim(self, message["room"]))
        else:
            raise ProtocolError("in a server's lobby: list, create or claim a room first")


def rooms_dir() -> Path:
    return data_dir() / "rooms"


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context from a certificate chain and its key (PEM files). Raises
    OgamesError with what is wrong with them."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    for path in (cert, key):
        if not path.is_file():
            raise OgamesError(f"{path}: no such file")
    try:
        context.load_cert_chain(cert, key)
    except (ssl.SSLError, OSError) as exc:
        raise OgamesError(f"the certificate or key cannot be used: {exc}") from None
    return context
