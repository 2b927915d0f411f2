"""A room without a network: its table decides, each seat is sent what it may see, and the
requests one seat makes (a takeback, a draw, a rematch) are answered by the others. The
peers here are plain objects that keep what they are sent, decoded as a client decodes it;
the loop is a ``StepLoop``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, parse_game
from ogames.net import sight
from ogames.net.client import ClientTable, Link
from ogames.net.protocol import ProtocolError, digest, encode, new_secret
from ogames.net.room import Holder, Room
from ogames.table import computer as computer_module
from ogames.table.clock import ClockSetting
from tests.tablehelp import StepLoop


class FakePeer:
    def __init__(self) -> None:
        self.side = sight.SPECTATOR
        self.sent: list[dict[str, Any]] = []
        self.closed: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(encode(message)))

    def close(self, reason: str) -> None:
        self.closed = reason

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.sent) if m["type"] == kind)


def ordo_room(loop: StepLoop, **kwargs: Any) -> tuple[Room, FakePeer, FakePeer]:
    game = Game.new(get_rules("ordo"))
    room = Room("abcd", game, [Holder("person", new_secret()), Holder("person", new_secret())],
                loop=loop, **kwargs)
    white, black = FakePeer(), FakePeer()
    room.join(white, 0, "Ann")
    room.join(black, 1, "Bob")
    return room, white, black


def move(room: Room, peer: FakePeer, text: str) -> None:
    game = room.game
    room.handle(peer, {"type": "move", "ply": len(game.plies), "move": text,
                       "digest": digest(sight.world_text(game, len(game.plies), peer.side))})


def test_a_seat_is_found_by_its_secret_alone() -> None:
    room, _, _ = ordo_room(StepLoop())
    assert room.seat_of(room.holders[1].secret) == 1
    assert room.seat_of(room.spectator) == sight.SPECTATOR
    assert room.seat_of(new_secret()) is None
    assert [side for side, _ in room.codes()] == [0, 1]


def test_each_seat_is_sent_the_game_then_each_move() -> None:
    loop = StepLoop()
    room, white, black = ordo_room(loop)
    first = black.last("game")
    assert first["seat"] == 1 and first["players"] == ["Ann", "Bob"] and first["ply"] == 0
    move(room, white, "c2:d2-c3")
    moved = black.last("moved")
    assert moved["ply"] == 1 and moved["move"] == "c2:d2-c3"
    assert set(moved["cells"]) == {"c2", "d2", "c3"} and moved["outcome"] is None
    assert moved["digest"] == digest(moved["position"])
    assert white.last("moved") == moved  # nothing is hidden in Ordo: the same for both


def test_a_move_out_of_turn_or_out_of_step_is_not_played() -> None:
    room, white, black = ordo_room(StepLoop())
    with pytest.raises(ProtocolError, match="White's turn"):
        move(room, black, "c7:d7-c6")
    room.handle(white, {"type": "move", "ply": 0, "digest": "0" * 16, "move": "c2:d2-c3"})
    assert "out of step" in white.last("refused")["reason"]
    assert white.sent[-1]["type"] == "game"  # and the whole game again
    move(room, white, "c2-c9")
    assert white.last("refused")["reason"] and not room.game.plies
    room.handle(white, {"type": "move", "ply": 0, "move": "e3-e4", "digest": digest(
        sight.world_text(room.game, 0, 0))})
    assert len(room.game.plies) == 1


def test_a_takeback_needs_the_others_yes() -> None:
    room, white, black = ordo_room(StepLoop())
    move(room, white, "c2:d2-c3")
    move(room, black, "c7:d7-c6")
    room.handle(black, {"type": "takeback"})
    offer = white.last("offer")
    assert offer["offer"] == "takeback" and offer["by"] == 1 and offer["waiting"] == [0]
    with pytest.raises(ProtocolError, match="not yours"):
        room.handle(black, {"type": "answer", "offer": "takeback", "accept": True})
    room.handle(white, {"type": "answer", "offer": "takeback", "accept": False})
    assert len(room.game.plies) == 2 and room.request is None
    assert black.last("answered")["accept"] is False
    room.handle(black, {"type": "takeback"})
    room.handle(white, {"type": "answer", "offer": "takeback", "accept": True})
    assert [p.text for p in room.game.plies] == ["c2:d2-c3"]
    with pytest.raises(ProtocolError, match="no move to take back"):
        room2, w2, _ = ordo_room(StepLoop())
        room2.handle(w2, {"type": "takeback"})


def test_a_move_lets_a_draw_offer_lapse_and_a_yes_ends_the_game() -> None:
    room, white, black = ordo_room(StepLoop())
    room.handle(white, {"type": "draw"})
    move(room, white, "c2:d2-c3")  # White moves on: the offer stands no longer
    assert room.request is None and black.last("answered")["lapsed"]
    room.handle(black, {"type": "draw"})
    room.handle(white, {"type": "answer", "offer": "draw", "accept": True})
    assert room.game.outcome().reason == "draw agreed"
    ended = black.last("game")["outcome"]
    assert ended["result"] == "1/2-1/2" and parse_game(ended["record"]).outcome() == \
        room.game.outcome()


def test_the_computer_answers_a_draw_at_once(monkeypatch) -> None:
    monkeypatch.setattr(computer_module, "choose",
                        lambda game, level, seed, stop: game.legal_moves()[0])
    rules = get_rules("ordo")
    ahead = "2BBBBBB2/2BBBBBB2/10/10/10/10/10/4WW4 w"
    game = Game.from_position(rules, rules.parse_position(ahead))
    room = Room("wxyz", game, [Holder("person", new_secret()), Holder("computer", level="easy")],
                loop=StepLoop())
    white = FakePeer()
    room.join(white, 0)
    room.handle(white, {"type": "draw"})
    assert white.last("answered") == {"type": "answered", "number": 1, "offer": "draw",
                                      "by": 1, "accept": False, "asked_by": 0}
    assert room.game.outcome() is None and room.request is None


def test_a_rematch_turns_the_seats_round() -> None:
    room, white, black = ordo_room(StepLoop())
    room.handle(white, {"type": "resign"})
    assert room.over
    room.handle(black, {"type": "rematch"})
    room.handle(white, {"type": "answer", "offer": "rematch", "accept": True})
    assert room.number == 2 and not room.game.plies
    assert white.side == 1 and black.side == 0
    again = black.last("game")
    assert again["number"] == 2 and again["seat"] == 0 and again["players"] == ["Bob", "Ann"]


def test_messages_are_one_line_with_control_characters_shown() -> None:
    room, white, black = ordo_room(StepLoop())
    room.handle(white, {"type": "say", "text": "hi\x1b[31m  there\nBob " + "x" * 500})
    said = black.last("said")
    assert said["text"].startswith("hi\\x1b[31m there Bob x") and len(said["text"]) <= 201
    assert "\n" not in said["text"] and said["by"] == 0 and said["name"] == "Ann"
    spectator = FakePeer()
    room.join(spectator, sight.SPECTATOR)
    with pytest.raises(ProtocolError, match="only watches"):
        room.handle(spectator, {"type": "say", "text": "boo"})


def test_a_room_comes_back_from_its_file_as_it_was() -> None:
    loop = StepLoop()
    room, white, _ = ordo_room(loop, clock=ClockSetting(5, 2))
    move(room, white, "c2:d2-c3")
    loop.advance(10)
    data = json.loads(json.dumps(room.data()))
    back = Room.from_data(data, loop=loop)
    assert format_game(back.game) == format_game(room.game)
    assert back.seat_of(room.holders[0].secret) == 0 and back.spectator == room.spectator
    assert back.table.clock.running == 1
    assert back.table.clock.remaining(1, loop.now()) == pytest.approx(290, abs=0.01)
    with pytest.raises(ValueError):
        Room.from_data({**data, "format": 2}, loop=loop)


def test_the_clock_kept_by_the_room_ends_the_game_on_time() -> None:
    loop = StepLoop()
    room, white, black = ordo_room(loop, clock=ClockSetting(1, 0))
    move(room, white, "c2:d2-c3")
    loop.advance(61)
    ended = white.last("game")["outcome"]
    assert ended["reason"] == "time forfeit" and ended["flagged"] == 1
    assert ended["result"] == "1-0"


# ----- a client table against a room ---------------------------------------------------------


class RoomLink(Link):
    """A client table's link straight into a room (each way at once: no loop between, but
    what the table sends waits while ``held``)."""

    def __init__(self, room: Room, side: int) -> None:
        super().__init__()
        self.room = room
        self.peer = FakePeer()
        self.peer.send = lambda m: self.deliver(json.loads(encode(m)))  # type: ignore
        self.held: list[dict[str, Any]] | None = None
        room.join(self.peer, side)

    def send(self, message: dict[str, Any]) -> None:
        if self.held is not None:
            self.held.append(message)
            return
        try:
            self.room.handle(self.peer, json.loads(encode(message)))
        except ProtocolError as exc:  # as the host answers it
            self.deliver({"type": "error", "reason": str(exc), "fatal": False})

    def release(self) -> None:
        held, self.held = self.held or [], None
        for message in held:
            self.send(message)


def test_a_client_table_shows_its_move_at_once_and_takes_a_refusal_back() -> None:
    game = Game.new(get_rules("oferhlyp"))
    room = Room("oooo", game, [Holder("person", "a" * 26), Holder("person", "b" * 26)],
                loop=StepLoop())
    dark = RoomLink(room, 0)
    table: ClientTable = dark.table
    rules = table.rules
    first = rules.legal_moves(table.game.position)[0]
    table.play(first)
    assert len(table.game.plies) == 1 and table.pending is None  # confirmed at once here
    assert table.game.plies[0].text == rules.move_text(game.start, first)
    light = RoomLink(room, 1)
    light_table: ClientTable = light.table
    assert [p.text for p in light_table.game.plies] == [p.text for p in table.game.plies]
    light_table.play(rules.legal_moves(light_table.game.position)[0])
    dark.held = []  # Dark's next move is on its way while Light resigns
    table.play(rules.legal_moves(table.game.position)[0])
    assert len(table.game.plies) == 3 and table.pending is not None  # shown at once
    light_table.resign(1)
    dark.release()
    assert len(table.game.plies) == 2 and table.pending is None  # taken back
    assert "the game is over" in table.notice
    assert table.game.outcome() is not None and table.kept_path is not None
