"""Watching a saved game again, read-only: ←/→ step, Home/End, a click on a move jumps,
Space plays and pauses, +/- change the speed, and ``p`` plays on from the ply shown as a
new game (the file is never touched)."""

from __future__ import annotations

import dataclasses
import datetime as _dt
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from ...core.describe import ending_row, movers, outcome_text, side_labels
from ...core.errors import SaveFileError
from ...core.game import Game
from ..widgets.board import BoardView, Marks
from ..widgets.diagram import path_cells
from ..widgets.history import HistoryList
from ..widgets.panel import PanelView, Player, PlayersView, as_seated
from .board_actions import SIDE_PANEL_WIDTH, TOO_SMALL_CSS, BoardActions, compose_board_screen

#: the viewer who is no side: sees what is public only (``Rules.public_move_text``)
SPECTATOR = -1
#: seconds per ply of auto-play, slowest last; ``+`` moves left
SPEEDS = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0)
DEFAULT_SPEED = 2


def replay_copy(game: Game) -> Game:
    """The game as written in its file: the moves up to the cursor (no redo tail)."""
    return dataclasses.replace(game, plies=list(game.plies[: game.cursor]))


def play_on(game: Game, ply: int) -> Game:
    """A new game whose history is ``game``'s first ``ply`` moves."""
    ply = max(0, min(ply, len(game.plies)))
    return dataclasses.replace(game, plies=list(game.plies[:ply]), cursor=ply, agreed=None,
                               resigned_side=None, date=_dt.date.today().isoformat())


