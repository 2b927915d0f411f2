"""Reviewing a played game with the judge (:mod:`ogames.ai.judge`: hard's own search):
each side's chances after every ply, the move the judge preferred, and marks for the moves
that gave the most away.

Game-blind: every position of the game is searched once by the judge (one process per
core) at its offline budget, with no clock, so the same file and seed give the same review
on any machine (``Review.cut`` says when a caller cut a search short). For ply *i*, played
by side *m*, the search before it (A, of position *i-1*) and the one after it (B, of
position *i*) say:

* **chances** after the ply: the mean of A's chances after the move played and B's
  chances in the position it reached (two horizons, one ply apart); a finished position's
  chances are its outcome's shares, and a result either search proves is shown as such
  ("White wins in 3"), never as a percentage;
* the **preferred move** is A's: the move hard plays there, the hint. The chances after
  it differ from those after the ply by what A sees between the two moves, both searched
  to the same depths;
* **drop** = the mover's chance after the preferred move less its chance after the move
  played (0 when they are the same move: a hint is never marked);
* **mark** by the drop: ``??`` (a blunder) from 0.30, ``?`` (a mistake) from 0.20, ``?!``
  (an inaccuracy) from 0.10 (``THRESHOLDS``). A drop that would earn a mark is searched
  again with twice the budget before it does, and that search's word stands.

Chances are rounded to hundredths that add up to one before the drop is taken, so a
review read back from a saved game's comments gives the same marks. Each player's
**accuracy** sums up its moves as lichess does: the mean of a per-move figure that falls
from 100 % as the move's drop grows (``accuracy_of``), with the mean drop beside it.

Hidden information: a finished game's moves are judged each from what its mover could
see, the hidden part dealt as hard deals it (so a hint is still not marked); an unfinished
one only from what a spectator knows (``Rules.view`` with viewer -1, every hand dealt):
chances only, no move named or judged, since both need a hand nobody watching can see.
Move texts are then the public ones (``Rules.public_move_text(pos, move, -1)``), as the
replay shows them.
"""

from __future__ import annotations

import math
import multiprocessing
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from typing import Any

from ..core.game import Game
from ..core.registry import get_rules, register, registered_packages
from ..core.rules import Move, Position
from .judge import SPECTATOR, Forced, Verdict, judging, verdict
from .monte_carlo import considered
from .processes import cores, start_tracker

Shares = tuple[float, ...]

#: a mark and the smallest drop in the mover's chance that earns it, worst first
THRESHOLDS: tuple[tuple[str, float], ...] = (("??", 0.30), ("?", 0.20), ("?!", 0.10))
MARKS = tuple(mark for mark, _ in THRESHOLDS)
#: what each mark says, for the legend under the chart and the printed review
MARK_NAMES = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
#: a candidate mark is searched again with this many times the budget before it stands
RECHECK = 2.0
#: how knowledge is described to the reader, by the kind of review
KNOWLEDGE = {
    "everything": "",
    "movers": "Each move is judged from what its mover could see: the hidden tiles are "
              "dealt as the computer deals them when it plays.",
    "spectator": "The game is not over, so it is reviewed only from what a spectator "
                 "knows: every hand is dealt, and no move is named or judged.",
}


def mark_for(drop: float) -> str:
    """``??``, ``?``, ``?!`` or "" for a drop in the mover's chance."""
    for mark, least in THRESHOLDS:
        if drop >= least - 1e-9:
            return mark
    return ""


def legend() -> str:
    """One line that says what the marks mean."""
    return "  ".join(f"{mark} {MARK_NAMES[mark]}" for mark in reversed(MARKS))


def accuracy_of(drop: float) -> float:
    """A move's accuracy in percent from its drop in the mover's chance: 100 for no drop,
    falling as lichess's accuracy falls with the drop in winning chances (its published
    curve, about 65 % for a drop of ten points and 15 % for forty)."""
    if drop <= 0:
        return 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * drop) - 3.1669))


