"""What every screen that shows one game's board does the same way: its layout (board
beside players, panel and moves), flipping the board, switching ASCII drawing, opening the
rules, fitting the window (the side panel's width, the "make the window larger" notice).
The game screen and the replay screen share it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ...core.board import BoardLayout
from ..widgets.board import BoardView
from ..widgets.history import HistoryList
from ..widgets.panel import PanelView, PlayersView

#: the side panel's width: as wide as the window allows, within these bounds
SIDE_PANEL_WIDTH = (34, 56)
#: the least rows the move list keeps (its border and two moves)
HISTORY_ROWS = 4

#: the CSS both board screens need for the notice shown instead of a board that does not fit
TOO_SMALL_CSS = """
{screen} #toosmall {{ display: none; height: 1fr; content-align: center middle;
                      text-align: center; }}
{screen}.tiny #toosmall {{ display: block; }}
{screen}.tiny #main, {screen}.tiny #status, {screen}.tiny #title {{ display: none; }}
"""


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
    yield Static(id="toosmall")


class BoardActions:
    """A mixin for a ``Screen`` with ``game``, ``rules``, ``flipped``, ``ascii``,
    ``_set_layout()`` (apply the engine's layout for the current flip/ASCII state) and
    ``redraw()``."""

    #: the window size the board and the narrowest side panel need (set with the layout)
    min_size: tuple[int, int] = (0, 0)
    #: the board's size with its border
    board_size: tuple[int, int] = (0, 0)
    #: what the window must be large enough for ("… to play Ordo")
    purpose = "play"

    def fit_layout(self, layout: BoardLayout, side_rows: int = 0) -> None:
        """Note what ``layout`` (and a side column of ``side_rows`` rows, at its narrowest)
        needs of the window and fit the screen to it."""
        self.board_size = (layout.width + 2, layout.height + 2)
        # three rows go to the title, the status line and the footer
        self.min_size = (layout.width + 2 + SIDE_PANEL_WIDTH[0],
                         max(layout.height + 2, side_rows) + 3)
        self.fit_window()

    def on_resize(self) -> None:
        self.fit_window()

    def fit_window(self) -> None:
        """Give the side panel the room the board leaves; when the board cannot be shown
        whole, show instead how large the window must be (the ``tiny`` class)."""
        w, h = self.min_size
        size = self.app.size
        low, high = SIDE_PANEL_WIDTH
        self.query_one("#side").styles.width = max(low, min(high, size.width - self.board_size[0]))
        # the panel may take the side column's height but for the players and a few moves
        players = (self.query_one(PlayersView).rows or len(self.game.sides)) + 2
        room = size.height - 3 - players - HISTORY_ROWS
        self.query_one(PanelView).styles.max_height = max(HISTORY_ROWS, room)
        tiny = size.width < w or size.height < h
        if tiny != self.has_class("tiny"):
            self.set_class(tiny, "tiny")
            self.refresh_bindings()
        if tiny:
            self.query_one("#toosmall", Static).update(
                f"Make the window at least {w}×{h} to {self.purpose} {self.rules.name}.\n"
                f"(It is {size.width}×{size.height} now.)")

    #: the keys' actions that stay off while the window is too small to show the board
    BLIND_ACTIONS: frozenset[str] = frozenset()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing is done blind: while the board is hidden for want of room, only leaving,
        saving and the rules stay on the keys."""
        if action in self.BLIND_ACTIONS and self.has_class("tiny"):
            return False
        return True

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
