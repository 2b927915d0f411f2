"""The table: one game being played, who sits at each of its seats, and the turn flow.

A screen draws a table and takes input for it; it does not decide whose turn it is, when
the computer thinks, who may take a move back, how a draw offer is answered, when the
clock falls or when the game goes to the autosave. All of that is here, apart from any
screen and from Textual, so that the hot-seat app, the host of an online game and
``ogames bot`` run the same turn flow.

Seats are of three kinds (:class:`Seat`): a person at this keyboard, the computer at a
level, or a person elsewhere (online play: their moves come through the network). A table
is changed only through its methods; after every change it settles (the computer starts
thinking on its turn, the clock runs for the side to move, an autosave falls due) and
tells its listeners with an :class:`Event`. It is only ever touched from its loop's thread
(:mod:`ogames.table.loop`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.autosave import Keeper, Notice
from ..core.errors import IllegalMoveError
from ..core.game import Game, Ply
from .clock import Clock
from .computer import Answer, Computer
from .loop import Loop, Work

log = logging.getLogger("ogames.table")

#: the kinds of seat
PERSON, COMPUTER, ELSEWHERE = "person", "computer", "elsewhere"
#: the viewer who is no side (``Rules.view``, ``Rules.public_move_text``): what everyone
#: may see, and no hand
SPECTATOR = -1

#: the kinds of event a table sends its listeners: the game changed (a move, undo, an
#: ending; ``Event.changed`` says whether the history was changed, not only looked
#: through); only the status has something new to say (the computer's move is ready for a
#: cursor looking back, a request was answered); a hint is ready; the computer failed
CHANGED, STATUS, HINT, FAILED = "changed", "status", "hint", "failed"
#: online play: another seat asks something of the people here (``Event.offer`` names it:
#: a draw, a takeback, a rematch; they answer with ``Table.answer``); a line of the
#: message box came
OFFER, SAID = "offer", "said"


@dataclass(frozen=True)
class Seat:
    """Who plays a side: ``kind`` PERSON, COMPUTER (at ``level``) or ELSEWHERE."""

    kind: str = PERSON
    level: str | None = None


@dataclass(frozen=True)
class Played:
    """A move just played: who played it, from which position."""

    mover: int
    before: Any


@dataclass(frozen=True)
class Event:
    """What a table tells its listeners (see the kinds above); ``played``: the move that
    made the change, if a move did."""

    kind: str
    changed: bool = False
    message: str = ""
    played: Played | None = None
    offer: str = ""


@dataclass(frozen=True)
class DrawReply:
    """What a draw offer comes to at once: ``"accepted"`` or ``"declined"`` (by the
    computer, ``message`` says so), ``"over"`` (no game to draw), or ``"ask"``: the
    people in ``ask`` must answer (``Table.answer_draw``)."""

    kind: str
    message: str = ""
    ask: tuple[int, ...] = ()


class Table:
    """One game and its seats (see the module's text).

    ``computer``: the computer's seats (side → level); ``elsewhere``: the sides played by
    people elsewhere; every other side is a person here. ``keeper``: the autosave of a
    game played here (None: nothing is autosaved, as in a lesson); ``clock``: the game
    clock, kept here (None: no clock)."""

    def __init__(self, game: Game, computer: Mapping[int, str] | None = None, *,
                 elsewhere: Sequence[int] = (), keeper: Keeper | None = None,
                 clock: Clock | None = None, loop: Loop | None = None,
                 seed: int | None = None) -> None:
        self.game = game
        self.rules = game.rules
        self.computer = Computer(game, computer, seed, loop=loop, on_answer=self._answered)
        levels = self.computer.seats
        self.seats: tuple[Seat, ...] = tuple(
            Seat(COMPUTER, levels[i]) if i in levels
            else Seat(ELSEWHERE) if i in elsewhere else Seat(PERSON)
            for i in range(len(game.sides)))
        self.keeper = keeper
        self.clock = clock
        self._loop = loop
        self.listeners: list[Callable[[Event], None]] = []
        #: why people here cannot enter a move now (the computer's or someone else's
        #: turn), or None
        self.closed: str | None = None
        #: an autosave due and not yet written: None, or whether the history was changed
        self._autosave_due: bool | None = None
        self._ready_due = False
        self._flag_timer: Work | None = None

    @property
    def loop(self) -> Loop | None:
        return self._loop

    @loop.setter
    def loop(self, loop: Loop | None) -> None:
        """Where the table's work runs (the app's screen sets it once it is mounted)."""
        self._loop = loop
        self.computer.loop = loop

    def listen(self, listener: Callable[[Event], None]) -> None:
        self.listeners.append(listener)

    def forget(self, listener: Callable[[Event], None]) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def emit(self, event: Event) -> None:
        for listener in list(self.listeners):
            listener(event)

    # ----- seats ------------------------------------------------------------------------

    def sides_of(self, kind: str) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == kind]

    @property
    def here(self) -> list[int]:
        """The sides played by people at this keyboard."""
        return self.sides_of(PERSON)

    @property
    def others(self) -> list[int]:
        """The sides nobody here plays: the computer's, and those of people elsewhere."""
        return [i for i, seat in enumerate(self.seats) if seat.kind != PERSON]

    @property
    def handoff(self) -> bool:
        """Hidden information: the keyboard is handed over only between two or more
        people here."""
        return len(self.here) >= 2

    def viewer_for(self, mover: int, current: int | None) -> int | None:
        """Hidden information: whose view the screen shows when ``mover`` is to move. With
        one person here, always theirs; with none, the first seat's (the computer against
        itself) or a spectator's (a game of others, watched); otherwise the mover's when a
        person here moves, and the last person's while another seat moves."""
        if not self.others:
            return mover
        persons = self.here
        if len(persons) == 1:
            return persons[0]
        if not persons:
            return SPECTATOR if self.sides_of(ELSEWHERE) else 0
        return mover if mover in persons else current

    def acting_side(self, mover: int) -> int:
        """Who resigns or offers a draw: the mover when a person here moves, else the one
        person here (when there is one)."""
        persons = self.here
        if mover not in persons and len(persons) == 1:
            return persons[0]
        return mover

    @property
    def mover(self) -> int | None:
        """The side to move at the cursor, or None when the game is over there."""
        game = self.game
        if game.outcome() is not None:
            return None
        return self.rules.to_move(game.position)

    # ----- the game's state --------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """The game has ended (at the end of its history, also while looking back)."""
        game = self.game
        return game.agreed is not None or self.rules.outcome(
            game.position_at(len(game.plies))) is not None

    @property
    def in_progress(self) -> bool:
        return bool(self.game.plies) and self.game.outcome() is None

    def ply_text(self, index: int, viewer: int | None) -> str:
        """The text of ply ``index`` (0-based) as ``viewer`` may read it (a side; None:
        everything; SPECTATOR: nothing private)."""
        game = self.game
        return self.rules.public_move_text(game.position_at(index), game.plies[index].move,
                                           viewer)

    def ply_cells(self, index: int) -> frozenset[str]:
        """The cells ply ``index`` was entered by (the board marks the last move's)."""
        game = self.game
        paths = self.rules.pick_paths(game.position_at(index), game.plies[index].move)
        return frozenset(p.key for p in (paths[0] if paths else ()) if p.kind == "cell")

    def status(self, picking: bool, ascii: bool = False) -> str | None:
        """What the status line says instead of the usual words (the computer thinking, a
        hint), or None."""
        return self.computer.status(picking, ascii)

    def note(self) -> str:
        """What the status adds while the history is looked through."""
        return self.computer.note()

    # ----- after every change -------------------------------------------------------------

    def settle(self, changed: bool = True) -> None:
        """Bring everything that follows the game up to date after a change of it (no
        event): drop a hint, let the computer think on its turn, run the clock for the
        side to move, and mark the autosave due when the history was changed here."""
        self._autosave_due = bool(self._autosave_due) or changed
        self.closed = self.computer.position_changed(self.may_think())
        if self.closed is None:
            self.closed = self.closed_for_others()
        if self.computer.move_ready and not self._ready_due and self._loop is not None:
            self._ready_due = True
            self._loop.soon(self._play_ready)
        self._run_clock()

    def may_think(self) -> bool:
        """Whether the computer may start thinking on its turn now."""
        return True

    def closed_for_others(self) -> str | None:
        """Why a move cannot be entered here while another seat than the computer's is to
        move (a person elsewhere), or None."""
        mover = self.mover
        if mover is None or self.seats[mover].kind != ELSEWHERE:
            return None
        return f"{self.game.sides[mover]} is to move, elsewhere"

    def changed(self, changed: bool = True, played: Played | None = None) -> None:
        """Settle and tell the listeners."""
        self.settle(changed)
        self.emit(Event(CHANGED, changed=changed, played=played))

    # ----- changes ----------------------------------------------------------------------

    def play(self, move: Any) -> Ply:
        """Play ``move`` at the cursor (the redo tail goes). Raises the game's typed errors
        (IllegalMoveError …); a side whose time has run out loses on time instead."""
        if self._flag_now():
            raise IllegalMoveError("time ran out: the game is over")
        game = self.game
        before = game.position
        mover = self.rules.to_move(before)
        ply = game.play(move)
        if self.clock is not None and self._loop is not None:
            after = None if game.outcome() is not None else self.rules.to_move(game.position)
            self.clock.moved(mover, after, self._loop.now())
        self.changed(played=Played(mover, before))
        return ply

    def undo(self) -> bool:
        """Take back moves to the last turn of a person here (two plies when the computer
        has answered); the computer's thinking is cancelled."""
        self.computer.cancel()
        game = self.game
        persons = self.here
        if not self.others or not persons or (game.agreed is not None
                                              and game.cursor == len(game.plies)):
            done = game.undo()
        else:
            target = game.cursor - 1
            while target >= 0 and self.rules.to_move(game.position_at(target)) not in persons:
                target -= 1
            done = target >= 0
            if done:
                game.goto(target)
        self.changed(done)
        return done

    def redo(self) -> bool:
        """Replay moves up to the next turn of a person here (or the end of the history)."""
        game = self.game
        persons = self.here
        if not self.others or not persons:
            done = game.redo()
        elif game.cursor >= len(game.plies):
            done = False
        else:
            target = game.cursor + 1
            while (target < len(game.plies)
                   and self.rules.to_move(game.position_at(target)) not in persons):
                target += 1
            game.goto(target)
            done = True
        self.changed(done)
        return done

    def take_back_to(self, plies: int) -> None:
        """Take the game back to its first ``plies`` plies, the later ones dropped (a
        takeback the players agreed to)."""
        self.computer.cancel()
        game = self.game
        game.goto(plies)
        game.truncate()
        self.changed()

    def goto(self, ply: int) -> None:
        """Look at the position after ``ply`` plies (the history is not changed)."""
        self.game.goto(ply)
        self.changed(False)

    def resign(self, side: int) -> None:
        self.game.resign(side)
        self.changed()

    def agree_draw(self) -> None:
        self.game.agree_draw()
        self.changed()

    def offer_draw(self, side: int) -> DrawReply:
        """``side`` offers a draw: the computer's seats answer at once (they accept when
        they judge themselves no better than level); the people must be asked."""
        if self.game.outcome() is not None:
            return DrawReply("over", "the game is already over")
        from ..ai.draw_offer import accepts_draw

        others = [i for i in range(len(self.seats)) if i != side]
        computers = [i for i in others if self.computer.is_computer(i)]
        pos = self.game.position
        if not all(accepts_draw(self.rules, pos, i) for i in computers):
            return DrawReply("declined", "the computer declines the draw: it judges itself "
                                         "ahead")
        persons = tuple(i for i in others if i not in computers)
        if not persons:
            self.agree_draw()
            return DrawReply("accepted", "the computer accepts the draw: it judges itself "
                                         "no better than level")
        return DrawReply("ask", ask=persons)

    def answer(self, offer: str, accept: bool) -> None:
        """The people here answer a request another seat made (online play)."""
        raise IllegalMoveError(f"no {offer} request is waiting for an answer")

    def seat_notes(self) -> list[str]:
        """A short word per seat for the players box: the time on its clock."""
        clock, loop = self.clock, self._loop
        if clock is None or loop is None:
            return ["" for _ in self.seats]
        return clock.texts(loop.now())

    def ask_hint(self) -> str | None:
        """Start looking for a hint for the person to move; a refusal reason, or None."""
        return self.computer.ask_hint()

    def close(self) -> None:
        """The table is left (its screen goes, the app quits): stop every piece of work."""
        self.computer.cancel()
        if self._flag_timer is not None:
            self._flag_timer.cancel()
            self._flag_timer = None

    # ----- the computer's answers -----------------------------------------------------------

    def _answered(self, answer: Answer) -> None:
        if answer.kind == "move":
            self._play_ready()
        elif answer.kind == "hint":
            self.emit(Event(HINT))
        else:
            self.emit(Event(FAILED, message=answer.message))

    def _play_ready(self) -> None:
        """Play the computer's move that is ready, if it still applies here and now."""
        self._ready_due = False
        move = self.computer.ready_move()
        if move is None:
            self.emit(Event(STATUS))  # looking back: played when the cursor returns
            return
        try:
            self.play(move)
        except Exception as exc:  # an engine bug or a refused move: say so, keep going
            log.exception("the computer's move could not be played")
            self.emit(Event(FAILED, message=f"the computer's move could not be played: "
                                            f"{type(exc).__name__}: {exc}"))

    # ----- the clock ---------------------------------------------------------------------

    def _run_clock(self) -> None:
        """The clock runs for the side to move at the end of the history, from the first
        move on, until the game ends; a timer wakes the table when that time runs out."""
        clock, loop = self.clock, self._loop
        if clock is None or loop is None:
            return
        game = self.game
        end = len(game.plies)
        if game.agreed is not None or self.rules.outcome(game.position_at(end)) is not None:
            mover = None
        elif end == 0:
            mover = None  # nobody's time runs before the first move
        else:
            mover = self.rules.to_move(game.position_at(end))
        if clock.running != mover:
            clock.start(mover, loop.now())
        if self._flag_timer is not None:
            self._flag_timer.cancel()
            self._flag_timer = None
        if mover is not None:
            self._flag_timer = loop.later(clock.remaining(mover, loop.now()) + 0.001,
                                          self._flag_now)

    def _flag_now(self) -> bool:
        """End the game on time if the running side's time is up (True when it ended)."""
        clock, loop = self.clock, self._loop
        if clock is None or loop is None or self.finished:
            return False
        side = clock.flagged(loop.now())
        if side is None:
            self._run_clock()  # a timer a little early: wait again
            return False
        self.game.goto(len(self.game.plies))
        self.game.flag(side)
        self.changed()
        return True

    # ----- the autosave -----------------------------------------------------------------

    def due_autosave(self) -> bool | None:
        """The autosave that fell due (``settle``), taken: None when none is, else whether
        the history was changed since the last one (``Keeper.sync``'s ``changed``)."""
        due, self._autosave_due = self._autosave_due, None
        return due

    def save_now(self) -> list[Notice]:
        """Write the autosave that fell due, if any. Raises OSError."""
        due = self.due_autosave()
        return [] if due is None else self.sync(due)

    def sync(self, changed: bool = True) -> list[Notice]:
        """Keep the autosave in step with the game now (``Keeper.sync``): the notices to
        show. Raises OSError when the disk refuses."""
        if self.keeper is None:
            return []
        return self.keeper.sync(changed)
