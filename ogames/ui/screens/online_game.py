"""A game with seats elsewhere, on the game screen: what another seat asks (a draw, a
takeback, a rematch) is put to the person here, a line typed after ``t`` goes to the
others (theirs come as notices), the clocks run down in the players box, and ``r`` asks for
a rematch once the game is over. The turn flow is the client table's; this screen only
adds the questions, the message box and the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, Static

from ...net.client import ClientTable
from ...net.protocol import MAX_SAY
from ...net.sight import SPECTATOR
from ...table.table import OFFER, SAID, STATUS, Event
from ..widgets.fitted import FittedText
from ..widgets.footer import FittedFooter
from .confirm import ConfirmScreen
from .game import GameScreen
from .leaving import LeavesOnce

if TYPE_CHECKING:
    from ..online import OnlineSession

#: seconds between two redraws of the clocks while one runs
CLOCK_TICK = 0.2


class OnlineGameScreen(GameScreen):
    """The game screen of an online game (see the module's text)."""

    BINDINGS = [
        Binding("u,ctrl+z", "undo", "takeback"),
        Binding("t", "say", "message"),
        Binding("r", "rematch", "rematch"),
        Binding("j", "join_lines", "join lines", show=False),
    ]
    FOOTER_PRIORITY = ("leave", "rules", "say", "rematch", "undo", "type_move",
                       "cursor('left')", "select", "save", "redo", "clear", "review", "flip")
    #: the game screen's actions an online game has no use for: a hint (the computer's
    #: help, in a game against people) and a new game at this keyboard
    OFF_ACTIONS = frozenset({"hint", "new_game"})
    OVER_KEYS = "r rematch, a review, q menu."
    #: what a seat is sent fills what it may not see with stand-ins (``Rules.seat_world``):
    #: their count is no news
    NOTE_ODD_START = False

    DEFAULT_CSS = """
    OnlineGameScreen #say { display: none; height: 1; border: none; padding: 0 1; }
    OnlineGameScreen.saying #say { display: block; }
    OnlineGameScreen.saying #status { display: none; }
    """

    def __init__(self, table: ClientTable, session: OnlineSession, *,
                 ascii: bool = False) -> None:
        super().__init__(table.game, ascii=ascii, table=table)
        self.table: ClientTable = table
        self.session = session
        self._ticker: Timer | None = None
        # a person sits at the bottom (side 0 is drawn there)
        self.flipped = len(table.game.sides) == 2 and table.seat == 1

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FittedFooter):
                yield Input(id="say", placeholder="a message to the others: Enter sends it, "
                                                  "Esc closes", max_length=MAX_SAY,
                            compact=True)
            yield widget

    def on_mount(self) -> None:
        self._ticker = self.set_interval(CLOCK_TICK, self._tick)

    def _draw_title(self) -> None:
        """The title, and the last line of the message box after it (the line also comes
        as a notice, which goes)."""
        super()._draw_title()
        said = self.table.said
        if said:
            title = self.query_one("#title", FittedText)
            title.update(f"{title.text}  ▸ {said[-1]}")

    def _tick(self) -> None:
        clock = self.table.clock
        if clock is not None and clock.running is not None and not self.has_class("tiny"):
            self._draw_players()

    # ----- what the table says ----------------------------------------------------------------

    def table_event(self, event: Event) -> None:
        if not self.is_mounted:
            return
        if event.kind == OFFER:
            self._ask(event)
            return
        if event.kind == SAID:
            self.app.notify(event.message, title="Message", markup=False)
            self._draw_title()
            return
        if event.kind == STATUS:
            self._draw_players()
            if self.entry.closed != self.table.closed:  # a seat came or went: a new word
                if event.message:
                    self.message = event.message
                self.position_changed(changed=False)
                return
        super().table_event(event)

    def _ask(self, event: Event) -> None:
        """Another seat asks something: the person here says yes or no."""
        offer = event.offer

        def answered(yes: bool | None) -> None:
            self.table.answer(offer, bool(yes))

        self.app.push_screen(ConfirmScreen(f"{event.message}\nDo you accept?",
                                           yes="Accept", no="Decline"), answered)

    # ----- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("saying") and action not in ("rules",):
            return False
        if action in self.OFF_ACTIONS:
            return False
        if action in ("say", "rematch", "undo") and self.table.seat == SPECTATOR:
            return False  # a spectator only watches
        if action == "rematch":
            return self.has_class("over")
        if action == "undo" and self.has_class("over"):
            return False  # nothing to take back: a rematch, or a review
        if action == "join_lines":
            return bool(self.session.lines)
        if action == "save" and self.rules.hidden_information and not self.has_class("over"):
            return False  # what this seat holds is no saved game: it is kept at the end
        return super().check_action(action, parameters)

    def action_say(self) -> None:
        """``t``: the message box opens in the status line's place."""
        self.set_class(True, "saying")
        self.refresh_bindings()
        self.query_one("#say", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "say":
            return
        event.stop()
        self.table.say(event.value)
        event.input.value = ""
        self._close_say()

    def _close_say(self) -> None:
        self.set_class(False, "saying")
        self.refresh_bindings()
        self.board.focus()

    def on_key(self, event) -> None:
        if event.key == "escape" and self.has_class("saying"):
            event.stop()
            self._close_say()

    def action_rematch(self) -> None:
        if self.table.rematch():
            self._draw_status()

    def action_join_lines(self) -> None:
        self.app.push_screen(HostedScreen(self.session.lines))

    def palette_commands(self) -> list:
        return [
            ("Resign", "Resign this game", self.action_resign),
            ("Offer draw", "Offer the others a draw", self.action_offer_draw),
            ("Take back", "Ask the others to take back your last move", self.action_undo),
            ("Message", "Write a line to the others (t)", self.action_say),
            ("Rematch", "Ask for a rematch, the seats turned round (r)", self.action_rematch),
            ("Rules", "Show this game's rules", self.action_rules),
            ("Flip board", "Turn the board through 180°", self.action_flip),
        ]

    def action_offer_draw(self) -> None:
        reply = self.table.offer_draw(self.table.seat)
        self.message = reply.message
        self._draw_status()

    def action_resign(self) -> None:
        if self.game.outcome() is not None:
            self.message = "the game is already over"
            self._draw_status()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.table.resign(self.table.seat)

        self.app.push_screen(ConfirmScreen("Resign this game?"), done)

    def action_leave(self, stay=None) -> None:
        """Back to the picker; while the game goes on, after a yes (the seat can be taken
        up again with the same join line; a host that leaves stops hosting)."""
        def go() -> None:
            self.dismiss(None)
            self.app.run_worker(self.app.leave_online(), group="online")

        if self.game.outcome() is not None:
            go()
            return
        question = ("Leave this game and stop hosting it? The others are disconnected; "
                    "ogames host --no-seat goes on with it later." if self.session.host else
                    "Leave this game? The same join line takes you back to your seat.")
        self.app.push_screen(ConfirmScreen(question), lambda yes: go() if yes else None)

    def on_unmount(self) -> None:
        """(Textual runs the game screen's own handler too.)"""
        if self._ticker is not None:
            self._ticker.stop()


class HostedScreen(LeavesOnce, ModalScreen[None]):
    """The join lines of a hosted room: one per seat elsewhere (send each to its player),
    and the spectators'."""

    DEFAULT_CSS = """
    HostedScreen { align: center middle; }
    HostedScreen > Vertical {
        width: 90; max-width: 100%; height: auto; border: thick $accent;
        background: $surface; padding: 0 1;
    }
    HostedScreen #lines { margin: 1 0; }
    """
    BINDINGS = [
        Binding("enter,escape,space", "dismiss", "play"),
        Binding("c", "copy", "copy"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Hosting. Send each player their line (they paste it into "
                         "Play online → Join, or run it):", id="intro")
            yield Static("\n".join(self.lines), id="lines", markup=False)
            yield Static("c copies the lines · ⏎ plays · j on the game screen shows them "
                         "again", id="keys")
        yield FittedFooter()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard("\n".join(line.strip() for line in self.lines))
        self.app.notify("The join lines are copied (where the terminal allows it)",
                        markup=False)
