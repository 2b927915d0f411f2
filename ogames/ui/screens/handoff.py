"""Hot-seat hand-off for games with hidden information: nothing private is on screen
until the named player presses Enter."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #handoff {
        width: auto; max-width: 70; height: auto; border: thick $accent; padding: 1 3;
        text-align: center;
    }
    """

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        yield Static(
            f"[b]{self.player} to play[/b]\n\n"
            f"Pass the keyboard.\nPress Enter when only {self.player} can see the screen.",
            id="handoff",
        )

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
