"""The computer player for two-sided games: alpha-beta (a game with hidden information is
searched in one world dealt from what the mover sees: :mod:`ogames.ai.dealt_world`).

Monte Carlo playouts do not see a two-move tactic; a full-width search does. This is the
classic design, written once against :class:`ogames.core.rules.Rules` and knowing no game:

* **iterative deepening** negamax with alpha-beta, one ply deeper at a time until the
  depth cap, the time budget or the caller's ``should_stop`` ends it; the best root move
  of the deepest finished iteration (or of the unfinished one, once it has beaten the
  previous best) is played, so there is always an answer;
* a **transposition table** keyed by ``Rules.repetition_key`` (the position without its
  move counter), bounded to ``TABLE_SIZE`` entries: when full, new positions are not
  stored (those already in it are still updated), so memory never grows past the bound;
* **move ordering**: the table's move, then the game's ``priority`` (wins and captures:
  cheap, without lookahead), then the ply's two killer moves (the last quiet moves that
  cut the search off at that distance from the root), then the history heuristic (moves
  that caused cut-offs anywhere). The killers took Onitama's search to depth 6 in 12 %
  fewer nodes on 35 positions of its engine games;
* **principal variation search**: the first move (the best by that order) is searched
  with the full window, every later one first with a null window around the best value
  so far (a "scout": does it beat it?), and searched again in full only when it does.
  Most moves fail the scout cheaply; the value found is the same as plain alpha-beta's;
* **late move reductions** (the ``reductions`` of a level: hard's): from the
  fourth move on, a quiet move (not ``noisy``) at three plies or more from the horizon is
  scouted a ply shallower, and searched at full depth only when that shallow look beats
  the best so far. In a well-ordered list such moves are rarely best, and the search goes
  about a ply deeper in the same time; the price is exactness (a tactic hidden behind a
  quiet move shows a ply later), so tests of exact values search without it;
* a **quiescence** step at the horizon over the game's ``noisy`` moves (captures,
  conversions, winning steps), from a stand-pat score, so a leaf is never scored in the
  middle of an exchange (listed at once by the game's ``noisy_moves`` where it has them:
  in Ordo, listing every move to keep the few noisy ones was most of a search's time);
* a **pre-check** before any search, at every level: a win in one is played at once, and
  a capture that wins material at once (its gain holds against every reply) is never
  missed: the searched move is replaced by it unless the search proved that it loses, or
  proved a win for its own move (a game may leave some captures to the search alone:
  ``Policy.search_weighs``, and let the search overrule the capture at some levels when
  it values its own move higher by more than the capture's gain: ``Policy.search_overrules``).

Knowledge comes from the game's :class:`ogames.core.policy.Policy`: ``score`` (leaf value
for the side to move), ``noisy`` (and ``noisy_moves``), ``priority`` and ``material``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace

from ..core.game import Game
from ..core.outcome import Outcome
from ..core.policy import Policy
from ..core.rules import Move, Position, Rules
from .precheck import Tactic, precheck, sure_gain

ShouldStop = Callable[[], bool]
#: (depth, best move, value) of each finished depth of an iterative deepening
Depths = tuple[tuple[int, Move, float], ...]
#: the depth an iterative deepening was cut in, with the best move and value among the root
#: moves it had searched there (the first, the previous depth's best, searched in full:
#: its value is exact), or None when it finished every depth it began or searched no move
Unfinished = tuple[int, Move, float] | None

#: a won position's value (less the plies to reach it: a quicker win is worth more)
WIN = 100_000.0
#: values beyond this are proven wins (and below its negative, proven losses)
PROVEN = WIN - 10_000.0
#: the most positions the transposition table holds (about 200 bytes each)
TABLE_SIZE = 200_000
#: how deep the quiescence step may go below the horizon
QUIESCENCE_DEPTH = 6
#: a threatened side's horizon moves on only in lines shorter than this (``extends``)
EXTEND_BEFORE = 16
#: nodes between two polls of the clock and of ``should_stop``
POLL_EVERY = 256
#: the most nodes and seconds spent on checking the pre-check's capture after the search
#: (4,000 Ordo nodes took 0.3 s, and a hard move then went past its 2 s)
CHECK_NODES = 4_000
CHECK_SECONDS = 0.15
#: the width of a scout's null window (principal variation search); any width gives the
#: right value (a move that beats the best is searched again in full), a tiny one the
#: cheapest scout
SCOUT = 1e-6
#: late move reductions (``Level.reductions``): from which move on (0 = the first) and from
#: which depth a quiet move is first searched a ply shallower
REDUCE_AFTER = 3
REDUCE_DEPTH = 3
#: the plies from the root that keep killer moves (``Searcher.killers``)
KILLER_PLIES = 64
#: an iteration is not started once this share of the time is gone (it would not finish)
START_SHARE = 0.45


@dataclass(frozen=True)
class Level:
    """How far the computer looks: a depth cap in plies (quiescence comes on top), an
    optional wall-clock budget in seconds, and an optional node budget (tests use it:
    unlike time it gives the same answer on a busy machine)."""

    name: str
    depth: int
    time_limit: float | None = None
    nodes: int | None = None
    quiescence: int = QUIESCENCE_DEPTH
    #: late move reductions (see ``Searcher.reductions``): deeper in the same time, at the
    #: price of exactness (a reduced move's value is a guess until it beats the best)
    reductions: bool = False


#: easy looks one ply ahead (and through exchanges), medium three (a game may set its
#: own: ``Policy.level_depths``, and give a level its own leaf score:
#: ``Policy.level_scores``), hard as deep as 1.7 s
#: allow: the issue's limit is 2 s a move, and the pre-check and a busy machine add a
#: tenth or two
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 1, 0.5),
    "medium": Level("medium", 3, 1.0),
    "hard": Level("hard", 64, 1.7, reductions=True),
}

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Stopped(Exception):
    """The clock, the node budget or the caller ended the search."""


@dataclass(frozen=True)
class Result:
    """What a search found: the move to play, its value for the mover (``WIN``-scale; a
    proven win is above ``PROVEN``), the deepest finished iteration, the nodes searched,
    and whether the clock or the caller cut it short."""

    move: Move
    value: float
    depth: int
    nodes: int
    cut: bool
    #: the search itself, its table warm (a second look at one root move is then cheap)
    searcher: Searcher | None = field(default=None, compare=False, repr=False)
    #: every finished depth's (depth, best move, value), shallowest first (the judge's
    #: value reads the last two: :mod:`ogames.ai.judge`)
    depths: Depths = field(default=(), compare=False, repr=False)


def outcome_value(outcome: Outcome, side: int, ply: int) -> float:
    """A finished game's value for ``side``: +WIN for a win, 0 for an even draw, less the
    plies it took (the quicker win and the later loss are preferred)."""
    share = float(outcome.shares[side])
    return (2.0 * share - 1.0) * (WIN - ply)


class Searcher:
    """One search: the table, the history scores and the counters, for one root."""

    def __init__(self, rules: Rules, policy: Policy, *, nodes: int | None = None,
                 deadline: float | None = None, should_stop: ShouldStop | None = None,
                 table_size: int = TABLE_SIZE,
                 quiescence_depth: int = QUIESCENCE_DEPTH, reductions: bool = False) -> None:
        if policy.score is None:
            raise ValueError("alpha-beta needs the game's score (Policy.score)")
        self.rules, self.policy = rules, policy
        self.score = policy.score
        self.noisy = policy.noisy
        self.noisy_moves = policy.noisy_moves
        self.table: dict[Hashable, tuple[int, float, int, Move | None]] = {}
        self.table_size = table_size
        #: how far below the horizon the quiescence step may go (tests set it small, so
        #: that a plain minimax can check the answer)
        self.quiescence_depth = quiescence_depth
        #: late move reductions: quiet moves late in the order are first searched a ply
        #: shallower, and in full only when that shallow look beats the best so far
        self.reductions = reductions
        self.history: dict[Move, int] = {}
        #: per ply, the last two quiet moves that cut the search off there (killer moves:
        #: a refutation in one line often refutes its sister lines too)
        self.killers: list[list[Move]] = [[] for _ in range(KILLER_PLIES)]
        self.nodes = 0
        self.node_limit = nodes
        self.deadline = deadline
        self.should_stop = should_stop

    # ----- stopping ---------------------------------------------------------------------

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stopped
        if self.nodes % POLL_EVERY == 0 and self.stopped():
            raise _Stopped

    def stopped(self) -> bool:
        if self.should_stop is not None and self.should_stop():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    # ----- the table ----------------------------------------------------------------------

    def probe(self, key: Hashable, depth: int, alpha: float, beta: float,
              ply: int) -> tuple[float | None, Move | None]:
        """A stored value usable here (or None) and the stored best move."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        e_depth, value, flag, move = entry
        if e_depth >= depth:
            value = _from_table(value, ply)
            if (flag == _EXACT or (flag == _LOWER and value >= beta)
                    or (flag == _UPPER and value <= alpha)):
                return value, move
        return None, move

    def store(self, key: Hashable, depth: int, value: float, flag: int, move: Move | None,
              ply: int) -> None:
        table = self.table
        if key not in table and len(table) >= self.table_size:
            return  # full: keep what is there, never grow past the bound
        old = table.get(key)
        if old is None or old[0] <= depth:
            table[key] = (depth, _to_table(value, ply), flag, move)

    # ----- ordering -----------------------------------------------------------------------

    def ordered(self, pos: Position, moves: list[Move], first: Move | None,
                ply: int | None = None) -> list[Move]:
        """The table's move, then by the game's priority, then the killers of ``ply`` (when
        given), then by history."""
        get = self.history.get
        urgent = 0  # how many moves the game's priority puts first
        # two stable sorts, the last by the first key: by priority, ties by history, ties
        # in the given order, with C-level key functions: this runs at every node, and a
        # lambda called per move made it a fifth slower (10.2 µs against 8.4 µs for 15
        # Onitama moves)
        scores = [get(m, 0) for m in moves]
        keyed = sorted(range(len(moves)), key=scores.__getitem__, reverse=True)
        if self.policy.priority is not None:
            prio = self.policy.priority(self.rules, pos, moves)
            keyed.sort(key=prio.__getitem__, reverse=True)
            urgent = sum(1 for p in prio if p > 0)
        out = [moves[i] for i in keyed]
        if ply is not None and ply < KILLER_PLIES:
            for killer in reversed(self.killers[ply]):
                if killer in out[urgent + 1:]:
                    out.remove(killer)
                    out.insert(urgent, killer)
        if first is not None and first in moves:
            out.remove(first)
            out.insert(0, first)
        return out

    # ----- the search ---------------------------------------------------------------------

    def child_value(self, pos: Position, move: Move, depth: int, alpha: float, beta: float,
                    ply: int) -> float:
        """The value of ``move`` for the side to move in ``pos`` (negamax; a game where a
        side moves twice running keeps the sign)."""
        rules = self.rules
        child = rules.apply(pos, move)
        if rules.to_move(child) == rules.to_move(pos):
            return self.negamax(child, depth - 1, alpha, beta, ply + 1)
        return -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)

    def negamax(self, pos: Position, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.tick()
        rules = self.rules
        ended = rules.outcome(pos)
        if ended is not None:
            return outcome_value(ended, rules.to_move(pos), ply)
        if depth <= 0:
            if not self.extends(pos, ply):
                return self.quiesce(pos, alpha, beta, ply, self.quiescence_depth)
            depth = 1
        key = rules.repetition_key(pos)
        known, first = self.probe(key, depth, alpha, beta, ply)
        if known is not None:
            return known
        moves = list(rules.moves(pos))
        if not moves:
            return outcome_value(rules.no_move_outcome(pos), rules.to_move(pos), ply)
        start_alpha = alpha
        best, best_move = -math.inf, None
        reduce_from = REDUCE_AFTER if self.reductions and depth >= REDUCE_DEPTH else len(moves)
        for index, move in enumerate(self.ordered(pos, moves, first, ply)):
            if best_move is None:
                value = self.child_value(pos, move, depth, alpha, beta, ply)
            else:
                reduced = index >= reduce_from and not self.is_noisy(pos, move)
                value = self.scouted_value(pos, move, depth, alpha, beta, ply, reduced)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        if ply < KILLER_PLIES and not self.is_noisy(pos, move):
                            killers = self.killers[ply]
                            if move not in killers:
                                killers.insert(0, move)
                                del killers[2:]
                        break
        flag = _LOWER if best >= beta else _UPPER if best <= start_alpha else _EXACT
        self.store(key, depth, best, flag, best_move, ply)
        return best

    def scouted_value(self, pos: Position, move: Move, depth: int, alpha: float, beta: float,
                      ply: int, reduced: bool = False) -> float:
        """A later move's value (principal variation search): a scout with a null window
        asks whether it beats ``alpha``, the best so far (``reduced``: first a ply
        shallower, then at full depth when that look says yes), and only a move that does
        is searched again with the window up to ``beta``."""
        value = self.child_value(pos, move, depth - 1 if reduced else depth, alpha,
                                 alpha + SCOUT, ply)
        if reduced and value > alpha:
            value = self.child_value(pos, move, depth, alpha, alpha + SCOUT, ply)
        if alpha < value < beta:
            value = self.child_value(pos, move, depth, value, beta, ply)
        return value

    def is_noisy(self, pos: Position, move: Move) -> bool:
        """A capture, conversion or winning step (the game's ``noisy``): never reduced."""
        return self.noisy is None or self.noisy(self.rules, pos, move)

    def extends(self, pos: Position, ply: int) -> bool:
        """Whether the horizon, reached at ``pos``, moves one ply on: the side to move
        faces a threat that ends the game next move (``Policy.threatened``), and the line
        is not yet ``EXTEND_BEFORE`` plies long (threat after threat must end somewhere)."""
        threatened = self.policy.threatened
        return threatened is not None and ply < EXTEND_BEFORE and threatened(self.rules, pos)

    def quiesce(self, pos: Position, alpha: float, beta: float, ply: int, left: int) -> float:
        """The stand-pat score, improved by the noisy moves while they help."""
        self.tick()
        rules = self.rules
        ended = rules.outcome(pos)
        if ended is not None:
            return outcome_value(ended, rules.to_move(pos), ply)
        stand = self.score(rules, pos)
        if stand >= beta or left <= 0 or self.noisy is None:
            return stand
        alpha = max(alpha, stand)
        best = stand
        if self.noisy_moves is not None:
            noisy = list(self.noisy_moves(rules, pos))
        else:
            moves = list(rules.moves(pos))
            if not moves:
                return outcome_value(rules.no_move_outcome(pos), rules.to_move(pos), ply)
            noisy = [m for m in moves if self.noisy(rules, pos, m)]
        for move in self.ordered(pos, noisy, None):
            child = rules.apply(pos, move)
            if rules.to_move(child) == rules.to_move(pos):
                value = self.quiesce(child, alpha, beta, ply + 1, left - 1)
            else:
                value = -self.quiesce(child, -beta, -alpha, ply + 1, left - 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def root(self, pos: Position, moves: Sequence[Move], depth: int,
             found: list[tuple[Move, float]]) -> None:
        """One iteration at the root over ``moves`` (best first); every move that beats
        the ones before it is appended to ``found`` as soon as it is known, so a cut-short
        iteration still tells its best so far."""
        alpha = -math.inf
        for move in moves:
            if alpha == -math.inf:
                value = self.child_value(pos, move, depth, alpha, math.inf, 0)
            else:
                value = self.scouted_value(pos, move, depth, alpha, math.inf, 0)
            if value > alpha:
                alpha = value
                found.append((move, value))
        if found:
            self.store(self.rules.repetition_key(pos), depth, found[-1][1], _EXACT,
                       found[-1][0], 0)


def _to_table(value: float, ply: int) -> float:
    """Win values are stored as distances from the stored node, not from the root."""
    if value > PROVEN:
        return value + ply
    if value < -PROVEN:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    if value > PROVEN:
        return value - ply
    if value < -PROVEN:
        return value + ply
    return value


# ----- iterative deepening ----------------------------------------------------------------


def search(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy,
           level: Level, rng: random.Random | None = None,
           should_stop: ShouldStop | None = None) -> Result:
    """Iterative deepening over ``legal`` (history rules applied by the caller) up to
    ``level``'s depth, time and nodes. Ties between root moves go to the order ``rng``
    shuffles them in (None: the given order)."""
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    started = time.perf_counter()
    deadline = None if level.time_limit is None else started + level.time_limit
    searcher = Searcher(rules, policy, nodes=level.nodes, deadline=deadline,
                        should_stop=should_stop, quiescence_depth=level.quiescence,
                        reductions=level.reductions and policy.reductions)
    moves = list(legal)
    if rng is not None:
        rng.shuffle(moves)
    moves = searcher.ordered(pos, moves, None)
    best, value, done, cut, depths, _ = deepen(searcher, pos, moves, level.depth, started,
                                               deadline)
    return Result(best, value, done, searcher.nodes, cut, searcher, depths)


def deepen(searcher: Searcher, pos: Position, moves: list[Move], most: int, started: float,
           deadline: float | None, *, one_move_stops: bool = True,
           ) -> tuple[Move, float, int, bool, Depths, Unfinished]:
    """The iterative deepening loop over the root ``moves`` (ordered; reordered in place,
    each depth's best first), one ply deeper at a time up to ``most``: the best move and
    value (of the deepest finished depth, or of the unfinished one once it has beaten the
    previous best), the deepest depth finished, whether the search was cut, and every
    finished depth's (depth, best move, value), and the unfinished depth's best so far
    (``Unfinished``). It stops at a proven value, when an iteration would not finish in
    the time left, and, when ``one_move_stops``, when only one move is searched (the
    parallel search's parts still need each depth's value)."""
    best, value, done, cut = moves[0], 0.0, 0, False
    depths: list[tuple[int, Move, float]] = []
    unfinished: Unfinished = None
    for depth in range(1, most + 1):
        found: list[tuple[Move, float]] = []
        try:
            searcher.root(pos, moves, depth, found)
        except _Stopped:
            cut = True
        if found and (not cut or found[-1][0] != best or depth == 1):
            best, value = found[-1]
        if cut:
            if found:
                unfinished = (depth, *found[-1])
            break
        done = depth
        depths.append((depth, best, value))
        moves.remove(best)
        moves.insert(0, best)
        if abs(value) > PROVEN or (one_move_stops and len(moves) == 1):
            break
        if deadline is not None and time.perf_counter() > started + START_SHARE * (
                deadline - started):
            break
    return best, value, done, cut, tuple(depths), unfinished


def value_of(searcher: Searcher, pos: Position, move: Move, depth: int, nodes: int,
             seconds: float | None = None) -> float | None:
    """One root move's value at the deepest depth up to ``depth`` that ``nodes`` more
    nodes (and ``seconds``, if given) allow (see :func:`move_values`); None when not even
    one ply fits. Deepening matters when the table is cold (the search on every core keeps
    its tables in its processes): the whole depth at once ran out of nodes and said
    nothing, and a capture that loses the game in three plies was played as if it won a
    piece."""
    values = move_values(searcher, pos, move, depth, nodes, seconds)
    return values[-1] if values else None


def move_values(searcher: Searcher, pos: Position, move: Move, depth: int, nodes: int,
                seconds: float | None = None) -> list[float]:
    """One root move's value at depth 1, 2, … up to ``depth``, each searched with the full
    window, for as long as ``nodes`` more nodes (and ``seconds``, if given) allow; the
    deepening stops at once when a depth proves a win or a loss."""
    searcher.node_limit = searcher.nodes + nodes
    searcher.deadline = None if seconds is None else time.perf_counter() + seconds
    values: list[float] = []
    for at in range(1, depth + 1):
        try:
            values.append(searcher.child_value(pos, move, at, -math.inf, math.inf, 0))
        except _Stopped:
            break
        if abs(values[-1]) > PROVEN:
            break
    return values


# ----- the player -------------------------------------------------------------------------


#: a root search: ``search``'s parameters and answer (the parallel one takes its place)
RootSearch = Callable[[Rules, Position, Sequence[Move], Policy, Level, random.Random | None,
                       ShouldStop | None], "Result"]


def choose_move(game: Game, side: int, level: str | Level = "medium", seed: int = 0, *,
                should_stop: ShouldStop | None = None, policy: Policy | None = None,
                root_search: RootSearch | None = None) -> Move:
    """A legal move for ``side`` (the side to move) in ``game``'s current position: the
    pre-check's win in one, else the search's move, unless the pre-check found a capture
    that surely wins more material than the searched move (see :func:`keep_capture`).
    History rules are respected at the root through ``Game.legal_moves``. ``root_search``
    replaces :func:`search` (the hard level's search on every core)."""
    rules, pos = game.rules, game.position
    if rules.to_move(pos) != side:
        raise ValueError(f"it is not {game.sides[side]}'s turn")
    pol = policy if policy is not None else rules.policy()
    lvl = game_level(level, pol)
    pol = level_policy(pol, lvl.name)
    legal = game.legal_moves()
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    if len(legal) == 1:
        return legal[0]
    return decide(rules, pos, legal, pol, lvl, seed, should_stop=should_stop,
                  root_search=root_search).move


@dataclass(frozen=True)
class Decision:
    """A move chosen as :func:`choose_move` chooses it, and why: ``found`` is the search
    (None when the pre-check's win in one was played without one), ``capture_kept`` says
    the pre-check's capture replaced the searched move."""

    move: Move
    found: Result | None
    capture_kept: bool = False


def decide(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy, level: Level,
           seed: int, *, should_stop: ShouldStop | None = None,
           root_search: RootSearch | None = None, clock: bool = True) -> Decision:
    """:func:`choose_move`'s choice among ``legal`` (two or more, history rules applied)
    with ``policy`` as ``level`` reads it; ``clock``: the second look at the pre-check's
    capture has ``CHECK_SECONDS`` as well as its nodes (without, the answer depends on the
    seed alone: the review)."""
    tactic = precheck(rules, pos, legal, policy)
    if tactic.win is not None:
        return Decision(tactic.win, None)
    found = (root_search or search)(rules, pos, legal, policy, level, random.Random(seed),
                                    should_stop)
    if tactic.capture is None or tactic.capture == found.move:
        return Decision(found.move, found)
    if should_stop is not None and should_stop():
        return Decision(found.move, found)  # cancelled: no second look
    if keep_capture(rules, pos, policy, tactic, found, level.name,
                    CHECK_SECONDS if clock else None):
        return Decision(tactic.capture, found, True)
    return Decision(found.move, found)


def game_level(level: str | Level, policy: Policy) -> Level:
    """The level searched: a level named is ``LEVELS``'s, at the game's own depth where its
    policy gives one (``Policy.level_depths``: Opprimo's medium looks four plies ahead, as
    its traps are built over quiet moves); a ``Level`` given whole is searched as it is."""
    if not isinstance(level, str):
        return level
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; choose one of {', '.join(LEVELS)}")
    depth = dict(policy.level_depths).get(level)
    return LEVELS[level] if depth is None else replace(LEVELS[level], depth=depth)


def level_policy(policy: Policy, level: str) -> Policy:
    """``policy`` as the level named searches with it: its score replaced by the game's
    own for that level, where it gives one (``Policy.level_scores``)."""
    score = dict(policy.level_scores).get(level)
    return policy if score is None else replace(policy, score=score)


def keep_capture(rules: Rules, pos: Position, policy: Policy, tactic: Tactic,
                 found: Result, level: str = "",
                 seconds: float | None = CHECK_SECONDS) -> bool:
    """Whether the pre-check's capture replaces the searched move: yes, unless the
    searched move wins as much material at once, or the search proved it a win, or a
    search up to as deep as the one that chose (``CHECK_NODES`` and ``seconds`` at most:
    ``CHECK_SECONDS`` unless the caller wants no clock) proves the capture lost, or, at a ``level`` the game names in
    ``Policy.search_overrules``, values the capture below the searched move by more than
    the capture's sure gain."""
    if found.value > PROVEN:
        return False
    if sure_gain(rules, pos, found.move, policy) >= tactic.gain - 1e-9:
        return False
    searcher = found.searcher or Searcher(rules, policy)
    value = value_of(searcher, pos, tactic.capture, max(found.depth, 1), CHECK_NODES,
                     seconds)
    if value is None:
        return True  # not even one ply fitted: the capture's gain is all that is known
    if level in policy.search_overrules and found.value - value > tactic.gain:
        return False
    return value >= -PROVEN  # kept unless proved lost
