"""The seat of the person at the host's own keyboard: a connection inside the process.

The host's app plays its seat as every other seat is played, through a client table that
asks the room — only without a socket between them. Each message still goes through the
protocol's checks and comes on a later turn of the loop, as it would over the network, so
the host's own seat is no special case of the room.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..table.loop import Loop
from .client import ClientTable, Link
from .protocol import ProtocolError, encode, parse_client_message
from .room import Room


class _RoomEnd:
    """The room's side of the in-process connection (a room's ``Peer``)."""

    def __init__(self, seat: LocalSeat, side: int) -> None:
        self.seat = seat
        self.side = side

    def send(self, message: dict[str, Any]) -> None:
        text = encode(message)
        self.seat.loop.soon(lambda: self.seat.deliver(json.loads(text)))

    def close(self, reason: str) -> None:
        self.seat.closed = reason


class LocalSeat(Link):
    """The seat ``side`` of ``room``, played in this process."""

    def __init__(self, room: Room, side: int, *, loop: Loop, name: str = "",
                 on_table: Callable[[ClientTable], None] | None = None) -> None:
        super().__init__(loop=loop, on_table=on_table)
        self.loop: Loop = loop
        self.room = room
        self.end = _RoomEnd(self, side)
        self.closed: str | None = None
        room.join(self.end, side, name)

    def send(self, message: dict[str, Any]) -> None:
        text = encode(message)
        self.loop.soon(lambda: self._handle(text))

    def _handle(self, text: str) -> None:
        if self.closed is not None:
            return
        try:
            self.room.handle(self.end, parse_client_message(text))
        except ProtocolError as exc:
            self.end.send({"type": "error", "reason": str(exc), "fatal": False})

    def leave(self) -> None:
        self.closed = "left"
        self.room.leave(self.end)
