"""A room of an online game: the one table that decides (the host's), who holds each seat,
the connections, the requests one seat makes of the others, and the room's file.

The room's table is the authority: a move counts when the host's engine has played it.
Every seat is a seat elsewhere or the computer's (the person at the host's own keyboard
plays through a connection too, one inside the process), so nobody browses the
authority's history: its cursor is always at the end. Each connection is sent only what
its seat may see (:mod:`ogames.net.sight`), after every change.

A request — a draw, a takeback, a rematch — is answered by every other seat: the computer
at once (it takes a draw when it judges itself no better than level, and agrees to the
rest), people by an ``answer`` message; one no declines it, and a move made meanwhile
lets it lapse. A rematch is a new game in the same room with the seats turned round (two
players swap sides), each person keeping their code.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..core.errors import IllegalMoveError, NotationError, OgamesError, refusal_reason
from ..core.game import Game
from ..core.quoting import shown
from ..table.clock import Clock, ClockSetting
from ..table.loop import Loop
from ..table.seats import is_computer_name, player_name
from ..table.table import CHANGED, FAILED, Event, Table
from . import sight
from .protocol import (
    MAX_SAY,
    PROTOCOL,
    ProtocolError,
    digest,
    new_secret,
    same_secret,
    seat_code,
)

log = logging.getLogger("ogames.net")

#: the longest player name a room keeps
MAX_NAME = 30


class Peer(Protocol):
    """One connection as a room sees it."""

    #: the seat it holds (a side index), or ``sight.SPECTATOR``
    side: int

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, reason: str) -> None: ...


@dataclass
class Holder:
    """Who holds a seat: a person (with the secret of their code, and the name they gave)
    or the computer at a level."""

    kind: str = "person"
    secret: str = ""
    level: str | None = None
    name: str = "?"
    #: a lobby has handed its code out (the seat is no longer free to claim)
    claimed: bool = False

    def data(self) -> dict[str, Any]:
        return {"kind": self.kind, "secret": self.secret, "level": self.level,
                "name": self.name, "claimed": self.claimed}


@dataclass
class Request:
    """A request a seat made of the others, and who has yet to answer it."""

    offer: str
    by: int
    waiting: set[int] = field(default_factory=set)


class Room:
    """One room (see the module's text). ``saved`` is called after every change with the
    room, to keep its file (the host's store)."""

    def __init__(self, room_id: str, game: Game, holders: list[Holder], *, loop: Loop,
                 spectator: str = "", clock: ClockSetting | None = None, number: int = 1,
                 listed: bool = False,
                 saved: Callable[[Room], None] | None = None) -> None:
        self.id = room_id
        self.holders = holders
        self.spectator = spectator or new_secret()
        self.clock_setting = clock
        self.number = number
        #: shown in a server's lobby, where anyone may claim a free seat
        self.listed = listed
        self.loop = loop
        self.saved = saved
        self.peers: dict[int, Peer] = {}
        self.spectators: list[Peer] = []
        self.request: Request | None = None
        #: the plies each connection has been sent (a move sent as one ply after them)
        self._sent = 0
        self.table = self._table(game)

    def _table(self, game: Game, clock: Clock | None = None) -> Table:
        levels = {i: h.level or "easy" for i, h in enumerate(self.holders)
                  if h.kind == "computer"}
        people = [i for i, h in enumerate(self.holders) if h.kind != "computer"]
        game.players = tuple(player_name(levels[i]) if i in levels else self.holders[i].name
                             for i in range(len(self.holders)))
        if clock is None and self.clock_setting is not None:
            clock = Clock.new(self.clock_setting, len(self.holders))
        table = Table(game, levels, elsewhere=people, clock=clock, loop=self.loop)
        game.goto(len(game.plies))
        self._sent = len(game.plies)
        table.listen(self._changed)
        table.settle(changed=False)
        return table

    @property
    def game(self) -> Game:
        return self.table.game

    def codes(self) -> list[tuple[int, str]]:
        """(side, code) of every person's seat."""
        return [(i, seat_code(self.id, h.secret)) for i, h in enumerate(self.holders)
                if h.kind == "person"]

    def spectator_code(self) -> str:
        return seat_code(self.id, self.spectator)

    @property
    def over(self) -> bool:
        return self.game.outcome() is not None

    def free_seats(self) -> list[int]:
        """The people's seats nobody is connected to, nor has claimed in a lobby."""
        return [i for i, h in enumerate(self.holders) if h.kind == "person"
                and i not in self.peers and not h.claimed]

    # ----- joining and leaving -----------------------------------------------------------

    def seat_of(self, secret: str) -> int | None:
        """The seat whose code has ``secret`` (``sight.SPECTATOR`` for the spectators'),
        or None. Every secret is compared, each in constant time."""
        found = None
        for i, holder in enumerate(self.holders):
            if holder.kind == "person" and same_secret(secret, holder.secret):
                found = i
        if same_secret(secret, self.spectator):
            found = sight.SPECTATOR
        return found

    def join(self, peer: Peer, side: int, name: str | None = None) -> None:
        """``peer`` takes ``side`` (a connection already there gives way: the same person
        come back) and is sent the whole game."""
        peer.side = side
        if side == sight.SPECTATOR:
            self.spectators.append(peer)
        else:
            old = self.peers.get(side)
            self.peers[side] = peer
            if old is not None and old is not peer:
                old.close("this seat was taken up by a new connection with its code")
            self._name(side, name)
        peer.send(self.whole(side))
        self._send_seats()

    def _name(self, side: int, name: str | None) -> None:
        """The name a person gave when joining, kept for the players box and the record
        (control characters made visible, a computer's name refused)."""
        if not name or self.over:
            return
        name = shown(" ".join(name.split()), MAX_NAME)
        if not name or is_computer_name(name):
            return
        self.holders[side].name = name
        players = list(self.game.players)
        players[side] = name
        self.game.players = tuple(players)

    def leave(self, peer: Peer) -> None:
        if peer in self.spectators:
            self.spectators.remove(peer)
            return
        if self.peers.get(peer.side) is peer:
            del self.peers[peer.side]
            self._send_seats()

    def close(self) -> None:
        self.table.close()
        for peer in [*self.peers.values(), *self.spectators]:
            peer.close("the host has closed")

    # ----- what is sent ----------------------------------------------------------------------

    def seats_data(self) -> list[dict[str, Any]]:
        return [{"kind": h.kind, "level": h.level, "name": self.game.players[i],
                 "connected": h.kind == "computer" or i in self.peers}
                for i, h in enumerate(self.holders)]

    def whole(self, side: int) -> dict[str, Any]:
        """The ``game`` message for ``side``: everything, from the start."""
        game = self.game
        message = {"type": "game", "protocol": PROTOCOL, "room": self.id,
                   "number": self.number, "seat": None if side == sight.SPECTATOR else side,
                   "game": game.rules.id, "variant": game.variant,
                   "sides": list(game.sides), "players": list(game.players),
                   "seats": self.seats_data(), "clock": self._clock(),
                   "request": self._request_data()}
        message.update(sight.whole_game(game, side))
        return message

    def _clock(self) -> dict[str, Any] | None:
        clock = self.table.clock
        return None if clock is None else clock.state(self.loop.now())

    def _request_data(self) -> dict[str, Any] | None:
        request = self.request
        if request is None:
            return None
        return {"offer": request.offer, "by": request.by, "waiting": sorted(request.waiting)}

    def each(self) -> list[Peer]:
        return [*self.peers.values(), *self.spectators]

    def broadcast(self, make: Callable[[int], dict[str, Any]]) -> None:
        for peer in self.each():
            peer.send(make(peer.side))

    def _send_seats(self) -> None:
        message = {"type": "seats", "number": self.number, "seats": self.seats_data()}
        self.broadcast(lambda side: message)

    # ----- changes of the game ---------------------------------------------------------------

    def _changed(self, event: Event) -> None:
        """After every change of the table: tell every connection what it may see, and
        keep the room's file."""
        if event.kind == FAILED:
            log.error("room %s: %s", self.id, event.message)
            return
        if event.kind != CHANGED:
            return
        game = self.game
        if self.request is not None and self.request.offer != "rematch":
            if event.played is not None:
                self._lapse()
        if len(game.plies) == self._sent + 1 and event.played is not None:
            index = self._sent
            clock, ended = self._clock(), sight.outcome_data(game)

            def moved(side: int) -> dict[str, Any]:
                return {"type": "moved", "number": self.number, "ply": index + 1,
                        **sight.ply_entry(game, index, side), "clock": clock,
                        "outcome": ended}

            self.broadcast(moved)
        else:
            self.broadcast(self.whole)
        self._sent = len(game.plies)
        if self.saved is not None:
            self.saved(self)

    def _lapse(self) -> None:
        request, self.request = self.request, None
        if request is not None:
            message = {"type": "answered", "number": self.number, "offer": request.offer,
                       "by": None, "accept": False, "lapsed": True}
            self.broadcast(lambda side: message)

    # ----- what a seat asks ------------------------------------------------------------------

    def handle(self, peer: Peer, message: dict[str, Any]) -> None:
        """A checked message (``protocol.parse_client_message``) from ``peer``. Raises
        ProtocolError for what is not the sender's to ask now (the host answers it with
        an error)."""
        kind = message["type"]
        side = peer.side
        if kind == "sync":
            peer.send(self.whole(side))
            return
        if side == sight.SPECTATOR:
            raise ProtocolError("a spectator only watches")
        handler = {"move": self._move, "takeback": self._takeback, "draw": self._draw,
                   "resign": self._resign, "rematch": self._rematch, "answer": self._answer,
                   "say": self._say}.get(kind)
        if handler is None:
            raise ProtocolError(f"a {kind} message is for a server's lobby, not a room")
        handler(peer, message)

    def _move(self, peer: Peer, message: dict[str, Any]) -> None:
        game, side = self.game, peer.side
        if self.over:
            raise ProtocolError("the game is over")
        if game.rules.to_move(game.position) != side:
            raise ProtocolError(f"it is {game.sides[game.rules.to_move(game.position)]}'s "
                                "turn, not yours")
        if message["ply"] != len(game.plies) or message["digest"] != self._digest(side):
            peer.send({"type": "refused", "number": self.number, "ply": message["ply"],
                       "reason": "your game is out of step with the host's; here it is "
                                 "again"})
            peer.send(self.whole(side))
            return
        text = message["move"]
        try:
            move = game.rules.parse_move(game.position, text)
            self.table.play(move)
        except (NotationError, IllegalMoveError) as exc:
            peer.send({"type": "refused", "number": self.number, "ply": message["ply"],
                       "reason": refusal_reason(text, exc)})
        except OgamesError as exc:
            peer.send({"type": "refused", "number": self.number, "ply": message["ply"],
                       "reason": str(exc)})

    def _digest(self, side: int) -> str:
        return digest(sight.world_text(self.game, len(self.game.plies), side))

    def _resign(self, peer: Peer, message: dict[str, Any]) -> None:
        if self.over:
            raise ProtocolError("the game is over")
        self.table.resign(peer.side)

    def _say(self, peer: Peer, message: dict[str, Any]) -> None:
        text = shown(" ".join(message["text"].split()), MAX_SAY)
        if not text:
            return
        said = {"type": "said", "number": self.number, "by": peer.side,
                "name": self.game.players[peer.side], "text": text}
        self.broadcast(lambda side: said)

    # ----- requests ---------------------------------------------------------------------------

    def _draw(self, peer: Peer, message: dict[str, Any]) -> None:
        if self.over:
            raise ProtocolError("the game is over")
        self._ask("draw", peer.side)

    def _takeback(self, peer: Peer, message: dict[str, Any]) -> None:
        if self.over:
            raise ProtocolError("the game is over")
        if self._takeback_target(peer.side) is None:
            raise ProtocolError("you have no move to take back")
        self._ask("takeback", peer.side)

    def _rematch(self, peer: Peer, message: dict[str, Any]) -> None:
        if not self.over:
            raise ProtocolError("a rematch is asked for once the game is over")
        self._ask("rematch", peer.side)

    def _ask(self, offer: str, side: int) -> None:
        if self.request is not None:
            if self.request.offer == offer and self.request.by != side:
                self._answer_one(side, True)  # asked both ways: that is a yes
                return
            raise ProtocolError(f"the {self.request.offer} request is waiting for its answer")
        waiting = set()
        for i, holder in enumerate(self.holders):
            if i == side:
                continue
            if holder.kind == "computer":
                if offer == "draw" and not self._computer_draws(i):
                    self._tell_answer(offer, side, i, False)
                    return
            else:
                waiting.add(i)
        self.request = Request(offer, side, waiting)
        message = {"type": "offer", "number": self.number, "offer": offer, "by": side,
                   "waiting": sorted(waiting)}
        self.broadcast(lambda s: message)
        if not waiting:
            self._grant()

    def _computer_draws(self, side: int) -> bool:
        from ..ai.draw_offer import accepts_draw

        return accepts_draw(self.game.rules, self.game.position, side)

    def _answer(self, peer: Peer, message: dict[str, Any]) -> None:
        request = self.request
        if request is None or request.offer != message["offer"]:
            raise ProtocolError(f"there is no {message['offer']} request to answer")
        if peer.side not in request.waiting:
            raise ProtocolError(f"the {request.offer} request is not yours to answer")
        self._answer_one(peer.side, message["accept"])

    def _answer_one(self, side: int, accept: bool) -> None:
        request = self.request
        assert request is not None
        request.waiting.discard(side)
        if not accept:
            self.request = None
        if accept and not request.waiting:
            self._grant()  # the change first, then who said yes: the last word stays
        self._tell_answer(request.offer, request.by, side, accept)

    def _tell_answer(self, offer: str, by: int, side: int, accept: bool) -> None:
        message = {"type": "answered", "number": self.number, "offer": offer,
                   "by": side, "accept": accept, "asked_by": by}
        self.broadcast(lambda s: message)

    def _grant(self) -> None:
        """Every seat has said yes: do what was asked."""
        request, self.request = self.request, None
        if request is None:
            return
        if request.offer == "draw":
            self.table.agree_draw()
        elif request.offer == "takeback":
            target = self._takeback_target(request.by)
            if target is not None:
                self.table.take_back_to(target)
        else:
            self.rematch()

    def _takeback_target(self, side: int) -> int | None:
        """The ply count before ``side``'s last move (its move and any answers to it are
        taken back), or None when it has made none."""
        game = self.game
        to_move = game.rules.to_move
        for target in range(len(game.plies) - 1, -1, -1):
            if to_move(game.position_at(target)) == side:
                return target
        return None

    def rematch(self) -> None:
        """A new game in this room with the seats turned round (two players swap)."""
        old = self.game
        self.table.forget(self._changed)
        self.table.close()
        self.holders = self.holders[1:] + self.holders[:1]
        self.number += 1
        game = Game.new(old.rules, old.variant)
        self.table = self._table(game)
        moved = {peer: (peer.side + len(self.holders) - 1) % len(self.holders)
                 for peer in self.peers.values()}
        self.peers = {side: peer for peer, side in moved.items()}
        for peer, side in moved.items():
            peer.side = side
        self.broadcast(self.whole)
        if self.saved is not None:
            self.saved(self)

    # ----- the room's file -----------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        """Everything a restarted host needs to go on with this room."""
        from ..core.savefile import format_game

        return {"format": 1, "room": self.id, "number": self.number,
                "holders": [h.data() for h in self.holders], "spectator": self.spectator,
                "clock": self._clock(), "listed": self.listed,
                "game": format_game(self.game)}

    @classmethod
    def from_data(cls, data: dict[str, Any], *, loop: Loop,
                  saved: Callable[[Room], None] | None = None) -> Room:
        """A room from its file's data (ValueError, KeyError, TypeError or a SaveFileError
        when it cannot be)."""
        from ..core.savefile import parse_game

        if data.get("format") != 1:
            raise ValueError("a room file of another format")
        game = parse_game(str(data["game"]))
        holders = [replace(Holder(), **{k: v for k, v in h.items() if k in
                                        ("kind", "secret", "level", "name", "claimed")})
                   for h in data["holders"]]
        if len(holders) != len(game.sides):
            raise ValueError("the room's seats do not match its game")
        clock_data = data.get("clock")
        setting = ClockSetting.parse(clock_data["setting"]) if clock_data else None
        room = cls(str(data["room"]), game, holders, loop=loop,
                   spectator=str(data["spectator"]), clock=setting,
                   number=int(data.get("number", 1)), listed=bool(data.get("listed")),
                   saved=saved)
        if clock_data:
            room.table.clock = Clock.from_state(clock_data, loop.now())
            room.table.settle(changed=False)
        return room
