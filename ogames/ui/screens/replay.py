"""Watching a saved game again, read-only: ←/→ step, Home/End, a click on a move jumps,
Space plays and pauses, +/- change the speed, and ``p`` plays on from the ply shown as a
new game (the file is never touched).

``a`` reviews the game with the computer (``ogames.ai.review``) in a thread worker that
runs the searches on every core, with a progress bar; the screen stays live and Esc
cancels, keeping the plies done (``a`` again goes on from them). The review shows an
advantage chart (a click jumps to a ply), marks in the move list (``n``/``N`` go to the
next/previous one), the chances at the ply shown, and at a marked ply the move the
computer preferred, highlighted on the board. ``r`` at a marked ply sets its position up
as an exercise, to find a better move (``mistakes.MistakeScreen``)."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import threading
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...ai.review import (
    JUDGE,
    Plan,
    PlyReview,
    Review,
    Value,
    annotate,
    assemble,
    chances_words,
    legend,
    plan,
    run,
)
from ...core.describe import ending_row, movers, outcome_text, side_labels
from ...core.errors import OgamesError, SaveFileError
from ...core.game import Game
from ...core.quoting import visible
from ..widgets.board import BoardView, Marks
from ..widgets.chart import AdvantageChart
from ..widgets.diagram import path_cells
from ..widgets.fitted import FittedText
from ..widgets.footer import FittedFooter
from ..widgets.history import HistoryList
from ..widgets.panel import PanelView, PlayersView, as_seated
from .board_actions import (
    HISTORY_ROWS,
    SIDE_PANEL_WIDTH,
    TOO_SMALL_CSS,
    BoardActions,
    compose_board_screen,
    players_at_cursor,
)
from .leaving import LeavesOnce

#: the viewer who is no side: sees what is public only (``Rules.public_move_text``)
SPECTATOR = -1
#: seconds per ply of auto-play, slowest last; ``+`` moves left
SPEEDS = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0)
DEFAULT_SPEED = 2
#: the review's budget and seed in the app: the judge's own, as ``ogames review`` uses
#: them by default, so both say the same of the same file
REVIEW_BUDGET = JUDGE
REVIEW_SEED = 0
#: how the chart's title says what the review knew
KNOWN = {"everything": "", "movers": "as each mover saw it",
         "spectator": "as a spectator sees it"}
#: the rows a review takes in the side column: progress bar, chart, chances
REVIEW_ROWS = 1 + 9 + 4


def replay_copy(game: Game) -> Game:
    """The game as written in its file: the moves up to the cursor (no redo tail)."""
    return dataclasses.replace(game, plies=list(game.plies[: game.cursor]))


def play_on(game: Game, ply: int) -> Game:
    """A new game whose history is ``game``'s first ``ply`` moves."""
    ply = max(0, min(ply, len(game.plies)))
    return dataclasses.replace(game, plies=list(game.plies[:ply]), cursor=ply, agreed=None,
                               resigned_side=None, date=_dt.date.today().isoformat())


