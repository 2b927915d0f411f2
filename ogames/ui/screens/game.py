"""The game screen: the board, the players and the game's panel, the move list and a status
line. Everything shown comes from the ``Rules`` interface; moves are entered through
``core.entry.Entry`` whether they come from the keyboard or the mouse."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker

from ...core.autosave import Keeper
from ...core.board import BoardLayout, PanelSection, Pick, cell, item
from ...core.describe import ending_row, movers, outcome_text, side_labels
from ...core.entry import Entry
from ...core.errors import OgamesError
from ...core.game import Game
from ...core.move_kinds import target_kinds
from ...core.quoting import visible
from ...core.storage import Claim
from ...table.computer import FRAME, Computer
from ...table.table import CHANGED, HINT, SPECTATOR, Event, Table
from ..heap import drop_dead_widget_caches
from ..table_loop import ScreenLoop
from ..widgets.board import BoardView, Marks
from ..widgets.fitted import FittedText
from ..widgets.footer import FittedFooter
from ..widgets.history import HistoryList
from ..widgets.panel import ItemBox, PanelView, PlayersView, as_picked, as_seated
from .board_actions import (
    SIDE_PANEL_WIDTH,
    TOO_SMALL_CSS,
    BoardActions,
    compose_board_screen,
    players_at_cursor,
)
from .confirm import ConfirmScreen
from .handoff import HandoffScreen
from .leaving import LeavesOnce

if TYPE_CHECKING:  # imported when a move is first typed (a game's first frame is sooner)
    from ...core.rules import Move
    from ...core.typed_moves import MoveFinder
    from ..widgets.move_box import MoveBox

log = logging.getLogger("ogames.ui")

__all__ = ["SPECTATOR", "GameScreen"]


def targets_said(labels: Mapping[str, str]) -> str:
    """The target labels a board could not show, for the status line: per word (a card),
    the targets it reaches (" (Rabbit: b3, c3; Mantis: c3)"); "" for none."""
    cells: dict[str, list[str]] = {}
    for name in sorted(labels):
        for word in labels[name].split():
            cells.setdefault(word, []).append(name)
    if not cells:
        return ""
    return " (" + "; ".join(f"{word}: {', '.join(names)}"
                            for word, names in sorted(cells.items())) + ")"


class GameScreen(LeavesOnce, BoardActions, Screen[None]):
    """One game being played at one keyboard: the screen draws its ``Table`` and takes
    input for it; the turn flow (whose turn, the computer, undo, draw offers, the clock,
    the autosave) is the table's, which tells the screen of every change."""

    AUTO_FOCUS = "#board"

    BINDINGS = [
        Binding("left", "cursor('left')", "move", key_display="←↑→↓"),
        Binding("right", "cursor('right')", "right", show=False),
        Binding("up", "cursor('up')", "up", show=False),
        Binding("down", "cursor('down')", "down", show=False),
        Binding("h", "cursor('left')", "left", show=False),
        Binding("l", "cursor('right')", "right", show=False),
        Binding("k", "cursor('up')", "up", show=False),
        Binding("j", "cursor('down')", "down", show=False),
        Binding("tab", "tab(1)", "next piece", show=False),
        Binding("shift+tab", "tab(-1)", "previous piece", show=False),
        # priority: the box takes the focus before the keys typed right after ``:`` come
        # in (else they went to the board); while it is open the binding is off, so a
        # ``:`` in a move (``c2:d2-c3``) is typed
        Binding("colon", "type_move", "type", key_display=":", priority=True),
        Binding("i", "hint", "hint"),
        Binding("enter,space", "select", "select", key_display="⏎"),
        Binding("escape", "clear", "clear"),
        Binding("backspace", "back", "back", show=False),
        Binding("u,ctrl+z", "undo", "undo"),
        Binding("U,shift+u,ctrl+y", "redo", "redo", key_display="U"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
        Binding("f", "flip", "flip"),
        Binding("m", "moves", "moves", show=False),
        Binding("ctrl+s", "save", "save", key_display="^s"),
        # ``n``: a new game, in the footer once the game is over (the status line offers
        # it then); during a game the same key asks first and is not shown
        Binding("n", "new_game", "new game"),
        Binding("n", "new_game('ask')", "new game", show=False),
        Binding("a", "review", "review"),
        Binding("q", "leave", "menu"),
        *[Binding(str(d), f"item({d})", show=False) for d in range(1, 10)],
    ]
    #: the footer's keys, most important first: a narrow window shows the first that fit
    #: (``FittedFooter``); the way out, the rules and undo before the ways to move
    FOOTER_PRIORITY = ("leave", "rules", "undo", "new_game", "type_move", "hint", "cursor('left')",
                       "select", "save", "redo", "clear", "review", "flip")
    #: the keys' actions that stay off while the window is too small to show the board
    BLIND_ACTIONS = frozenset({"cursor", "hint", "select", "clear", "back", "undo", "redo",
                               "flip", "item", "tab", "type_move"})
    #: the keys' actions that have nothing to do once the game is over
    MOVE_ACTIONS = frozenset({"cursor", "hint", "select", "clear", "back", "item", "tab",
                              "type_move"})
    #: the keys' actions that stay on while a move is typed (the others' keys type it)
    TYPING_ACTIONS = frozenset({"save", "rules"})
    #: what the status offers once the game is over
    OVER_KEYS = "u undo, n new game, q menu."
    #: a start position that is allowed but odd (an unusual piece count) is said once
    NOTE_ODD_START = True
    #: the path of the move chosen in the move box, shown on the board: (the cells
    #: before its last, its last), or None
    typed: tuple[frozenset[str], frozenset[str]] | None = None
    #: the move box's search of the current position (made when the box first opens),
    #: with the ``Entry`` and the viewer it was made for
    _finder: tuple[Entry, int | None, MoveFinder] | None = None

    DEFAULT_CSS = f"""
    GameScreen {{ layout: vertical; }}
    GameScreen #title {{ height: 1; padding: 0 1; background: $panel; }}
    GameScreen #main {{ height: 1fr; }}
    GameScreen #board-area {{ width: 1fr; layers: board banner; }}
    /* the game-over banner lies over the board's top border, on a layer of its own: it
       takes no row from the board, which so stays where it is as the game ends and as
       u takes the end back */
    GameScreen #banner {{
        display: none; layer: banner; text-align: center; text-style: bold;
        background: $warning-muted; color: $text; padding: 0 1;
    }}
    GameScreen.over #banner {{ display: block; }}
    GameScreen #board {{ height: 1fr; layer: board; border: round $foreground 25%; }}
    GameScreen #board:focus {{ border: round $accent; }}
    GameScreen #side {{ width: {SIDE_PANEL_WIDTH[1]}; }}
    GameScreen #status {{ padding: 0 1; background: $boost; }}
    GameScreen #status.refused {{ color: $text-warning; text-style: bold; }}
    GameScreen #move-box {{ display: none; }}
    GameScreen.typing #move-box {{ display: block; }}
    GameScreen.typing #status, GameScreen.tiny #move-box {{ display: none; }}
    """ + TOO_SMALL_CSS.format(screen="GameScreen")

    def __init__(self, game: Game, *, ascii: bool = False,
                 computer: Mapping[int, str] | None = None,
                 resumed: Claim | None = None, table: Table | None = None) -> None:
        super().__init__()
        #: the game and its seats: the computer's (side index → level), the others'
        self.table = table or Table(game, computer, keeper=Keeper(game, resumed=resumed))
        self.game = game = self.table.game
        #: the table's work (the computer's thinking, its timers) runs on this screen
        self.loop = ScreenLoop(self)
        self.table.loop = self.loop
        #: the hand-off screen (hidden information), made at the first hand-off
        self._handoff: HandoffScreen | None = None
        #: the side the hand-off screen shown waits for, and whether it waits to be shown
        #: until the screen on top of this one goes
        self._handoff_to = 0
        self._handoff_due = False
        #: the panel the window is sized for (see ``_start_panel``)
        self.start_panel: tuple[PanelSection, ...] | None = None
        self.rules = game.rules
        self.ascii = ascii
        self.flipped = False
        self.picks: tuple[Pick, ...] = ()
        self.cursor: str | None = None
        self.message = ""
        #: a line only the player who just moved may read (shown before the hand-off)
        self.note = ""
        self.entry: Entry = Entry(self.rules, game.position, ())
        self.views: dict[str, Any] = {}
        #: the board after a complete move that may still go on (an Oferhlýp chain)
        self.preview: dict[str, Any] | None = None
        self.last: frozenset[str] = frozenset()
        self.changed: frozenset[str] = frozenset()
        #: hidden-information games: whose view is on screen: a side's (that person is at
        #: the keyboard), SPECTATOR's (a hand-off: what everyone may see, no hand), or None:
        #: everything (the game is over; the rules promise a finished game shown whole)
        self.viewer: int | None = None
        self.seen = 0
        self.sections: tuple[PanelSection, ...] = ()
        self._spinner: Timer | None = None
        # one person against the others sits at the bottom (side 0 is drawn there)
        self.flipped = len(game.sides) == 2 and self.table.here == [1]
        self.table.listen(self.table_event)

    @property
    def computer(self) -> Computer:
        """The computer's seats and its thinking (the table's)."""
        return self.table.computer

    @property
    def keeper(self) -> Keeper | None:
        """The autosave and the saved-games copies of this game (the table's)."""
        return self.table.keeper

    # ----- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from compose_board_screen(FittedText(id="banner"))
        yield FittedFooter()  # the move box comes before it when first opened (``_move_box``)

    def on_mount(self) -> None:
        self._set_layout()
        if not self.game.plies and self.NOTE_ODD_START:  # allowed but odd: say so once
            warnings = self._safe("position warnings",
                                  lambda: self.rules.position_warnings(self.game.start), ())
            if warnings:
                self.message = "Note: " + "; ".join(warnings)
        self.position_changed(changed=False, opening=True)

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def names(self) -> list[str]:
        return side_labels(self.game)

    @property
    def save_path(self) -> Path | None:
        """Where Ctrl+S saved this game last (or the file it was continued from)."""
        return self.keeper.save_path if self.keeper is not None else None

    @save_path.setter
    def save_path(self, path: Path | None) -> None:
        if self.keeper is not None:
            self.keeper.save_path = path

    @property
    def kept_path(self) -> Path | None:
        """Where the saved games keep this game since it ended."""
        return self.keeper.kept_path if self.keeper is not None else None

    def _safe(self, what: str, fn: Callable[[], Any], default: Any = None) -> Any:
        """Run engine code; an exception becomes a status message and a log entry."""
        try:
            return fn()
        except Exception as exc:  # engine bugs must not kill the app
            log.exception("engine error in %s", what)
            self.message = f"engine error in {what}: {type(exc).__name__}: {exc}"
            return default

    def _set_layout(self) -> None:
        variant = self.game.variant

        def drawing(compact: bool) -> BoardLayout | None:
            return self._safe("layout", lambda: self.rules.layout(
                variant, flipped=self.flipped, ascii=self.ascii, compact=compact))

        full = drawing(False)
        if full is None:
            return
        self.fit_layout(full, drawing(True), self._start_panel())

    def _start_panel(self) -> tuple[PanelSection, ...]:
        """The panel the window is sized for: as the player to move saw it at the start."""
        if self.start_panel is None:
            pos = self.game.position
            self.start_panel = self._safe("panel", lambda: tuple(
                self.rules.panel(pos, self.rules.to_move(pos))), ())
        return self.start_panel

    # ----- the position -------------------------------------------------------------

    def table_event(self, event: Event) -> None:
        """The table has something new: redraw what it changed."""
        if not self.is_mounted:
            return
        if event.kind == CHANGED:
            if event.played is not None and event.played.mover == self.viewer:
                # only the person who moved may read it (tiles drawn), before the hand-off
                before, mover = event.played.before, event.played.mover
                self.note = self._safe("private note", lambda: self.rules.private_note(
                    before, self.game.position, mover), "")
            self.position_changed(event.changed)
            return
        self._follow_spinner()
        if event.kind == HINT:
            self._show_hint()
            return
        if event.message:  # a failure, an answer: said until the game moves on
            self.message = event.message
        self._draw_status()

    def position_changed(self, changed: bool = True, opening: bool = False) -> None:
        """After a move, undo, redo or jump: rebuild everything that depends on it.
        ``changed``: the history was changed here (not so when the game is opened or the
        move list jumped), which is when the game takes over the autosave or is kept;
        ``opening``: the screen is being opened. The table is settled first (it is when
        the change came through it; a lesson plays its scripted replies itself)."""
        game, table = self.game, self.table
        table.settle(changed)
        # written once the move is on screen (the file is synced to disk, which may take
        # longer than drawing the move); before leaving at the latest (``on_unmount``)
        self.call_after_refresh(self._autosave_now)
        drop_dead_widget_caches()
        self.app.idle_collection.poke()  # a computer's move too
        self.picks = ()
        self.entry = self._safe("legal moves", lambda: Entry.from_game(game),
                                Entry(self.rules, game.position, (), closed="engine error"))
        if table.closed is not None:  # another seat's turn: no move entry for people here
            self.entry = Entry(self.rules, game.position, (), closed=table.closed)
        self._follow_spinner()
        over = game.outcome() is not None
        if over != self.has_class("over"):
            self.set_class(over, "over")
            self.refresh_bindings()
            # the banner comes or goes over the board's top border, on a layer of its own:
            # the border is drawn again (Textual repaints only the widgets laid out anew)
            self.board.refresh()
        if self.rules.hidden_information:
            mover = self.rules.to_move(game.position)
            if self._finished():
                want = None  # the rules promise a finished game shown with everything
            else:  # a person's view, or nobody's while the computer moves first
                want = table.viewer_for(mover, self.viewer)
                want = SPECTATOR if want is None else want
            if want != self.viewer and (want in (None, SPECTATOR) or not table.handoff):
                self.viewer = want  # the end, or one person (or none): no hand-off
            elif want != self.viewer:
                self.viewer = SPECTATOR  # the move's result, no hand, until mover is ready
                self._draw_position()
                note, self.note = self.note, ""
                if opening:  # the board first (the first frame comes sooner), the
                    self.call_after_refresh(self._hand_off, mover, note)  # hand-off next
                else:
                    self._hand_off(mover, note)
                return
        if self.note:
            self.message, self.note = self.note, ""
        self._draw_position()

    def _hand_off(self, mover: int, note: str = "") -> None:
        """No hand on screen until ``mover`` is at the keyboard (see ``HandoffScreen``);
        the board shows the last move's result meanwhile, its cells marked."""
        if self._handoff is None:  # one for the whole game, shown again after each move
            self._handoff = HandoffScreen(self.names[mover], on_rules=self.action_rules,
                                          on_save=self.action_save)
            self.app.install_screen(self._handoff, name=f"handoff-{id(self)}")
        self._handoff.tell(self.names[mover], note, done=self._last_move())
        self._handoff_to = mover
        if self._handoff in self.app.screen_stack:
            return  # shown already (a second change before it was answered): told anew
        if self.app.screen is not self:
            # a screen on top (the palette that ran an undo, a dialog): the hand-off waits
            # until it goes (``on_screen_resume``), no hand shown meanwhile. Pushed over
            # the palette, it drew the palette, which drew it: a recursion without end
            self._handoff_due = True
            return
        self._show_handoff()

    def _show_handoff(self) -> None:
        """The hand-off screen as last told, over this screen."""
        self._handoff_due = False
        if self._handoff is not None:
            self.app.push_screen(self._handoff,
                                 lambda choice: self._handed_over(self._handoff_to, choice))

    def on_screen_resume(self) -> None:
        if self._handoff_due and self.app.screen is self:
            self._show_handoff()

    def _last_move(self) -> str:
        """The move that led here, as anyone may read it, and how many other cells it
        changed (they are marked on the board), or "" at the start."""
        game = self.game
        if not game.cursor:
            return ""
        before = game.position_at(game.cursor - 1)
        text = self._safe("move text", lambda: self.table.ply_text(game.cursor - 1, SPECTATOR),
                          "?")
        side = self.names[self._safe("to move", lambda: self.rules.to_move(before), 0)]
        n = len(self.changed)
        more = f"; {n} other cell{'s' if n > 1 else ''} changed (marked)" if n else ""
        return f"{side} played {text}{more}."

    def _finished(self) -> bool:
        """The game has ended (at the end of its history, also while looking back)."""
        return bool(self._safe("outcome", lambda: self.table.finished, False))

    @property
    def blind(self) -> bool:
        """Nobody's hand is on screen (a hand-off): nothing may be picked."""
        return self.rules.hidden_information and self.viewer == SPECTATOR

    @property
    def message(self) -> str:
        """A line for the status (a refusal, a notice) instead of what to do next, shown
        only while the history is as it was when it was said: after any move (the
        computer's too), undo or jump, the status is derived from the position and who is
        to move, never left over ("Blue (computer) is thinking…" on White's turn)."""
        return self._message if self._message_at == self._history_key() else ""

    @message.setter
    def message(self, text: str) -> None:
        self._message, self._message_at = text, self._history_key()

    def _history_key(self) -> tuple:
        game = self.game
        return (game.cursor, len(game.plies),
                game.plies[game.cursor - 1] if game.cursor else None, game.agreed)

    def _public(self, pos: Any) -> Any:
        """``pos`` as the viewer on screen may know it (a spectator: no hand, no secret)."""
        return self.rules.view(pos, SPECTATOR) if self.blind else pos

    def _handed_over(self, mover: int, choice: str | None = None) -> None:
        """The hand-off screen closed: ``mover`` is ready, or someone chose to undo or to
        leave without a hand being shown."""
        if choice == "undo":
            self.action_undo()  # a new hand-off follows, to whoever moves then
            return
        if choice == "leave":
            self.action_leave(stay=lambda: self._hand_off(mover))
            return
        self.viewer = mover
        self._draw_position()

    def _views(self, pos: Any) -> dict:
        return dict(self.rules.cell_views(self._public(pos), self.viewer))

    def _draw_position(self) -> None:
        game, rules = self.game, self.rules
        pos = game.position
        self.views = self._safe("cell views", lambda: self._views(pos), {})
        self.last = self.changed = frozenset()
        if game.cursor > 0:  # the last move's cells, and those it changed, are marked
            before = game.position_at(game.cursor - 1)
            self.last = self._safe("pick paths", lambda: self.table.ply_cells(game.cursor - 1),
                                   frozenset())
            old = self._safe("cell views", lambda: self._views(before), {})
            self.changed = frozenset(n for n, v in self.views.items()
                                     if old.get(n) != v) - self.last
        self.seen = self._safe("repetition", self._seen, 0)
        self.sections = self._safe(
            "panel", lambda: tuple(rules.panel(self._public(pos), self.viewer,
                                               turned=self.panel_turned())), ())
        self._draw_players()
        self.query_one(HistoryList).show(self._move_texts(), game.cursor, len(game.sides),
                                         ending_row(game), self._safe("movers", lambda: movers(game), []))
        outcome = game.outcome()
        if outcome is not None:
            resigned = (game.sides[game.resigned_side] if game.resigned_side is not None
                        and game.cursor == len(game.plies) else None)
            self.query_one("#banner", Static).update(
                "Game over: " + outcome_text(self.game.rules, outcome, self.names, resigned))
        self._draw_title()
        if self.cursor not in self.board.cells:
            self.cursor = None
        else:  # on the mover's pieces, off the move just made (it would hide it)
            self.cursor = self._cursor_for_mover()
        self._typing_follows()
        self.picks_changed()

    def _move_texts(self) -> list[str]:
        """The move list's texts; with hidden information, as the viewer may read them."""
        game, rules = self.game, self.rules
        if not rules.hidden_information:
            return [p.text for p in game.plies]
        viewer = self.viewer  # None once the game is over: every face is shown
        return [self._safe("move text", lambda i=i: self.table.ply_text(i, viewer), "?")
                for i in range(len(game.plies))]

    def _draw_title(self) -> None:
        game = self.game
        parts = [f"ogames · {self.rules.name}"]
        if len(self.rules.variants) > 1:
            parts.append(game.variant)
        if game.seed is not None:
            parts.append(f"seed {game.seed}")
        self.query_one("#title", Static).update(" · ".join(parts))

    def _draw_players(self) -> None:
        players = self.query_one(PlayersView)
        rows = players.rows
        shown = self._safe("players", lambda: players_at_cursor(self.game))
        if shown is not None:
            notes = self.table.seat_notes()  # the clocks, who is away (online play)
            players.show([replace(p, summary=" · ".join(w for w in (p.summary, note) if w))
                          for p, note in zip(shown, notes, strict=False)] + shown[len(notes):])
        if players.rows != rows:  # summaries moved below the names, or back
            self.fit_window()

    # ----- the picks ----------------------------------------------------------------

    def picks_changed(self) -> None:
        """Redraw what depends on the picks: board marks, panel, status."""
        entry, picks = self.entry, self.picks
        hidden = self.blind
        nxt = frozenset() if hidden else self._safe("entry", lambda: entry.next_picks(picks),
                                                    frozenset())
        targets = frozenset(p.key for p in nxt if p.kind == "cell")
        if self.cursor is None:
            self.cursor = self.board.central(targets or self.board.cells)
        self.preview = None
        waiting = None if hidden else self._safe("entry", lambda: entry.waiting(picks))
        if waiting is not None:  # a move that may stop here or go on: show it as it stands
            pos = self.game.position
            self.preview = self._safe("preview", lambda: self._views(
                self.rules.apply(pos, waiting)))
        self._show_board(targets)
        items = {p.key for p in nxt if p.kind == "item"}
        picked = [p.key for p in picks if p.kind == "item"]
        sections = as_picked(as_seated(self.sections, self.flipped), self._safe(
            "panel", lambda: self.rules.picked_items(self.game.position, picks), {})
            if picks and not hidden else {})
        on_panel = {i.key for s in sections for i in s.items}
        choices = sorted((p.key, entry.label(p)) for p in nxt
                         if p.kind == "item" and p.key not in on_panel)
        selectable = [k for k in [i.key for s in sections for i in s.items]
                      + [k for k, _ in choices] if k in items]
        self.query_one(PanelView).show(sections, self.rules.side_colours(self.game.variant),
                                       selectable, picked, choices)
        self._draw_status()

    def _show_board(self, targets: frozenset[str]) -> None:
        selected = frozenset(p.key for p in self.picks if p.kind == "cell")
        if self.typed is not None:  # the move chosen in the move box: its path
            selected, targets = self.typed
        views, last, changed = self.views, self.last, self.changed
        if self.preview:
            views, last = self.preview, frozenset()
            changed = frozenset(n for n, v in views.items() if self.views.get(n) != v) - selected
        cursor = None if self.blind else self.cursor  # a hand-off: the marks stay clear
        # the targets that capture or win (worked out once per selection, then kept)
        kinds = {} if self.typed is not None else target_kinds(self.entry, self.picks)
        labels = self._target_labels(targets)
        # labels too long for their cells (a compact board): the status line says them all
        fits = all(self.board.label_fits(n, t) for n, t in labels.items())
        self.unlabelled = {} if fits else labels
        self.board.show(views, Marks(cursor, selected, targets, last, changed,
                                     self.computer.hint_cells(), labels, kinds))

    #: the target labels, when the board has no room to show them all (cell → words; see
    #: ``_show_board``)
    unlabelled: Mapping[str, str] = {}

    def _target_labels(self, targets: frozenset[str]) -> dict[str, str]:
        """With a piece selected, each target names the panel items (cards) that take the
        piece there: the board shows what a card does, whichever way its holder faces."""
        if not self.picks:
            return {}
        on_panel = {i.key for s in self.sections for i in s.items}
        labels = {}
        for name in targets:
            items = self._safe("entry", lambda n=name: self.entry.items_after(self.picks, cell(n)),
                               frozenset())
            words = sorted(self.entry.label(p) for p in items if p.key in on_panel)
            if words:
                labels[name] = " ".join(words)
        return labels

    def _targets(self) -> frozenset[str]:
        return frozenset(p.key for p in self.entry.next_picks(self.picks) if p.kind == "cell")

    def cursor_cells(self) -> frozenset[str]:
        """The cells Tab visits: those that may be selected next (the pieces that can
        move, then a selected piece's targets), and the last one selected when selecting
        it again plays the move (a chain that may stop there)."""
        cells = self._targets()
        last = self.picks[-1] if self.picks else None
        if last is not None and last.kind == "cell" and self.entry.waiting(self.picks):
            cells |= {last.key}
        return cells

    def _draw_status(self) -> None:
        status = self.query_one("#status", Static)
        game = self.game
        if self.message:
            self._status(self.message)
            status.add_class("refused")
            return
        status.remove_class("refused")
        outcome = game.outcome()
        if outcome is not None:
            # the banner may have no row (``cramped``), or room for its beginning only
            text = f"{self.query_one('#banner', FittedText).text}. {self.OVER_KEYS}"
        elif self.blind:  # a hand-off (or a dialog opened from its band): no hand shown
            name = self.names[self.rules.to_move(game.position)]
            text = f"{name} to move: the hand stays hidden until {name} is at the keyboard"
        else:
            mover = self.rules.to_move(game.position)
            text = (self.table.status(bool(self.picks), self.ascii)
                    or f"{self.names[mover]} to move — {self.entry.hint(self.picks)}"
                    f"{targets_said(self.unlabelled)}")
        if self.seen > 1:  # before the hint: a line too long loses its end (``FittedText``)
            text = f"This position has occurred {self.seen} times. {text}"
        if game.cursor < len(game.plies):  # short: the hint after it fits 80 columns
            text = (f"Ply {game.cursor} of {len(game.plies)} (U redo).{self.table.note()} "
                    f"{text}")
        self._status(text)

    def _seen(self) -> int:
        """How often the current position has occurred, for games with a repetition rule."""
        game, rules = self.game, self.rules
        if rules.repetition_limit is None:
            return 0
        key = rules.repetition_key
        here = key(game.position)
        return sum(key(game.position_at(i)) == here for i in range(game.cursor + 1))

    def _status(self, text: str) -> None:
        """Update the status line: it keeps its rows (``FittedText`` shortens a text that
        does not fit; ``fit_window`` gives it one or two), so the board never jumps."""
        self.query_one("#status", FittedText).update(text)

    def select(self, pick: Pick) -> None:
        """The one input path: keyboard and mouse both end here."""
        self.message = ""
        if self.blind:  # a hand-off: nobody's hand is on screen
            return
        sel = self._safe("entry", lambda: self.entry.select(self.picks, pick))
        if sel is None:
            self._draw_status()
            return
        if sel.refusal:
            self.message = sel.refusal
            self._draw_status()
            return
        if sel.move is not None:
            self.person_plays(sel.move)
            return
        if pick.kind == "cell" and sel.picks == self.picks[:-1] and self.picks[-1:] == (pick,):
            # the selected cell clicked again: taken back, and said (else the next click, on
            # a target, read "that is not your piece" with nothing seen to explain it)
            hint = self._safe("entry", lambda: self.entry.hint(sel.picks), "")
            self.message = f"{pick.key} is no longer selected: {hint}"
        self.picks = sel.picks
        self.picks_changed()

    def person_plays(self, move: Any) -> None:
        """A person's complete move (keys, mouse or the move box). Played at an earlier
        ply it would drop the later moves: the player is asked first, in a dialog over the
        game, and "keep viewing" keeps every move. The move already played next is only a
        step forward (as in a chess GUI's move list): nothing to ask."""
        game = self.game
        later = len(game.plies) - game.cursor
        if not later:
            self.play(move)
            return
        if game.plies[game.cursor].move == move:
            # the move already played next: going forward, nothing is dropped
            self.action_redo()
            return
        history = self._history_key()
        text = self._safe("move text", lambda: self.rules.public_move_text(
            game.position, move, self.viewer), "this move")
        moves = "the later move" if later == 1 else f"the {later} later moves"

        def answered(yes: bool | None) -> None:
            if yes and self._history_key() == history:
                self.play(move)
                return
            self.picks = ()
            self.message = ("the game moved on meanwhile: nothing was played" if yes else
                            f"nothing was played: {moves} {'is' if later == 1 else 'are'} kept "
                            f"(U goes forward)")
            self.picks_changed()

        self.app.push_screen(ConfirmScreen(
            f"Play {text} from here? {moves[0].upper()}{moves[1:]} will be dropped "
            f"(ply {game.cursor} of {len(game.plies)} is shown).",
            yes="Play from here", no="Keep viewing"), answered)

    def play(self, move: Any) -> bool:
        """Hand a complete move to the table; whether it took it (played it, or sent it to
        the host of an online game), else the status says why not."""
        try:
            self.table.play(move)
        except OgamesError as exc:
            self.message = str(exc)
            self._draw_status()
            return False
        except Exception as exc:  # an engine bug: report it, keep the app alive
            log.exception("engine error in play")
            self.message = f"engine error in play: {type(exc).__name__}: {exc}"
            self._draw_status()
            return False
        return True

    # ----- events ---------------------------------------------------------------------

    def on_board_view_cell_clicked(self, event: BoardView.CellClicked) -> None:
        if self.has_class("typing"):  # the mouse takes over from the move box
            self._close_move_box()
        self.cursor = event.name
        self._select_cell(event.name)

    def _select_cell(self, name: str) -> None:
        for pick in self.computer.hint_lead(name, bool(self.picks)):  # the hinted tile, then its triangle
            self.select(pick)
        self.select(cell(name))

    def on_item_box_clicked(self, event: ItemBox.Clicked) -> None:
        if self.has_class("typing"):  # the mouse takes over from the move box
            self._close_move_box()
        self.select(item(event.key))

    def on_history_list_jump(self, event: HistoryList.Jump) -> None:
        self.message = ""
        self.table.goto(event.ply)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Besides the blind keys (see ``BoardActions``): once the game is over the footer
        offers no move keys (undo stays); while a move is typed, its keys type it."""
        if self.has_class("typing") and action not in self.TYPING_ACTIONS:
            return False
        if action in self.MOVE_ACTIONS and self.has_class("over"):
            return False
        if action == "review" and not self.has_class("over"):
            return False  # a finished game is reviewed (a saved one: in its replay)
        if action == "new_game" and bool(parameters) == self.has_class("over"):
            return False  # one of the two ``n`` bindings: shown when over, else asking
        return super().check_action(action, parameters)

    # ----- actions --------------------------------------------------------------------

    def action_cursor(self, direction: str) -> None:
        """The cursor goes to the adjacent cell in that screen direction, empty or not
        (``BoardView.neighbour``); at the board's edge it stays."""
        board = self.board
        found = board.step(self.cursor, direction) if self.cursor else board.central(board.cells)
        if found is not None:
            self.cursor = found
            self._show_board(self._targets())

    def action_tab(self, step: int) -> None:
        """Tab / Shift+Tab: the next / previous cell that may be selected, in reading
        order from the cursor, round and round."""
        cells = self.board.reading_order(self.cursor_cells())
        if not cells:
            return
        if self.cursor in cells:
            at = cells.index(self.cursor) + step
        else:  # where the cursor would stand among them, read in the same order
            at = self.board.reading_order([*cells, self.cursor]).index(self.cursor)
            at += min(step, 0)
        self.cursor = cells[at % len(cells)]
        self._show_board(self._targets())

    def _cursor_for_mover(self) -> str | None:
        """Where the cursor goes once the position changed (the other side moved, undo,
        a lesson's reply): it stays on a piece the mover can move that the last move did
        not touch; else it goes to the one nearest it (an opponent's piece or an empty
        cell is never left under it); with none to move (the computer's turn, the end),
        only off the move just made, so as not to hide it."""
        movable = frozenset() if self.picks else self._safe("entry", lambda: frozenset(
            p.key for p in self.entry.movable() if p.kind == "cell"), frozenset())
        if self.cursor in movable - self.last:
            return self.cursor
        cells = movable - self.last or movable
        if not cells:
            if self.cursor not in self.last:
                return self.cursor
            cells = self.board.cells - self.last
        return self.board.closest(self.cursor, cells)

    # ----- the move box (``:``) --------------------------------------------------------

    def _move_finder(self) -> MoveFinder:
        """The move box's search of this position, made once per position (per
        ``Entry``): the move texts it reads stay cached while the box opens and closes."""
        from ...core.typed_moves import MoveFinder

        entry, viewer = self.entry, self.viewer
        if self._finder is None or self._finder[:2] != (entry, viewer):
            self._finder = (entry, viewer, MoveFinder(
                self.rules, self.game.position, entry.moves,
                closed=entry.closed or ("the board is hidden" if self.blind else None),
                refusal=self.game.repetition_refusal))
        return self._finder[2]

    async def _move_box(self) -> MoveBox:
        """The move box, in the status line's place while a move is typed; made when
        first opened: an input and its list of moves cost every game's first frame some
        milliseconds, and many games never use it."""
        from ..widgets.move_box import MoveBox

        boxes = self.query(MoveBox)
        if boxes:
            return boxes.first()
        box = MoveBox(id="move-box")
        await self.mount(box, before=self.query_one(FittedFooter))
        return box

    def _typed_box(self) -> MoveBox:
        """The move box, while a move is typed (made when first opened)."""
        from ..widgets.move_box import MoveBox

        return self.query_one(MoveBox)

    async def action_type_move(self) -> None:
        """``:``: the move box opens in the status line's place, on its rows (so the board
        above never moves), listing the legal moves or saying why none matches."""
        box = await self._move_box()  # first: while typing, the box is always there
        self.message = ""
        self.picks = ()
        self.set_class(True, "typing")
        self.refresh_bindings()
        box.open(self._move_finder(), rows=self._status_rows())
        self.picks_changed()

    def _status_rows(self) -> int:
        """The rows ``fit_window`` gives the status line (the move box takes them)."""
        height = self.query_one("#status").styles.height
        return int(height.value) if height is not None else 1

    def fit_window(self) -> None:
        """As every board screen does; the move box, while open, keeps the status line's
        rows."""
        super().fit_window()
        for box in self.query("#move-box"):
            box.set_rows(self._status_rows())  # type: ignore[attr-defined]

    def _typing_follows(self) -> None:
        """The position changed while the move box is open (the computer moved): the box
        searches the new one, keeping what was typed."""
        if self.has_class("typing"):
            self._typed_box().follow(self._move_finder())

    def _close_move_box(self) -> None:
        if self.has_class("typing"):
            self._typed_box().close()
        self.set_class(False, "typing")
        self.typed = None
        self.refresh_bindings()
        self.board.focus()
        self.picks_changed()

    def on_move_box_previewed(self, event: MoveBox.Previewed) -> None:
        """The move chosen in the box is shown on the board: the cells of its path as
        selected, its last cell as the target."""
        if not self.has_class("typing"):
            return  # a preview overtaken by the box's closing
        move, self.typed = event.move, None
        if move is not None:
            paths = self._safe("pick paths",
                               lambda: self.rules.pick_paths(self.game.position, move), ())
            cells = [p.key for p in (paths[0] if paths else ()) if p.kind == "cell"]
            self.typed = (frozenset(cells[:-1]), frozenset(cells[-1:]))
        self._show_board(self._targets())

    def on_move_box_chosen(self, event: MoveBox.Chosen) -> None:
        """Enter in the move box: the move is played as a click plays it; when it cannot
        be, the box says why and stays open. Then the keys typed meanwhile go on."""
        try:
            self._play_typed(event.move)
        finally:
            self._typed_box().settle()

    def _play_typed(self, move: Move) -> None:
        if self.has_class("tiny"):
            return  # nothing is done blind
        ply = self.game.cursor
        self.message = ""
        if ply < len(self.game.plies):  # asked over the game, the box closed (see above)
            self._close_move_box()
            self.person_plays(move)
            return
        if not self.play(move):
            self._typed_box().refuse(self.message or "that move cannot be played now")
            return
        self._close_move_box()

    def on_move_box_closed(self, event: MoveBox.Closed) -> None:
        self._close_move_box()
        self._typed_box().settle()  # the keys typed behind Esc, now on the board

    def action_select(self) -> None:
        if self.cursor is not None:
            self._select_cell(self.cursor)

    def action_item(self, number: int) -> None:
        order = self.query_one(PanelView).order
        if 1 <= number <= len(order):
            self.select(item(order[number - 1]))
        else:
            self.message = f"there is no choice {number} here"
            self._draw_status()

    def action_clear(self) -> None:
        self.message = ""
        self.picks = ()
        self.picks_changed()

    def action_back(self) -> None:
        self.message = ""
        self.picks = self.picks[:-1]
        self.picks_changed()

    def action_undo(self) -> None:
        self.message = ""
        if not self.table.undo():
            self.message = "nothing to undo"
            self._draw_status()

    def action_redo(self) -> None:
        self.message = ""
        if not self.table.redo():
            self.message = "nothing to redo"
            self._draw_status()

    def action_hint(self) -> None:
        """The computer's suggestion for the person to move, highlighted, not played."""
        self.message = self.table.ask_hint() or ""
        self._follow_spinner()
        self._draw_status()

    # ----- the computer's work ---------------------------------------------------------

    def _follow_spinner(self) -> None:
        """The spinner turns while the computer thinks, and pauses otherwise."""
        if not self.computer.thinking:
            if self._spinner is not None:
                self._spinner.pause()
        elif self._spinner is None:
            self._spinner = self.set_interval(FRAME, self._spin)
        else:
            self._spinner.resume()

    def _spin(self) -> None:
        self.computer.frame += 1
        self._draw_status()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.loop.worker_changed(event)
        self._follow_spinner()

    def _show_hint(self) -> None:
        """The hint is in: highlight it and put the cursor on its first cell."""
        hint = self.computer.hint
        first = next((p.key for p in hint.path if p.kind == "cell"), None) if hint else None
        if not self.picks and first is not None and first in self.board.cells:
            self.cursor = first
        self.picks_changed()

    def before_leaving(self) -> None:
        """The game's file is let go as the screen leaves: the picker below, shown again
        at once, offers it to resume."""
        self._autosave_now()  # a move made just before leaving is kept
        if self.keeper is not None:
            self.keeper.release()

    def on_unmount(self) -> None:
        self.before_leaving()  # the app closing: its file stays, for any app to resume
        self.table.close()  # leaving the screen or quitting: stop thinking
        self.table.forget(self.table_event)
        if self._handoff is not None and self._handoff not in self.app.screen_stack:
            self.app.uninstall_screen(self._handoff)

    def redraw(self) -> None:
        self.picks_changed()

    def redraw_panel(self) -> None:
        self._draw_position()  # the panel's sections are worked out with the position
        self.picks_changed()

    @property
    def in_progress(self) -> bool:
        return self.table.in_progress

    def action_leave(self, stay: Callable[[], None] | None = None) -> None:
        """Back to the picker, after a yes while the game is in progress; ``stay`` runs on
        a no (the hand-off screen comes back). Leaving changes nothing: a game only looked
        at does not take over the autosave (the earlier unfinished game stays the one to
        resume); one opened from a file is still in that file, so it leaves at once."""
        self.autosave(changed=False)
        resumable = self.keeper is not None and self.keeper.is_mine()
        if not self.in_progress or (not resumable and self.save_path is not None):
            self.dismiss(None)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)
            elif stay is not None:
                stay()

        question = ("Leave this game? The menu will offer to resume it." if resumable else
                    "Leave this game? Nothing was played here, so it is not kept.")
        self.app.push_screen(ConfirmScreen(question), answered)

    def _autosave_now(self) -> None:
        """The autosave the table marked due, if it still is."""
        due = self.table.due_autosave()
        if due is not None:
            self.autosave(changed=due)

    def autosave(self, changed: bool = True) -> None:
        """Keep the autosave in step with the game (see ``core.autosave.Keeper.sync``) and
        tell the player what was kept where."""
        try:
            notices = self.table.sync(changed)
        except OSError as exc:
            log.exception("autosave failed")
            self.message = f"autosave failed: {exc.strerror or exc}"
            return
        for notice in notices:
            self.app.notify(notice.text, title=notice.title, markup=False)

    def action_save(self) -> None:
        from .save import SaveScreen

        def saved(path: Path | None) -> None:
            if path is not None:
                self.save_path = path
                # the file's name first: a notice is one line, and a long folder gives way
                self.app.notify(f"Saved as {visible(path.name)} in {visible(str(path.parent))}",
                                title="Game saved",
                                markup=False)

        target = self.keeper.save_target() if self.keeper is not None else None
        self.app.push_screen(SaveScreen(self.game, target), saved)

    def action_review(self) -> None:
        """Review the finished game with the computer, in a replay that starts at its end;
        the review is written into this game's moves, so its next save keeps it."""
        from .replay import ReplayScreen

        if self.game.outcome() is None:
            return
        self.app.push_screen(ReplayScreen(self.game, ascii=self.ascii, review=True,
                                          at_end=True, source=self.game))

    def action_new_game(self, ask: str = "") -> None:
        def go(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)
                self.app.new_game(self.rules.id, self.game.players)

        if self.in_progress:
            self.app.push_screen(ConfirmScreen("Start a new game? This one stays resumable "
                                               "until the new game's first move, then is kept "
                                               "in Saved games."), go)
        else:
            go(True)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """The command palette's entries for this screen: (title, help, action)."""
        return [
            ("Resign", "The player to move resigns", self.action_resign),
            ("Offer draw", "The player to move offers a draw", self.action_offer_draw),
            ("New game", "Back to the picker for a new game", self.action_new_game),
            ("Flip board", "Turn the board through 180°", self.action_flip),
            ("Rules", "Show this game's rules", self.action_rules),
            ("Save game", "Save this game to a file (Ctrl+S)", self.action_save),
            ("Undo", "Take back the last move", self.action_undo),
            ("Redo", "Play the next move of the history again", self.action_redo),
        ]

    def action_resign(self) -> None:
        if self.game.outcome() is not None:
            self.message = "the game is already over"
            self._draw_status()
            return
        side = self.table.acting_side(self.rules.to_move(self.game.position))

        def done(yes: bool | None) -> None:
            if yes:
                self.message = ""
                self._safe("resign", lambda: self.table.resign(side))

        self.app.push_screen(ConfirmScreen(f"{self.names[side]}: resign this game?"), done)

    def action_offer_draw(self) -> None:
        side = self.table.acting_side(self.rules.to_move(self.game.position))
        reply = self.table.offer_draw(side)
        if reply.kind != "ask":
            self.message = reply.message
            self._draw_status()
            return
        persons = [self.names[i] for i in reply.ask]

        def done(yes: bool | None) -> None:
            self.message = ""
            if yes:
                self.table.agree_draw()
            else:
                self.message = "the draw offer was declined"
                self._draw_status()

        self.app.push_screen(ConfirmScreen(
            f"{self.names[side]} offers a draw.\n{' and '.join(persons)}: do you accept?",
            yes="Accept", no="Decline"), done)
