"""A server's lobby (``ogames server``): rooms made on request, and listed rooms whose free
seats anyone on the network may claim.

A room is made by a ``create`` message (the game, its seats, a clock): the answer holds a
code for each person's seat, as a host's join lines do. A room made ``open`` is listed in
the lobby while it has a seat nobody holds; a ``claim`` hands out one such seat's code, once.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..ai.levels import LEVELS
from ..core.errors import OgamesError
from ..core.game import Game
from ..core.registry import find_rules
from ..table.clock import ClockSetting
from .protocol import ProtocolError, seat_code
from .room import Holder, Room


class Host(Protocol):
    """What the lobby needs of the host (``ogames.net.host.Host``)."""

    rooms: dict[str, Room]

    def open_room(self, game: Game, seats: list[Holder], *,
                  clock: ClockSetting | None = None, listed: bool = False) -> Room: ...

    def keep(self, room: Room) -> None: ...

#: the most rooms one server keeps going at once
MOST_ROOMS = 2000


def create(host: Host, message: dict[str, Any]) -> dict[str, Any]:
    """Make the room ``message`` asks for; the answer with its codes."""
    if len([r for r in host.rooms.values() if not r.over]) >= MOST_ROOMS:
        raise ProtocolError(f"this server has {MOST_ROOMS} games going: try later")
    try:
        rules = find_rules(message["game"])
        variant = rules.parse_variant(message.get("variant"))
        seed = message.get("seed") if rules.uses_seed else None
        game = Game.new(rules, variant, seed)
        clock = ClockSetting.parse(message["clock"]) if message.get("clock") else None
    except OgamesError as exc:
        raise ProtocolError(str(exc)) from None
    seats = message["seats"]
    if len(seats) != len(game.sides):
        raise ProtocolError(f"{rules.name} ({variant}) has {len(game.sides)} seats, not "
                            f"{len(seats)}")
    holders = []
    for seat in seats:
        if seat["kind"] == "computer":
            level = seat.get("level") or "easy"
            if level not in LEVELS:
                raise ProtocolError(f"unknown level '{level}'; choose one of "
                                    f"{', '.join(LEVELS)}")
            holders.append(Holder("computer", level=level))
        else:
            holders.append(Holder("person"))
    if not any(h.kind == "person" for h in holders):
        raise ProtocolError("a room needs at least one person's seat")
    room = host.open_room(game, holders, clock=clock, listed=bool(message.get("open")))
    return {"type": "created", "room": room.id,
            "codes": [{"side": side, "code": code} for side, code in room.codes()],
            "spectator": room.spectator_code()}


def claim(host: Host, room_id: str) -> dict[str, Any]:
    """The code of a free seat of a listed room, handed out once."""
    room = host.rooms.get(room_id)
    if room is None or not room.listed or room.over:
        raise ProtocolError("no open room of this server has that name")
    free = room.free_seats()
    if not free:
        raise ProtocolError("that room is full")
    side = free[0]
    room.holders[side].claimed = True
    host.keep(room)
    return {"type": "claimed", "room": room.id, "side": side,
            "code": seat_code(room.id, room.holders[side].secret)}
