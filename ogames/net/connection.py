"""A seat's connection to a host over WebSocket (aiohttp's client): it says hello with the
seat's code, hands the host's messages to the seat's table, sends the table's requests,
and comes back after a drop — a network hiccup, a host restarting — with the same code,
until it is closed. Every way of failing to reach a host is a :class:`JoinError` with one
line a player can act on.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import socket
from collections.abc import Callable
from typing import Any

import aiohttp

from ..core.errors import OgamesError
from ..table.loop import AsyncioLoop, Loop
from .address import Address
from .client import ClientTable, Link
from .protocol import PROTOCOL, encode

log = logging.getLogger("ogames.net")

#: seconds to reach a host and to hear its first answer
CONNECT_WITHIN = 8.0
#: the largest message a client takes (a whole long game, every position with it)
CLIENT_FRAME_LIMIT = 32 << 20
#: seconds between tries to come back after a drop (doubling up to the last)
RETRY = (0.5, 1.0, 2.0, 4.0, 8.0)


class JoinError(OgamesError):
    """The seat could not be joined: a wrong address, no host there, a refused code, a
    host of another version … ``final``: the host itself said no (trying again will not
    help), rather than that it could not be reached."""

    def __init__(self, message: str, *, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


def app_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"ogames {version('ogames')}"
    except PackageNotFoundError:
        return "ogames"


class Connection(Link):
    """One seat's connection (see the module's text). ``on_table`` is told of each game's
    table as it comes (the first, then a rematch's); ``on_end`` of the reason when the
    connection ends for good."""

    def __init__(self, address: Address, code: str, *, name: str = "",
                 level: str | None = None, loop: Loop | None = None,
                 on_table: Callable[[ClientTable], None] | None = None,
                 on_end: Callable[[str], None] | None = None,
                 verify_tls: bool = True) -> None:
        super().__init__(level=level, loop=loop, on_table=on_table)
        self.address, self.code, self.name = address, code, name
        self.on_end = on_end
        self.verify_tls = verify_tls
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._session: aiohttp.ClientSession | None = None
        self._queue: list[str] = []
        self._closing = False
        #: every message received, as it came (tests read what a seat was sent)
        self.received: list[str] | None = None

    # ----- sending -----------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        text = encode(message)
        ws = self._ws
        if ws is None or ws.closed:
            self._queue.append(text)  # sent once the connection is back
            return
        asyncio.get_running_loop().create_task(self._send(ws, text))

    async def _send(self, ws: aiohttp.ClientWebSocketResponse, text: str) -> None:
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):
            self._queue.append(text)

    # ----- connecting --------------------------------------------------------------------------

    async def join(self) -> dict[str, Any]:
        """Connect and say hello: the host's first answer (the seat's ``game``). Raises
        JoinError."""
        if self._session is None:
            self._session = aiohttp.ClientSession()
        ssl_arg: Any = True
        if self.address.tls and not self.verify_tls:
            ssl_arg = False
        try:
            ws = await self._session.ws_connect(
                self.address.url, ssl=ssl_arg, heartbeat=15.0,
                max_msg_size=CLIENT_FRAME_LIMIT,
                timeout=aiohttp.ClientWSTimeout(ws_receive=None, ws_close=2.0))
        except aiohttp.WSServerHandshakeError as exc:
            raise JoinError(f"{self.address} is not an ogames host (it answered HTTP "
                            f"{exc.status})") from None
        except aiohttp.ClientConnectorCertificateError as exc:
            raise JoinError(f"{self.address}: its TLS certificate is not trusted "
                            f"({exc.certificate_error})") from None
        except aiohttp.ClientConnectorError as exc:
            raise JoinError(f"cannot reach {self.address}: {_os_reason(exc)}") from None
        except (aiohttp.ClientError, OSError) as exc:
            raise JoinError(f"cannot reach {self.address}: {exc or type(exc).__name__}") \
                from None
        self._ws = ws
        await ws.send_str(encode({"type": "hello", "protocol": PROTOCOL,
                                  "code": self.code or None, "name": self.name,
                                  "app": app_version()}))
        first = await self._receive(ws, CONNECT_WITHIN)
        if first is None:
            raise JoinError(f"{self.address} closed the connection without a word")
        if first.get("type") == "error":
            raise JoinError(f"{self.address} refused: {first.get('reason', '?')}", final=True)
        if first.get("type") == "lobby" and not self.code:
            return first
        if first.get("type") != "game":
            raise JoinError(f"{self.address} does not speak the ogames protocol", final=True)
        if first.get("protocol") != PROTOCOL:
            raise JoinError(f"{self.address} speaks version {first.get('protocol')} of the "
                            f"ogames protocol, this ogames version {PROTOCOL}", final=True)
        return first

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse,
                       timeout: float | None = None) -> dict[str, Any] | None:
        """The next message from the host; None when the connection ends."""
        while True:
            try:
                message = await ws.receive(timeout=timeout)
            except TimeoutError:
                raise JoinError(f"{self.address} did not answer") from None
            if message.type == aiohttp.WSMsgType.TEXT:
                if self.received is not None:
                    self.received.append(message.data)
                try:
                    data = json.loads(message.data)
                except ValueError:
                    log.warning("a message from the host is not JSON")
                    continue
                if isinstance(data, dict):
                    return data
                continue
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR):
                return None

    # ----- playing -----------------------------------------------------------------------------

    async def run(self, first: dict[str, Any] | None = None) -> None:
        """Play until closed: take the first game (``first``, when ``join`` was called
        already), follow the host, and come back after every drop."""
        if self.loop is None:
            self.loop = AsyncioLoop()
        tries = 0
        reason = "the connection was closed"
        try:
            while not self._closing:
                try:
                    if first is None:
                        first = await self.join()
                except JoinError as exc:
                    if self.table is None or exc.final:
                        reason = str(exc)
                        break  # never joined, or the host no longer knows the seat
                    await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
                    tries += 1
                    continue
                tries = 0
                self._take(first)
                first = None
                fatal = await self._follow()
                if self.table is not None:
                    self.table.connection(False)
                if fatal:
                    reason = fatal
                    break
        finally:
            await self._shut()
            if self.on_end is not None and not self._closing:
                self.on_end(reason)

    def _take(self, message: dict[str, Any]) -> None:
        """The first message after a hello: the table's game again, or a new game."""
        self.deliver(message)
        if self.table is not None:
            self.table.connection(True)
        for text in self._queue:
            asyncio.get_running_loop().create_task(self._send(self._ws, text))
        self._queue.clear()

    async def _follow(self) -> str | None:
        """Hand the host's messages to the table until the connection drops (None) or the
        host closes it for good (the reason)."""
        ws = self._ws
        assert ws is not None
        while True:
            message = await self._receive(ws)
            if message is None:
                return None
            if message.get("type") == "error" and message.get("fatal"):
                reason = str(message.get("reason", ""))
                if "stopped" in reason:
                    return None  # the host stops: it may come back
                return reason
            self.deliver(message)

    async def close(self) -> None:
        self._closing = True
        await self._shut()

    async def _shut(self) -> None:
        ws, self._ws = self._ws, None
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()
        session, self._session = self._session, None
        if session is not None:
            with contextlib.suppress(Exception):
                await session.close()


