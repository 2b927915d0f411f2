"""Reviewing a played game with the computer: each side's chances after every ply, the
move the computer preferred, and marks for the moves that gave the most away.

Game-blind: every position of the game is searched once by :func:`ogames.ai.monte_carlo.analyse`
(one process per core), the move played there tried first. A search gives the value of its
position (each side's expected share after the move it prefers), that move, and its
estimate of the move played. A search favours the side it searches for: its own moves are
searched deeper than the replies. So, for ply *i* played by side *m*:

* **chances** after the ply = the mean of the search before it (the mover's) on the move
  played and the search after it (the next mover's) on the position: the two leanings
  cancel. A finished position's chances are its outcome's shares, exactly;
* the **preferred move** is the one the search before the ply prefers; the chances after
  it differ from the chances after the ply by what that one search sees between the two
  moves (both seen from the same side, so that difference does not lean);
* **drop** = the mover's chance after the preferred move minus its chance after the move
  played, never below 0, and 0 when they are the same move;
* **mark** by the drop: ``??`` (a blunder) from 0.30, ``?`` (a mistake) from 0.20, ``?!``
  (an inaccuracy) from 0.10 (``THRESHOLDS``; a search of the default level estimates a
  move to within a few hundredths, so smaller drops would mark noise).

Chances are rounded to two decimals before the drop is taken, so a review read back from
a saved game's comments gives the same marks. The searches use the level's iteration
budget without its clock: the same file, level and seed give the same review on any
machine (``Review.cut`` says when a search was cut short after all).

Hidden information: a finished game is searched knowing every hand (and what remains to
be drawn); an unfinished one only from what a spectator knows (``Rules.view`` with viewer
-1, the policy dealing every hand), and then no preferred move is named, since it would
come from hands nobody watching can see. Move texts are then the public ones
(``Rules.public_move_text(pos, move, -1)``), as the replay shows them.
"""

from __future__ import annotations

import multiprocessing
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from typing import Any

from ..core.game import Game
from ..core.registry import get_rules
from ..core.rules import Move, Position
from .monte_carlo import LEVELS, Estimate, Level, analyse, considered
from .processes import cores, start_tracker

Shares = tuple[float, ...]

#: a mark and the smallest drop in the mover's chance that earns it, worst first
THRESHOLDS: tuple[tuple[str, float], ...] = (("??", 0.30), ("?", 0.20), ("?!", 0.10))
MARKS = tuple(mark for mark, _ in THRESHOLDS)
#: the viewer who is no side (``Rules.view``): knows what is public only
SPECTATOR = -1
#: the fewest visits of the moves that read as the move played for a spectator's search
#: to say its chances (the search of a whole position visits the move played enough)
SPECTATOR_VISITS = 16
#: how knowledge is described to the reader, by the kind of review
KNOWLEDGE = {
    "everything": "",
    "every hand": "The game is over, so it is reviewed knowing every hand and what was "
                  "left to draw.",
    "spectator": "The game is not over, so it is reviewed only from what a spectator "
                 "knows: no hand is used or shown, and no preferred move is named.",
}


def mark_for(drop: float) -> str:
    """``??``, ``?``, ``?!`` or "" for a drop in the mover's chance."""
    for mark, least in THRESHOLDS:
        if drop >= least - 1e-9:
            return mark
    return ""


def review_level(level: str | Level) -> Level:
    """The level searched: its iteration budget, without its clock (reproducible)."""
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}'; choose one of {', '.join(LEVELS)}")
        level = LEVELS[level]
    return replace(level, time_limit=None)


