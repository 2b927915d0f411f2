"""A saved game that cannot be read: where and why, and the offer to watch the part that
is good, read-only. The file itself is never changed."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...core.errors import SaveFileError
from ...core.quoting import visible
from .leaving import LeavesOnce


def error_line(path: Path | str, exc: SaveFileError) -> str:
    """The message format of ``ogames check``: ``file:line:column: reason``."""
    return f"{visible(str(path))}:{exc.line}:{exc.column}: {exc.reason}"


def valid_prefix(exc: SaveFileError):
    """The game as far as the file was good, or None when not even its tags were."""
    from ...core.game import Game

    return exc.game if isinstance(exc.game, Game) else None


class BadFileScreen(LeavesOnce, ModalScreen[bool]):
    """Dismissed with True when the player wants to open the valid part read-only."""

    DEFAULT_CSS = """
    BadFileScreen { align: center middle; }
    BadFileScreen > Vertical {
        width: 90; height: auto; border: thick $error; background: $surface; padding: 1 2;
    }
    BadFileScreen #bad-message { margin-bottom: 1; }
    BadFileScreen Horizontal { height: auto; align-horizontal: center; }
    BadFileScreen Button { margin: 0 2; }
    """

    BINDINGS = [
        Binding("o,y", "answer(True)", "open read-only"),
        Binding("escape,n,q", "answer(False)", "close"),
    ]

    def __init__(self, path: Path | str, exc: SaveFileError) -> None:
        super().__init__()
        self.path = path
        self.exc = exc
        self.prefix = valid_prefix(exc)

    @property
    def message(self) -> str:
        text = f"This saved game cannot be read:\n{error_line(self.path, self.exc)}\n\n"
        if self.prefix is None:
            return text + "Nothing before that point can be shown. The file is left as it is."
        n = len(self.prefix.plies)
        good = (f"The {n} move{'' if n == 1 else 's'} before that point" if n else
                "Its start position (no move before that point is good)")
        return text + f"{good} can be watched read-only. The file is left as it is."

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.message, id="bad-message", markup=False)
            with Horizontal():
                if self.prefix is not None:
                    yield Button("Open the valid part read-only (o)", id="open",
                                 variant="primary")
                yield Button("Close (esc)", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "open")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer and self.prefix is not None)
