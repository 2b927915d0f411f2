"""Online play in the app, with Pilot: hosting from the picker (its seats set to "Person
elsewhere"), joining by the pasted join line, a takeback asked and answered, the clock
running down to a flag fall, and an opponent who drops and comes back. The other player is
a client table of this test (``Connection``), in the same event loop as the app."""

from __future__ import annotations

import contextlib
import socket

from textual.widgets import Button, Input, Select, Static

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.net.client import ClientTable
from ogames.net.connection import Connection
from ogames.net.host import Host
from ogames.net.room import Holder, Room
from ogames.table.clock import ClockSetting
from ogames.table.table import ELSEWHERE
from ogames.ui.app import OgamesApp
from ogames.ui.screens.confirm import ConfirmScreen
from ogames.ui.screens.online import HostScreen, JoinScreen, OnlineScreen
from ogames.ui.screens.online_game import HostedScreen, OnlineGameScreen
from ogames.ui.widgets.history import HistoryList
from tests.uihelp import SIZE, choose_in_picker, need, screen, status, ui_test
from tests.uihelp import wait_for as wait_until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def other_player(address, code: str) -> tuple[Connection, list[ClientTable]]:
    """The player elsewhere: a client table driven by the test."""
    tables: list[ClientTable] = []
    connection = Connection(address, code, name="Bob", on_table=tables.append)
    first = await connection.join()
    import asyncio

    asyncio.get_running_loop().create_task(connection.run(first))
    return connection, tables


def play(table: ClientTable, text: str) -> None:
    table.play(table.rules.parse_move(table.game.position, text))


async def type_move(pilot, text: str) -> None:
    await pilot.press("colon")
    await pilot.press(*text)
    await pilot.press("enter")


@ui_test
async def test_hosting_from_the_picker_shows_the_join_lines_and_plays():
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        seat = picker.query_one("#seat-1", Select)
        seat.value = ELSEWHERE
        await pilot.pause()
        assert picker.seats == {1: ELSEWHERE}
        assert picker.query_one("#name-1", Input).disabled
        picker.query_one("#start", Button).press()
        await wait_until(pilot, lambda: isinstance(app.screen, HostScreen)
                         and bool(app.screen.query("#go")))  # composed whole
        host_screen = app.screen
        assert "played elsewhere: Black" in str(host_screen.query_one("#summary").render())
        host_screen.query_one("#port", Input).value = "99999"
        host_screen.query_one("#go", Button).press()
        await pilot.pause()
        assert "1 to 65535" in str(host_screen.query_one("#host-error").render())
        host_screen.query_one("#port", Input).value = str(free_port())
        host_screen.query_one("#go", Button).press()
        await wait_until(pilot, lambda: isinstance(app.screen, HostedScreen))
        lines = app.screen.lines
        black = next(line for line in lines if line.strip().startswith("Black:"))
        assert "White: you, here" in "\n".join(lines)  # ours: no line to send
        words = black.split()
        await pilot.press("enter")
        s = screen(app)
        assert isinstance(s, OnlineGameScreen) and s.table.seat == 0
        from ogames.net.address import parse_address

        connection, tables = await other_player(parse_address(words[3]), words[4])
        await wait_until(pilot, lambda: tables and s.table.connected[1])
        await type_move(pilot, "c2:d2-c3")
        await wait_until(pilot, lambda: len(tables[0].game.plies) == 1)
        assert "waiting for Black's move" in status(app)
        play(tables[0], "c7:d7-c6")
        await wait_until(pilot, lambda: len(s.game.plies) == 2)
        assert "White" in status(app) and s.game.plies[1].text == "c7:d7-c6"
        await connection.close()


@contextlib.asynccontextmanager
async def ann_joined(clock: ClockSetting | None = None):
    """A host of an Ordo room in this loop, and the app joined to White's seat as Ann:
    yields the app, its pilot, the room, the host's address and Black's code."""
    need("ordo")
    host, room = await hosted(clock)
    (_, white), (_, black) = room.codes()
    app = OgamesApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await join_in_app(pilot, app, f"{host.address()} {white}")
            await wait_until(pilot, lambda: isinstance(app.screen, OnlineGameScreen))
            yield app, pilot, room, host.address(), black
    finally:
        await host.stop()


async def hosted(clock: ClockSetting | None = None) -> tuple[Host, Room]:
    host = Host(port=0)
    await host.start()
    game = Game.new(get_rules("ordo"))
    room = host.open_room(game, [Holder("person"), Holder("person")], clock=clock)
    return host, room


async def join_in_app(pilot, app, line: str) -> None:
    """Play online → Join, the line pasted, Join."""
    await choose_in_picker(pilot, "ordo")
    await pilot.press("p")
    await wait_until(pilot, lambda: isinstance(app.screen, OnlineScreen))
    await pilot.press("j")
    await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen)
                     and bool(app.screen.query("#go")))  # composed whole
    app.screen.query_one("#line", Input).value = line
    app.screen.query_one("#name", Input).value = "Ann"
    app.screen.query_one("#go", Button).press()
    await pilot.pause()


