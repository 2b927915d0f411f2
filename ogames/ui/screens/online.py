"""Play online, from the picker: host the game chosen there (its seats set to "Person
elsewhere" are played from other machines, each with its own join line), or join a game
someone hosts by pasting the join line they sent."""

from __future__ import annotations

import socket

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core.errors import OgamesError
from ...core.game import Game
from ...net.address import DEFAULT_PORT, AddressError, parse_address, parse_join_line
from ...net.room import Holder
from ...net.serve import HostPlan, NewRoom
from ...table.clock import ClockSetting
from ...table.table import ELSEWHERE
from ..online import HostStart, JoinStart
from .leaving import LeavesOnce

_FORM_CSS = """
{screen} {{ align: center middle; }}
{screen} > Vertical {{
    width: 76; max-width: 100%; height: auto; border: thick $accent; background: $surface;
    padding: 0 1;
}}
{screen} .row {{ height: auto; }}
{screen} .row Static {{ width: 12; padding: 1 1 0 0; }}
{screen} .row Input {{ width: 1fr; }}
{screen} .error {{ color: $text-error; height: auto; }}
{screen} .buttons {{ height: auto; align-horizontal: center; }}
{screen} Button {{ margin: 0 2; }}
"""


class FormScreen(LeavesOnce, ModalScreen[None]):
    """A small form over the picker: its fields, a line for what is wrong, and a button
    that goes and one that goes back."""

    BINDINGS = [Binding("escape", "dismiss", "back")]

    def buttons(self, go: str, error_id: str) -> ComposeResult:
        yield Static("", classes="error", id=error_id)
        with Horizontal(classes="buttons"):
            yield Button(go, id="go", variant="primary")
            yield Button("Back", id="back")

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(None)


class OnlineScreen(LeavesOnce, ModalScreen[None]):
    """Play online: host the game chosen in the picker, or join one."""

    DEFAULT_CSS = _FORM_CSS.format(screen="OnlineScreen")
    BINDINGS = [Binding("h", "host", "host"), Binding("j", "join", "join"),
                Binding("escape", "dismiss", "back")]

    def __init__(self, game: Game, seats: dict[int, str]) -> None:
        super().__init__()
        self.game = game
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Play {self.game.rules.name} with people on other machines.")
            with Horizontal(classes="buttons"):
                yield Button("Host this game (h)", id="host", variant="primary")
                yield Button("Join a game (j)", id="join")

    @on(Button.Pressed, "#host")
    def action_host(self) -> None:
        self.dismiss(None)
        self.app.push_screen(HostScreen(self.game, self.seats))

    @on(Button.Pressed, "#join")
    def action_join(self) -> None:
        self.dismiss(None)
        self.app.push_screen(JoinScreen())


def room_seats(game: Game, seats: dict[int, str]) -> tuple[list[Holder], int]:
    """The room's seats from the picker's (side → a level, or ``ELSEWHERE``) and the seat
    of the person here: the first person's; every other person's seat is played
    elsewhere (with no seat set so, every one but the first)."""
    holders = [Holder("computer", level=seats[i]) if seats.get(i) not in (None, ELSEWHERE)
               else Holder("person") for i in range(len(game.sides))]
    here = [i for i in range(len(holders)) if holders[i].kind == "person"
            and seats.get(i) != ELSEWHERE]
    people = [i for i in range(len(holders)) if holders[i].kind == "person"]
    seat = here[0] if here else people[0]
    return holders, seat


class HostScreen(FormScreen):
    """Host the chosen game: the port, who may connect, a clock."""

    DEFAULT_CSS = _FORM_CSS.format(screen="HostScreen")

    def __init__(self, game: Game, seats: dict[int, str]) -> None:
        super().__init__()
        self.game = game
        self.holders, self.seat = room_seats(game, seats)

    def compose(self) -> ComposeResult:
        game = self.game
        elsewhere = [game.sides[i] for i, h in enumerate(self.holders)
                     if h.kind == "person" and i != self.seat]
        computer = [game.sides[i] for i, h in enumerate(self.holders) if h.kind == "computer"]
        lines = [f"Host {game.rules.name} ({game.variant}): you play "
                 f"{game.sides[self.seat]}"]
        if elsewhere:
            lines.append(f"played elsewhere: {', '.join(elsewhere)} (each gets a join line)")
        if computer:
            lines.append(f"the computer (run here): {', '.join(computer)}")
        with Vertical():
            yield Static("\n".join(lines), id="summary", markup=False)
            with Horizontal(classes="row"):
                yield Static("Port")
                yield Input(str(DEFAULT_PORT), id="port", restrict=r"[0-9]*", max_length=5)
            with Horizontal(classes="row"):
                yield Static("Clock")
                yield Input("", id="clock", placeholder="none, or minutes+seconds: 10+5")
            yield Checkbox("Others on this network may join (else this machine only)",
                           id="public")
            yield from self.buttons("Host", "host-error")

    @on(Input.Submitted)
    @on(Button.Pressed, "#go")
    def host(self) -> None:
        error = self.query_one("#host-error", Static)
        port_text = self.query_one("#port", Input).value.strip()
        port = int(port_text) if port_text.isdigit() else -1
        if not 1 <= port <= 65535:
            error.update("the port is a number from 1 to 65535")
            return
        clock = None
        clock_text = self.query_one("#clock", Input).value.strip()
        try:
            clock = ClockSetting.parse(clock_text) if clock_text else None
        except OgamesError as exc:
            error.update(str(exc))
            return
        bind = "0.0.0.0" if self.query_one("#public", Checkbox).value else "127.0.0.1"
        problem = port_problem(bind, port)
        if problem:
            error.update(problem)
            return
        plan = HostPlan(bind=bind, port=port, room=NewRoom(self.game, self.holders, clock))
        name = self.game.players[self.seat]
        self.dismiss(None)
        self.app.play_online(HostStart(plan, self.seat, "" if name == "?" else name))