# ----- values ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """What one search says of position ``index`` (0: the start; k: after ply k), or its
    outcome when the game is over there: each side's chances after the move preferred
    there (``shares``: the position's value), that move's text (None: not named, or the
    game is over), and the chances after the move actually played there (``played``:
    None when the search did not try it, or after the last ply)."""

    index: int
    shares: Shares
    best: str | None = None
    played: Shares | None = None
    cut: bool = False
    #: the game is over there: ``shares`` are its outcome's, exactly
    final: bool = False


@dataclass(frozen=True)
class Saved:
    """A ply's review as a saved game's comment holds it (see ``comment_of``)."""

    chances: Shares
    best: str | None
    best_chances: Shares | None


def _rounded(shares: Sequence[float]) -> Shares:
    return tuple(round(min(1.0, max(0.0, float(s))), 2) for s in shares)


@dataclass(frozen=True)
class Task:
    """One search to run, picklable for a worker process: the game by its id (the worker
    finds the rules in its own registry), the position, its legal moves with history
    rules applied, and how much is known (``viewer``, see ``monte_carlo.analyse``)."""

    game_id: str
    index: int
    position: Position
    legal: tuple[Move, ...]
    banned: frozenset
    viewer: int | None
    level: Level
    seed: int
    #: the move played here (None after the last ply); a spectator knows its public text
    played: Move | None = None
    played_text: str = ""


#: set in a worker process: the review was cancelled, searches stop at once
_CANCEL: Any = None


def _init_worker(cancel: Any) -> None:
    global _CANCEL
    _CANCEL = cancel


def evaluate(task: Task, should_stop: Callable[[], bool] | None = None) -> Value:
    """Search one position (in a worker process, or in the caller's thread)."""
    rules = get_rules(task.game_id)
    if should_stop is None and _CANCEL is not None:
        should_stop = _CANCEL.is_set
    found = analyse(rules, task.position, task.legal, task.level, task.seed,
                    viewer=task.viewer, banned=task.banned, should_stop=should_stop,
                    include=task.played)
    best = None
    if found.move is not None and task.viewer != SPECTATOR:
        best = rules.move_text(task.position, found.move)
    played = _played_shares(rules, task, found.estimates)
    return Value(task.index, _rounded(found.shares), best,
                 None if played is None else _rounded(played), found.cut)


def _played_shares(rules: Any, task: Task, estimates: Sequence[Estimate]) -> Shares | None:
    """The search's chances after the move played. A spectator's search tried moves of
    dealt worlds: those that read as the move played does count, by their visits."""
    if task.played_text == "" and task.played is None:
        return None
    if task.viewer != SPECTATOR:
        return next((e.shares for e in estimates if e.move == task.played), None)
    view = rules.view(task.position, SPECTATOR)
    alike = [e for e in estimates
             if rules.public_move_text(view, e.move, SPECTATOR) == task.played_text]
    visits = sum(e.visits for e in alike)
    if visits < SPECTATOR_VISITS:  # a few playouts say little: leave it to the next search
        return None
    return tuple(sum(e.shares[k] * e.visits for e in alike) / visits
                 for k in range(len(alike[0].shares)))


# ----- the plan: what to search --------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A game's review before any search: the plies' movers and texts as shown, the
    values already known (finished positions) and the searches still to run."""

    game_id: str
    sides: tuple[str, ...]
    movers: tuple[int, ...]
    texts: tuple[str, ...]
    knowledge: str
    level: Level
    seed: int
    known: Mapping[int, Value]
    saved: Mapping[int, Saved]
    tasks: tuple[Task, ...]

    @property
    def total(self) -> int:
        return len(self.texts)


def knowledge_of(game: Game) -> str:
    """``everything``, ``every hand`` (hidden information, game over) or ``spectator``."""
    if not game.rules.hidden_information:
        return "everything"
    return "every hand" if game.outcome() is not None else "spectator"


def plan(game: Game, level: str | Level = "medium", seed: int = 0, *, reuse: bool = True,
         done: Mapping[int, Value] | None = None) -> Plan:
    """What reviewing ``game`` (its moves up to the cursor) takes: ``reuse`` the plies'
    saved review comments; ``done``: values found by an earlier, cancelled review."""
    rules = game.rules
    policy = rules.policy()
    lvl = review_level(level)
    n = game.cursor
    knowledge = knowledge_of(game)
    viewer = SPECTATOR if knowledge == "spectator" else None
    saved = {i: s for i in range(1, n + 1)
             if reuse and (s := read_comment(game.plies[i - 1].comment, len(game.sides)))}
    known: dict[int, Value] = dict(done or {})
    texts = _texts(game, knowledge)
    tasks: list[Task] = []
    for k in range(n + 1):
        if k in known or not _needed(k, n, saved):
            continue
        at = replace(game, plies=list(game.plies[:k]), cursor=k, agreed=None,
                     resigned_side=None)
        outcome = at.outcome()
        if outcome is not None:
            known[k] = Value(k, _rounded(outcome.shares), final=True)
            continue
        full = at.legal_moves()
        pos = at.position
        banned = frozenset()
        if rules.repetition_limit is not None and viewer is None:
            allowed = set(full)  # moves refused by the history rule only
            banned = frozenset(m for m in rules.moves(pos) if m not in allowed)
        legal = tuple(considered(rules, pos, policy, full))  # never all of millions
        played = game.plies[k].move if k < n else None
        tasks.append(Task(rules.id, k, pos, legal, banned, viewer, lvl, seed * 1_000_003 + k,
                          None if viewer is not None else played,
                          texts[k] if k < n else ""))
    movers = tuple(rules.to_move(game.position_at(i)) for i in range(n))
    return Plan(rules.id, game.sides, movers, texts, knowledge, lvl, seed, known, saved,
                tuple(tasks))


def _needed(k: int, n: int, saved: Mapping[int, Saved]) -> bool:
    """Position k is searched for ply k's chances (with k-1's) and for ply k+1's (with
    k+1's), unless the saved comments already say what the search would."""
    after = k >= 1 and k not in saved
    before = k < n and not (k + 1 in saved and saved[k + 1].best_chances is not None)
    return after or before


def _texts(game: Game, knowledge: str) -> tuple[str, ...]:
    """The plies' texts as the replay shows them: a spectator reads the public ones."""
    if knowledge != "spectator":
        return tuple(p.text for p in game.plies[: game.cursor])
    return tuple(game.rules.public_move_text(game.position_at(i), p.move, SPECTATOR)
                 for i, p in enumerate(game.plies[: game.cursor]))


# ----- running the searches --------------------------------------------------------------------


def run(tasks: Sequence[Task], on_value: Callable[[Value], None],
        should_stop: Callable[[], bool] = lambda: False, workers: int | None = None) -> bool:
    """Run the searches, calling ``on_value`` (in the caller's thread) as each finishes;
    True when all finished, False when ``should_stop`` said to stop first. ``workers``:
    processes (None: one per core; 0: none, everything in this thread). A stopped run
    leaves no process behind: the workers' searches are told to stop, waiting tasks are
    cancelled, and the pool is shut down and joined before this returns."""
    count = cores() if workers is None else workers
    if count <= 0 or len(tasks) <= 1:
        for task in tasks:
            if should_stop():
                return False
            value = evaluate(task, should_stop)
            if should_stop():
                return False
            on_value(value)
        return True
    context = multiprocessing.get_context("spawn")  # no fork of a threaded app
    start_tracker()
    cancel = context.Event()
    pool = ProcessPoolExecutor(min(count, len(tasks)), mp_context=context,
                               initializer=_init_worker, initargs=(cancel,))
    try:
        pending: set[Future[Value]] = {pool.submit(evaluate, task) for task in tasks}
        while pending:
            if should_stop():
                return False
            done, pending = wait(pending, timeout=0.05, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: f.result().index):
                on_value(future.result())
        return True
    finally:
        cancel.set()
        pool.shutdown(wait=True, cancel_futures=True)


# ----- the review ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlyReview:
    """One ply reviewed: who moved, the move as shown, each side's chances after it, the
    move the computer preferred (None: not named) and the chances after that, the
    mover's drop and its mark; ``saved``: read from the game's comments."""

    ply: int
    side: int
    move: str
    chances: Shares
    best: str | None
    best_chances: Shares
    drop: float
    mark: str
    saved: bool = False


@dataclass(frozen=True)
class Review:
    """A game's review so far: ``plies`` holds the plies reviewed, in order (a cancelled
    review may lack some); ``start``: the chances before the first move, when known."""

    sides: tuple[str, ...]
    total: int
    plies: tuple[PlyReview, ...]
    start: Shares | None
    knowledge: str
    level: str
    seed: int
    cut: bool

    @property
    def complete(self) -> bool:
        return len(self.plies) == self.total

    @property
    def note(self) -> str:
        return KNOWLEDGE[self.knowledge]

    def at(self, ply: int) -> PlyReview | None:
        for p in self.plies:
            if p.ply == ply:
                return p
        return None

    def marked(self) -> list[int]:
        """The plies that carry a mark, in order."""
        return [p.ply for p in self.plies if p.mark]

    def summary(self) -> list[tuple[dict[str, int], float, int]]:
        """Per side: its marks by kind, its average drop, and its plies reviewed."""
        out = []
        for side in range(len(self.sides)):
            own = [p for p in self.plies if p.side == side]
            counts = {mark: sum(p.mark == mark for p in own) for mark in MARKS}
            average = sum(p.drop for p in own) / len(own) if own else 0.0
            out.append((counts, round(average, 3), len(own)))
        return out


def assemble(plan_: Plan, values: Mapping[int, Value]) -> Review:
    """The review of what is known: a ply is reviewed once its chances and its preferred
    move are (from the searches, the finished positions or the saved comments)."""
    known = {**plan_.known, **values}
    plies = []
    for i in range(1, plan_.total + 1):
        reviewed = _ply(plan_, i, known)
        if reviewed is not None:
            plies.append(reviewed)
    start = plies[0].best_chances if plies and plies[0].ply == 1 else None
    cut = any(v.cut for v in values.values())
    return Review(plan_.sides, plan_.total, tuple(plies), start, plan_.knowledge,
                  plan_.level.name, plan_.seed, cut)


def _ply(plan_: Plan, i: int, known: Mapping[int, Value]) -> PlyReview | None:
    """Ply i from the searches before it (A, the mover's) and after it (B, the next
    mover's), or from its saved comment. A search favours the side it searches for (its
    moves are searched deeper than the replies), so the chances after the move are the
    mean of A's estimate of the move played and B's value, and the preferred move's
    chances differ from them by what A says separates the two moves."""
    saved = plan_.saved.get(i)
    before, after = known.get(i - 1), known.get(i)
    if saved is not None:
        chances: Shares | None = saved.chances
    elif after is None:
        chances = None
    elif after.final or before is None or before.played is None:
        chances = after.shares
    else:
        chances = _rounded([(a + b) / 2 for a, b in zip(before.played, after.shares,
                                                       strict=True)])
    if chances is None:
        return None
    if saved is not None and saved.best_chances is not None:
        best, best_chances = saved.best, saved.best_chances
    elif before is not None:
        base = before.played if before.played is not None else chances
        best = before.best
        best_chances = _rounded([c + b - p for c, b, p in zip(chances, before.shares, base,
                                                              strict=True)])
    else:
        return None
    side = plan_.movers[i - 1]
    move = plan_.texts[i - 1]
    drop = 0.0 if best == move else max(0.0, round(best_chances[side] - chances[side], 2))
    return PlyReview(i, side, move, chances, best, best_chances, drop, mark_for(drop),
                     saved is not None)


def review_game(game: Game, level: str | Level = "medium", seed: int = 0, *,
                reuse: bool = True, workers: int | None = None,
                progress: Callable[[Review, int, int], None] | None = None,
                should_stop: Callable[[], bool] = lambda: False) -> Review:
    """Review ``game`` at ``level`` (see ``plan`` and ``run``); ``progress(review, done,
    searches)`` after each search. A stopped review keeps what was done."""
    steps = plan(game, level, seed, reuse=reuse)
    values: dict[int, Value] = {}

    def found(value: Value) -> None:
        values[value.index] = value
        if progress is not None:
            progress(assemble(steps, values), len(values), len(steps.tasks))

    run(steps.tasks, found, should_stop, workers)
    return assemble(steps, values)


# ----- comments in a saved game ---------------------------------------------------------------

_NUMBERS = re.compile(r"(?:0(?:\.[0-9]+)?|1(?:\.0+)?)(?:,(?:0(?:\.[0-9]+)?|1(?:\.0+)?))*")
_COMMAND = re.compile(r"\[%([A-Za-z]+)\s+([^\]]*)\]")


def _chances_text(shares: Shares) -> str:
    return ",".join(f"{s:.2f}" for s in shares)


def comment_of(ply: PlyReview) -> str:
    """The saved-game comment of a reviewed ply: ``[%chance 0.41,0.59]`` each side's
    chance after the move, in side order; ``[%best d4-d5]`` the preferred move (left out
    when not named); ``[%bestchance 0.70,0.30]`` the chances after it."""
    parts = [f"[%chance {_chances_text(ply.chances)}]"]
    if ply.best is not None:
        parts.append(f"[%best {ply.best}]")
    parts.append(f"[%bestchance {_chances_text(ply.best_chances)}]")
    return " ".join(parts)


def _parse_chances(text: str, sides: int) -> Shares | None:
    text = text.strip()
    if not _NUMBERS.fullmatch(text):
        return None
    values = tuple(float(v) for v in text.split(","))
    return values if len(values) == sides else None


def read_comment(comment: str, sides: int) -> Saved | None:
    """A ply's saved review, or None when its comment holds no readable ``[%chance …]``
    (the ply is then searched again). A ``[%bestchance …]`` that cannot be read leaves
    the preferred move to be searched again."""
    commands = {name.casefold(): value.strip() for name, value in _COMMAND.findall(comment)}
    chances = _parse_chances(commands.get("chance", ""), sides)
    if chances is None:
        return None
    best_chances = _parse_chances(commands.get("bestchance", ""), sides)
    best = commands.get("best") or None
    return Saved(chances, best if best_chances is not None else None, best_chances)


def annotate(game: Game, review: Review) -> int:
    """Write the review into ``game``'s plies as their comments (saved with the game);
    how many plies got one. A spectator's review is not written: its move texts are not
    the game's own."""
    if review.knowledge == "spectator":
        return 0
    for ply in review.plies:
        game.annotate(ply.ply, comment_of(ply))
    return len(review.plies)
