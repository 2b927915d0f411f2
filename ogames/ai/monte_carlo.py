"""Monte Carlo tree search (UCT), the search of the games alpha-beta does not fit: three
hands, hidden hands without a ``score``, or a game that gives no ``score`` at all (which
search plays which game: :mod:`ogames.ai.player`).

Written once against :class:`ogames.core.rules.Rules`; a game may lend knowledge through
its :class:`ogames.core.policy.Policy` (evaluation, move priority, determinisation) but
the search never asks which game it plays.

* **Perfect information**: plain UCT with progressive widening (large branching factors),
  bounded playouts scored by the policy's evaluation, and a small MCTS-Solver: terminal
  positions are exact, a node with a winning child is won, a node whose children are all
  decided takes the best of them. That is what makes it answer a threat of mate in one.
* **Hidden information** (``rules.hidden_information``), three players or a game without
  a ``score`` (two-sided hidden games with one are searched by alpha-beta in a dealt world,
  :mod:`ogames.ai.dealt_world`): single-observer information-set MCTS. The search starts
  from ``rules.view(pos, side)`` only; every iteration samples a full position consistent
  with that view (a *determinisation*), and the tree's nodes are move sequences, with
  availability counts for moves that exist in some samples only.
* **Mate in one** is checked before any search, at every level.
* **Every core**: the hard level of the information-set search runs on every core
  (:mod:`ogames.ai.parallel_monte_carlo`: one whole search per process, the roots' counts summed);
  the win-in-one check still runs first, once, here.
* **Early stop**: the search ends as soon as the most visited root move cannot be overtaken
  in the iterations (or the time) that remain, since more thinking could not change the
  move played. Clear positions are answered fast; close ones get the whole budget.
* All randomness comes from ``random.Random(seed)``: the same game, level and seed give the
  same move (unless a time limit cuts the search short).
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from ogames.core.game import Game
from ogames.core.rules import Move, Position, Rules

from ..core.policy import Policy
from . import parallel_monte_carlo, processes
from .levels import LEVELS, Level
from .parallel_monte_carlo import Root, RootMove

ShouldStop = Callable[[], bool]
Shares = tuple[float, ...]


#: branching factor above which children are added gradually (progressive widening)
WIDEN_ABOVE = 24
WIDEN_C = 2.0
WIDEN_ALPHA = 0.5


def choose_move(game: Game, side: int, level: str | Level = "medium", seed: int = 0, *,
                should_stop: ShouldStop | None = None, policy: Policy | None = None,
                workers: int | None = 1) -> Move:
    """A legal move for ``side`` (the side to move) in ``game``'s current position.

    ``should_stop`` is polled between iterations; when it returns True the best move found
    so far is returned at once. History rules (Oferhlýp's repetition) are respected through
    ``Game.legal_moves``; inside the tree only the positional rules apply. ``workers``:
    processes the information-set search runs on (None: one per core; 1, the default:
    this one). The processes take the game's own policy, so with ``policy`` given, or
    with nothing hidden, the search stays in this process.
    """
    rules = game.rules
    pos = game.position
    if rules.to_move(pos) != side:
        raise ValueError(f"it is not {game.sides[side]}'s turn")
    legal = game.legal_moves()
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    if isinstance(level, str) and level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; choose one of {', '.join(LEVELS)}")
    lvl = LEVELS[level] if isinstance(level, str) else level
    pol = policy if policy is not None else rules.policy()
    if pol.playout_depth is not None:
        lvl = replace(lvl, playout_depth=pol.playout_depth)
    rng = random.Random(seed)
    stop = _Stopper(lvl.time_limit, should_stop)
    if len(legal) == 1:
        return legal[0]
    if not rules.hidden_information:
        return _Search(rules, pos, list(considered(rules, pos, pol, legal)), lvl, pol, rng,
                       stop).run()
    search = _info_search(rules, pos, side, legal, lvl, pol, rng, stop)
    count = processes.cores() if workers is None else workers
    if count > 1 and policy is None:
        return _on_every_core(search, seed, count)
    return search.run()


def _info_search(rules: Rules, pos: Position, side: int, legal: Sequence[Move],
                 level: Level, policy: Policy, rng: random.Random,
                 stop: _Stopper) -> _InfoSetSearch:
    """The search over ``side``'s view of ``pos``, which ``legal`` (history rules applied)
    is played from (the policy's candidates among them)."""
    banned: frozenset = frozenset()
    if rules.repetition_limit is not None:
        # moves refused by a history rule only (public: they follow from the moves played)
        allowed = set(legal)
        banned = frozenset(m for m in rules.moves(pos) if m not in allowed)
    weighed = list(considered(rules, pos, policy, legal))

    def texts() -> list[str]:
        return [rules.move_text(pos, m) for m in weighed]

    return _InfoSetSearch(rules, rules.view(pos, side), side, weighed, banned, texts, level,
                          policy, rng, stop)


def _on_every_core(search: _InfoSetSearch, seed: int, workers: int) -> Move:
    """``search``'s move with its iterations run on ``workers`` processes at once
    (:mod:`ogames.ai.parallel_monte_carlo`): the win in one first, here, then the processes for
    the time left; when they cannot start, or all failed, this process searches alone."""
    winner = search.mate_in_one()
    if winner is not None:
        return winner
    stop = search.stop
    if stop.callback is not None and stop.callback():
        return search.best()
    level = replace(search.level, time_limit=stop.left())
    merged = parallel_monte_carlo.search(search.rules, search.view, search.side, search.banned,
                                  level, seed, stop.callback, workers, root_statistics)
    if merged is not None and merged.moves:
        top = merged.moves[0]
        return search.to_legal(top.move, top.text)
    if merged is None or not stop():
        search.iterations()
    return search.best()


def root_statistics(rules: Rules, view: Position, side: int, banned: frozenset, level: Level,
                    rng: random.Random, should_stop: ShouldStop) -> Root:
    """One process's part of the search on every core (:data:`parallel_monte_carlo.RootSearch`):
    the information-set search's iterations from ``view`` (the win-in-one check was done
    by the parent) with the game's own policy, and its root's statistics, by move text."""
    search = _InfoSetSearch(rules, view, side, [], banned, list, level, rules.policy(), rng,
                            _Stopper(level.time_limit, should_stop))
    done = search.iterations()
    moves = tuple(RootMove(c.text, c.move, c.visits, c.total, tuple(c.sums or ()))
                  for c in search.root.children.values())
    return Root(0, moves, done, search.stop())


# ----- shared pieces ------------------------------------------------------------------------


#: how many iterations pass between two checks for an early stop
EARLY_STOP_EVERY = 32


class _Stopper:
    """Time limit and the caller's cancel callback, polled together."""

    def __init__(self, limit: float | None, callback: ShouldStop | None) -> None:
        self.started = time.perf_counter()
        self.deadline = None if limit is None else self.started + limit
        self.callback = callback

    def remaining(self, done: int, budget: int) -> float:
        """Iterations still to come: the budget left, or fewer if the time left at the
        rate so far will not allow them."""
        left = float(budget - done)
        if self.deadline is not None and done:
            now = time.perf_counter()
            rate = done / max(now - self.started, 1e-9)
            left = min(left, rate * max(self.deadline - now, 0.0))
        return left

    def left(self) -> float | None:
        """Seconds until the time limit (a little at least), None without one."""
        return None if self.deadline is None else max(0.01, self.deadline - time.perf_counter())

    def __call__(self) -> bool:
        if self.callback is not None and self.callback():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


def _final_shares(rules: Rules, pos: Position) -> Shares:
    result = rules.outcome(pos) or rules.no_move_outcome(pos)
    return tuple(float(s) for s in result.shares)


def _wins(rules: Rules, pos: Position, side: int) -> bool:
    result = rules.outcome(pos)
    return result is not None and result.shares[side] == 1


def _ordered(rules: Rules, pos: Position, moves: Sequence[Move], policy: Policy,
             rng: random.Random) -> list[Move]:
    """Moves best-first by the policy's priority, ties (or no policy) in random order."""
    if policy.priority is None:
        out = list(moves)
        rng.shuffle(out)
        return out
    scores = policy.priority(rules, pos, moves)
    keyed = sorted(((-s, rng.random(), i) for i, s in enumerate(scores)))
    return [moves[i] for _, _, i in keyed]


def _add_sums(path: Sequence[_Node] | Sequence[_InfoNode], result: Shares) -> None:
    """Count an iteration's result for every side at the root move it went through, so
    that ``analyse`` can say each side's chances after each root move (a node's ``total``
    holds its mover's share only)."""
    sums = path[1].sums if len(path) > 1 else None
    if sums is not None:
        for k, share in enumerate(result):
            sums[k] += share


def _settled(visits: Sequence[int], remaining: float) -> bool:
    """True when the most visited move leads the next one by more than the iterations
    that remain, so it stays the most visited whatever they find (a move not tried yet
    starts from nothing, so it cannot overtake either)."""
    if len(visits) < 2:
        return False
    first, second = sorted(visits)[-2:][::-1]
    return first - second > remaining


def _widen_limit(visits: int, branching: int) -> int:
    if branching <= WIDEN_ABOVE:
        return branching
    return max(WIDEN_ABOVE // 2, int(WIDEN_C * (visits + 1) ** WIDEN_ALPHA))


def considered(rules: Rules, pos: Position, policy: Policy,
               moves: Sequence[Move] | None = None) -> Sequence[Move]:
    """The moves the search weighs in ``pos``: ``moves`` (default: every legal move), or,
    where the game gives ``candidates``, those of them it names, so that a position with
    millions of moves (three-handed Ochmir's side choices) is never listed in full."""
    if moves is None:
        moves = rules.moves(pos)
    if policy.candidates is not None:
        return policy.candidates(rules, pos, moves)
    return list(moves)


class _Playout:
    """A bounded random (or policy-greedy) continuation, scored at its end."""

    def __init__(self, rules: Rules, level: Level, policy: Policy, rng: random.Random,
                 sides: int) -> None:
        self.rules, self.depth, self.policy, self.rng = rules, level.playout_depth, policy, rng
        self.neutral = tuple(1.0 / sides for _ in range(sides))

    def __call__(self, pos: Position, moves: Sequence[Move] | None = None) -> Shares:
        """Play out from ``pos`` (whose legal moves are ``moves``, when the caller has them):
        the game's own ``Policy.playout`` when it has one and plays this one (asked once),
        else move by move here."""
        rules, rng, policy = self.rules, self.rng, self.policy
        done = None
        if moves is None and policy.playout is not None:
            done = policy.playout(rules, pos, rng, self.depth)
        if done is not None:
            return self._score(done[0])
        for _ in range(self.depth):
            if moves is None:
                moves = considered(rules, pos, policy)
            if not moves:
                return _final_shares(rules, pos)
            if policy.priority is not None and rng.random() < policy.greedy:
                scores = policy.priority(rules, pos, moves)
                best = max(scores)
                top = [m for m, s in zip(moves, scores, strict=True) if s == best]
                move = top[rng.randrange(len(top))]
            else:
                move = moves[rng.randrange(len(moves))]
            pos = rules.apply(pos, move)
            moves = None
        return self._score(pos)

    def _score(self, pos: Position) -> Shares:
        """Where a playout stopped: the result if the game is over, else the evaluation."""
        if self.rules.outcome(pos) is not None:
            return _final_shares(self.rules, pos)
        if self.policy.evaluate is None:
            return self.neutral
        return tuple(self.policy.evaluate(self.rules, pos))


# ----- perfect information ------------------------------------------------------------------


class _Node:
    __slots__ = ("move", "mover", "pos", "to_move", "untried", "children", "visits", "total",
                 "proven", "branching", "sums")

    def __init__(self, move: Move | None, mover: int, pos: Position, to_move: int) -> None:
        self.move = move
        self.mover = mover  # the side that made ``move``; rewards are counted for it
        self.pos = pos
        self.to_move = to_move
        self.untried: list[Move] = []
        self.children: list[_Node] = []
        self.visits = 0
        self.total = 0.0
        self.proven: Shares | None = None  # exact result when the solver knows it
        self.branching = 0
        #: a root child's total share per side (``analyse``); None below the root
        self.sums: list[float] | None = None


class _Search:
    def __init__(self, rules: Rules, pos: Position, legal: list[Move], level: Level,
                 policy: Policy, rng: random.Random, stop: _Stopper) -> None:
        self.rules, self.level, self.policy, self.rng, self.stop = rules, level, policy, rng, stop
        self.side = rules.to_move(pos)
        self.sides = len(rules.sides(rules.variant_of(pos)))
        self.playout = _Playout(rules, level, policy, rng, self.sides)
        self.legal = legal
        self.root = _Node(None, -1, pos, self.side)
        self.root.untried = _ordered(rules, pos, legal, policy, rng)[::-1]
        self.root.branching = len(legal)

    def run(self) -> Move:
        rules, side = self.rules, self.side
        root = self.root
        for move in self.legal:  # mate in one, every level
            if _wins(rules, rules.apply(root.pos, move), side):
                return move
            if self.stop.callback is not None and self.stop.callback():
                return self.legal[0]
        budget = self.level.iterations
        for done in range(1, budget + 1):
            if root.proven is not None or self.stop():
                break
            self.iterate()
            if done % EARLY_STOP_EVERY == 0 and self.settled(done, budget):
                break
        return self.best()

    def settled(self, done: int, budget: int) -> bool:
        """No need to search on: the move :meth:`best` picks cannot change any more."""
        contenders = [c.visits for c in self.root.children
                      if c.proven is None or c.proven[self.side] > 0]
        if len(contenders) == 1 and not self.root.untried:
            return True  # every other move is a proven loss
        return _settled(contenders, self.stop.remaining(done, budget))

    def iterate(self, first: _Node | None = None) -> None:
        """One iteration: select, expand, play out, back up. ``first``: a root child the
        iteration goes through, whatever the selection would choose (``analyse``)."""
        node = self.root if first is None else first
        path = [self.root] if first is None else [self.root, first]
        while True:
            if node.proven is not None:
                result = node.proven
                break
            if node.untried and len(node.children) < _widen_limit(node.visits, node.branching):
                node = self.expand(node)
                path.append(node)
                result = node.proven if node.proven is not None else self.playout(
                    node.pos, node.untried)
                break
            node = self.select(node)
            path.append(node)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += result[n.mover]
        _add_sums(path, result)
        for n in reversed(path[:-1]):  # the solver: carry exact results up while they last
            self.solve(n)
            if n.proven is None:
                break

    def expand(self, node: _Node) -> _Node:
        rules = self.rules
        move = node.untried.pop()
        pos = rules.apply(node.pos, move)
        child = _Node(move, node.to_move, pos, rules.to_move(pos))
        if node is self.root:
            child.sums = [0.0] * self.sides
        moves = considered(rules, pos, self.policy)
        if not moves:
            child.proven = _final_shares(rules, pos)
        else:
            # popped from the end: best first
            child.untried = _ordered(rules, pos, moves, self.policy, self.rng)[::-1]
            child.branching = len(moves)
        node.children.append(child)
        return child

    @staticmethod
    def solve(node: _Node) -> None:
        """Mark ``node`` proven when its children decide it: one child wins outright for
        the side to move, or every move has been tried and every child is proven."""
        if node.proven is not None:
            return
        me = node.to_move
        best: Shares | None = None
        complete = not node.untried
        for child in node.children:
            p = child.proven
            if p is None:
                complete = False
                continue
            if p[me] >= 1.0:
                node.proven = p
                return
            if best is None or p[me] > best[me]:
                best = p
        if complete and best is not None:
            node.proven = best

    def select(self, node: _Node) -> _Node:
        c = self.level.exploration
        log_n = math.log(node.visits + 1)
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            if child.proven is not None:
                score = child.proven[child.mover] + (0.0 if child.proven[child.mover] < 1 else 1e9)
            elif child.visits == 0:
                score = math.inf
            else:
                score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def best(self) -> Move:
        """The root child to play: a proven win, else the most visited child that is not
        a proven loss (ties: the better mean), else the least bad loss."""
        children = self.root.children
        if not children:
            return self.legal[0]
        side = self.side

        def key(child: _Node) -> tuple[int, float, float]:
            mean = child.total / child.visits if child.visits else 0.0
            if child.proven is not None:
                value = child.proven[side]
                if value >= 1:
                    return (2, 0.0, 0.0)
                if value == 0:
                    return (0, child.visits, mean)
            return (1, child.visits, mean)

        return max(children, key=key).move


# ----- hidden information -------------------------------------------------------------------


class _InfoNode:
    __slots__ = ("move", "mover", "children", "visits", "total", "avail", "text", "sums")

    def __init__(self, move: Move | None, mover: int, text: str = "") -> None:
        self.move = move
        self.mover = mover
        self.children: dict[Move, _InfoNode] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.text = text
        self.sums: list[float] | None = None


def determinizer(rules: Rules, policy: Policy) -> Callable[[Position, int, random.Random],
                                                            Position]:
    """How to sample a full position from a view: the engine's own ``determinize`` method
    if it has one, else the policy's, else the view itself (nothing is hidden in it)."""
    method = getattr(rules, "determinize", None)
    if callable(method):
        return method
    if policy.determinize is not None:
        hook = policy.determinize
        return lambda view, side, rng: hook(rules, view, side, rng)
    return lambda view, side, rng: view


def favourite_untried(moves: Sequence[Move], scores: Sequence[float], children: Collection,
                      rng: random.Random) -> Move:
    """The best-scored of ``moves`` not in ``children``, ties broken at random: the first
    such move in the order ``sorted`` gives them by (-score, a random number drawn for
    each move in turn). At most ``len(children)`` moves come before it in that order, so
    only that many and one more are ranked (``heapq.nsmallest`` keeps ``sorted``'s order,
    ties included): a node has few children next to its hundreds of moves."""
    rand = rng.random
    keys = [(-score, rand()) for score in scores]
    order = heapq.nsmallest(len(children) + 1, range(len(moves)), key=keys.__getitem__)
    return next(moves[i] for i in order if moves[i] not in children)


class _InfoSetSearch:
    """Single-observer ISMCTS over determinisations of the mover's view."""

    def __init__(self, rules: Rules, view: Position, side: int, legal: list[Move],
                 banned: frozenset, legal_texts: Callable[[], list[str]], level: Level,
                 policy: Policy, rng: random.Random, stop: _Stopper) -> None:
        self.rules, self.view, self.side, self.level = rules, view, side, level
        self.policy, self.rng, self.stop = policy, rng, stop
        self.sides = len(rules.sides(rules.variant_of(view)))
        self.playout = _Playout(rules, level, policy, rng, self.sides)
        self.legal = legal
        self.legal_set = set(legal)
        self.banned = banned
        self.legal_texts = legal_texts
        self.sample = determinizer(rules, policy)
        self.root = _InfoNode(None, -1)

    def run(self) -> Move:
        winner = self.mate_in_one()
        if winner is not None:
            return winner
        self.iterations()
        return self.best()

    def iterations(self) -> int:
        """Iterate until the budget, the clock or the caller stops it, or the most visited
        root move is settled; how many iterations ran."""
        budget = self.level.iterations
        for done in range(1, budget + 1):
            if self.stop():
                return done - 1
            self.iterate(self.sample(self.view, self.side, self.rng))
            if done % EARLY_STOP_EVERY == 0 and _settled(
                    [c.visits for c in self.root.children.values()],
                    self.stop.remaining(done, budget)):
                return done
        return budget

    def mate_in_one(self, samples: int = 4) -> Move | None:
        """A root move that wins at once in every sampled world where it exists (and in
        the first one at least)."""
        rules = self.rules
        worlds = []
        for _ in range(samples):
            det = self.sample(self.view, self.side, self.rng)
            worlds.append((det, set(considered(rules, det, self.policy))))
        for move in self.legal:
            if self.stop.callback is not None and self.stop.callback():
                return None
            if move in worlds[0][1] and all(
                    _wins(rules, rules.apply(det, move), self.side)
                    for det, moves in worlds if move in moves):
                return move
        return None

    def iterate(self, pos: Position) -> None:
        rules = self.rules
        node = self.root
        path = [node]
        result: Shares | None = None
        while True:
            moves = considered(rules, pos, self.policy)
            if not moves:
                result = _final_shares(rules, pos)
                break
            moveset = set(moves)  # one hashing pass per node visit
            if node is self.root and self.banned:
                allowed = [m for m in moves if m not in self.banned]
                if allowed:
                    moves, moveset = allowed, set(allowed)
            available = [c for m, c in node.children.items() if m in moveset]
            for child in available:
                child.avail += 1
            if len(available) < len(moves) and (
                    not available or len(node.children) < _widen_limit(node.visits, len(moves))):
                move = self.untried(pos, moves, node.children)
                child = _InfoNode(move, rules.to_move(pos),
                                  rules.move_text(pos, move) if node is self.root else "")
                child.avail = 1
                if node is self.root:
                    child.sums = [0.0] * self.sides
                node.children[move] = child
                path.append(child)
                pos = rules.apply(pos, move)
                result = self.playout(pos)
                break
            node = self.select(available)
            path.append(node)
            pos = rules.apply(pos, node.move)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += result[n.mover]
        _add_sums(path, result)

    def untried(self, pos: Position, moves: list[Move], children: dict) -> Move:
        """A move without a child yet: the policy's favourite, else a random one (drawn
        by rejection: the children are few next to the moves when branching is large)."""
        if self.policy.priority is not None:
            return favourite_untried(moves, self.policy.priority(self.rules, pos, moves),
                                     children, self.rng)
        if len(children) * 2 > len(moves):
            rest = [m for m in moves if m not in children]
            return rest[self.rng.randrange(len(rest))]
        while True:
            move = moves[self.rng.randrange(len(moves))]
            if move not in children:
                return move

    def select(self, available: list[_InfoNode]) -> _InfoNode:
        c = self.level.exploration
        best, best_score = available[0], -math.inf
        for child in available:
            if child.visits == 0:
                return child
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail)
                                                              / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def best(self) -> Move:
        """The most visited root move, mapped to a move legal in the real game: a move
        sampled in a determinisation may differ from it only in details the mover decides
        after seeing the effect (three-handed side choices), matched by canonical text."""
        children = list(self.root.children.values())
        if not children:
            return self.legal[0] if self.legal else None
        top = max(children, key=lambda c: (c.visits, c.total))
        if not self.legal:  # a spectator's search (``analyse``): no real moves to map onto
            return top.move
        return self.to_legal(top.move, top.text)

    def to_legal(self, move: Move, text: str) -> Move:
        """The legal move for a root ``move`` of the tree (``text``: its canonical text in
        the world it was tried in): itself, else the legal move whose text shares the
        longest beginning with it."""
        if move in self.legal_set or not text:
            return move if move in self.legal_set else self.legal[0]
        texts = self.legal_texts()
        best = max(range(len(texts)), key=lambda i: _common_prefix(text, texts[i]))
        return self.legal[best]


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


# ----- analysis (the review) ----------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """One root move of a search: each side's expected share after it, and how many
    iterations went through it (0 when it is known exactly without search)."""

    move: Move
    shares: Shares
    visits: int


@dataclass(frozen=True)
class Analysis:
    """What one search found at the root. ``move`` is the move it prefers (for the mover's
    view, the very move ``choose_move`` plays with the same arguments); ``shares`` each
    side's expected share after it, which is the position's value with good play from
    here; ``estimates`` every root move tried, most visited first; ``cut``: the clock or
    the caller stopped the search before its budget (the result may then differ from run
    to run)."""

    move: Move | None
    shares: Shares
    estimates: tuple[Estimate, ...]
    cut: bool


def analyse(rules: Rules, pos: Position, legal: Sequence[Move], level: str | Level = "medium",
            seed: int = 0, *, viewer: int | None = None, banned: frozenset = frozenset(),
            should_stop: ShouldStop | None = None, policy: Policy | None = None,
            include: Move | None = None) -> Analysis:
    """Search ``pos`` as ``choose_move`` does and report the root's values as well as the
    move. ``legal``: the legal moves there, history rules applied (ignored for a
    spectator). ``viewer``, in a hidden-information game only: None searches the whole
    position (every hand known: a finished game's review); the side to move searches its
    own view, exactly as ``choose_move``; any other number (-1) is a spectator who knows
    no hand, so the search deals every hand (the policy's ``determinize`` is called with
    that number) and its move comes from a dealt world, never from the real hands.
    Unlike ``choose_move`` a single legal move is searched too: its value is wanted.
    ``include``: a legal move to try first whatever the policy's order (the move played,
    whose value a review compares with the preferred one); the search may then prefer
    another move than ``choose_move`` would. Ignored by a search over views."""
    lvl = LEVELS[level] if isinstance(level, str) else level
    pol = policy if policy is not None else rules.policy()
    if pol.playout_depth is not None:
        lvl = replace(lvl, playout_depth=pol.playout_depth)
    rng = random.Random(seed)
    stop = _Stopper(lvl.time_limit, should_stop)
    side = rules.to_move(pos)
    spectator = rules.hidden_information and viewer is not None and viewer != side
    moves = [] if spectator else list(considered(rules, pos, pol, legal))
    if include is not None and include not in moves and not spectator:
        moves.append(include)  # the move played, though the policy would not weigh it
    if rules.hidden_information and viewer is not None:
        def texts() -> list[str]:
            return [rules.move_text(pos, m) for m in moves]

        search: _Search | _InfoSetSearch = _InfoSetSearch(
            rules, rules.view(pos, viewer), viewer, moves, frozenset() if spectator else banned,
            texts, lvl, pol, rng, stop)
    else:
        search = _Search(rules, pos, moves, lvl, pol, rng, stop)
        untried = search.root.untried
        if include is not None and include in untried:
            untried.remove(include)
            untried.append(include)  # popped first
    move = search.run()
    if isinstance(search, _Search) and include is not None:
        _visit(search, include, max(EARLY_STOP_EVERY, lvl.iterations // 4), stop)
    if isinstance(search, _Search):
        children = [(c.move, c.proven if c.proven is not None else _mean(c), c.visits)
                    for c in search.root.children if c.visits or c.proven is not None]
    else:
        children = [(c.move, _mean(c), c.visits) for c in search.root.children.values()
                    if c.visits]
    estimates = tuple(Estimate(m, tuple(shares), n) for m, shares, n in
                      sorted(children, key=lambda c: -c[2]))
    return Analysis(move, _shares_of(rules, pos, move, estimates, spectator), estimates,
                    stop())


def _visit(search: _Search, move: Move, least: int, stop: _Stopper) -> None:
    """Search on through ``move`` until it has ``least`` visits (or is proven): a move the
    search thought bad got few, and the mean of a few playouts is mostly noise. The move
    preferred is chosen before, so this cannot change it."""
    root = search.root
    child = next((c for c in root.children if c.move == move), None)
    if child is None and root.untried and root.untried[-1] == move:
        child = search.expand(root)  # a win in one was found before any search
    while child is not None and child.visits < least and child.proven is None and not stop():
        search.iterate(child)


def _mean(node: _Node | _InfoNode) -> Shares:
    sums = node.sums or ()
    return tuple(s / node.visits for s in sums)


def _shares_of(rules: Rules, pos: Position, move: Move | None,
               estimates: tuple[Estimate, ...], spectator: bool) -> Shares:
    """The chances after the preferred move: its estimate; exact when the search took it
    without searching (a win in one); the most visited move's when the preferred one was
    mapped from a dealt world; even chances when nothing was searched at all."""
    for estimate in estimates:
        if estimate.move == move:
            return estimate.shares
    if move is not None and not spectator:
        after = rules.apply(pos, move)
        if rules.outcome(after) is not None:
            return _final_shares(rules, after)
    if estimates:
        return estimates[0].shares
    n = len(rules.sides(rules.variant_of(pos)))
    return tuple(1.0 / n for _ in range(n))