def port_problem(bind: str, port: int) -> str:
    """Why the host could not listen on ``bind``:``port`` (a port in use …), or ""."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((bind, port))
    except OSError as exc:
        return f"cannot listen on port {port}: {(exc.strerror or str(exc)).lower()}"
    finally:
        probe.close()
    return ""


class JoinScreen(FormScreen):
    """Join a game: the join line the host sent, and a name; or a server's address alone,
    to choose one of its open rooms."""

    DEFAULT_CSS = _FORM_CSS.format(screen="JoinScreen") + """
    JoinScreen #rooms { height: auto; max-height: 10; display: none; }
    JoinScreen #rooms.shown { display: block; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Paste the join line the host sent you (or a server's address, "
                         "for its open rooms):")
            yield Input("", id="line", placeholder="ogames join 192.168.1.20:7878 k3f9-…")
            yield OptionList(id="rooms")
            with Horizontal(classes="row"):
                yield Static("Your name")
                yield Input("", id="name", placeholder="shown to the others",
                            max_length=30)
            yield from self.buttons("Join", "join-error")

    @on(Input.Submitted)
    @on(Button.Pressed, "#go")
    def join(self) -> None:
        error = self.query_one("#join-error", Static)
        text = self.query_one("#line", Input).value
        words = text.split()
        words = words[2:] if words[:2] == ["ogames", "join"] else words
        try:
            if len(words) == 1:  # a server: its open rooms
                self._list(parse_address(words[0]))
                return
            address, code = parse_join_line(text)
        except AddressError as exc:
            error.update(str(exc))
            return
        error.update(f"joining {address}…")
        self._try(address, code, self.query_one("#name", Input).value.strip())

    @work(exclusive=True, group="join")
    async def _list(self, address) -> None:
        from ...net.connection import JoinError, ask_lobby

        error = self.query_one("#join-error", Static)
        try:
            rooms = (await ask_lobby(address)).get("rooms", [])
        except JoinError as exc:
            error.update(str(exc))
            return
        listing = self.query_one("#rooms", OptionList)
        listing.clear_options()
        for room in rooms:
            players = " vs ".join(str(p)[:20] for p in room.get("players", []))
            listing.add_option(Option(f"{room['name']} ({room['variant']}) {players} — free: "
                                      f"{', '.join(room['free'])}", id=str(room["room"])))
        listing.set_class(bool(rooms), "shown")
        self.server = address
        error.update("choose a room" if rooms else f"no open room on {address}")
        if rooms:
            listing.focus()

    @on(OptionList.OptionSelected, "#rooms")
    def _room_chosen(self, event: OptionList.OptionSelected) -> None:
        self._claim(self.server, event.option.id or "")

    @work(exclusive=True, group="join")
    async def _claim(self, address, room: str) -> None:
        from ...net.connection import JoinError, ask_lobby

        try:
            answer = await ask_lobby(address, {"type": "claim", "room": room})
        except JoinError as exc:
            self.query_one("#join-error", Static).update(str(exc))
            return
        self._try(address, str(answer["code"]), self.query_one("#name", Input).value.strip())

    @work(exclusive=True, group="join")
    async def _try(self, address, code: str, name: str) -> None:
        """Reach the host first, so that what is wrong is said here, on this screen."""
        from ...net.connection import JoinError, check_seat

        try:
            first = await check_seat(address, code)
        except JoinError as exc:
            self.query_one("#join-error", Static).update(str(exc))
            return
        if first.get("outcome"):
            self.query_one("#join-error", Static).update(
                "the game of this room is over; it is kept in the host's saved games")
            return
        self.dismiss(None)
        self.app.play_online(JoinStart(address, code, name))
