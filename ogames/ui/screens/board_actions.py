"""What every screen that shows one game's board does the same way: its layout (board
beside players, panel and moves), flipping the board, switching ASCII drawing, opening the
rules. The game screen and the replay screen share it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ..widgets.board import BoardView
from ..widgets.history import HistoryList
from ..widgets.panel import PanelView, PlayersView


def compose_board_screen(*banners: Widget) -> ComposeResult:
    """Title, the board (under its ``banners``) beside players, panel and move list, and
    the status line; the caller adds its footer."""
    yield Static(id="title")
    with Horizontal(id="main"):
        with Vertical(id="board-area"):
            yield from banners
            yield BoardView(id="board")
        with Vertical(id="side"):
            yield PlayersView(id="players")
            yield PanelView(id="panel")
            yield HistoryList(id="history")
    yield Static(id="status")


class BoardActions:
    """A mixin for a ``Screen`` with ``rules``, ``flipped``, ``ascii``, ``_set_layout()``
    (apply the engine's layout for the current flip/ASCII state) and ``redraw()``."""

    def redraw(self) -> None:
        raise NotImplementedError

    def action_flip(self) -> None:
        self.flipped = not self.flipped
        self._set_layout()
        self.redraw()

    def set_ascii(self, ascii: bool) -> None:
        self.ascii = ascii
        self._set_layout()
        self.redraw()

    def action_rules(self) -> None:
        from .rules import RulesScreen  # Markdown is slow to import: only when asked

        self.app.push_screen(RulesScreen(self.rules))
