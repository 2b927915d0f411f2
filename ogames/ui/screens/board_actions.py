"""What every screen that shows one game's board does the same way: its layout (board
beside players, panel and moves), flipping the board, switching ASCII drawing, opening the
rules, fitting the window (the side panel's width, the "make the window larger" notice).
The game screen and the replay screen share it."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ...core.board import COMPACT_CANVAS, BoardLayout, PanelSection
from ...core.game import Game
from ..widgets.board import BoardView
from ..widgets.fitted import FittedText
from ..widgets.history import HistoryList
from ..widgets.panel import PanelView, Player, PlayersView, panel_height

log = logging.getLogger("ogames.ui")

#: the side panel's width: as wide as the window allows, within these bounds
SIDE_PANEL_WIDTH = (34, 56)
#: the least the side column takes beside a compact board (80 columns less the widest one)
COMPACT_SIDE_WIDTH = 80 - 2 - COMPACT_CANVAS[0]
#: the least rows the move list keeps (its border and two moves)
HISTORY_ROWS = 4
#: the most a board drawing grows in a large window (three times: a square is then 18
#: columns wide, as much as a piece drawn large needs)
MAX_GROWTH = 3

#: the CSS both board screens need for the notice shown instead of a board that does not fit
TOO_SMALL_CSS = """
{screen} #toosmall {{ display: none; height: 1fr; content-align: center middle;
                      text-align: center; }}
{screen}.tiny #toosmall {{ display: block; }}
{screen}.tiny #main, {screen}.tiny #status, {screen}.tiny #title {{ display: none; }}
"""


def compose_board_screen(*banners: Widget) -> ComposeResult:
    """Title, the board (under its ``banners``) beside players, panel and move list, and
    the status line; the caller adds its footer. Title and status keep the rows they are
    given (``FittedText``), so that the board's rows are known: a screen hides its banners
    while the board has no row to spare (the ``cramped`` class; see ``fit_window``)."""
    yield FittedText(id="title")
    with Horizontal(id="main"):
        with Vertical(id="board-area"):
            yield from banners
            yield BoardView(id="board")
        with Vertical(id="side"):
            yield PlayersView(id="players")
            yield PanelView(id="panel")
            yield HistoryList(id="history")
    yield FittedText(id="status")
    yield Static(id="toosmall")


def players_at_cursor(game: Game) -> list[Player]:
    """The players as the position at the game's cursor has them: each side's summary, the
    turn arrow (none once the game is over there) and the winner's star. Every board screen
    draws its players from this one function, after every move, undo, redo and jump, so
    that they always tell of the ply shown."""
    rules = game.rules
    pos = game.position
    outcome = game.outcome()
    summary = rules.side_summary(pos)
    mover = rules.to_move(pos)
    colours = rules.side_colours(game.variant)
    return [Player(side, name, colours[i] if i < len(colours) else "",
                   summary[i] if i < len(summary) else "",
                   to_move=outcome is None and i == mover,
                   winner=outcome is not None and i in outcome.winners)
            for i, (side, name) in enumerate(zip(game.sides, game.players, strict=False))]


class BoardActions:
    """A mixin for a ``Screen`` with ``game``, ``rules``, ``flipped``, ``ascii``,
    ``_set_layout()`` (apply the engine's layout for the current flip/ASCII state) and
    ``redraw()``."""

    #: the least window that shows the board (the compact drawing) and the side column
    min_size: tuple[int, int] = (0, 0)
    #: the board's size with its border, as drawn now
    board_size: tuple[int, int] = (0, 0)
    #: whether the compact drawing is shown (the full one does not fit the window)
    compact = False
    #: the move list shown in the panel's place (``m``: a window too small for both)
    moves_over_panel = False
    #: what the window must be large enough for ("… to play Ordo")
    purpose = "play"
    #: the full and the compact drawing (set with ``fit_layout``)
    _layouts: tuple[BoardLayout, BoardLayout] | None = None
    #: the full drawing grown, by (id of the full drawing, scale); None: it cannot grow
    _scaled: dict[tuple[int, int], BoardLayout | None] = {}
    #: the variant, flip and ASCII state the two drawings were made for (a grown one is
    #: made for the same)
    _drawn: tuple[str, bool, bool] = ("", False, False)
    #: the panel the window is sized for (see ``fit_layout``)
    _sections: tuple[PanelSection, ...] = ()

    def fit_layout(self, full: BoardLayout, compact: BoardLayout | None = None,
                   sections: Sequence[PanelSection] = ()) -> None:
        """Note the board's two drawings and the panel ``sections`` to size the window for
        (as the player to move sees them at the start, so that no flip or move makes the
        window too small all of a sudden; hands and choices that grow later may scroll),
        then fit the screen to the window."""
        self._layouts = (full, compact or full)
        self._scaled = {}
        self._drawn = (self.game.variant, self.flipped, self.ascii)
        self._sections = tuple(sections)
        self.fit_window()

    def on_resize(self) -> None:
        self.fit_window()

    def needs(self, compact: bool) -> tuple[int, int]:
        """The window a drawing needs. The full one comes with the whole panel and a few
        moves beside it; the compact one, for small windows such as 80×24, with a narrower
        side column that shows at least the panel's tallest section (the rest, and the
        move list, may scroll or give way)."""
        assert self._layouts is not None
        layout = self._layouts[compact]
        players = len(self.game.sides) + 2
        if compact:
            tallest = max((panel_height((s,), COMPACT_SIDE_WIDTH) for s in self._sections),
                          default=0)
            side = (COMPACT_SIDE_WIDTH, players + tallest)
        else:
            rows = panel_height(self._sections, SIDE_PANEL_WIDTH[0])
            side = (SIDE_PANEL_WIDTH[0], players + rows + HISTORY_ROWS if rows else 0)
        # three rows go to the title, the status line and the footer
        return (layout.width + 2 + side[0], max(layout.height + 2, side[1]) + 3)

    def _grown(self, size) -> BoardLayout:
        """The full drawing, made as large as the window holds beside the side column: the
        engine's drawing at the largest ``scale`` (up to ``MAX_GROWTH``) that fits, for the
        variant, flip and ASCII state the full one was made for (the full one where the
        engine draws none larger)."""
        assert self._layouts is not None
        full = self._layouts[0]
        extra_w, extra_h = (n - d for n, d in zip(self.needs(False), (full.width, full.height),
                                                      strict=True))
        best = full
        for factor in range(2, MAX_GROWTH + 1):
            key = (id(full), factor)
            if key not in self._scaled:
                self._scaled[key] = self._drawing_at(factor)
            grown = self._scaled[key]
            if grown is None or (grown.width + extra_w > size.width
                                 or grown.height + extra_h > size.height):
                break
            best = grown
        return best

    def _drawing_at(self, scale: int) -> BoardLayout | None:
        """The engine's full drawing at ``scale``, as the full one was made; None when it
        draws none (or fails: the full drawing is shown then, the error logged)."""
        variant, flipped, ascii = self._drawn
        try:
            return self.rules.layout(variant, flipped=flipped, ascii=ascii, scale=scale)
        except Exception:  # an engine bug must not take the board away
            log.exception("engine error in layout at scale %d", scale)
            return None

    def fit_window(self) -> None:
        """Show the full drawing when the window holds it, else the compact one; give the
        side panel the room the board leaves; when not even the compact drawing fits, show
        instead how large the window must be (the ``tiny`` class)."""
        if self._layouts is None:
            return
        size = self.app.size
        full_w, full_h = self.needs(False)
        compact = size.width < full_w or size.height < full_h
        self.compact = compact
        layout = self._layouts[compact] if compact else self._grown(size)
        board = self.query_one(BoardView)
        if board.layout_ is not layout or board.ascii != self.ascii:
            board.set_layout(layout, self.rules.side_colours(self.game.variant), self.ascii)
        self.board_size = (layout.width + 2, layout.height + 2)
        self.min_size = w, h = self.needs(True)
        low, high = (COMPACT_SIDE_WIDTH, SIDE_PANEL_WIDTH[1]) if compact else SIDE_PANEL_WIDTH
        side_width = max(low, min(high, size.width - self.board_size[0]))
        self.query_one("#side").styles.width = side_width
        spare = size.height - 3 - self.board_size[1]
        status_rows = self._fit_side(size.height, side_width, spare)
        cramped = spare - (status_rows - 1) < 1
        if cramped != self.has_class("cramped"):
            self.set_class(cramped, "cramped")
            self.room_changed()
        tiny = size.width < w or size.height < h
        if tiny != self.has_class("tiny"):
            self.set_class(tiny, "tiny")
            self.refresh_bindings()
        if tiny:
            self.query_one("#toosmall", Static).update(
                f"Make the window at least {w}×{h} to {self.purpose} {self.rules.name}.\n"
                f"(It is {size.width}×{size.height} now.)")

    def _fit_side(self, height: int, side_width: int, spare: int) -> int:
        """Share the window's ``height`` between the status line and the side column:
        the status line's rows, returned (a second one when the board leaves ``spare``
        rows, so that a long hint or refusal reads whole; fixed for the window, so that the
        board never jumps as the text changes; never taken from the side column where that
        row is what it lacks: Onitama's move list at 100×32, its cards at 80×24). The panel
        may take the side column's height but for the players and a few moves; in a small
        window, when it needs more, the move list gives way, then the players (the status
        line still says whose turn it is)."""
        players_view = self.query_one(PlayersView)
        players = (players_view.rows or len(self.game.sides)) + 2
        wanted = panel_height(self._sections, side_width - 2)  # less the scroll bar

        def shown_whole(status: int) -> int:
            """How much of the side column shows whole beside a status line of ``status``
            rows: 0 all of it, 1 all but the move list, 2 the panel alone, 3 not even it."""
            free = height - 2 - status
            needs = (players + wanted + HISTORY_ROWS, players + wanted, wanted)
            return next((i for i, need in enumerate(needs) if need <= free), len(needs))

        status_rows = 2 if spare >= 3 and shown_whole(2) == shown_whole(1) else 1
        self.query_one("#status").styles.height = status_rows
        room = height - 2 - status_rows - players - HISTORY_ROWS
        history = not self.compact or room >= wanted
        room += 0 if history else HISTORY_ROWS
        show_players = history or room >= wanted
        room += 0 if show_players else players
        # ``m`` in a small window: the move list over the panel (and back)
        over = self.moves_over_panel and not history
        self.query_one(HistoryList).display = history or over
        self.query_one(PanelView).display = not over
        players_view.display = show_players
        self.query_one(PanelView).fit_room(max(HISTORY_ROWS, room))
        return status_rows

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

    def room_changed(self) -> None:
        """Called when the ``cramped`` class comes or goes (what a hidden banner said may
        have to be said elsewhere)."""

    def action_moves(self) -> None:
        """Show the move list in the panel's place (a window too small for both, such as
        80×24), or the panel again; in a larger window both are shown anyway."""
        history = self.query_one(HistoryList)
        if history.display and not self.moves_over_panel:
            self.notify("The move list is already shown.", timeout=2)
            return
        self.moves_over_panel = not self.moves_over_panel
        self.fit_window()

    def action_flip(self) -> None:
        self.flipped = not self.flipped
        self._set_layout()
        if self.panel_turned() is not None:  # the table view turns with the board
            self.redraw_panel()
        self.redraw()

    def panel_turned(self) -> bool | None:
        """``Rules.panel``'s ``turned``: the board's orientation in the table view (a
        setting), else None (each item as its holder reads it)."""
        settings = getattr(self.app, "settings", None)
        return self.flipped if settings is not None and settings.table_view else None

    def redraw_panel(self) -> None:
        """The table view was switched: draw the panel again."""
        self.redraw()

    def set_ascii(self, ascii: bool) -> None:
        self.ascii = ascii
        self._set_layout()
        self.redraw()

    def action_rules(self) -> None:
        from .rules import RulesScreen  # Markdown is slow to import: only when asked

        self.app.push_screen(RulesScreen(self.rules))
