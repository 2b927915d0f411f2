"""One judge per game: the search hard plays with says which move is best, how much a
move gives away and each side's chance, for the hints, the review and every chance shown.

The judge is the hard level's own search, whatever the game (:mod:`ogames.ai.player`):
alpha-beta for the two-sided games, alpha-beta in a world dealt from what the mover sees
for two-handed Ochmir, the Monte Carlo search for three hands. Offline (the review) it
searches a fixed budget instead of hard's clock: ``Policy.judging.nodes`` alpha-beta
nodes a position (at least what hard searches in its time on two cores), hard's own
iterations for Monte Carlo. So the same file gives the same review on any machine, and
a move the judge would play (a hint) is never marked: it is the move the search prefers.

What alpha-beta says is made to mean something:

* **A value that does not lean with the depth.** An iteration that ends on the mover's
  own move sees more of its chances than one that ends on the reply, so values see-saw
  from depth to depth. The judge's value is the mean of its last two finished depths
  (one of each parity); a proven win or loss is taken as it is.
* **A move's value from the same search**: the move played is searched again to the same
  depths (its table warm), so that the preferred move and the move played are weighed by
  one search at one depth, and what separates them is not a difference of horizons.
* **Chances**: a value becomes the side to move's chance of winning by the game's
  fitted logistic (``Policy.judging``); a value the search proves is a win or a loss in
  so many plies (``Forced``), never a percentage.

Monte Carlo's estimates are already shares of the result (each side's, normalised to add
up to one). A spectator of an unfinished game with hidden hands knows no hand: the judge
then deals every hand, says each side's chance, and names no move and judges none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.game import Game
from ..core.policy import Judging, Policy
from ..core.rules import Move, Position, Rules
from . import alphabeta, dealt_world, monte_carlo
from .alphabeta import PROVEN, WIN, Decision, decide, game_level, level_policy, move_values
from .levels import LEVELS
from .player import uses_alphabeta

Shares = tuple[float, ...]
ShouldStop = Callable[[], bool]

#: the viewer who is no side (``Rules.view``): knows what is public only
SPECTATOR = -1
#: the judge's curve where a game gives none (a search value of one piece is about 62 %)
DEFAULT_JUDGING = Judging(nodes=50_000, scale=2.0)


@dataclass(frozen=True)
class Forced:
    """A result the search proves: ``winner`` wins in ``plies`` plies from the position."""

    winner: int
    plies: int

    @property
    def moves(self) -> int:
        """The winner's moves to the end (the last one included): "wins in N"."""
        return (self.plies + 1) // 2


@dataclass(frozen=True)
class Verdict:
    """The judge's word on one position: the move it prefers (None: not named), each
    side's chance there (after that move), the chances after ``played`` (None: no move
    asked about, or not judged), the results it proved (after the preferred move and after
    the move played) and the work done (nodes or iterations; ``cut``: a caller stopped it)."""

    move: Move | None
    shares: Shares
    played: Shares | None = None
    forced: Forced | None = None
    played_forced: Forced | None = None
    work: int = 0
    cut: bool = False
    #: alpha-beta's steady value for the side to move (None: a Monte Carlo search), from
    #: which ``shares`` come (what the chance curve is fitted on: ``bench/judge.py``)
    value: float | None = None


def judging(policy: Policy) -> Judging:
    return policy.judging or DEFAULT_JUDGING


def chances(rules: Rules, pos: Position, value: float,
            policy: Policy) -> tuple[Shares, Forced | None]:
    """Each side's chance (side order) at an alpha-beta ``value`` for the side to move in
    ``pos``, and the forced result when the value is proven."""
    mover = rules.to_move(pos)
    if abs(value) > PROVEN:
        plies = max(1, round(WIN - abs(value)))
        winner = mover if value > 0 else 1 - mover
        return _two(mover, 1.0 if value > 0 else 0.0), Forced(winner, plies)
    return _two(mover, judging(policy).chance(value)), None


def _two(mover: int, chance: float) -> Shares:
    return (chance, 1.0 - chance) if mover == 0 else (1.0 - chance, chance)


def steady(values: Sequence[float]) -> float:
    """A value that does not lean with the parity of the depth: the mean of the last two
    depths' values, or the last one when it is proven (or alone)."""
    if not values:
        return 0.0
    last = values[-1]
    if abs(last) > PROVEN or len(values) < 2 or abs(values[-2]) > PROVEN:
        return last
    return (values[-2] + last) / 2


# ----- alpha-beta ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Searched:
    """Hard's alpha-beta on one position at a fixed budget: its decision (the move it
    plays), the search (its table warm, its finished depths) and the position's steady
    value for the side to move."""

    decision: Decision
    found: alphabeta.Result
    value: float


