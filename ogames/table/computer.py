"""The computer at a table: which seats it takes, its moves and hints thought out in a
worker thread, and the words that say what it is doing.

A service the table uses: it holds the game, starts its work through the table's
:class:`~ogames.table.loop.Loop` (a Textual thread worker in the app, an executor thread in
the host and in ``ogames bot``), and answers with values — the text that closes move entry
on its turn, an :class:`Answer` when a worker is done, a move ready to play — which the
table acts on. A move or a hint is computed by :func:`choose` on a copy of the game, with a
``threading.Event`` as the search's ``should_stop``. Undo, a change of history, leaving or
quitting sets the event (and cancels the worker), so a late answer is never played.

The computer only thinks when the history's cursor is at its end and one of its seats is to
move. While it thinks the history can be browsed; an answer found while the player looks
back is played when the cursor returns to the end.

Nothing here knows which game is played: everything goes through ``Rules`` and ``Game``.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..ai.levels import LEVELS
from ..core.game import Game, Ply
from .loop import Finished, Loop, Work
from .seats import LEVEL_NAMES, player_name

log = logging.getLogger("ogames.table")

DEFAULT_LEVEL = "medium"
#: hints (``h``) are the hard level's move: the judge's, so that the review never marks a
#: hint (issue 63)
HINT_LEVEL = "hard"
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
ASCII_SPINNER = "|/-\\"
#: seconds between two frames of the spinner
FRAME = 0.12


def snapshot(game: Game) -> Game:
    """A copy of ``game`` up to its cursor for the worker: the table may move the cursor
    or play on while the computer thinks. Positions and plies are immutable values."""
    return Game(game.rules, game.start, game.seed, game.players, game.date,
                list(game.plies[:game.cursor]), game.cursor)


def choose(game: Game, level: str, seed: int, should_stop: Callable[[], bool]) -> Any:
    """The computer's move for the side to move in ``game`` (runs in the worker thread;
    tests replace it with a fast stub)."""
    from ..ai.player import Player  # the searches load with the first move asked for

    return Player(level, seed).choose(game, should_stop)


@dataclass(eq=False)
class Job:
    """One computation: ``kind`` "move" (a computer seat's turn) or "hint" (a suggestion
    for the person to move), for the history as it was when it started."""

    kind: str
    side: int
    cursor: int
    last: Ply | None
    stop: threading.Event = field(default_factory=threading.Event)
    worker: Work | None = None
    move: Any = None
    done: bool = False


@dataclass(frozen=True)
class Hint:
    move: Any
    text: str
    cells: frozenset[str]
    cursor: int
    #: the pick path to enter the move
    path: tuple = ()


@dataclass(frozen=True)
class Answer:
    """What a finished worker means for the table: ``"move"`` (a move is ready: take it
    with :meth:`Computer.ready_move`), ``"hint"`` (``Computer.hint`` is set) or
    ``"failed"`` (``message`` says why)."""

    kind: str
    message: str = ""


def check_levels(seats: Mapping[int, str] | None, sides: int, game_name: str) -> dict[int, str]:
    """The computer's seats (side index → level), checked: a ValueError names a seat the
    game does not have or a level there is not."""
    checked: dict[int, str] = {}
    for side, level in (seats or {}).items():
        if not 0 <= side < sides:
            raise ValueError(f"there is no seat {side + 1}: {game_name} has {sides}")
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}'; choose one of {', '.join(LEVEL_NAMES)}")
        checked[side] = level
    return checked


class Computer:
    """The computer seats of one game and the work in progress for them.

    ``game_for_thinking`` gives the game a search is handed (by default a copy of the game
    up to its cursor); a table that holds only what one seat may see hands its own."""

    def __init__(self, game: Game, seats: Mapping[int, str] | None = None,
                 seed: int | None = None, *, loop: Loop | None = None,
                 on_answer: Callable[[Answer], None] | None = None) -> None:
        self.game = game
        self.seats: dict[int, str] = check_levels(seats, len(game.sides), game.rules.name)
        if self.seats:
            game.players = tuple(player_name(self.seats[i]) if i in self.seats else name
                                 for i, name in enumerate(game.players))
        self.seed = random.randrange(1 << 31) if seed is None else seed
        #: how work is started (the table's loop; the app sets it once the screen is up)
        self.loop = loop
        #: told of every answer (the table plays a move, shows a hint or a failure)
        self.on_answer = on_answer
        self.game_for_thinking: Callable[[], Game] = lambda: snapshot(self.game)
        self.job: Job | None = None
        self.hint: Hint | None = None
        #: the spinner's frame, advanced by the screen's timer while the computer thinks
        self.frame = 0

    # ----- seats ----------------------------------------------------------------------

    def is_computer(self, side: int) -> bool:
        return side in self.seats

    @property
    def thinking(self) -> bool:
        """Whether work is in progress (the spinner turns)."""
        return self.job is not None and not self.job.done

    def _mover(self) -> int | None:
        game = self.game
        if game.outcome() is not None:
            return None
        return game.rules.to_move(game.position)

    def _side(self, side: int) -> str:
        return self.game.sides[side]

    # ----- after every change of the game --------------------------------------------

    def position_changed(self, may_think: bool = True) -> str | None:
        """After a move, undo, redo, jump or resignation: drop what no longer applies and
        think when it is a computer seat's turn at the end of the history (and
        ``may_think``: a table waiting for a move to be confirmed does not). Returns the
        text that closes move entry on a computer's turn, or None on a person's."""
        game = self.game
        self.hint = None
        job = self.job
        if job is not None and (job.kind == "hint" or not self._same_history(job)):
            self.cancel()
        mover = self._mover()
        if mover is None or not self.is_computer(mover):
            return None
        side = self._side(mover)
        if game.cursor != len(game.plies):
            return f"it is {side}'s turn here (the computer's): U goes forward, u back"
        if self.job is None and may_think:
            self._start("move", mover, self.seats[mover])
        return f"{side} (computer) is thinking…"

    def _same_history(self, job: Job) -> bool:
        """The history a move job was started for is still the game's (the cursor may
        have moved: history browsing)."""
        game = self.game
        n = job.cursor
        return (len(game.plies) == n and game.agreed is None
                and (n == 0 or game.plies[n - 1] is job.last))

    def cancel(self) -> None:
        """Stop the work in progress; its answer, if it still comes, is ignored."""
        job, self.job = self.job, None
        if job is not None:
            job.stop.set()
            if job.worker is not None:
                job.worker.cancel()

    # ----- what the screen shows ---------------------------------------------------------

    def status(self, picking: bool, ascii: bool = False) -> str | None:
        """The status line while the computer is involved, else None. ``picking``: the
        person has started entering a move (a hint's line gives way)."""
        job = self.job
        if job is None:
            hint = self.hint
            if hint is not None and not picking:
                return (f"Hint for {self._side(self._mover() or 0)}: {hint.text} "
                        f"(highlighted; play it or any other move)")
            return None
        if job.kind == "move" and (self.game.cursor != job.cursor
                                   or job.side != self._mover()):
            return None  # looking back (the usual status, and the note), or not its turn
        spinner = ASCII_SPINNER if ascii else SPINNER
        frame = spinner[self.frame % len(spinner)]
        side = self._side(job.side)
        if job.kind == "hint":
            return f"{frame} Looking for a hint for {side}…"
        return f"{frame} {side} (computer) is thinking…"

    def note(self) -> str:
        """A short note added to the status while looking back at the history."""
        job = self.job
        if job is None or job.kind != "move" or self.game.cursor == job.cursor:
            return ""
        side = self._side(job.side)
        if job.done:
            return f" {side} (computer) has its move ready."
        return f" {side} (computer) is thinking…"

    def hint_lead(self, name: str, picking: bool) -> tuple:
        """The item picks (a hand tile) that come before cell ``name`` on the hinted move's
        path, when nothing is picked yet and ``name`` is the path's first cell: a click or
        Enter on the highlighted cell then enters the hint as it reads."""
        hint = self.hint
        if hint is None or hint.cursor != self.game.cursor or picking:
            return ()
        lead = []
        for pick in hint.path:
            if pick.kind == "cell":
                return tuple(lead) if pick.key == name else ()
            lead.append(pick)
        return ()

    def hint_cells(self) -> frozenset[str]:
        hint = self.hint
        if hint is None or hint.cursor != self.game.cursor:
            return frozenset()
        return hint.cells

    # ----- hints ---------------------------------------------------------------------

    def ask_hint(self) -> str | None:
        """Start looking for a hint for the person to move; a refusal reason, or None."""
        mover = self._mover()
        if mover is None:
            return "the game is over"
        if self.is_computer(mover):
            return f"it is {self._side(mover)}'s turn (the computer's)"
        if self.job is not None:
            if self.job.kind == "hint":
                return None
            return f"wait for {self._side(self.job.side)}'s move (the computer is thinking)"
        self._start("hint", mover, HINT_LEVEL)
        return None

    def _make_hint(self, move: Any) -> Hint:
        """The hint for ``move`` in the current position: its text and how to enter it."""
        game = self.game
        pos, rules = game.position, game.rules
        paths = rules.pick_paths(pos, move)
        path = tuple(paths[0]) if paths else ()
        cells = frozenset(p.key for p in path if p.kind == "cell")
        return Hint(move, rules.move_text(pos, move), cells, game.cursor, path)

    # ----- the worker -------------------------------------------------------------------

    def _start(self, kind: str, side: int, level: str) -> None:
        if self.loop is None:
            raise RuntimeError("the computer has no loop to think in: the table's owner "
                               "sets it")
        game = self.game
        copy = self.game_for_thinking()
        job = Job(kind, side, game.cursor, game.plies[game.cursor - 1] if game.cursor else None)
        seed = self.seed
        stop = job.stop

        def work(cancelled: Callable[[], bool]) -> Any:
            return choose(copy, level, seed, lambda: stop.is_set() or cancelled())

        self.job = job
        self.frame = 0
        job.worker = self.loop.run(work, f"computer {kind}",
                                   lambda finished: self._finished(job, finished))

    def _finished(self, job: Job, finished: Finished) -> None:
        """A worker ended (in the loop's thread): tell the table what it means."""
        answer = self.worker_done(job, finished)
        if answer is not None and self.on_answer is not None:
            self.on_answer(answer)

    def worker_done(self, job: Job, finished: Finished) -> Answer | None:
        """What the end of ``job``'s worker means, or None when it no longer matters."""
        if job is not self.job or job.done:
            return None
        if finished.cancelled or finished.error is not None:
            self.job = None
            error = finished.error
            if error is None:
                return Answer("failed")
            return Answer("failed", f"the computer could not move: {type(error).__name__}: {error}")
        if job.stop.is_set():
            return None
        job.move = finished.result
        job.done = True
        if job.kind == "move":
            return Answer("move")
        self.job = None
        try:
            self.hint = self._make_hint(job.move)
        except Exception as exc:  # an engine bug: report it, keep the app alive
            log.exception("engine error in a hint")
            return Answer("failed", f"engine error in the hint: {type(exc).__name__}: {exc}")
        return Answer("hint")

    @property
    def move_ready(self) -> bool:
        """A computer's move is ready (to play now, or when the cursor is back at the end)."""
        return self.job is not None and self.job.kind == "move" and self.job.done

    def ready_move(self) -> Any | None:
        """The move that is ready, when the history is still the one it was found for and
        the cursor is at its end (the job is then over); else None."""
        job = self.job
        if job is None or job.kind != "move" or not job.done:
            return None
        if not self._same_history(job):
            self.cancel()
            return None
        if self.game.cursor != job.cursor:
            return None  # looking back: played when the cursor returns
        self.job = None
        return job.move