class ReplayScreen(BoardActions, Screen[None]):
    AUTO_FOCUS = "#board"
    purpose = "watch"
    BLIND_ACTIONS = frozenset({"step", "jump", "toggle_play", "speed", "play_on", "flip"})

    BINDINGS = [
        Binding("left", "step(-1)", "back", key_display="←"),
        Binding("right", "step(1)", "forward", key_display="→"),
        Binding("home", "jump(0)", "start", key_display="Home"),
        Binding("end", "jump(-1)", "end", key_display="End"),
        Binding("space", "toggle_play", "play/pause", key_display="Space"),
        Binding("plus,equals_sign", "speed(-1)", "faster", key_display="+"),
        Binding("minus,underscore", "speed(1)", "slower", key_display="-"),
        Binding("p", "play_on", "play on from here"),
        Binding("f", "flip", "flip"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
        Binding("q,escape", "close", "close"),
    ]

    DEFAULT_CSS = f"""
    ReplayScreen {{ layout: vertical; }}
    ReplayScreen #title {{ height: 1; padding: 0 1; background: $panel; }}
    ReplayScreen #main {{ height: 1fr; }}
    ReplayScreen #board-area {{ width: 1fr; }}
    ReplayScreen .banner {{
        display: none; height: auto; text-align: center; text-style: bold; padding: 0 1;
    }}
    ReplayScreen #broken {{ background: $error-muted; }}
    ReplayScreen #banner {{ background: $warning-muted; }}
    ReplayScreen .banner.shown {{ display: block; }}
    ReplayScreen #board {{ height: 1fr; border: round $foreground 25%; }}
    ReplayScreen #board:focus {{ border: round $accent; }}
    ReplayScreen #side {{ width: {SIDE_PANEL_WIDTH[1]}; }}
    ReplayScreen #status {{ height: auto; max-height: 2; padding: 0 1; background: $boost; }}
    """ + TOO_SMALL_CSS.format(screen="ReplayScreen")

    def __init__(self, game: Game, *, name: str = "", error: SaveFileError | None = None,
                 ascii: bool = False) -> None:
        super().__init__()
        self.game = replay_copy(game)
        self.rules = game.rules
        self.file_name = name
        self.error = error
        self.ascii = ascii
        self.flipped = False
        self.speed = DEFAULT_SPEED
        self.timer: Timer | None = None
        #: an unfinished game with hidden information is shown as a spectator sees it
        #: (hands and reverse faces hidden, as at the table); a finished one shows all
        self.spectator = self.rules.hidden_information and self.game.outcome() is None
        self.game.goto(0)

    def compose(self) -> ComposeResult:
        yield from compose_board_screen(Static(id="broken", classes="banner"),
                                        Static(id="banner", classes="banner"))
        yield Footer()

    def on_mount(self) -> None:
        parts = ["ogames · Replay", self.rules.name]
        if len(self.rules.variants) > 1:
            parts.append(self.game.variant)
        if self.file_name:
            parts.append(self.file_name)
        self.query_one("#title", Static).update(" · ".join(parts))
        if self.error is not None:
            broken = self.query_one("#broken", Static)
            broken.update(f"Read-only: the file is broken at line {self.error.line}, column "
                          f"{self.error.column}: {self.error.reason}. Shown: the "
                          f"{len(self.game.plies)} moves before it.")
            broken.add_class("shown")
        self._set_layout()
        self.show_ply()

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def playing(self) -> bool:
        return self.timer is not None

    def _set_layout(self) -> None:
        variant = self.game.variant
        full, compact = (self.rules.layout(variant, flipped=self.flipped, ascii=self.ascii,
                                           compact=small) for small in (False, True))
        self.fit_layout(full, compact)

    # ----- drawing ------------------------------------------------------------------

    def _move_texts(self) -> list[str]:
        game = self.game
        if not self.spectator:
            return [p.text for p in game.plies]
        return [self.rules.public_move_text(game.position_at(i), p.move, SPECTATOR)
                for i, p in enumerate(game.plies)]

    def show_ply(self) -> None:
        """Draw the position at the game's cursor, the move that led there, the lists."""
        game, rules = self.game, self.rules
        pos = game.position
        views = dict(rules.cell_views(pos, None))
        last: frozenset[str] = frozenset()
        changed: frozenset[str] = frozenset()
        if game.cursor > 0:
            before = game.position_at(game.cursor - 1)
            last = frozenset(path_cells(rules, before, game.plies[game.cursor - 1].move))
            old = rules.cell_views(before, None)
            changed = frozenset(n for n, v in views.items() if old.get(n) != v) - last
        self.board.show(views, Marks(None, frozenset(), frozenset(), last, changed))
        outcome = game.outcome()
        names = side_labels(game)
        summary = rules.side_summary(pos)
        colours = rules.side_colours(game.variant)
        mover = rules.to_move(pos)
        self.query_one(PlayersView).show([
            Player(side, name, colours[i] if i < len(colours) else "",
                   summary[i] if i < len(summary) else "",
                   to_move=outcome is None and i == mover,
                   winner=outcome is not None and i in outcome.winners)
            for i, (side, name) in enumerate(zip(game.sides, game.players, strict=False))])
        seen = rules.view(pos, SPECTATOR) if self.spectator else pos
        self.query_one(PanelView).show(as_seated(rules.panel(seen, None), self.flipped),
                                       colours, (), (), ())
        self.query_one(HistoryList).show(self._move_texts(), game.cursor,
                                         len(game.sides), ending_row(game), movers(game))
        banner = self.query_one("#banner", Static)
        if outcome is not None:
            resigned = game.sides[game.resigned_side] if game.resigned_side is not None else None
            banner.update("Game over: " + outcome_text(game.rules, outcome, names, resigned))
        banner.set_class(outcome is not None, "shown")
        self._draw_status()

    def _draw_status(self, note: str = "") -> None:
        game = self.game
        total = len(game.plies)
        text = f"Ply {game.cursor} of {total}"
        if game.cursor > 0:
            text += f" ({game.plies[game.cursor - 1].text})"
        if self.playing:
            text += f" — playing, {SPEEDS[self.speed]:g} s a move (Space pauses, +/- speed)"
        else:
            text += " — ←/→ step, Home/End, Space plays, p plays on from here"
        if note:
            text = f"{note[0].upper()}{note[1:]}. {text}"
        self.query_one("#status", Static).update(text)

    # ----- navigation ---------------------------------------------------------------

    def goto(self, ply: int) -> None:
        self.game.goto(ply)
        self.show_ply()

    def action_step(self, delta: int) -> None:
        target = self.game.cursor + delta
        if not 0 <= target <= len(self.game.plies):
            if target < 0:
                self._draw_status("the start of the game")
            elif self.game.outcome() is not None:
                self._draw_status("the end of the game")
            else:
                self._draw_status("the last move saved: the game was not finished")
            return
        self.goto(target)

    def action_jump(self, ply: int) -> None:
        self.goto(len(self.game.plies) if ply < 0 else ply)

    def on_history_list_jump(self, event: HistoryList.Jump) -> None:
        self.goto(event.ply)

    # ----- auto-play ----------------------------------------------------------------

    def action_toggle_play(self) -> None:
        if self.playing:
            self._stop()
        else:
            if self.game.cursor >= len(self.game.plies):
                self.game.goto(0)
            self._start()
        self.show_ply()

    def _start(self) -> None:
        self.timer = self.set_interval(SPEEDS[self.speed], self._tick)

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def _tick(self) -> None:
        if self.game.cursor >= len(self.game.plies):
            self._stop()
            self._draw_status()
            return
        self.goto(self.game.cursor + 1)
        if self.game.cursor >= len(self.game.plies):
            self._stop()
            self._draw_status()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.playing:
            self._stop()
            self._start()
        self._draw_status(f"{SPEEDS[self.speed]:g} s a move")

    # ----- other actions ------------------------------------------------------------

    def action_play_on(self) -> None:
        game = play_on(self.game, self.game.cursor)
        self._stop()
        app: Any = self.app
        self.dismiss(None)
        app.call_later(app.start_game, game)

    def redraw(self) -> None:
        self.show_ply()

    def action_close(self) -> None:
        self._stop()
        self.dismiss(None)