class ReplayScreen(LeavesOnce, BoardActions, Screen[None]):
    AUTO_FOCUS = "#board"
    purpose = "watch"
    BLIND_ACTIONS = frozenset({"step", "jump", "toggle_play", "speed", "play_on", "flip", "mark"})

    BINDINGS = [
        Binding("left", "step(-1)", "back", key_display="←"),
        Binding("right", "step(1)", "forward", key_display="→"),
        Binding("home", "jump(0)", "start", key_display="Home"),
        Binding("end", "jump(-1)", "end", key_display="End"),
        Binding("space", "toggle_play", "play/pause", key_display="Space"),
        Binding("plus,equals_sign", "speed(-1)", "faster", key_display="+"),
        Binding("minus,underscore", "speed(1)", "slower", key_display="-"),
        Binding("p", "play_on", "play on from here"),
        Binding("a", "review", "review"),
        Binding("m", "moves", "moves", show=False),
        Binding("n,right_square_bracket", "mark(1)", "next mark", key_display="n"),
        Binding("r", "retry", "find a better move"),
        Binding("N,shift+n,left_square_bracket", "mark(-1)", "previous mark", show=False),
        Binding("f", "flip", "flip"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
        Binding("q", "close", "close"),
        Binding("escape", "escape", "cancel review / close", show=False),
        Binding("ctrl+s", "save_review", "save review", show=False),
    ]
    #: the footer's keys, most important first (``FittedFooter``): stepping and the way
    #: out before the speed and the flip
    FOOTER_PRIORITY = ("close", "step(-1)", "step(1)", "toggle_play", "play_on", "rules",
                       "review", "mark(1)", "retry", "jump(0)", "jump(-1)", "speed(-1)",
                       "speed(1)", "flip")

    DEFAULT_CSS = f"""
    ReplayScreen {{ layout: vertical; }}
    ReplayScreen #title {{ height: 1; padding: 0 1; background: $panel; }}
    ReplayScreen #main {{ height: 1fr; }}
    ReplayScreen #board-area {{ width: 1fr; }}
    ReplayScreen .banner {{
        display: none; text-align: center; text-style: bold; padding: 0 1;
    }}
    ReplayScreen #broken {{ background: $error-muted; }}
    ReplayScreen #banner {{ background: $warning-muted; }}
    ReplayScreen .banner.shown {{ display: block; }}
    ReplayScreen .banner.unplaced {{ display: none; }}
    ReplayScreen #board {{ height: 1fr; border: round $foreground 25%; }}
    ReplayScreen #board:focus {{ border: round $accent; }}
    ReplayScreen #side {{ width: {SIDE_PANEL_WIDTH[1]}; }}
    ReplayScreen #status {{ padding: 0 1; background: $boost; }}
    ReplayScreen #review-progress, ReplayScreen #chart, ReplayScreen #review-info {{
        display: none;
    }}
    ReplayScreen #review-progress {{ height: 1; padding: 0 1; }}
    ReplayScreen #review-info {{ height: auto; max-height: 4; padding: 0 1; }}
    ReplayScreen #review-progress.shown, ReplayScreen #chart.shown,
    ReplayScreen #review-info.shown {{ display: block; }}
    """ + TOO_SMALL_CSS.format(screen="ReplayScreen")

    def __init__(self, game: Game, *, name: str = "", error: SaveFileError | None = None,
                 ascii: bool = False, review: bool = False, at_end: bool = False,
                 source: Game | None = None, path: Path | None = None) -> None:
        """``review``: start reviewing at once; ``at_end``: show the last ply first;
        ``source``: the game a finished review is written into (as its plies' comments,
        which its next save keeps); ``path``: the file the game was read from, into which
        Ctrl+S writes a review."""
        super().__init__()
        self.game = replay_copy(game)
        self.rules = game.rules
        self.file_name = visible(name)  # a file's name is someone else's text
        self.error = error
        self.ascii = ascii
        self.flipped = False
        self.speed = DEFAULT_SPEED
        self.timer: Timer | None = None
        #: an unfinished game with hidden information is shown as a spectator sees it
        #: (hands and reverse faces hidden, as at the table); a finished one shows all
        self.spectator = self.rules.hidden_information and self.game.outcome() is None
        self.game.goto(len(self.game.plies) if at_end else 0)
        self.review_on_mount = review
        self.source = source
        self.path = path
        #: the review so far: the searches' values, what to search, what they make
        self.review_values: dict[int, Value] = {}
        self.review_plan: Plan | None = None
        self.review: Review | None = None
        self.review_worker: Worker | None = None
        self.review_stop = threading.Event()
        #: set when the review's worker thread has shut its processes down
        self.review_idle = threading.Event()
        self.review_idle.set()
        #: the exercise being set up (``r``): its worker, its stop flag, its ply and mark
        self.exercise_worker: Worker | None = None
        self.exercise_stop = threading.Event()
        self.exercise_ply: tuple[int, str] | None = None

    def compose(self) -> ComposeResult:
        yield from compose_board_screen(FittedText(id="broken", classes="banner"),
                                        FittedText(id="banner", classes="banner"))
        yield FittedFooter()

    async def on_mount(self) -> None:
        await self.query_one("#side").mount(
            ProgressBar(id="review-progress", show_eta=False), AdvantageChart(id="chart"),
            Static(id="review-info"), before=self.query_one(HistoryList))
        parts = ["ogames · Replay", self.rules.name]
        if len(self.rules.variants) > 1:
            parts.append(self.game.variant)
        if self.file_name:
            parts.append(self.file_name)
        self.query_one("#title", Static).update(" · ".join(parts))
        if self.error is not None:
            broken = self.query_one("#broken", FittedText)
            broken.update(f"Read-only: the file is broken at line {self.error.line}, column "
                          f"{self.error.column}: {self.error.reason}. Shown: the "
                          f"{len(self.game.plies)} moves before it.")
            broken.add_class("shown")
        self._set_layout()
        self.show_ply()
        if self.review_on_mount:
            self.action_review()

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def playing(self) -> bool:
        return self.timer is not None

    def fit_window(self) -> None:
        """As every board screen does; while a review is shown, the game's panel gives it
        the rows it needs (the panel scrolls)."""
        super().fit_window()
        self._place_banners()
        if self.review is None or self._layouts is None:
            return
        players = self.query_one(PlayersView)
        used = (players.rows or len(self.game.sides)) + 2 if players.display else 0
        height = self.query_one("#status").styles.height
        status_rows = int(height.value) if height is not None else 1
        # the move list keeps its few moves below the review (its "Preferred…" line too)
        room = self.app.size.height - 2 - status_rows - used - REVIEW_ROWS - HISTORY_ROWS
        self.query_one(PanelView).fit_room(max(HISTORY_ROWS, room))

    def _set_layout(self) -> None:
        variant = self.game.variant
        full, compact = (self.rules.layout(variant, flipped=self.flipped, ascii=self.ascii,
                                           compact=small) for small in (False, True))
        start = self.game.position_at(0)  # the window is sized for the panel too
        seen = self.rules.view(start, SPECTATOR) if self.spectator else start
        self.fit_layout(full, compact, self.rules.panel(seen, None, turned=self.panel_turned()))

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
        self.board.show(views, Marks(None, frozenset(), frozenset(), last, changed,
                                     self._preferred_cells()))
        outcome = game.outcome()
        names = side_labels(game)
        colours = rules.side_colours(game.variant)
        self.query_one(PlayersView).show(players_at_cursor(game))
        seen = rules.view(pos, SPECTATOR) if self.spectator else pos
        sections = rules.panel(seen, None, turned=self.panel_turned())
        panel = self.query_one(PanelView)
        panel.show(as_seated(sections, self.flipped), colours, (), (), ())
        # a panel that scrolls (a review beside it) keeps the mover's items in view
        mover = rules.to_move(pos)
        panel.keep_in_view([i.key for s in sections for i in s.items if i.owner == mover])
        self.query_one(HistoryList).show(self._move_texts(), game.cursor,
                                         len(game.sides), ending_row(game), movers(game),
                                         self._marks())
        self._show_review()
        banner = self.query_one("#banner", Static)
        if outcome is not None:
            resigned = game.sides[game.resigned_side] if game.resigned_side is not None else None
            banner.update("Game over: " + outcome_text(game.rules, outcome, names, resigned))
        banner.set_class(outcome is not None, "shown")
        self._place_banners()
        self._draw_status()

    def _place_banners(self) -> None:
        """Each banner shown (the broken file's, then the game's end) takes a row above
        the board while the board leaves one (a banner of more rows pushed the board's last
        rank out of an 80×24 window); the status line says those that get none."""
        if self._layouts is None:
            return
        height = self.query_one("#status", FittedText).styles.height
        status_rows = int(height.value) if height is not None else 1
        rows = self.app.size.height - 3 - self.board_size[1] - (status_rows - 1)
        for banner in self.query(".banner").results(FittedText):
            placed = banner.has_class("shown") and rows >= 1
            rows -= placed
            banner.set_class(not placed, "unplaced")

    #: what the last key said (``_draw_status``'s note): it stays while the ply shown does,
    #: so a review's next value, which draws the status again, does not wipe it at once
    _note: tuple[str, int] = ("", 0)

    def _draw_status(self, note: str = "") -> None:
        game = self.game
        if note:
            self._note = (note, game.cursor)
        elif self._note[1] == game.cursor:
            note = self._note[0]
        total = len(game.plies)
        text = f"Ply {game.cursor} of {total}"
        if game.cursor > 0:  # as the move list shows it: a spectator reads no hand
            text += f" ({self._move_texts()[game.cursor - 1]})"
        if self.playing:
            text += f" — playing, {SPEEDS[self.speed]:g} s a move (Space pauses, +/- speed)"
        elif self.reviewing:
            text += " — reviewing with hard's search (Esc cancels)"
        else:
            text += " — ←/→ Home End step, Space plays, p plays on"
        if note:
            text = f"{note[0].upper()}{note[1:]}. {text}"
        for banner in self.query(".banner.shown.unplaced").results(FittedText):
            # a banner without a row: the status says it (the broken file's, in short)
            said = self.broken_short if banner.id == "broken" else banner.text
            text = f"{said}. {text}"
        self.query_one("#status", FittedText).update(text)

    def room_changed(self) -> None:
        self._place_banners()
        self._draw_status()

    @property
    def broken_short(self) -> str:
        """Where the file is broken, for the status line (the banner says why)."""
        error = self.error
        return f"Read-only: broken at line {error.line}" if error is not None else ""

    # ----- navigation ---------------------------------------------------------------

    def goto(self, ply: int) -> None:
        self._note = ("", -1)
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
        self.review_stop.set()
        self.dismiss(None)

    # ----- the review ----------------------------------------------------------------

    reviewing = False

    def action_review(self) -> None:
        """Start the review, or go on with one cancelled: search what is not known yet."""
        if self.reviewing:
            self._draw_status("the review is running; Esc cancels it")
            return
        if not self.game.plies:
            self._draw_status("there is no move to review")
            return
        whole = dataclasses.replace(self.game, cursor=len(self.game.plies))
        steps = plan(whole, REVIEW_BUDGET, REVIEW_SEED, done=self.review_values)
        self.review_plan = steps
        self.review = assemble(steps, self.review_values)
        self.fit_window()
        if not steps.tasks:
            self._review_ended(True)
            return
        self.reviewing = True
        self.review_stop = stop = threading.Event()
        self.review_idle = idle = threading.Event()
        bar = self.query_one("#review-progress", ProgressBar)
        bar.update(total=len(steps.tasks), progress=self._searched())
        bar.add_class("shown")
        app = self.app
        self.review_worker = self.run_worker(
            lambda: self._review_work(app, steps, stop, idle), name="review", group="review",
            thread=True, exit_on_error=False)
        self.show_ply()
        note = self.review.note if self.review else ""
        if note:
            self._draw_status(note)

    def _review_work(self, app: Any, steps: Plan, stop: threading.Event,
                     idle: threading.Event) -> bool:
        """The worker thread: run the searches (on every core), hand each value to the
        screen; True when all were done."""
        worker = get_current_worker()

        def found(value: Value) -> None:
            try:
                app.call_from_thread(self._review_value, value)
            except RuntimeError:  # the app is closing: nobody is watching any more
                stop.set()

        try:
            return run(steps.tasks, found, lambda: stop.is_set() or worker.is_cancelled)
        finally:
            idle.set()

    def _searched(self) -> int:
        steps = self.review_plan
        return 0 if steps is None else sum(t.index in self.review_values for t in steps.tasks)

    def _review_value(self, value: Value) -> None:
        """A search finished (UI thread): keep its value, redraw what it changes."""
        if not self.is_attached:  # closed while the search ran
            return
        self.review_values[value.index] = value
        if self.review_plan is None:
            return
        self.review = assemble(self.review_plan, self.review_values)
        if self.reviewing:
            self.query_one("#review-progress", ProgressBar).update(progress=self._searched())
        self.show_ply()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self.exercise_worker:
            self._exercise_ready(event)
            return
        if event.worker is not self.review_worker or event.state not in (
                WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        self.review_worker = None
        if event.state == WorkerState.ERROR:
            self.reviewing = False
            self.query_one("#review-progress").remove_class("shown")
            self._draw_status(f"the review stopped on an error ({event.worker.error})")
            return
        self._review_ended(event.state == WorkerState.SUCCESS and bool(event.worker.result))

    def _review_ended(self, complete: bool) -> None:
        self.reviewing = False
        self.query_one("#review-progress").remove_class("shown")
        review = self.review
        if review is None:
            return
        if complete and review.complete and self.source is not None:
            annotate(self.source, review)
        marked = review.marked()
        if review.complete:
            note = (f"review done: {len(marked)} marked move{'s' if len(marked) != 1 else ''}"
                    + (" (n/N go to them)" if marked else ""))
        else:
            note = (f"review cancelled: {len(review.plies)} of {review.total} plies "
                    "reviewed; a goes on")
        self.show_ply()
        self._draw_status(note)

    def action_escape(self) -> None:
        """Esc cancels an exercise being set up or a review running (what it found stays),
        else closes the replay."""
        if self.exercise_worker is not None:
            self.exercise_stop.set()
            self.exercise_worker = None
            self._draw_status("the exercise was not set up")
            return
        if not self.reviewing:
            self.action_close()
            return
        self.review_stop.set()
        self.review_worker = None  # its end, when it comes, changes nothing any more
        self._review_ended(False)

    def action_save_review(self) -> None:
        """Ctrl+S: write the review into the file the game came from, as comments after
        its moves (the file read again, so that nothing else in it changes)."""
        from ...core.savefile import save_game
        from ...core.storage import load_saved_game

        review = self.review
        if self.path is None or self.error is not None:
            why = "the file is broken" if self.error else "the file is not known here"
            self._draw_status(f"the review cannot be saved: {why}")
            return
        if review is None or not review.complete:
            self._draw_status("review the whole game first (a)")
            return
        if review.knowledge == "spectator":
            self._draw_status("a review made from what a spectator knows is not kept in "
                              "the file")
            return
        try:
            game = load_saved_game(self.path)
            if [p.text for p in game.plies[: review.total]] != [p.text for p in self.game.plies]:
                raise OgamesError("the file holds other moves now")
            annotate(game, review)
            save_game(game, self.path)
        except (OgamesError, OSError) as exc:
            self._draw_status(f"the review was not saved: {exc}")
            return
        self._draw_status(f"the review is saved in {visible(self.path.name)}")

    # ----- learn from your mistakes ------------------------------------------------

    def action_retry(self) -> None:
        """``r`` at a marked ply: set its position up to find a better move, the moves the
        judge accepts worked out in a worker (Esc cancels), then played as a lesson."""
        reviewed = self._reviewed()
        if self.exercise_worker is not None:
            self._draw_status("the exercise is being set up; Esc cancels it")
            return
        if reviewed is None or not reviewed.mark or reviewed.best is None:
            self._draw_status("r sets a marked move up to find a better one: review the "
                              "game (a), then go to a marked move (n)")
            return
        self._stop()
        self.exercise_ply = (reviewed.ply, reviewed.mark)
        self.exercise_stop = stop = threading.Event()
        game, ply = self.game, reviewed.ply
        budget = REVIEW_BUDGET

        def work() -> Any:
            from ...ai.exercise import prepare

            return prepare(game, ply, seed=REVIEW_SEED, effort=budget.effort,
                           nodes=budget.nodes, iterations=budget.iterations,
                           should_stop=stop.is_set)

        self.exercise_worker = self.run_worker(work, name="exercise", group="exercise",
                                               thread=True, exit_on_error=False)
        self._draw_status(f"setting up ply {ply}: the computer weighs every move (Esc "
                          "cancels)")

    def _exercise_ready(self, event: Worker.StateChanged) -> None:
        """The exercise's worker ended: play it, or say why not."""
        if event.state == WorkerState.ERROR:
            self.exercise_worker = None
            self._draw_status(f"the exercise could not be set up ({event.worker.error})")
            return
        if event.state != WorkerState.SUCCESS or self.exercise_stop.is_set():
            return
        self.exercise_worker = None
        if self.exercise_ply is None or not self.is_attached:
            return
        ply, mark = self.exercise_ply
        app: Any = self.app
        app.open_exercise(event.worker.result, ply, mark,
                          lambda result: self._after_exercise(ply, result))

    def _after_exercise(self, ply: int, result: str | None) -> None:
        """Back from an exercise: on to the next marked move's when asked for."""
        self.goto(ply)
        if result != "next" or self.review is None:
            return
        later = [p for p in self.review.marked() if p > ply]
        if not later:
            self._draw_status("that was the last marked move")
            return
        self.goto(later[0])
        self.action_retry()

    def action_mark(self, delta: int) -> None:
        """Go to the next (``delta`` 1) or previous (-1) marked move."""
        if self.review is None:
            self._draw_status("no review yet: a reviews the game")
            return
        cursor = self.game.cursor
        marked = [p for p in self.review.marked() if (p > cursor if delta > 0 else p < cursor)]
        if not marked:
            more = " yet: the review is still running" if self.reviewing else ""
            self._draw_status(
                f"no marked move {'after' if delta > 0 else 'before'} this one{more}")
            return
        self.goto(marked[0] if delta > 0 else marked[-1])

    def on_advantage_chart_jump(self, event: AdvantageChart.Jump) -> None:
        self.goto(event.ply)

    # ----- the review, drawn ---------------------------------------------------------

    def _marks(self) -> dict[int, str]:
        review = self.review
        return {} if review is None else {p.ply: p.mark for p in review.plies if p.mark}

    def _reviewed(self) -> PlyReview | None:
        """The review of the ply shown (None: the start, or not reviewed yet)."""
        return None if self.review is None else self.review.at(self.game.cursor)

    def _preferred_cells(self) -> frozenset[str]:
        """At a marked ply, the cells of the move the computer preferred there."""
        reviewed = self._reviewed()
        if reviewed is None or not reviewed.mark or reviewed.best is None:
            return frozenset()
        before = self.game.position_at(reviewed.ply - 1)
        try:  # a preferred move read from a file may be anything
            move = self.rules.parse_move(before, reviewed.best)
        except OgamesError:
            return frozenset()
        return frozenset(path_cells(self.rules, before, move))

    def chart_points(self) -> list[tuple[float, ...] | None]:
        """The chart's points: the chances at the start and after every ply."""
        review = self.review
        if review is None:
            return []
        after = {p.ply: p.chances for p in review.plies}
        return [review.start] + [after.get(i) for i in range(1, review.total + 1)]

    def _show_review(self) -> None:
        review = self.review
        chart = self.query_one(AdvantageChart)
        info = self.query_one("#review-info", Static)
        chart.set_class(review is not None, "shown")
        info.set_class(review is not None, "shown")
        if review is None:
            return
        chart.border_subtitle = KNOWN[review.knowledge]
        chart.legend = legend()
        chart.show(self.chart_points(), self.game.cursor, self._marks(),
                   self.rules.side_colours(self.game.variant),
                   tuple(s[:1] for s in self.game.sides), self.ascii)
        info.update(self._review_text(review))

    def _review_text(self, review: Review) -> str:
        """The chances at the ply shown; at a marked one, the preferred move's too; at the
        start (and the end) each player's accuracy."""
        sides = self.game.sides
        if self.game.cursor == 0:
            if review.start is None:
                return ""
            return f"Start: {chances_words(sides, review.start, review.start_forced)}"
        reviewed = self._reviewed()
        if reviewed is None:
            return "Not reviewed yet."
        played = f"{reviewed.move}{' ' + reviewed.mark if reviewed.mark else ''}"
        text = f"{played}: {chances_words(sides, reviewed.chances, reviewed.forced)}"
        if reviewed.mark and reviewed.best is not None:
            text += (f"\nPreferred {reviewed.best}: "
                     f"{chances_words(sides, reviewed.best_chances, reviewed.best_forced)}")
        if self.game.cursor == len(self.game.plies) and review.complete:
            text += "\n" + self.accuracy_text(review)
        return text

    def accuracy_text(self, review: Review) -> str:
        """Each player's accuracy (lichess's measure: 100 % is every move as good as the
        judge's) and mean drop."""
        return "Accuracy: " + ", ".join(
            f"{side} {player.accuracy:.0f} %" for side, player
            in zip(self.game.sides, review.summary(), strict=True))
