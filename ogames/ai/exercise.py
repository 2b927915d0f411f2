"""Learn from your mistakes: a marked move of a reviewed game becomes an exercise, the
position before it set up to find a better move, judged like a lesson.

The judge works out beforehand which moves it accepts: every move that gives away less
than an inaccuracy (``review.THRESHOLDS``) against its own, that is every move the review
would not mark there, and never the move played. The lesson's machinery then judges the
learner's move against that list as it judges any lesson's (``core.lessons``), at once,
with no search while the learner plays.

How a move is weighed (alpha-beta): the judge searches the position as the review does,
then asks of every other move, with a null-window search at the same depth ("does it
score above this bound?"), whether it keeps the mover's chance within the margin of its
own move's: a question much cheaper than each move's value. A Monte Carlo judge (three
hands) accepts the moves its search tried enough whose estimate is within the margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.game import Game
from ..core.policy import Policy
from ..core.rules import Move, Position, Rules
from . import alphabeta, dealt_world, monte_carlo
from .alphabeta import PROVEN, SCOUT, move_values
from .judge import Searched, chances, judging, searched, steady
from .levels import LEVELS
from .player import uses_alphabeta

ShouldStop = Callable[[], bool]
#: called after each move weighed: (moves weighed, moves in all)
Progress = Callable[[int, int], None]

#: the fewest visits a Monte Carlo estimate needs to count
LEAST_VISITS = 16
#: a scout gets this share of the judge's budget (a move it cannot settle is not accepted)
SCOUT_SHARE = 0.125


@dataclass(frozen=True)
class Exercise:
    """The position before a marked move (``game``, its history), whose side ``mover``
    is to find a better one: the judge's own move, every move it accepts (its own among
    them), the move played, and the mover's chance after the judge's move and after the
    move played, as the review shows them."""

    game: Game
    mover: int
    best: Move
    good: tuple[Move, ...]
    played: Move
    best_chance: float
    played_chance: float


def prepare(game: Game, ply: int, *, seed: int = 0, margin: float = 0.10,
            effort: float = 1.0, nodes: int | None = None, iterations: int | None = None,
            should_stop: ShouldStop | None = None,
            progress: Progress | None = None) -> Exercise:
    """The exercise of ply ``ply`` (1-based) of ``game``: the position before it, the
    judge's move and every move it accepts (within ``margin`` of the mover's chance after
    its own), at ``effort`` times the judge's budget (or ``nodes``/``iterations``), the
    seed the review gave that position (``seed * 1_000_003 + ply - 1``)."""
    rules = game.rules
    before = Game(rules, game.start, game.seed, game.players, game.date,
                  list(game.plies[: ply - 1]), ply - 1)
    played = game.plies[ply - 1].move
    pos = before.position
    mover = rules.to_move(pos)
    legal = before.legal_moves()
    policy = rules.policy()
    position_seed = seed * 1_000_003 + ply - 1
    budget = max(1, round((nodes or judging(policy).nodes) * effort))
    if uses_alphabeta(rules, pos, policy) or dealt_world.fits(rules, pos, policy):
        world, world_legal = pos, legal
        if not uses_alphabeta(rules, pos, policy):  # what the mover saw, dealt as hard deals
            dealt = dealt_world.world(before, mover, position_seed, policy)
            world, world_legal = dealt.position, dealt.legal_moves()
        done = searched(rules, world, world_legal, policy, budget, position_seed, should_stop)
        good = _scouted(rules, world, world_legal, policy, done, budget, margin, played,
                        should_stop, progress)
        best_chance = chances(rules, world, done.value, policy)[0][mover]
        searcher = done.found.searcher
        assert searcher is not None
        values = move_values(searcher, world, played, max(done.found.depth, 1), budget)
        played_chance = min(best_chance,
                            chances(rules, world, steady(values), policy)[0][mover])
        accepted = set(good)
        return Exercise(before, mover, done.decision.move,
                        tuple(m for m in legal if m in accepted), played, best_chance,
                        played_chance)
    return _from_monte_carlo(before, mover, legal, played, position_seed, margin, effort,
                             iterations, should_stop)


def _scouted(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy,
             done: Searched, budget: int, margin: float, played: Move,
             should_stop: ShouldStop | None, progress: Progress | None) -> list[Move]:
    """The moves of ``legal`` whose value at the search's depth is above the bound that
    keeps the mover's chance within ``margin`` of the judge's move's."""
    searcher = done.found.searcher
    assert searcher is not None
    depth = max(done.found.depth, 1)
    at_depth = done.found.depths[-1][2] if done.found.depths else done.value
    bound = _bound(done.value, at_depth, margin, policy)
    good = [done.decision.move]
    others = [m for m in searcher.ordered(pos, list(legal), done.decision.move)
              if m != done.decision.move and m != played]
    for count, move in enumerate(others, start=1):
        if should_stop is not None and should_stop():
            break
        if bound is None or _beats(searcher, pos, move, depth, bound, budget):
            good.append(move)
        if progress is not None:
            progress(count, len(others))
    return good


def _bound(value: float, at_depth: float, margin: float, policy: Policy) -> float | None:
    """The value at the search's depth that a move must beat (None: every move keeps the
    mover's chance within the margin). The judge's chance comes from the steady value;
    the bound is that value less what the margin is worth, moved to the last depth's
    scale, or, for a proven win, the value whose chance is the margin below certainty."""
    curve = judging(policy)
    chance = 1.0 if value > PROVEN else 0.0 if value < -PROVEN else curve.chance(value)
    target = chance - margin
    if target <= 0.0:
        return None
    wanted = curve.scale * math.log(target / (1.0 - target)) - curve.edge
    if abs(value) > PROVEN:
        return wanted
    return at_depth - (value - wanted)


def _beats(searcher: alphabeta.Searcher, pos: Position, move: Move, depth: int, bound: float,
           budget: int) -> bool:
    """Whether ``move`` scores above ``bound`` at ``depth`` (a null-window search); a move
    the scout's share of the budget cannot settle is not accepted."""
    searcher.node_limit = searcher.nodes + max(1, round(budget * SCOUT_SHARE))
    searcher.deadline = None
    try:
        return searcher.child_value(pos, move, depth, bound, bound + SCOUT, 0) > bound
    except alphabeta._Stopped:  # the scout's nodes ran out
        return False


def _from_monte_carlo(before: Game, mover: int, legal: Sequence[Move], played: Move,
                      seed: int, margin: float, effort: float, iterations: int | None,
                      should_stop: ShouldStop | None) -> Exercise:
    """The exercise from hard's Monte Carlo search: its move, and the moves it tried at
    least ``LEAST_VISITS`` times whose estimate is within ``margin`` of it."""
    rules = before.rules
    hard = LEVELS["hard"]
    level = replace(hard, time_limit=None,
                    iterations=max(1, round((iterations or hard.iterations) * effort)))
    found = monte_carlo.analyse(rules, before.position, legal, level, seed, viewer=mover,
                                should_stop=should_stop, include=played)
    best = found.move if found.move is not None else legal[0]
    best_chance = found.shares[mover]
    good = {best} | {e.move for e in found.estimates
                     if e.move not in (best, played) and e.visits >= LEAST_VISITS
                     and e.shares[mover] >= best_chance - margin}
    played_chance = next((e.shares[mover] for e in found.estimates if e.move == played),
                         best_chance - margin)
    return Exercise(before, mover, best, tuple(m for m in legal if m in good), played,
                    best_chance, played_chance)

