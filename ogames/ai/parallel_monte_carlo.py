"""The hard level of the Monte Carlo games on every core: root-parallel information-set search.

**Why root-parallel.** The information-set search (:mod:`ogames.ai.monte_carlo`) samples a world
from the mover's view at every iteration and walks one shared tree; a tree shared between
processes would need locks on every node, and splitting the root moves (as
:mod:`ogames.ai.parallel_alphabeta` does for alpha-beta) would leave each process a tree that no longer
compares the moves against each other. So every process runs the *whole* single search on
its own: the same view (``rules.view(pos, side)``), the same moves refused by history rules,
the same level and the same deadline, with its own random stream, derived from the move's
seed and the process's number (:func:`worker_seed`). Independent searches over the same
view estimate the same thing, each from its own sample of hidden worlds: summed, the
root's counts are those of one search with as many iterations as all of them together
(the more worlds sampled, the better the estimates, which is where a search over hidden
hands is weakest), though what each tree learns below the root stays its own. Nothing is
exchanged while they search, so the processes cost nothing but their start.

**Merge.** Each process reports its root: per root move, the move's canonical text
(``rules.move_text`` in the world it was first tried in: the key that names the same move
in every process), the move itself, its visits, the mover's summed share and each side's
summed shares (:class:`RootMove`). The parent sums them per text (:func:`merge`) and plays
the most visited move; ties go to the better mean share, then to the order the single
search uses (process by process, each in the order its tree tried the moves). The move is
mapped onto a move legal in the real game as the single search maps its own.

**Before the processes.** The single search's check for a win in one runs first, once, in
the parent (:func:`ogames.ai.monte_carlo.choose_move`); only when it finds none do the processes
start. The search each process runs is the single search itself, handed in as a function
(:data:`RootSearch`): this module does not import :mod:`ogames.ai.monte_carlo`, which hooks it in.

**Processes.** As for alpha-beta (:func:`ogames.ai.processes.run`): a fresh set of
"spawn" processes per move, their start paid out of the move's time, a shared stop flag
polled at every iteration, every process joined or killed before :func:`search` returns,
so a cancel (``should_stop``) returns within about ``1.5 * processes.GRACE`` seconds and
leaves none behind. With an iteration budget and no clock the answer depends on the seed
only; when the processes cannot start, :func:`search` says so (None, logged) and the caller
searches on one core. Measured on the 2-core machine at the hard level's 1.7 s, mid-game:
the processes search from 0.1 s in (0.25-0.4 s on a loaded machine), at the single
search's rate per CPU second, for 1.6-1.9 times its iterations in all when the machine is
otherwise idle (less when other work takes the cores).

Used for the **hard** level (:class:`ogames.ai.player.Player`, through ``choose_move``'s
``workers``); hints and the review search on one process each, as before.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.registry import get_rules
from ..core.rules import Move, Position, Rules
from . import processes
from .levels import Level

log = logging.getLogger("ogames.ai")

ShouldStop = Callable[[], bool]


@dataclass(frozen=True)
class RootMove:
    """One root move as a search left it: ``text`` names it in every process (the key of
    the merge); ``total`` is the mover's summed share, ``sums`` every side's."""

    text: str
    move: Move
    visits: int
    total: float
    sums: tuple[float, ...]

    @property
    def mean(self) -> float:
        """The mover's mean share through this move (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Root:
    """What one process's search found: its root moves in the order its tree tried them,
    the iterations it ran, and ``cut``: the clock or a cancel stopped it."""

    index: int
    moves: tuple[RootMove, ...]
    iterations: int
    cut: bool


@dataclass(frozen=True)
class Merged:
    """The search on every core: the root moves summed over the processes, best first
    (the first is the one to play), the iterations of all of them, how many processes
    answered and whether any was cut short (or missing)."""

    moves: tuple[RootMove, ...]
    iterations: int
    answered: int
    cut: bool


#: one process's search: (rules, view, side, banned moves, level, random stream,
#: should_stop) -> its :class:`Root` (``index`` 0; the caller numbers it)
RootSearch = Callable[[Rules, Position, int, frozenset, Level, random.Random, ShouldStop], Root]


def worker_seed(seed: int, index: int) -> str:
    """Process ``index``'s random seed for a move searched with ``seed``: a text, which
    ``random.Random`` hashes the same way in every process (unlike ``hash``)."""
    return f"ogames-mcts/{seed}/{index}"


# ----- the merge -------------------------------------------------------------------------------


def merge(roots: Sequence[Root]) -> tuple[RootMove, ...]:
    """Every root move's statistics summed over ``roots`` by text, best first: most
    visits, then best mean share, then the order the single search would use (process by
    process, each in its tree's order). The move kept for a text is the first one seen."""
    summed: dict[str, RootMove] = {}
    for root in sorted(roots, key=lambda r: r.index):
        for entry in root.moves:
            known = summed.get(entry.text)
            summed[entry.text] = entry if known is None else RootMove(
                known.text, known.move, known.visits + entry.visits, known.total + entry.total,
                tuple(a + b for a, b in zip(known.sums, entry.sums, strict=True)))
    return tuple(sorted(summed.values(), key=lambda e: (-e.visits, -e.mean)))  # stable


# ----- one process ------------------------------------------------------------------------------


def _job(root_search: RootSearch, game_id: str, view: Position, side: int, banned: frozenset,
         level: Level, deadline: float | None, seed: str, index: int,
         should_stop: ShouldStop) -> Root:
    """A worker process's job (:func:`processes.run`): the single search from ``view``
    until ``deadline`` (``time.monotonic``, the same clock in every process), its own
    random stream, or ``should_stop``."""
    rules = get_rules(game_id)
    if deadline is not None:
        level = replace(level, time_limit=max(0.01, deadline - time.monotonic()))
    root = root_search(rules, view, side, banned, level, random.Random(seed), should_stop)
    return replace(root, index=index)


# ----- the search in the parent ----------------------------------------------------------------


def search(rules: Rules, view: Position, side: int, banned: frozenset, level: Level, seed: int,
           should_stop: ShouldStop | None, workers: int, root_search: RootSearch) -> Merged | None:
    """``root_search`` from ``view`` in ``workers`` processes at once, for ``level``'s time
    (from now) or its iterations each, merged (see the module's docstring). None when the
    processes cannot start (logged): the caller then searches on one core. The processes
    take the game's own policy (``rules.policy()``), found by the game's id."""
    deadline = None if level.time_limit is None else time.monotonic() + level.time_limit
    jobs = [(root_search, rules.id, view, side, banned, level, deadline,
             worker_seed(seed, i), i) for i in range(workers)]
    try:
        answers = processes.run(_job, jobs, deadline, should_stop, "parallel Monte Carlo search")
    except Exception:  # noqa: BLE001 - no processes here (a sandbox, no semaphores): one core
        log.warning("the parallel Monte Carlo search could not start; searching on one core",
                    exc_info=True)
        return None
    roots = list(answers.values())
    return Merged(merge(roots), sum(r.iterations for r in roots), len(roots),
                  len(roots) < workers or any(r.cut for r in roots))
