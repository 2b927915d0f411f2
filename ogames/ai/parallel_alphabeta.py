"""The hard level on every core: alpha-beta split at the root over one process per core.

**Root splitting.** The root moves are shuffled by the seed and ordered as the single search
orders them (:meth:`alphabeta.Searcher.ordered`), then dealt round-robin into one part per
process, so each part gets some of the most promising moves. Every process runs the same
iterative deepening as :func:`alphabeta.search` over its part, with the same deadline (the
time a single search would get: starting the processes is paid out of it), and reports its
best move and value at *every* depth it finished.

**Merge.** Values found at different depths are not comparable (odd and even depths lean
different ways), so the parent compares the parts at their **common depth**: the deepest
depth every part finished. At that depth each part's value is the exact minimax value of
its best move (alpha-beta's root window is open), so the best of them is the value a
single search over all root moves finds at that depth: splitting changes the work, never
the answer. A part whose best value is proven (a proven win, or all of its moves proven
lost) stops deepening and keeps that value at every deeper depth, so it does not hold the
common depth back. Where every part not proven went one ply further, finishing it or cut
in it after its best-ordered move was searched in full, the parts are compared there, each
by the best of the moves it searched at that depth (as the single search plays the best
of its cut-short iteration): a part is always cut in some depth when the clock ends, and
the time spent there was otherwise thrown away. Ties go to the part holding the
better-ordered moves. When some part finished no depth at all (a cancel, or no time), the
best value among the parts that did is taken, else the best-ordered move.

**Processes.** A fresh set of processes per search, forked from multiprocessing's fork
server (:func:`ogames.ai.processes.workers_context`: no fork of the threaded app;
:func:`ogames.ai.processes.start_tracker` makes that work inside Textual). Spawning two
fresh interpreters, until both were ready to search, took 0.13-0.20 s on the 2-core
machine (0.28-0.31 s from the ``ogames`` script, whose imports each process repeated);
forked from the server, which has every game's engine loaded, about 0.02 s, both paid
out of the move's time. A pool kept alive between moves would keep the tables as well,
but would outlive the search: someone would have to shut it down when the game closes,
and a process left over is what the other tests and the app must never see.
A search that owns its processes leaves none behind by
construction: :func:`search` joins (or, past a short grace, kills) all of them before it
returns, whether it finished, was cancelled or failed (:func:`ogames.ai.processes.run`,
shared with the Monte Carlo search on every core). They are daemonic: a parent that
exits in the middle of a search ends them at its exit (multiprocessing's exit hook), and
those of a parent that is killed end at the deadline, finding nobody to answer. A cancel
(``should_stop``) is seen by the parent within ``processes.POLL`` seconds and by the
processes through a shared flag they poll every few hundred nodes; the parent then returns
within about ``1.5 * processes.GRACE`` seconds with the best move reported so far.

Used by :class:`ogames.ai.player.Player` for the **hard** level of the alpha-beta games only
(see :func:`wanted`); with one core, or when the processes cannot start (logged), the single
search plays. With a node budget and no clock (tests) the answer depends on the seed only.
The Monte Carlo games (hidden hands, three players) have their own: :mod:`ogames.ai.parallel_monte_carlo`.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.game import Game
from ..core.policy import Policy
from ..core.registry import get_rules
from ..core.rules import Move, Position, Rules
from . import alphabeta, processes
from .alphabeta import (
    PROVEN,
    Level,
    Result,
    Searcher,
    ShouldStop,
    Unfinished,
)

log = logging.getLogger("ogames.ai")

#: the level searched on every core
PARALLEL_LEVEL = "hard"


def cores() -> int:
    """The cores this process may run on (those it is allowed, else ``os.cpu_count()``)."""
    return processes.cores()


def wanted(level: str | Level) -> bool:
    """Whether ``level`` is searched on every core: the hard level, on a machine with more
    than one core."""
    name = level if isinstance(level, str) else level.name
    return name == PARALLEL_LEVEL and cores() > 1


# ----- one part, in a worker process ----------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """What one process found over its part of the root moves: its best move and value
    (of the deepest finished depth, or of the unfinished one once it beat it, as in
    :func:`alphabeta.search`), and ``depths``: (depth, best move, value) for every depth it
    finished."""

    index: int
    move: Move
    value: float
    depth: int
    nodes: int
    cut: bool
    depths: tuple[tuple[int, Move, float], ...]
    #: the depth it was cut in, with the best of the moves it had searched there (its
    #: first move's value at least, exact), or None (:data:`alphabeta.Unfinished`)
    unfinished: Unfinished = None

    @property
    def settled(self) -> bool:
        """Its best value is proven: deeper search would not change it."""
        return bool(self.depths) and abs(self.depths[-1][2]) > PROVEN


def deepen(rules: Rules, pos: Position, moves: Sequence[Move], policy: Policy, level: Level,
           should_stop: ShouldStop | None = None, index: int = 0) -> Part:
    """Iterative deepening over ``moves`` (already ordered) with :func:`alphabeta.deepen`,
    keeping every finished depth's answer. Unlike the single search it does not stop at one
    move (its part's value at each depth is still needed for the merge)."""
    started = time.perf_counter()
    deadline = None if level.time_limit is None else started + level.time_limit
    searcher = Searcher(rules, policy, nodes=level.nodes, deadline=deadline,
                        should_stop=should_stop, quiescence_depth=level.quiescence,
                        reductions=level.reductions and policy.reductions)
    best, value, done, cut, depths, unfinished = alphabeta.deepen(
        searcher, pos, list(moves), level.depth, started, deadline, one_move_stops=False)
    return Part(index, best, value, done, searcher.nodes, cut, depths, unfinished)


def _part(game_id: str, pos: Position, moves: list[Move], level: Level,
          deadline: float | None, index: int, should_stop: ShouldStop) -> Part:
    """A worker process's job (:func:`processes.run`): search one part until ``deadline``
    (``time.monotonic``, the same clock in every process) or ``should_stop``."""
    rules = get_rules(game_id)
    if deadline is not None:
        level = replace(level, time_limit=max(0.01, deadline - time.monotonic()))
    return deepen(rules, pos, moves, rules.policy(), level, should_stop, index)


# ----- the merge -------------------------------------------------------------------------------


def merge(parts: Sequence[Part], first: Move) -> tuple[Move, float, int]:
    """The move, its value and the depth compared at (see the module's docstring);
    ``first``: the best-ordered move, played when no part finished a depth."""
    ordered = sorted(parts, key=lambda p: p.index)
    finished = [p for p in ordered if p.depths]
    if not finished:
        return first, 0.0, 0
    if len(finished) < len(ordered):  # some part saw nothing: the best of what was seen
        best = max(finished, key=lambda p: p.depths[-1][2])  # max keeps the first of ties
        _, move, value = best.depths[-1]
        return move, value, 0
    open_parts = [p for p in ordered if not p.settled]
    common = (min(p.depths[-1][0] for p in open_parts) if open_parts
              else max(p.depths[-1][0] for p in ordered))
    if open_parts and all(_at(p, common + 1) is not None for p in open_parts):
        common += 1  # every open part reached one ply more, in full or its first moves
    move, value = first, -math.inf
    for part in ordered:
        _, at_move, at_value = _at(part, common) or part.depths[-1]
        if at_value > value:
            move, value = at_move, at_value
    return move, value, common


def _at(part: Part, depth: int) -> tuple[int, Move, float] | None:
    """``part``'s answer at ``depth``: the finished depth's; the unfinished one's best so
    far (its best-ordered move searched in full at least, so its value is exact and the
    best of the moves searched there, as a single search's cut-short iteration); or None.
    A proven part keeps its last finished answer at every deeper depth."""
    if depth <= len(part.depths):
        return part.depths[depth - 1]
    if part.unfinished is not None and part.unfinished[0] == depth:
        return part.unfinished
    if part.settled:
        return part.depths[-1]
    return None


# ----- the search in the parent ----------------------------------------------------------------


def search(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy, level: Level,
           rng: random.Random | None = None, should_stop: ShouldStop | None = None,
           workers: int | None = None) -> Result:
    """:func:`alphabeta.search` split over ``workers`` processes (None: one per core). The
    workers take the game's own policy (``rules.policy()``), found by the game's id."""
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    started = time.monotonic()
    count = cores() if workers is None else workers
    moves = list(legal)
    if rng is not None:
        rng.shuffle(moves)
    moves = Searcher(rules, policy).ordered(pos, moves, None)
    count = min(count, len(moves))
    if should_stop is not None and should_stop():
        return Result(moves[0], 0.0, 0, 0, True, None)  # cancelled already: no process
    if count <= 1:
        return alphabeta.search(rules, pos, moves, policy, level, None, should_stop)
    deadline = None if level.time_limit is None else started + level.time_limit
    try:
        parts = _run(rules, pos, moves, level, deadline, count, should_stop)
    except Exception:  # noqa: BLE001 - no processes here (a sandbox, no semaphores): one core
        log.warning("the parallel search could not start; searching on one core",
                    exc_info=True)
        left = None if deadline is None else max(0.05, deadline - time.monotonic())
        return alphabeta.search(rules, pos, moves, policy, replace(level, time_limit=left),
                                None, should_stop)
    move, value, depth = merge(parts, moves[0])
    cut = len(parts) < count or any(p.cut for p in parts)
    return Result(move, value, depth, sum(p.nodes for p in parts), cut, None)


def _run(rules: Rules, pos: Position, moves: list[Move], level: Level, deadline: float | None,
         count: int, should_stop: ShouldStop | None) -> list[Part]:
    """Start one process per part, gather their parts; every process is gone on return."""
    jobs = [(rules.id, pos, moves[i::count], level, deadline, i) for i in range(count)]
    return list(processes.run(_part, jobs, deadline, should_stop).values())


# ----- the player ------------------------------------------------------------------------------


def choose_move(game: Game, side: int, level: str | Level = PARALLEL_LEVEL, seed: int = 0, *,
                should_stop: ShouldStop | None = None, policy: Policy | None = None,
                workers: int | None = None) -> Move:
    """:func:`alphabeta.choose_move` with the search on every core: the pre-check's win in
    one, else the parallel search's move, unless the pre-check's capture is kept (see
    :func:`alphabeta.keep_capture`). One core (or ``workers`` 1): the single search."""
    count = cores() if workers is None else workers
    if count <= 1:
        return alphabeta.choose_move(game, side, level, seed, should_stop=should_stop,
                                     policy=policy)

    def on_every_core(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy,
                      level: Level, rng: random.Random | None,
                      should_stop: ShouldStop | None) -> Result:
        return search(rules, pos, legal, policy, level, rng, should_stop, count)

    return alphabeta.choose_move(game, side, level, seed, should_stop=should_stop,
                                 policy=policy, root_search=on_every_core)
