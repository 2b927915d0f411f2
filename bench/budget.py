"""Matches at a fixed budget: every move decided by seeds and counts, never by the clock.

``python -m bench.strength`` measures the computer as the app plays it (1.7 s a move),
but a game takes minutes, a busy machine changes its moves, and a lost game cannot be
played again to be read. A match here gives each search a number of nodes (alpha-beta)
or iterations (Monte Carlo) a move instead, so a game replays exactly, load only makes
it slower, and two evaluations can be compared on the same games. Two kinds of match:

* ``--versus baseline`` (the default): the computer's hard search at the budget against
  the frozen baseline (``bench/baseline``) at ``--iterations`` a move. On the 2-core
  machine one core gives hard's alpha-beta some 14,000-25,000 nodes in 1.7 s and the
  baseline some 3,300 iterations in Ordo: such a match scores near the timed one (Ordo:
  38 of 48 at 25,000 nodes and 3,300 iterations, 69 of 83 timed). Near is not the same:
  an Ordo evaluation that won 42 of 48 here won 12 of its first 20 timed games, so a
  change is kept only on the clock's word.
* ``--versus own``: against the game's own policy at the same budget, in pairs of games
  that share ``--opening`` random plies and swap seats: for an evaluation being tried.

The tried player plays the game's own policy, or with ``--policy MODULE:FUNCTION`` the
Policy that function returns.

Each game is appended to ``--out`` as a line of JSON with its moves in the game's
notation; ``--show FILE N`` prints the last plies of game N, board by board.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ogames.core.game import Game
from ogames.core.policy import Policy
from ogames.core.registry import get_rules
from ogames.core.rules import Move
from ogames.selfplay import MAX_PLIES, UNFINISHED

from .baseline import policy_for

#: chooses the move of the side to move: (game, side, seed)
Chooser = Callable[[Game, int, int], Move]


@dataclass(frozen=True)
class Match:
    """What one match plays: the game, the budget a move, the tried player's policy
    (``module:function``; empty: the game's own), the opponent (``baseline`` or ``own``)
    and the random plies each pair of games opens with."""

    game_id: str
    nodes: int = 25_000
    iterations: int = 3_300
    policy: str = ""
    versus: str = "baseline"
    opening: int = 0


@dataclass(frozen=True)
class Played:
    """One game: the tried player's seat and share, its length, end and moves."""

    index: int
    seat: int
    share: float | None
    plies: int
    reason: str
    moves: tuple[str, ...]


def computer(match: Match, policy: Policy) -> Chooser:
    """The computer's hard search with ``policy`` at the match's budget: alpha-beta where
    the game's computer plays it (in a dealt world where hands are hidden), Monte Carlo
    elsewhere (as ``player.Player`` chooses)."""
    from ogames.ai import alphabeta, dealt_world, monte_carlo, player

    def choose(game: Game, side: int, seed: int) -> Move:
        level = replace(alphabeta.LEVELS["hard"], time_limit=None, nodes=match.nodes)
        if player.uses_alphabeta(game.rules, game.position, policy):
            return alphabeta.choose_move(game, side, level, seed, policy=policy)
        if dealt_world.fits(game.rules, game.position, policy):
            move = dealt_world.choose_move(game, side, level, seed, policy=policy)
            if move is not None:
                return move
        level = replace(monte_carlo.LEVELS["hard"], time_limit=None, iterations=match.iterations)
        return monte_carlo.choose_move(game, side, level, seed, policy=policy)

    return choose


def baseline(match: Match) -> Chooser:
    """The frozen baseline's hard search at ``match.iterations`` a move."""
    from .baseline import mcts as frozen

    level = replace(frozen.LEVELS["hard"], iterations=match.iterations, time_limit=None)
    policy = policy_for(match.game_id)

    def choose(game: Game, side: int, seed: int) -> Move:
        return frozen.choose_move(game, side, level, seed, policy=policy)

    return choose


def variant_policy(name: str) -> Policy:
    """The Policy returned by ``module:function`` (the module importable from here)."""
    module, _, function = name.partition(":")
    if not function:
        raise ValueError(f"a variant is MODULE:FUNCTION, not {name!r}")
    return getattr(importlib.import_module(module), function)()


def play(match: Match, index: int) -> Played:
    """Game ``index`` of the match: the tried player sits at ``index % sides`` (with two
    sides, games ``2k`` and ``2k + 1`` are a pair: one deal and opening, seats swapped),
    the other seats play the opponent."""
    rules = get_rules(match.game_id)
    game = Game.new(rules, rules.variants[0], index // 2)
    seats = len(game.sides)
    seat = index % seats
    tried = computer(match, variant_policy(match.policy) if match.policy else rules.policy())
    other = baseline(match) if match.versus == "baseline" else computer(match, rules.policy())
    opening = random.Random(index // 2)
    moves: list[str] = []
    for _ in range(match.opening):
        if game.outcome() is not None:
            break
        move = opening.choice(game.legal_moves())
        moves.append(rules.move_text(game.position, move))
        game.play(move)
    while game.outcome() is None and game.cursor < MAX_PLIES:
        side = rules.to_move(game.position)
        chooser = tried if side == seat else other
        move = chooser(game, side, index * 1_000_003 + game.cursor)
        moves.append(rules.move_text(game.position, move))
        game.play(move)
    outcome = game.outcome()
    share = None if outcome is None else float(outcome.shares[seat])
    return Played(index, seat, share, game.cursor,
                  outcome.reason if outcome else UNFINISHED, tuple(moves))


def run(match: Match, games: int, start: int, workers: int, out: Path) -> float:
    """Play games ``start`` … ``start + games - 1``, append each to ``out`` as it ends and
    print it; the tried player's score (an unfinished game counts a half)."""
    total = 0.0
    with ProcessPoolExecutor(workers) as pool, out.open("a", encoding="utf-8") as log:
        jobs = [pool.submit(play, match, i) for i in range(start, start + games)]
        for n, job in enumerate(jobs, 1):
            game = job.result()
            log.write(json.dumps({"match": asdict(match), **asdict(game)}) + "\n")
            log.flush()
            total += 0.5 if game.share is None else game.share
            print(f"#{game.index} seat {game.seat}: {game.share} ({game.reason}, "
                  f"{game.plies} plies)  {total:g} of {n}", flush=True)
    return total


def show(path: Path, index: int, plies: int) -> None:
    """Print the last ``plies`` positions of game ``index`` in ``path``, each with the
    move played from it."""
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if data["index"] == index:
            break
    else:
        raise SystemExit(f"no game {index} in {path}")
    match = Match(**data["match"])
    rules = get_rules(match.game_id)
    print(f"game {index}: the tried player at seat {data['seat']}, share {data['share']}, "
          f"{data['reason']} after {data['plies']} plies")
    print_last_plies(Game.new(rules, rules.variants[0], index // 2), data["moves"], plies)


def print_last_plies(game: Game, moves: Sequence[str], plies: int) -> None:
    """Play ``moves`` on ``game``, printing the last ``plies`` positions (compact boards),
    each with the move played from it, and the position they end in."""
    from ogames.render import print_position

    for ply, text in enumerate(moves):
        if ply >= len(moves) - plies:
            print_position(game.rules, game.position, compact=True)
            print(f"ply {ply}: {text}\n")
        game.play_text(text)
    print_position(game.rules, game.position, compact=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="the game's id")
    parser.add_argument("--versus", choices=("baseline", "own"), default="baseline",
                        help="the frozen baseline, or the game's own policy")
    parser.add_argument("--policy", default="",
                        help="the tried player's policy, MODULE:FUNCTION (default: the game's)")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--start", type=int, default=0, help="the first game's number")
    parser.add_argument("--nodes", type=int, default=Match.nodes,
                        help="alpha-beta nodes a move")
    parser.add_argument("--iterations", type=int, default=Match.iterations,
                        help="Monte Carlo iterations a move (the baseline's too)")
    parser.add_argument("--opening", type=int, default=0,
                        help="random plies each pair of games opens with")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("bench/budget-games.jsonl"))
    parser.add_argument("--show", nargs=2, metavar=("FILE", "N"),
                        help="print the last plies of game N of FILE, and nothing else")
    parser.add_argument("--plies", type=int, default=12, help="how many plies --show prints")
    args = parser.parse_args(argv)
    if args.show:
        show(Path(args.show[0]), int(args.show[1]), args.plies)
        return
    if not args.game:
        parser.error("--game is needed to play a match")
    match = Match(args.game, args.nodes, args.iterations, args.policy, args.versus,
                  args.opening)
    total = run(match, args.games, args.start, args.workers, args.out)
    print(f"{match.game_id}, {args.policy or 'its own policy'} against {args.versus}: "
          f"{total:g} of {args.games}")


if __name__ == "__main__":
    main()
