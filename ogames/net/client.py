"""A seat of an online game, as its own app sees it: a table whose game is decided by the
host, kept in step with what the host sends.

``ClientTable`` is a :class:`~ogames.table.table.Table` like any other — the screen draws it
and the computer can play its seat (``ogames bot``) — but its changes are asked of the host:
a move is sent (and shown at once, then taken back with the host's reason if it is
refused), a takeback, a draw or a rematch is a request the other seats answer. What it
holds is what its seat may see: each position as the host sent it (``Rules.seat_world``),
each move as its seat may read it (:class:`SeenMove`); the whole game, every face, when it
is over, which is then kept among this machine's saved games.

Every message from the host names the plies played and the position's digest; a table that
finds itself out of step asks for the whole game again (``sync``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..core.autosave import Notice
from ..core.errors import IllegalMoveError, OgamesError
from ..core.game import Game, Ply
from ..core.registry import find_rules
from ..core.rules import Rules
from ..core.savefile import parse_game
from ..core.storage import save_to_library
from ..table.clock import Clock
from ..table.loop import Loop
from ..table.table import FAILED, OFFER, SAID, STATUS, DrawReply, Event, Played, Table
from .protocol import MAX_SAY, digest
from .sight import SPECTATOR

log = logging.getLogger("ogames.net")

#: the lines of the message box a table keeps
SAID_KEPT = 50


class OutOfStep(OgamesError):
    """What the host sent does not follow from what this table holds."""


@dataclass(frozen=True)
class SeenMove:
    """A move as one seat was sent it: its text as that seat may read it, and the cells it
    was entered by (the board marks the last move's)."""

    text: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Pending:
    """A move sent to the host and not yet answered: after ``ply`` plies, shown at once
    (``shown``) unless the game hides information (its result is the host's to tell)."""

    ply: int
    text: str
    shown: bool


class Link:
    """How a seat's table and its host talk (a WebSocket, or a room in the same process):
    the table's requests go out by ``send``; what the host says comes in by ``deliver``,
    which hands it to the table of its game, or makes a new game's table (the first, a
    rematch's) and tells ``on_table``."""

    def __init__(self, *, level: str | None = None, loop: Loop | None = None,
                 on_table: Callable[[ClientTable], None] | None = None) -> None:
        self.level = level
        self.loop = loop
        self.on_table = on_table
        self.table: ClientTable | None = None

    def send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def deliver(self, message: dict[str, Any]) -> None:
        table = self.table
        if message.get("type") == "game":
            if table is not None and int(message.get("number", 0)) == table.number:
                table.receive(message)
                return
            self.table = ClientTable(message, self, loop=self.loop, level=self.level)
            if self.on_table is not None:
                self.on_table(self.table)
            self.table.changed(False)
        elif table is not None and int(message.get("number", table.number)) == table.number:
            table.receive(message)


def read_game(rules: Rules, message: dict[str, Any]) -> Game:
    """The game of a ``game`` message: the whole record once it is over, else the positions
    and moves as this seat was sent them. Raises OutOfStep or a typed error when the
    message does not hold together."""
    ended = message.get("outcome")
    if ended and ended.get("record"):
        return parse_game(str(ended["record"]))
    start = read_position(rules, message["start"], message["start_digest"])
    game = Game(rules, start, rules.seed_of(start), tuple(message["players"]))
    for entry in message["plies"]:
        append_entry(game, entry)
    return game


def read_position(rules: Rules, text: str, expected: str) -> Any:
    pos = rules.parse_position(text)
    if digest(rules.format_position(pos)) != expected:
        raise OutOfStep("a position does not match its digest")
    return pos


def append_entry(game: Game, entry: dict[str, Any]) -> None:
    """Add a ply as the host sent it (the cursor goes with it if it was at the end)."""
    at_end = game.cursor == len(game.plies)
    pos = read_position(game.rules, entry["position"], entry["digest"])
    game.plies.append(Ply(SeenMove(str(entry["move"]), tuple(entry["cells"])),
                          str(entry["move"]), pos))
    if at_end:
        game.cursor = len(game.plies)


def adopt(game: Game, other: Game) -> None:
    """Make ``game`` (the one every screen and the computer hold) into ``other``."""
    for f in fields(Game):
        setattr(game, f.name, getattr(other, f.name))


class ClientTable(Table):
    """One seat's table of an online game (see the module's text). ``message``: the host's
    ``game`` message; ``level``: the computer plays this seat at that level (``ogames
    bot``)."""

    def __init__(self, message: dict[str, Any], link: Link, *, loop: Loop | None = None,
                 level: str | None = None) -> None:
        rules = find_rules(str(message["game"]))
        game = read_game(rules, message)
        seat = message.get("seat")
        self.seat = SPECTATOR if seat is None else int(seat)
        sides = len(game.sides)
        computer = {self.seat: level} if level and self.seat != SPECTATOR else None
        players = game.players
        super().__init__(game, computer, elsewhere=[i for i in range(sides)
                                                    if i != self.seat], loop=loop)
        game.players = players  # the names the host has, on every machine alike
        self.link = link
        self.room = str(message["room"])
        self.number = int(message["number"])
        self.connected: list[bool] = [True] * sides
        #: the connection to the host is up (else the status says it is being restored)
        self.online = True
        self.pending: Pending | None = None
        #: the request waiting for answers: {"offer", "by", "waiting"}
        self.request: dict[str, Any] | None = None
        #: the last thing the host said to this seat (a refusal, an answer)
        self.notice = ""
        #: the message box's lines, oldest first
        self.said: list[str] = []
        self.kept_path: Path | None = None
        self._notices: list[Notice] = []
        self.computer.game_for_thinking = snapshot_for(self)
        self._take(message)

    # ----- what the host sends -----------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        """A message from the host (already decoded) for this table's game."""
        kind = message.get("type")
        try:
            handler = {"game": self._game, "moved": self._moved, "refused": self._refused,
                       "seats": self._seats, "offer": self._offer, "answered": self._on_answer,
                       "said": self._said, "error": self._error}.get(str(kind))
            if handler is not None:
                handler(message)
        except (OutOfStep, OgamesError, KeyError, TypeError, ValueError) as exc:
            log.warning("out of step with the host (%s): asking for the game again", exc)
            self.link.send({"type": "sync"})

    def _take(self, message: dict[str, Any]) -> None:
        """The whole game's state as a ``game`` message has it (besides the positions)."""
        self._seats(message)
        self._set_clock(message.get("clock"))
        self.request = message.get("request")
        self._keep_if_over()

    def _game(self, message: dict[str, Any]) -> None:
        adopt(self.game, read_game(self.rules, message))
        self.pending = None
        self._take(message)
        self.changed(False)

    def _moved(self, message: dict[str, Any]) -> None:
        game, ply = self.game, int(message["ply"])
        pending = self.pending
        if pending is not None and pending.shown and pending.ply == ply - 1 \
                and len(game.plies) == ply:
            at_end = game.cursor == ply
            del game.plies[ply - 1:]  # the move shown at once: the host's takes its place
            game.cursor = ply - 1 if at_end else min(game.cursor, ply - 1)
            played = None
        elif len(game.plies) == ply - 1:
            before = game.position_at(ply - 1)
            played = Played(self.rules.to_move(before), before)
        else:
            raise OutOfStep(f"the host is at ply {ply}, this table at {len(game.plies)}")
        self.pending = None
        append_entry(game, message)
        self._set_clock(message.get("clock"))
        ended = message.get("outcome")
        if ended and ended.get("record"):
            adopt(game, parse_game(str(ended["record"])))
        self._keep_if_over()
        self.changed(True, played)

    def _refused(self, message: dict[str, Any]) -> None:
        pending, self.pending = self.pending, None
        game = self.game
        if pending is not None and pending.shown and len(game.plies) == pending.ply + 1:
            del game.plies[pending.ply:]
            game.cursor = min(game.cursor, pending.ply)
        self.notice = f"{pending.text if pending else 'the move'} was refused: " \
                      f"{message.get('reason', '')}"
        self.changed(False)
        self.emit(Event(FAILED, message=self.notice))

    def _seats(self, message: dict[str, Any]) -> None:
        seats = message.get("seats") or []
        self.connected = [bool(s.get("connected")) for s in seats] or self.connected
        names = [str(s.get("name") or "?") for s in seats]
        if len(names) == len(self.game.sides) and self.game.outcome() is None:
            self.game.players = tuple(names)
        if message.get("type") == "seats":
            self.settle(False)
            self.emit(Event(STATUS))

    def _offer(self, message: dict[str, Any]) -> None:
        self.request = {"offer": message["offer"], "by": message["by"],
                        "waiting": list(message.get("waiting", []))}
        by = self.game.sides[int(message["by"])]
        if self.seat in self.request["waiting"]:
            self.emit(Event(OFFER, message=_offer_words(message["offer"], by),
                            offer=str(message["offer"])))
        else:
            self.emit(Event(STATUS))

    def _on_answer(self, message: dict[str, Any]) -> None:
        offer = message["offer"]
        if message.get("lapsed"):
            self.notice = f"the {_OFFER_NAMES[offer]} lapsed: a move was made"
        else:
            side = self.game.sides[int(message["by"])]
            word = "accepts" if message["accept"] else "declines"
            self.notice = f"{side} {word} the {_OFFER_NAMES[offer]}"
        if not message["accept"]:
            self.request = None
        elif self.request is not None:
            waiting = [s for s in self.request["waiting"] if s != message["by"]]
            self.request["waiting"] = waiting
            if not waiting:
                self.request = None
        self.emit(Event(STATUS, message=self.notice))

    def _said(self, message: dict[str, Any]) -> None:
        by = message.get("by")
        side = self.game.sides[int(by)] if isinstance(by, int) else "?"
        name = str(message.get("name") or "")
        who = f"{side} ({name})" if name and name != "?" else side
        line = f"{who}: {str(message.get('text', ''))[:MAX_SAY]}"
        self.said = [*self.said, line][-SAID_KEPT:]
        self.emit(Event(SAID, message=line))

    def _error(self, message: dict[str, Any]) -> None:
        if self.pending is not None:  # the move in flight met a change (a race): not played
            self._refused(message)
            self.link.send({"type": "sync"})
            return
        self.notice = str(message.get("reason", ""))
        self.emit(Event(FAILED, message=self.notice))

    def _set_clock(self, data: dict[str, Any] | None) -> None:
        if data is None or self._loop is None:
            self.clock = None if data is None else self.clock
            return
        self.clock = Clock.from_state(data, self._loop.now())

    def _keep_if_over(self) -> None:
        """A game over (its whole record in): kept among this machine's saved games,
        once."""
        game = self.game
        if self.kept_path is not None or game.outcome() is None or not game.plies:
            return
        if any(isinstance(p.move, SeenMove) for p in game.plies):
            return  # not the record: the host sends it with the end
        try:
            self.kept_path = save_to_library(game)
        except OSError as exc:
            self._notices.append(Notice("Not kept", f"the game could not be kept in Saved "
                                                    f"games: {exc.strerror or exc}"))
            return
        self._notices.append(Notice("Game over",
                                    f"Kept in Saved games as {self.kept_path.name}"))

    def connection(self, up: bool, reason: str = "") -> None:
        """The connection to the host went down (``reason``: for good) or came back."""
        self.online = up
        message = reason
        if not up and self.pending is not None and not reason:
            message = "the connection dropped before the host answered your move"
        self.notice = message or self.notice
        self.settle(False)
        self.emit(Event(STATUS, message=message))

    # ----- the seat's changes, asked of the host -------------------------------------------------

    def play(self, move: Any) -> Ply:
        """Send ``move``; shown at once when nothing is hidden (the host's answer confirms
        it or takes it back). Raises IllegalMoveError when it cannot be sent now."""
        game, rules = self.game, self.rules
        self._check_turn()
        pos = game.position
        if move not in rules.moves(pos):
            raise IllegalMoveError("that move is not legal here")
        text = rules.move_text(pos, move)
        n = len(game.plies)
        shown = not rules.hidden_information
        message = {"type": "move", "ply": n, "digest": digest(rules.format_position(pos)),
                   "move": text}
        self.pending = Pending(n, text, shown)
        self.notice = ""
        if not shown:
            self.changed(False)
            self.link.send(message)
            return Ply(move, text, pos)
        ply = game.play(move)  # shown at once; the host's answer may come at once too
        self.changed(True, Played(rules.to_move(pos), pos))
        self.link.send(message)
        return ply

    def _check_turn(self) -> None:
        game = self.game
        if self.seat == SPECTATOR:
            raise IllegalMoveError("a spectator only watches")
        if not self.online:
            raise IllegalMoveError("the connection to the host is lost; it is being restored")
        if self.pending is not None:
            raise IllegalMoveError(f"{self.pending.text} is on its way to the host")
        if game.outcome() is not None:
            raise IllegalMoveError("the game is over")
        if game.cursor != len(game.plies):
            raise IllegalMoveError("you are looking back: go to the last move first")
        mover = self.rules.to_move(game.position)
        if mover != self.seat:
            raise IllegalMoveError(f"it is {game.sides[mover]}'s turn")

    def undo(self) -> bool:
        """Ask the others to take back this seat's last move."""
        return self._ask("takeback")

    def redo(self) -> bool:
        """Forward through the history only: nothing played is undone here."""
        done = self.game.redo()
        self.changed(False)
        return done

    def resign(self, side: int) -> None:
        self.link.send({"type": "resign"})

    def offer_draw(self, side: int) -> DrawReply:
        if self.game.outcome() is not None:
            return DrawReply("over", "the game is already over")
        self._ask("draw")
        return DrawReply("sent", self.notice)

    def rematch(self) -> bool:
        return self._ask("rematch")

    def _ask(self, offer: str) -> bool:
        if self.seat == SPECTATOR or not self.online:
            return False
        self.link.send({"type": offer})
        self.notice = _ASKED[offer]
        self.emit(Event(STATUS, message=self.notice))
        return True

    def answer(self, offer: str, accept: bool) -> None:
        self.link.send({"type": "answer", "offer": offer, "accept": accept})
        if self.request is not None and not accept:
            self.request = None

    def say(self, text: str) -> None:
        text = " ".join(text.split())[:MAX_SAY]
        if text and self.seat != SPECTATOR:
            self.link.send({"type": "say", "text": text})

    def agree_draw(self) -> None:
        raise IllegalMoveError("a draw is agreed by answering an offer")

    def take_back_to(self, plies: int) -> None:
        raise IllegalMoveError("a takeback is agreed by answering a request")

    # ----- what the table shows ----------------------------------------------------------------

    def may_think(self) -> bool:
        return self.pending is None and self.online

    def closed_for_others(self) -> str | None:
        game = self.game
        if self.pending is not None:
            return f"{self.pending.text} sent: waiting for the host"
        if not self.online:
            return "the connection to the host is lost: restoring it…"
        if game.outcome() is not None:
            return None
        if game.cursor != len(game.plies):
            return "looking back: U goes forward, or choose the last move in the list"
        mover = self.rules.to_move(game.position)
        if self.seat == SPECTATOR:
            return "watching"
        if mover != self.seat:
            away = "" if self.connected[mover] else " (not connected just now)"
            return f"waiting for {game.sides[mover]}'s move{away}"
        return None

    def _run_clock(self) -> None:
        """The host keeps the clock: this copy only runs down between its figures."""

    def ply_text(self, index: int, viewer: int | None) -> str:
        move = self.game.plies[index].move
        if isinstance(move, SeenMove):
            return move.text
        return super().ply_text(index, viewer)

    def ply_cells(self, index: int) -> frozenset[str]:
        move = self.game.plies[index].move
        if isinstance(move, SeenMove):
            return frozenset(move.cells)
        return super().ply_cells(index)

    def seat_notes(self) -> list[str]:
        """The clock, and who is not connected."""
        notes = super().seat_notes()
        return [" ".join(w for w in (note, "" if up else "away") if w)
                for note, up in zip(notes, self.connected, strict=False)]

    def sync(self, changed: bool = True) -> list[Notice]:
        """No autosave here (the host keeps the game): the notices of the game kept."""
        notices, self._notices = self._notices, []
        return notices


_OFFER_NAMES = {"draw": "draw offer", "takeback": "takeback request",
                "rematch": "rematch request"}
_ASKED = {"draw": "Draw offered: waiting for the answer",
          "takeback": "Takeback asked for: waiting for the answer",
          "rematch": "Rematch asked for: waiting for the answer"}


def _offer_words(offer: str, by: str) -> str:
    return {"draw": f"{by} offers a draw.",
            "takeback": f"{by} asks to take back their last move.",
            "rematch": f"{by} asks for a rematch, with the seats turned round."}[offer]


def snapshot_for(table: ClientTable) -> Callable[[], Game]:
    """What the computer thinks about for a client table: the history where nothing is
    hidden (a repetition rule needs it), else the seat's own position alone."""
    from ..table.computer import snapshot

    def game_for_thinking() -> Game:
        game = table.game
        if game.rules.hidden_information:
            return Game.from_position(game.rules, game.position)
        return snapshot(game)

    return game_for_thinking