@ui_test
async def test_the_join_screen_says_what_is_wrong_then_joins():
    need("ordo")
    host, room = await hosted()
    (_, white), (_, black) = room.codes()
    address = host.address()
    app = OgamesApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await join_in_app(pilot, app, "ogames join here and there")
            error = app.screen.query_one("#join-error", Static)
            assert "paste the join line" in str(error.render())
            app.screen.query_one("#line", Input).value = "nowhere.invalid"  # a server?
            app.screen.query_one("#go", Button).press()
            await wait_until(pilot, lambda: "cannot reach" in str(error.render()))
            app.screen.query_one("#line", Input).value = f"{address} {white[:-3]}abc"
            app.screen.query_one("#go", Button).press()
            await wait_until(pilot, lambda: "refused" in str(error.render()))
            app.screen.query_one("#line", Input).value = f"ogames join {address} {white}"
            app.screen.query_one("#go", Button).press()
            await wait_until(pilot, lambda: isinstance(app.screen, OnlineGameScreen))
            s = screen(app)
            assert s.table.seat == 0 and room.game.players[0] == "Ann"
            connection, tables = await other_player(address, black)
            await wait_until(pilot, lambda: s.game.players[1] == "Bob")
            await connection.close()
    finally:
        await host.stop()


@ui_test
async def test_a_takeback_is_asked_of_the_other_player_who_may_decline():
    async with ann_joined() as (app, pilot, room, address, black):
        s = screen(app)
        connection, tables = await other_player(address, black)
        await wait_until(pilot, lambda: bool(tables))
        bob = tables[0]
        await type_move(pilot, "c2:d2-c3")
        await wait_until(pilot, lambda: len(bob.game.plies) == 1)
        await pilot.press("u")  # Ann asks: Bob says no
        await wait_until(pilot, lambda: bob.request is not None)
        assert "Takeback asked for" in status(app)
        bob.answer("takeback", False)
        await wait_until(pilot, lambda: "declines" in status(app))
        assert len(s.game.plies) == 1
        play(bob, "c7:d7-c6")
        await wait_until(pilot, lambda: len(s.game.plies) == 2)
        bob.undo()  # Bob asks: Ann is asked on her screen, and says yes
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = str(app.screen.query_one("#question").render())
        assert "Black asks to take back their last move" in question
        await pilot.press("y")
        await wait_until(pilot, lambda: len(s.game.plies) == 1 and len(bob.game.plies) == 1)
        assert [p.text for p in room.game.plies] == ["c2:d2-c3"]
        assert s.rules.to_move(s.game.position) == 1  # Black's move again
        assert "White accepts the takeback request" in status(app)
        await connection.close()


@ui_test
async def test_the_clock_runs_down_in_the_players_box_and_a_flag_ends_the_game():
    async with ann_joined(ClockSetting(0.03, 0)) as (app, pilot, room, address, black):
        s = screen(app)  # 1.8 seconds a side
        players = s.query_one("#players")
        assert "1.8" in str(players.render())  # nobody's time runs before a move
        connection, tables = await other_player(address, black)
        await type_move(pilot, "c2:d2-c3")
        await wait_until(pilot, lambda: s.table.clock is not None
                         and s.table.clock.running == 1)
        await wait_until(pilot, lambda: s.game.outcome() is not None)
        assert "time ran out" in str(s.query_one("#banner").render())
        history = s.query_one(HistoryList)
        last = history.get_option_at_index(history.option_count - 1)
        assert str(last.prompt).strip() == "Black ran out of time"
        assert s.table.kept_path is not None and s.table.kept_path.exists()
        assert "0.0" in str(players.render())
        await connection.close()


@ui_test
async def test_an_opponent_who_drops_is_shown_away_and_comes_back():
    async with ann_joined() as (app, pilot, room, address, black):
        s = screen(app)
        players = s.query_one("#players")
        assert "away" in str(players.render())  # Black has not come yet
        connection, tables = await other_player(address, black)
        await wait_until(pilot, lambda: "away" not in str(players.render()))
        await type_move(pilot, "c2:d2-c3")
        await connection.close()  # Black's machine drops
        await wait_until(pilot, lambda: "not connected just now" in status(app))
        assert "away" in str(players.render())
        again, tables = await other_player(address, black)  # and comes back
        await wait_until(pilot, lambda: "not connected" not in status(app))
        assert len(tables[0].game.plies) == 1  # with the game as it was
        play(tables[0], "c7:d7-c6")
        await wait_until(pilot, lambda: len(s.game.plies) == 2)
        await again.close()


@ui_test
async def test_a_servers_open_rooms_are_listed_and_a_free_seat_taken():
    from textual.widgets import OptionList

    from ogames.net.lobby import create

    need("onitama")
    host = Host(port=0, many=True)
    await host.start()
    made = create(host, {"type": "create", "game": "onitama", "open": True,
                         "seats": [{"kind": "person"}, {"kind": "computer", "level": "easy"}]})
    app = OgamesApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await join_in_app(pilot, app, str(host.address()))
            listing = app.screen.query_one("#rooms", OptionList)
            await wait_until(pilot, lambda: listing.option_count == 1)
            assert "Onitama" in str(listing.get_option_at_index(0).prompt)
            listing.highlighted = 0
            listing.action_select()
            await wait_until(pilot, lambda: isinstance(app.screen, OnlineGameScreen))
            room = host.rooms[made["room"]]
            assert room.free_seats() == [] and screen(app).table.seat == 0
            assert host.listing() == []  # no free seat left to list
    finally:
        await host.stop()