def percentages(shares: Sequence[float]) -> tuple[int, ...]:
    """Shares as whole percentages that add up to 100."""
    return tuple(round(100 * s) for s in _rounded(shares))


def chances_words(sides: Sequence[str], shares: Sequence[float],
                  forced: Forced | None = None) -> str:
    """Each side's chance for a reader ("White 64 %, Black 36 %"), or the result a search
    proved ("White wins in 3")."""
    if forced is not None:
        return f"{sides[forced.winner]} wins in {forced.moves}"
    return ", ".join(f"{side} {p} %" for side, p in zip(sides, percentages(shares),
                                                          strict=False))


# ----- how long the judge searches ----------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """How long the judge searches each position: ``effort`` times its own budget (the
    game's ``Policy.judging.nodes``, hard's Monte Carlo iterations), or ``nodes`` and
    ``iterations`` given outright (tests, ``ogames review --nodes``)."""

    effort: float = 1.0
    nodes: int | None = None
    iterations: int | None = None

    def times(self, factor: float) -> Budget:
        return replace(self, effort=self.effort * factor)

    def describe(self, game_id: str) -> str:
        """The budget in words: what one search of this game does."""
        rules = get_rules(game_id)
        policy = rules.policy()
        if policy.score is not None and len(rules.sides(rules.variants[0])) == 2:
            nodes = round((self.nodes or judging(policy).nodes) * self.effort)
            return f"{nodes:,} nodes a position"
        from .levels import LEVELS

        iterations = round((self.iterations or LEVELS["hard"].iterations) * self.effort)
        return f"{iterations:,} iterations a position"


#: the judge's own budget (the app's review and ``ogames review``)
JUDGE = Budget()


# ----- values ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """What one search says of position ``index`` (0: the start; k: after ply k), or its
    outcome when the game is over there: each side's chances after the move preferred
    there (``shares``: the position's value), that move's text (None: not named, or the
    game is over), and the chances after the move actually played there (``played``:
    None when it was not judged, or after the last ply); ``forced`` and
    ``played_forced``: what the search proved, after each; ``checked``: the word of the
    search twice as long that a candidate mark gets."""

    index: int
    shares: Shares
    best: str | None = None
    played: Shares | None = None
    cut: bool = False
    #: the game is over there: ``shares`` are its outcome's, exactly
    final: bool = False
    forced: Forced | None = None
    played_forced: Forced | None = None
    checked: bool = False


@dataclass(frozen=True)
class Saved:
    """A ply's review as a saved game's comment holds it (see ``comment_of``)."""

    chances: Shares
    best: str | None
    best_chances: Shares | None
    forced: Forced | None = None
    best_forced: Forced | None = None


def _rounded(shares: Sequence[float]) -> Shares:
    """Shares as hundredths that add up to exactly one (the largest remainders rounded
    up), so that the percentages shown add up to 100."""
    clipped = [min(1.0, max(0.0, float(s))) for s in shares]
    total = sum(clipped)
    if total <= 0:
        clipped, total = [1.0] * len(shares), float(len(shares))
    exact = [100 * s / total for s in clipped]
    cents = [math.floor(x + 1e-9) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (cents[i] - exact[i], i))
    for i in order[: 100 - sum(cents)]:
        cents[i] += 1
    return tuple(c / 100 for c in cents)


def _exact(forced: Forced, sides: int) -> Shares:
    return tuple(1.0 if side == forced.winner else 0.0 for side in range(sides))


@dataclass(frozen=True)
class Task:
    """One search to run, picklable for a worker process: the game by its id (the worker
    finds the rules in its own registry), the position, its legal moves with history
    rules applied, and how much is known (``viewer``: None, the mover's view; -1, a
    spectator's)."""

    game_id: str
    index: int
    position: Position
    legal: tuple[Move, ...]
    banned: frozenset
    viewer: int | None
    budget: Budget
    seed: int
    #: the move played here (None after the last ply, and for a spectator)
    played: Move | None = None


#: set in a worker process: the review was cancelled, searches stop at once
_CANCEL: Any = None


def _init_worker(cancel: Any, games: tuple[str, ...] = ()) -> None:
    """A worker process starts: the cancel flag, and the games the parent added with
    ``registry.register`` (a fresh process knows only those of ``ogames/games/``)."""
    global _CANCEL
    _CANCEL = cancel
    for package in games:
        register(package)


def evaluate(task: Task, should_stop: Callable[[], bool] | None = None) -> Value:
    """Search one position (in a worker process, or in the caller's thread); a drop that
    would earn a mark is searched again with ``RECHECK`` times the budget."""
    rules = get_rules(task.game_id)
    if should_stop is None and _CANCEL is not None:
        should_stop = _CANCEL.is_set
    found = _judged(task, task.budget, should_stop)
    checked = False
    if _drop(rules, task.position, found) >= THRESHOLDS[-1][1] - 1e-9:
        found = _judged(task, task.budget.times(RECHECK), should_stop)
        checked = True
    best = None
    if found.move is not None and task.viewer != SPECTATOR:
        best = rules.move_text(task.position, found.move)
    return Value(task.index, _rounded(found.shares), best,
                 None if found.played is None else _rounded(found.played), found.cut,
                 forced=found.forced, played_forced=found.played_forced, checked=checked)


def _judged(task: Task, budget: Budget, should_stop: Callable[[], bool] | None) -> Verdict:
    rules = get_rules(task.game_id)
    return verdict(rules, task.position, task.legal, seed=task.seed, effort=budget.effort,
                   viewer=task.viewer, played=task.played, banned=task.banned,
                   should_stop=should_stop, nodes=budget.nodes, iterations=budget.iterations)


def _drop(rules: Any, pos: Position, found: Verdict) -> float:
    """The mover's drop from the preferred move to the move played, as the review rounds
    it (0 when the move played is the preferred one, or was not judged)."""
    if found.played is None or found.move is None:
        return 0.0
    mover = rules.to_move(pos)
    return round(_rounded(found.shares)[mover] - _rounded(found.played)[mover], 2)


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
    budget: Budget
    seed: int
    known: Mapping[int, Value]
    saved: Mapping[int, Saved]
    tasks: tuple[Task, ...]

    @property
    def total(self) -> int:
        return len(self.texts)


def knowledge_of(game: Game) -> str:
    """``everything``, ``movers`` (hidden information, game over) or ``spectator``."""
    if not game.rules.hidden_information:
        return "everything"
    return "movers" if game.outcome() is not None else "spectator"


def plan(game: Game, budget: Budget = JUDGE, seed: int = 0, *, reuse: bool = True,
         done: Mapping[int, Value] | None = None) -> Plan:
    """What reviewing ``game`` (its moves up to the cursor) takes: ``reuse`` the plies'
    saved review comments; ``done``: values found by an earlier, cancelled review."""
    rules = game.rules
    policy = rules.policy()
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
        played = game.plies[k].move if k < n and viewer is None else None
        if played is not None and played not in legal:
            legal += (played,)
        tasks.append(Task(rules.id, k, pos, legal, banned, viewer, budget,
                          seed * 1_000_003 + k, played))
    movers = tuple(rules.to_move(game.position_at(i)) for i in range(n))
    return Plan(rules.id, game.sides, movers, texts, knowledge, budget, seed, known, saved,
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
                               initializer=_init_worker,
                               initargs=(cancel, registered_packages()))
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
    move the judge preferred (None: not named) and the chances after that, the mover's
    drop and its mark; ``forced`` and ``best_forced``: a result proved after the move and
    after the preferred one; ``saved``: read from the game's comments."""

    ply: int
    side: int
    move: str
    chances: Shares
    best: str | None
    best_chances: Shares
    drop: float
    mark: str
    saved: bool = False
    forced: Forced | None = None
    best_forced: Forced | None = None


@dataclass(frozen=True)
class PlayerSummary:
    """One side's moves reviewed: how many of each mark, the mean drop of its chance, its
    accuracy (the mean of ``accuracy_of`` over its moves) and how many moves."""

    marks: dict[str, int]
    average_drop: float
    accuracy: float
    moves: int


@dataclass(frozen=True)
class Review:
    """A game's review so far: ``plies`` holds the plies reviewed, in order (a cancelled
    review may lack some); ``start``: the chances before the first move, when known;
    ``budget``: how long each position was searched, in words."""

    sides: tuple[str, ...]
    total: int
    plies: tuple[PlyReview, ...]
    start: Shares | None
    knowledge: str
    budget: str
    seed: int
    cut: bool
    start_forced: Forced | None = None

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

    def summary(self) -> list[PlayerSummary]:
        """Per side: its marks by kind, its mean drop, its accuracy and its plies reviewed."""
        out = []
        for side in range(len(self.sides)):
            own = [p for p in self.plies if p.side == side]
            counts = {mark: sum(p.mark == mark for p in own) for mark in MARKS}
            average = sum(p.drop for p in own) / len(own) if own else 0.0
            accuracy = sum(accuracy_of(p.drop) for p in own) / len(own) if own else 100.0
            out.append(PlayerSummary(counts, round(average, 3), round(accuracy, 1), len(own)))
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
    first = known.get(0)
    start_forced = None
    if first is not None:
        start: Shares | None = first.shares
        start_forced = first.forced
    else:
        start = plies[0].best_chances if plies and plies[0].ply == 1 else None
    cut = any(v.cut for v in values.values())
    return Review(plan_.sides, plan_.total, tuple(plies), start, plan_.knowledge,
                  plan_.budget.describe(plan_.game_id), plan_.seed, cut, start_forced)


def _after(before: Value | None, after: Value | None, sides: int
           ) -> tuple[Shares | None, Forced | None]:
    """The chances after a ply and the result proved there: the finished position's, a
    result either search proved (B's own, else A's of the move played, a ply on), else the
    mean of A's chances after the move played and B's in the position."""
    if after is None:
        return None, None
    if after.final:
        return after.shares, None
    forced = after.forced
    if forced is None and before is not None and before.played_forced is not None:
        proved = before.played_forced
        forced = Forced(proved.winner, max(1, proved.plies - 1))
    if forced is not None:
        return _exact(forced, sides), forced
    if before is None or before.played is None:
        return after.shares, None
    return _rounded([(a + b) / 2 for a, b in zip(before.played, after.shares,
                                                 strict=True)]), None


def _ply(plan_: Plan, i: int, known: Mapping[int, Value]) -> PlyReview | None:
    """Ply i from the searches before it (A, the mover's) and after it (B, the next
    mover's), or from its saved comment: the chances after it (``_after``), and the
    preferred move's, which differ from them by what A says separates the two moves;
    where B proved a result that A did not see for the move played (it lay just past A's
    horizon), the proof stands against A's chances in the position."""
    saved = plan_.saved.get(i)
    before, after = known.get(i - 1), known.get(i)
    sides = len(plan_.sides)
    if saved is not None:
        chances, forced = saved.chances, saved.forced
    else:
        chances, forced = _after(before, after, sides)
    if chances is None:
        return None
    best_forced = None
    if saved is not None and saved.best_chances is not None:
        best, best_chances, best_forced = saved.best, saved.best_chances, saved.best_forced
    elif before is not None:
        best, best_forced = before.best, before.forced
        if best_forced is not None:
            best_chances = _exact(best_forced, sides)
        elif forced is not None and before.played_forced is None:
            best_chances = before.shares  # B proved what A only guessed: the proof stands
        else:
            base = before.played if before.played is not None else chances
            best_chances = _rounded([c + b - p for c, b, p in zip(chances, before.shares, base,
                                                                  strict=True)])
    else:
        return None
    side = plan_.movers[i - 1]
    move = plan_.texts[i - 1]
    judged = best is not None and before is not None and before.played is not None
    drop = 0.0
    if (saved is not None or judged) and best != move:
        drop = max(0.0, round(best_chances[side] - chances[side], 2))
    return PlyReview(i, side, move, chances, best, best_chances, drop, mark_for(drop),
                     saved is not None, forced, best_forced)


def review_game(game: Game, budget: Budget = JUDGE, seed: int = 0, *,
                reuse: bool = True, workers: int | None = None,
                progress: Callable[[Review, int, int], None] | None = None,
                should_stop: Callable[[], bool] = lambda: False) -> Review:
    """Review ``game`` with the judge at ``budget`` (see ``plan`` and ``run``);
    ``progress(review, done, searches)`` after each search. A stopped review keeps what
    was done."""
    steps = plan(game, budget, seed, reuse=reuse)
    values: dict[int, Value] = {}

    def found(value: Value) -> None:
        values[value.index] = value
        if progress is not None:
            progress(assemble(steps, values), len(values), len(steps.tasks))

    run(steps.tasks, found, should_stop, workers)
    return assemble(steps, values)


# ----- comments in a saved game ---------------------------------------------------------------

_NUMBERS = re.compile(r"(?:0(?:\.[0-9]+)?|1(?:\.0+)?)(?:,(?:0(?:\.[0-9]+)?|1(?:\.0+)?))*")
_FORCED = re.compile(r"([0-9]),([1-9][0-9]{0,3})")
_COMMAND = re.compile(r"\[%([A-Za-z]+)\s+([^\]]*)\]")


def _chances_text(shares: Shares) -> str:
    return ",".join(f"{s:.2f}" for s in shares)


def comment_of(ply: PlyReview) -> str:
    """The saved-game comment of a reviewed ply: ``[%chance 0.41,0.59]`` each side's
    chance after the move, in side order; ``[%best d4-d5]`` the preferred move (left out
    when not named); ``[%bestchance 0.70,0.30]`` the chances after it; ``[%forced 1,3]``
    and ``[%bestforced 0,5]``, where a result was proved after the move or after the
    preferred one: the winning side's number and the plies to the end."""
    parts = [f"[%chance {_chances_text(ply.chances)}]"]
    if ply.best is not None:
        parts.append(f"[%best {ply.best}]")
    parts.append(f"[%bestchance {_chances_text(ply.best_chances)}]")
    if ply.forced is not None:
        parts.append(f"[%forced {ply.forced.winner},{ply.forced.plies}]")
    if ply.best_forced is not None:
        parts.append(f"[%bestforced {ply.best_forced.winner},{ply.best_forced.plies}]")
    return " ".join(parts)


def _parse_chances(text: str, sides: int) -> Shares | None:
    text = text.strip()
    if not _NUMBERS.fullmatch(text):
        return None
    values = tuple(float(v) for v in text.split(","))
    return values if len(values) == sides else None


def _parse_forced(text: str | None, sides: int) -> Forced | None:
    found = _FORCED.fullmatch((text or "").strip())
    if found is None or int(found.group(1)) >= sides:
        return None
    return Forced(int(found.group(1)), int(found.group(2)))


def read_comment(comment: str, sides: int) -> Saved | None:
    """A ply's saved review, or None when its comment holds no readable ``[%chance …]``
    (the ply is then searched again). A ``[%bestchance …]`` that cannot be read leaves
    the preferred move to be searched again; a result that cannot be read is left out."""
    commands = {name.casefold(): value.strip() for name, value in _COMMAND.findall(comment)}
    chances = _parse_chances(commands.get("chance", ""), sides)
    if chances is None:
        return None
    best_chances = _parse_chances(commands.get("bestchance", ""), sides)
    best = commands.get("best") or None
    return Saved(chances, best if best_chances is not None else None, best_chances,
                 _parse_forced(commands.get("forced"), sides),
                 _parse_forced(commands.get("bestforced"), sides))


def annotate(game: Game, review: Review) -> int:
    """Write the review into ``game``'s plies as their comments (saved with the game);
    how many plies got one. A spectator's review is not written: its move texts are not
    the game's own."""
    if review.knowledge == "spectator":
        return 0
    for ply in review.plies:
        game.annotate(ply.ply, comment_of(ply))
    return len(review.plies)