def _os_reason(exc: aiohttp.ClientConnectorError) -> str:
    """Why a connection could not be made, in words (asyncio words every refusal as
    "connect call failed")."""
    error = exc.os_error
    number = getattr(error, "errno", None)
    if number == errno.ECONNREFUSED or isinstance(error, ConnectionRefusedError):
        return "connection refused (is the host running, on that port?)"
    if isinstance(error, socket.gaierror):
        return "no such host name"
    if number in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return "no route to that address"
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return (text or "no answer").rstrip(".").lower()


async def check_seat(address: Address, code: str, *,
                     verify_tls: bool = True) -> dict[str, Any]:
    """Join once and leave: the seat's ``game`` message, or JoinError (what ``ogames join``
    tries before it opens the app, to say in one line what is wrong)."""
    connection = Connection(address, code, verify_tls=verify_tls)
    try:
        return await connection.join()
    finally:
        await connection.close()


async def ask_lobby(address: Address, message: dict[str, Any] | None = None, *,
                    verify_tls: bool = True) -> dict[str, Any]:
    """Ask a server's lobby (``ogames server``): its list of open rooms, or its answer to
    ``message`` (``create``, ``claim``). Raises JoinError."""
    connection = Connection(address, "", verify_tls=verify_tls)
    try:
        first = await connection.join()  # a hello without a code: the lobby answers
        if first.get("type") != "lobby":
            raise JoinError(f"{address} is not an ogames server (it serves its own rooms: "
                            "join one with its join line)", final=True)
        if message is None:
            return first
        ws = connection._ws
        assert ws is not None
        await ws.send_str(encode(message))
        answer = await connection._receive(ws, CONNECT_WITHIN)
        if answer is None:
            raise JoinError(f"{address} closed the connection without a word")
        if answer.get("type") == "error":
            raise JoinError(f"{address} refused: {answer.get('reason', '?')}", final=True)
        return answer
    finally:
        await connection.close()
