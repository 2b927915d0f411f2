"""Hot-seat hand-off for games with hidden information: nothing private is on screen
until the named player presses Enter.

A private note for the player who just moved (Ochmir: "you drew …") comes first, on its
own page, so that it is read before the keyboard changes hands.

The keys that reveal nothing work here too: the rules and saving open on top of this
screen; leaving and undoing close it with that choice (``"leave"``, ``"undo"``) for the
game screen to carry out with the board still hidden."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static


class HandoffScreen(Screen[str | None]):
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #handoff {
        width: auto; max-width: 70; height: auto; border: thick $accent; padding: 1 3;
        text-align: center;
    }
    """

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", key_display="⏎"),
        Binding("u,ctrl+z", "dismiss('undo')", "undo"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
        Binding("ctrl+s", "save", "save", key_display="^s"),
        Binding("q,escape", "dismiss('leave')", "menu"),
    ]

    def __init__(self, player: str, note: str = "", *,
                 on_rules: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.player = player
        self.note = note
        #: open the game's rules and save dialog on top of this screen (they show nothing
        #: private); the game screen underneath hands them in
        self.on_rules = on_rules
        self.on_save = on_save

    def compose(self) -> ComposeResult:
        yield Static(self._note_text() if self.note else self._handoff_text(), id="handoff",
                     markup=False)
        yield Footer()

    def action_rules(self) -> None:
        if self.on_rules is not None:
            self.on_rules()

    def action_save(self) -> None:
        if self.on_save is not None:
            self.on_save()

    def _note_text(self) -> str:
        return f"{self.note[0].upper()}{self.note[1:]}.\n\nPress Enter, then pass the keyboard."

    def _handoff_text(self) -> str:
        return (f"{self.player} to play\n\nPass the keyboard.\n"
                f"Press Enter when only {self.player} can see the screen.")

    def action_ready(self) -> None:
        if self.note:
            self.note = ""
            self.query_one("#handoff", Static).update(self._handoff_text())
            return
        self.dismiss(None)

    def on_click(self) -> None:
        self.action_ready()