def searched(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy, nodes: int,
             seed: int, should_stop: ShouldStop | None = None) -> Searched:
    """Hard's alpha-beta on ``pos`` (``legal``: its moves, history rules applied),
    searching ``nodes`` nodes without a clock: its move as ``alphabeta.choose_move``
    chooses it (pre-check and all), and the position's steady value."""
    level = replace(game_level("hard", policy), time_limit=None, nodes=nodes)
    pol = level_policy(policy, level.name)
    moves = list(legal)
    if len(moves) > 1:
        decision = decide(rules, pos, moves, pol, level, seed, should_stop=should_stop,
                          clock=False)
    else:
        decision = Decision(moves[0], None)  # hard plays it without a search
    found = decision.found
    if found is None:  # a win in one, or a single move: searched for the values
        found = alphabeta.search(rules, pos, moves, pol, level, random.Random(seed),
                                 should_stop)
    if decision.found is None and len(moves) > 1:
        value = WIN - 1.0  # the pre-check's win in one
    else:
        value = steady([v for _, _, v in found.depths] or [found.value])
    return Searched(decision, found, value)


def alphabeta_verdict(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy,
                      nodes: int, seed: int, played: Move | None = None,
                      should_stop: ShouldStop | None = None) -> Verdict:
    """What hard's alpha-beta, searching ``nodes`` nodes without a clock, says of ``pos``
    (see :func:`searched`), and of ``played``, searched to the same depths."""
    done = searched(rules, pos, legal, policy, nodes, seed, should_stop)
    searcher = done.found.searcher
    assert searcher is not None
    shares, forced = chances(rules, pos, done.value, policy)
    played_shares, played_forced = None, None
    if played is not None:
        if played == done.decision.move:
            played_shares, played_forced = shares, forced
        else:
            values = move_values(searcher, pos, played, max(done.found.depth, 1), nodes)
            played_shares, played_forced = chances(rules, pos, steady(values), policy)
            played_shares = _no_better(rules, pos, shares, played_shares)
    cut = should_stop is not None and should_stop()
    return Verdict(done.decision.move, shares, played_shares, forced, played_forced,
                   searcher.nodes, cut, done.value)


def _no_better(rules: Rules, pos: Position, best: Shares, played: Shares) -> Shares:
    """The move played is never judged better than the position (a shallower search of it
    may think so; the drop is then none)."""
    mover = rules.to_move(pos)
    return best if played[mover] > best[mover] else played


# ----- one verdict, whatever the game ----------------------------------------------------------


def verdict(rules: Rules, pos: Position, legal: Sequence[Move], *, seed: int = 0,
            effort: float = 1.0, viewer: int | None = None, played: Move | None = None,
            banned: frozenset = frozenset(), should_stop: ShouldStop | None = None,
            nodes: int | None = None, iterations: int | None = None) -> Verdict:
    """The judge's word on ``pos`` with hard's search for the game, ``effort`` times its
    budget (``nodes`` and ``iterations`` replace the game's, for tests and the command
    line). ``viewer``: None, the mover judges from what it sees (in a hidden game, a world
    dealt from its view, as hard deals one); ``SPECTATOR``, every hidden part dealt, no
    move named or judged."""
    policy = rules.policy()
    spectator = viewer == SPECTATOR
    budget = max(1, round((nodes or judging(policy).nodes) * effort))
    if uses_alphabeta(rules, pos, policy):
        return alphabeta_verdict(rules, pos, legal, policy, budget, seed, played, should_stop)
    if dealt_world.fits(rules, pos, policy):
        side = SPECTATOR if spectator else rules.to_move(pos)
        world = dealt_world.world(Game.from_position(rules, pos), side, seed, policy)
        found = alphabeta_verdict(rules, world.position, world.legal_moves(), policy, budget,
                                  seed, None if spectator else played, should_stop)
        if spectator:
            return replace(found, move=None, played=None, played_forced=None)
        return found
    return _monte_carlo(rules, pos, legal, seed, effort, viewer, played, banned, should_stop,
                        iterations)


def _monte_carlo(rules: Rules, pos: Position, legal: Sequence[Move], seed: int, effort: float,
                 viewer: int | None, played: Move | None, banned: frozenset,
                 should_stop: ShouldStop | None, iterations: int | None) -> Verdict:
    """Hard's Monte Carlo search without its clock: its iterations (or ``iterations``),
    from the mover's view (or a spectator's), the move played tried first."""
    hard = LEVELS["hard"]
    level = replace(hard, time_limit=None,
                    iterations=max(1, round((iterations or hard.iterations) * effort)))
    side = rules.to_move(pos)
    found = monte_carlo.analyse(rules, pos, legal, level, seed,
                                viewer=SPECTATOR if viewer == SPECTATOR else side,
                                banned=banned, should_stop=should_stop, include=played)
    if viewer == SPECTATOR:
        return Verdict(None, _normalised(found.shares), work=_visits(found), cut=found.cut)
    estimate = next((e.shares for e in found.estimates if e.move == played), None)
    shares = _normalised(found.shares)
    played_shares = None
    if played is not None:
        if played == found.move:
            played_shares = shares
        elif estimate is not None:
            played_shares = _no_better(rules, pos, shares, _normalised(estimate))
    return Verdict(found.move, shares, played_shares, work=_visits(found), cut=found.cut)


def _visits(found: monte_carlo.Analysis) -> int:
    return sum(e.visits for e in found.estimates)


def _normalised(shares: Sequence[float]) -> Shares:
    """Shares made to add up to one (a playout's evaluation gives each side its own
    expectation); even shares when they are all nothing."""
    total = sum(max(0.0, s) for s in shares)
    if total <= 0:
        return tuple(1.0 / len(shares) for _ in shares)
    return tuple(max(0.0, s) / total for s in shares)
