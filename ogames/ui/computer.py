"""The computer player in the app: which seats it takes, its moves and hints thought out
in a worker thread, and undo/redo that step over its turns.

A service the game screen uses: it holds the game (not the screen), starts its work through
a runner the screen hands it (Textual's ``run_worker``), and answers with values — the text
that closes move entry on its turn, an :class:`Answer` when a worker is done, a move ready
to play — which the screen acts on. A move or a hint is computed by :func:`choose` in a
thread worker on a copy of the game, with a ``threading.Event`` as the search's
``should_stop``. Undo, a change of history, leaving the screen or quitting sets the event
(and cancels the worker), so a late answer is never played.

The computer only thinks when the history's cursor is at its end and one of its seats is to
move. While it thinks, the board stays live: the cursor moves and the history can be browsed;
an answer found while the player looks back is played when the cursor returns to the end.

Nothing here knows which game is played: everything goes through ``Rules`` and ``Game``.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from textual.worker import Worker, WorkerState, get_current_worker

from ..ai.levels import LEVELS
from ..core.game import Game, Ply
from .seats import LEVEL_NAMES, player_name

log = logging.getLogger("ogames.ui")

#: starts ``work`` in a thread worker named ``name`` (the screen's ``run_worker``)
Runner = Callable[[Callable[[], Any], str], Worker]

DEFAULT_LEVEL = "medium"
#: hints (``h``) are the hard level's move: the judge's, so that the review never marks a
#: hint (issue 63)
HINT_LEVEL = "hard"
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
ASCII_SPINNER = "|/-\\"
#: seconds between two frames of the spinner
FRAME = 0.12


def snapshot(game: Game) -> Game:
    """A copy of ``game`` up to its cursor for the worker: the screen may move the cursor
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
    worker: Worker | None = None
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
    """What a finished worker means for the screen: ``"move"`` (a move is ready: take it
    with :meth:`Computer.ready_move`), ``"hint"`` (``Computer.hint`` is set) or
    ``"failed"`` (``message`` says why)."""

    kind: str
    message: str = ""


class Computer:
    """The computer seats of one game and the work in progress for them."""

    def __init__(self, game: Game, seats: Mapping[int, str] | None = None,
                 seed: int | None = None, *, run: Runner | None = None) -> None:
        self.game = game
        n = len(game.sides)
        self.seats: dict[int, str] = {}
        for side, level in (seats or {}).items():
            if not 0 <= side < n:
                raise ValueError(f"there is no seat {side + 1}: {game.rules.name} has {n}")
            if level not in LEVELS:
                raise ValueError(f"unknown level '{level}'; choose one of "
                                 f"{', '.join(LEVEL_NAMES)}")
            self.seats[side] = level
        if self.seats:
            game.players = tuple(player_name(self.seats[i]) if i in self.seats else name
                                 for i, name in enumerate(game.players))
        self.seed = random.randrange(1 << 31) if seed is None else seed
        #: how work is started (set by the screen once it is mounted)
        self.run = run
        self.job: Job | None = None
        self.hint: Hint | None = None
        #: the spinner's frame, advanced by the screen's timer while the computer thinks
        self.frame = 0

    # ----- seats ----------------------------------------------------------------------

    def is_computer(self, side: int) -> bool:
        return side in self.seats

    @property
    def persons(self) -> list[int]:
        return [i for i in range(len(self.game.sides)) if i not in self.seats]

    @property
    def handoff(self) -> bool:
        """Hidden information: the keyboard is handed over only between two or more people."""
        return len(self.persons) >= 2

    @property
    def thinking(self) -> bool:
        """Whether work is in progress (the spinner turns)."""
        return self.job is not None and not self.job.done

    def viewer_for(self, mover: int, current: int | None) -> int | None:
        """Hidden information: whose view the board shows when ``mover`` is to move. With
        one person, always theirs; with none, the first seat's; otherwise the mover's when
        a person moves, and the last person's while the computer thinks."""
        if not self.seats:
            return mover
        persons = self.persons
        if len(persons) == 1:
            return persons[0]
        if not persons:
            return 0
        return mover if mover in persons else current

    def _mover(self) -> int | None:
        game = self.game
        if game.outcome() is not None:
            return None
        return game.rules.to_move(game.position)

    def _side(self, side: int) -> str:
        return self.game.sides[side]

    # ----- after every change of the game --------------------------------------------

    def position_changed(self) -> str | None:
        """After a move, undo, redo, jump or resignation: drop what no longer applies and
        think when it is a computer seat's turn at the end of the history. Returns the
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
        if self.job is None:
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

    # ----- undo and redo for a person ---------------------------------------------------

    def undo(self) -> bool:
        """Take back moves to the last turn of a person (two plies when the computer has
        answered); the computer's thinking is cancelled."""
        self.cancel()
        game = self.game
        persons = self.persons
        if not self.seats or not persons or (game.agreed is not None
                                            and game.cursor == len(game.plies)):
            return game.undo()
        target = game.cursor - 1
        while target >= 0 and game.rules.to_move(game.position_at(target)) not in persons:
            target -= 1
        if target < 0:
            return False
        game.goto(target)
        return True

    def redo(self) -> bool:
        """Replay moves up to the next turn of a person (or the end of the history)."""
        game = self.game
        persons = self.persons
        if not self.seats or not persons:
            return game.redo()
        if game.cursor >= len(game.plies):
            return False
        target = game.cursor + 1
        while (target < len(game.plies)
               and game.rules.to_move(game.position_at(target)) not in persons):
            target += 1
        game.goto(target)
        return True

    def acting_side(self, mover: int) -> int:
        """Who resigns or offers a draw: the one person when the computer is to move, else
        the mover."""
        persons = self.persons
        if self.is_computer(mover) and len(persons) == 1:
            return persons[0]
        return mover

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
        if self.run is None:
            raise RuntimeError("the computer has no runner: the screen sets it when mounted")
        game = self.game
        copy = snapshot(game)
        job = Job(kind, side, game.cursor, game.plies[game.cursor - 1] if game.cursor else None)
        seed = self.seed
        stop = job.stop

        def work() -> Any:
            worker = get_current_worker()
            return choose(copy, level, seed, lambda: stop.is_set() or worker.is_cancelled)

        self.job = job
        self.frame = 0
        job.worker = self.run(work, f"computer {kind}")

    def worker_changed(self, event: Worker.StateChanged) -> Answer | None:
        """A worker's state changed (UI thread): what the screen should do about it."""
        job = self.job
        if job is None or event.worker is not job.worker or job.done:
            return None
        if event.state == WorkerState.SUCCESS:
            if job.stop.is_set():
                return None
            job.move = event.worker.result
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
        if event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.job = None
            if event.state == WorkerState.ERROR:
                error = event.worker.error
                return Answer("failed",
                              f"the computer could not move: {type(error).__name__}: {error}")
            return Answer("failed")
        return None

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
