"""A host without the app (``ogames host --no-seat``, ``ogames server``): it listens, goes
on with the rooms it kept, opens the room asked for, prints the join lines, and serves
until Ctrl+C (or a SIGTERM) stops it."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import signal
import ssl
from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import OgamesError
from ..core.game import Game
from ..table.clock import ClockSetting
from .address import Address, join_line
from .host import Host
from .room import Holder, Room


@dataclass(frozen=True)
class NewRoom:
    """The room ``ogames host GAME`` opens: its game and who holds each seat."""

    game: Game
    seats: list[Holder]
    clock: ClockSetting | None = None


@dataclass
class HostPlan:
    """What a host serves and where."""

    bind: str = "127.0.0.1"
    port: int = 7878
    ssl_context: ssl.SSLContext | None = None
    many: bool = False
    room: NewRoom | None = None
    #: what is printed (one line at a time)
    say: Callable[[str], None] = print


def room_lines(room: Room, address: Address, own: int | None = None) -> list[str]:
    """The join line of every person's seat but ``own`` (the host's, played here), and
    the spectators'."""
    game = room.game
    lines = [f"room {room.id}: {game.rules.name} ({game.variant}), game {room.number}"
             + (f", clock {room.clock_setting}" if room.clock_setting else "")]
    for side, code in room.codes():
        if side == own:
            lines.append(f"  {game.sides[side]}: you, here")
        else:
            lines.append(f"  {game.sides[side]}: {join_line(address, code)}")
    for side, holder in enumerate(room.holders):
        if holder.kind == "computer":
            lines.append(f"  {game.sides[side]}: the computer ({holder.level})")
    lines.append(f"  spectators: {join_line(address, room.spectator_code())}")
    return lines


async def listen(host: Host) -> None:
    """Start ``host``; OgamesError with one line when it cannot listen."""
    try:
        await host.start()
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            reason = "the port is in use (another host? --port N takes another)"
        elif exc.errno == errno.EACCES:
            reason = "not allowed (a port under 1024 needs more rights)"
        else:
            reason = (exc.strerror or str(exc)).rstrip(".").lower()
        raise OgamesError(f"cannot listen on {host.bind}:{host.port}: {reason}") from None


async def serve(plan: HostPlan) -> None:
    """Serve until stopped (see the module's text)."""
    host = Host(bind=plan.bind, port=plan.port, ssl_context=plan.ssl_context, many=plan.many)
    await listen(host)
    address = host.address()
    for problem in host.resume_rooms():
        plan.say(f"warning: {problem}")
    going = [room for room in host.rooms.values() if not room.over]
    if going:
        plan.say(f"going on with {len(going)} room{'s' if len(going) != 1 else ''}")
    if plan.room is not None:
        room = host.open_room(plan.room.game, plan.room.seats, clock=plan.room.clock)
        going.append(room)
    if plan.many:
        plan.say(f"ogames server on {address}: players list and make rooms with "
                 f"ogames join {address}")
    for room in going:
        for line in room_lines(room, address):
            plan.say(line)
    plan.say("serving; Ctrl+C stops (the rooms are kept, and a host started again goes on "
             "with them)")
    await _until_stopped()
    await host.stop()


async def _until_stopped() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()


def run_host(plan: HostPlan) -> None:
    """``serve`` in its own event loop (blocking)."""
    asyncio.run(serve(plan))
