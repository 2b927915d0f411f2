"""The palette's "Messages": every notice of this session again, newest first, whole.

A notice stays a few seconds over the top of the screen and may be missed (a move made
as it came, a window too narrow for it); here it can be read at leisure."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.footer import FittedFooter


def messages_text(messages: Sequence[tuple[str, str, str]]) -> Text:
    """Each notice (time, title, text) on its own lines: the time and title in bold, the
    text whole (wrapped by the window)."""
    out = Text()
    if not messages:
        return Text("No notice has been shown yet.", style="dim")
    for n, (when, title, text) in enumerate(messages):
        if n:
            out.append("\n\n")
        out.append(f"{when}  {title}".rstrip(), style="bold")
        out.append(f"\n{text}")
    return out


class MessagesScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    MessagesScreen { align: center middle; }
    MessagesScreen > VerticalScroll {
        width: 90%; max-width: 100; height: auto; max-height: 80%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    BINDINGS = [Binding("escape,q", "close", "close")]

    def __init__(self, messages: Sequence[tuple[str, str, str]]) -> None:
        super().__init__()
        #: the notices (time, title, text), newest first
        self.messages = tuple(messages)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Messages (newest first)"
            yield Static(messages_text(self.messages), id="messages")
        yield FittedFooter()

    def action_close(self) -> None:
        self.dismiss(None)
