"""The computer player in the app (issue 11): which seats it takes, its moves and hints
thought out in a worker thread, and undo/redo that step over its turns.

The game screen owns one ``Computer``. It never blocks the UI: a move or a hint is
computed by :func:`choose` in a Textual thread worker on a copy of the game, with a
``threading.Event`` as the search's ``should_stop``; the answer comes back as a
``Worker.StateChanged`` message on the UI thread, where a move is played through
``GameScreen.play`` like a person's. Undo, a change of history, leaving the screen or
quitting sets the event (and cancels the worker), so a late answer is never played.

The computer only thinks when the history's cursor is at its end and one of its seats is to
move. While it thinks, the board stays live: the cursor moves and the history can be browsed;
an answer found while the player looks back is played when the cursor returns to the end.

Nothing here knows which game is played: everything goes through ``Rules`` and ``Game``.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual.timer import Timer
from textual.worker import Worker, WorkerState, get_current_worker

from ..ai.mcts import LEVELS, Player
from ..core.entry import Entry
from ..core.game import Game, Ply

if TYPE_CHECKING:
    from .screens.game import GameScreen

#: the levels offered, easiest first
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
DEFAULT_LEVEL = "medium"
#: hints (``h``) are the computer's suggestion at this level
HINT_LEVEL = "medium"
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
ASCII_SPINNER = "|/-\\"
#: seconds between two frames of the spinner
FRAME = 0.12


def player_name(level: str) -> str:
    """The player name of a computer seat (shown in the players panel, written in saved
    games, and read back by :func:`split_players`)."""
    return f"Computer {level}"


_LEVEL_OF_NAME = {player_name(level): level for level in LEVEL_NAMES}


def is_computer_name(name: str) -> bool:
    """Whether ``name`` marks a computer seat (a person may not take it: the game would
    come back from a save or resume with the computer in that seat)."""
    return name in _LEVEL_OF_NAME


def split_players(players: tuple[str, ...]) -> tuple[dict[int, str], dict[int, str]]:
    """Players' names → (people's names, computer seats and levels): a resumed, replayed
    or restarted game keeps its computer seats."""
    names: dict[int, str] = {}
    seats: dict[int, str] = {}
    for i, name in enumerate(players):
        if name in _LEVEL_OF_NAME:
            seats[i] = _LEVEL_OF_NAME[name]
        else:
            names[i] = name
    return names, seats


def seats_from_players(players: tuple[str, ...]) -> dict[int, str]:
    return split_players(players)[1]


def snapshot(game: Game) -> Game:
    """A copy of ``game`` up to its cursor for the worker: the screen may move the cursor
    or play on while the computer thinks. Positions and plies are immutable values."""
    return Game(game.rules, game.start, game.seed, game.players, game.date,
                list(game.plies[:game.cursor]), game.cursor)


def choose(game: Game, level: str, seed: int, should_stop: Callable[[], bool]) -> Any:
    """The computer's move for the side to move in ``game`` (runs in the worker thread;
    tests replace it with a fast stub)."""
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


class Computer:
    """The computer seats of one game screen and the work in progress for them."""

    def __init__(self, screen: GameScreen, seats: Mapping[int, str] | None = None,
                 seed: int | None = None) -> None:
        self.screen = screen
        game = screen.game
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
        self.job: Job | None = None
        self.hint: Hint | None = None
        self._timer: Timer | None = None
        self._frame = 0

    # ----- seats ----------------------------------------------------------------------

    def is_computer(self, side: int) -> bool:
        return side in self.seats

    @property
    def persons(self) -> list[int]:
        return [i for i in range(len(self.screen.game.sides)) if i not in self.seats]

    @property
    def handoff(self) -> bool:
        """Hidden information: the keyboard is handed over only between two or more people."""
        return len(self.persons) >= 2

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
        game = self.screen.game
        if game.outcome() is not None:
            return None
        return game.rules.to_move(game.position)

    def _side(self, side: int) -> str:
        return self.screen.game.sides[side]

    # ----- the screen's hooks -----------------------------------------------------------

    def position_changed(self) -> None:
        """After a move, undo, redo, jump or resignation: drop what no longer applies, close
        move entry on a computer's turn, and think when it is its turn at the end."""
        screen, game = self.screen, self.screen.game
        self.hint = None
        job = self.job
        if job is not None and (job.kind == "hint" or not self._same_history(job)):
            self.cancel()
        mover = self._mover()
        if mover is None or not self.is_computer(mover):
            self._tick_status()
            return
        at_end = game.cursor == len(game.plies)
        side = self._side(mover)
        closed = (f"{side} (computer) is thinking…" if at_end else
                  f"it is {side}'s turn here (the computer's): U goes forward, u back")
        screen.entry = Entry(game.rules, game.position, (), closed=closed)
        if not at_end:
            self._tick_status()
            return
        if self.job is None:
            self._start("move", mover, self.seats[mover])
        elif self.job.done:
            screen.call_later(self._play_ready)
        self._tick_status()

    def _same_history(self, job: Job) -> bool:
        """The history a move job was started for is still the game's (the cursor may
        have moved: history browsing)."""
        game = self.screen.game
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
        self._tick_status()

    def status(self) -> str | None:
        """The status line while the computer is involved, else None."""
        job = self.job
        if job is None:
            hint = self.hint
            if hint is not None and not self.screen.picks:
                return (f"Hint for {self._side(self._mover() or 0)}: {hint.text} "
                        f"(highlighted; play it or any other move)")
            return None
        if job.kind == "move" and self.screen.game.cursor != job.cursor:
            return None  # looking back: the usual status, and the note
        spinner = ASCII_SPINNER if self.screen.ascii else SPINNER
        frame = spinner[self._frame % len(spinner)]
        side = self._side(job.side)
        if job.kind == "hint":
            return f"{frame} Looking for a hint for {side}…"
        return f"{frame} {side} (computer) is thinking…"

    def note(self) -> str:
        """A short note added to the status while looking back at the history."""
        job = self.job
        if job is None or job.kind != "move" or self.screen.game.cursor == job.cursor:
            return ""
        side = self._side(job.side)
        if job.done:
            return f" {side} (computer) has its move ready."
        return f" {side} (computer) is thinking…"

    def hint_lead(self, name: str) -> tuple:
        """The item picks (an Ochmir tile) that come before cell ``name`` on the hinted
        move's path, when nothing is picked yet and ``name`` is the path's first cell: a
        click or Enter on the highlighted cell then enters the hint as it reads."""
        hint = self.hint
        if hint is None or hint.cursor != self.screen.game.cursor or self.screen.picks:
            return ()
        lead = []
        for pick in hint.path:
            if pick.kind == "cell":
                return tuple(lead) if pick.key == name else ()
            lead.append(pick)
        return ()

    def hint_cells(self) -> frozenset[str]:
        hint = self.hint
        if hint is None or hint.cursor != self.screen.game.cursor:
            return frozenset()
        return hint.cells

    # ----- undo and redo for a person ---------------------------------------------------

    def undo(self) -> bool:
        """Take back moves to the last turn of a person (two plies when the computer has
        answered); the computer's thinking is cancelled."""
        self.cancel()
        game = self.screen.game
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
        game = self.screen.game
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

    def _show_hint(self, job: Job) -> None:
        screen, game = self.screen, self.screen.game
        pos = game.position
        rules = game.rules
        paths = screen._safe("pick paths", lambda: rules.pick_paths(pos, job.move), ())
        path = paths[0] if paths else ()
        cells = frozenset(p.key for p in path if p.kind == "cell")
        text = screen._safe("move text", lambda: rules.move_text(pos, job.move), "?")
        self.hint = Hint(job.move, text, cells, game.cursor, tuple(path))
        first = next((p.key for p in path if p.kind == "cell"), None)
        if not screen.picks and first is not None and first in screen.cursor_cells():
            screen.cursor = first
        screen.picks_changed()

    # ----- the worker -------------------------------------------------------------------

    def _start(self, kind: str, side: int, level: str) -> None:
        game = self.screen.game
        copy = snapshot(game)
        job = Job(kind, side, game.cursor, game.plies[game.cursor - 1] if game.cursor else None)
        seed = self.seed
        stop = job.stop

        def work() -> Any:
            worker = get_current_worker()
            return choose(copy, level, seed, lambda: stop.is_set() or worker.is_cancelled)

        self.job = job
        job.worker = self.screen.run_worker(work, name=f"computer {kind}", group="computer",
                                            thread=True, exit_on_error=False)
        self._frame = 0
        if self._timer is None:
            self._timer = self.screen.set_interval(FRAME, self._tick)
        else:
            self._timer.resume()

    def _tick(self) -> None:
        self._frame += 1
        self.screen._draw_status()

    def _tick_status(self) -> None:
        """Pause the spinner when nothing is being computed."""
        if self._timer is not None and (self.job is None or self.job.done):
            self._timer.pause()

    def worker_changed(self, event: Worker.StateChanged) -> None:
        """A worker finished (UI thread): play the move, or show the hint."""
        job = self.job
        if job is None or event.worker is not job.worker or job.done:
            return
        if event.state == WorkerState.SUCCESS:
            if job.stop.is_set():
                return
            job.move = event.worker.result
            job.done = True
            self._tick_status()
            if job.kind == "hint":
                self.job = None
                self._show_hint(job)
            else:
                self._play_ready()
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.job = None
            self._tick_status()
            if event.state == WorkerState.ERROR:
                error = event.worker.error
                self.screen.message = (f"the computer could not move: "
                                       f"{type(error).__name__}: {error}")
            self.screen._draw_status()

    def _play_ready(self) -> None:
        """Play a move that is ready, when the history is still the one it was found for
        and the cursor is at its end."""
        job = self.job
        if job is None or job.kind != "move" or not job.done:
            return
        if not self._same_history(job):
            self.cancel()
            return
        if self.screen.game.cursor != job.cursor:
            self.screen._draw_status()  # looking back: played when the cursor returns
            return
        self.job = None
        self.screen.play(job.move)
