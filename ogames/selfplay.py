"""Computer against computer: ``ogames selfplay GAME --games N [--level L] [--seed S]``.

Plays seeded games through the same ``Game`` object the app uses (so history rules apply)
and reports win rates by seat, the average length and how the games ended. A report is
a value: the command prints it with :func:`format_report`, the strength benchmark reuses
:func:`play_game` with other opponents.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ogames.ai.levels import LEVELS
from ogames.ai.player import Player
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.rules import Move

#: chooses a move for the side to move; gets the game and that side
Chooser = Callable[[Game, int], Move]
#: called after every finished game with (games done, games in all)
Progress = Callable[[int, int], None]

#: a game still running after this many plies is stopped and counted as unfinished
#: (Ordo and Onitama have no rule that forces an end)
MAX_PLIES = 600
UNFINISHED = "unfinished"


@dataclass(frozen=True)
class GameRecord:
    """One finished (or stopped) game: shares per seat, plies, the reason it ended, and the
    seconds each computer move took, per seat."""

    shares: tuple[float, ...]
    plies: int
    reason: str
    seconds: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class SelfplayReport:
    game_id: str
    variant: str
    level: str
    games: int
    seed: int
    #: per seat: the sum of its shares (a win 1, a two-way draw ½ …) divided by ``games``
    win_rates: tuple[float, ...]
    seat_names: tuple[str, ...]
    average_plies: float
    #: (Termination, count), most frequent first; ``unfinished`` for stopped games
    ends: tuple[tuple[str, int], ...]
    median_seconds: float
    max_seconds: float


def computer_player(level: str, seed: int) -> Chooser:
    """A computer seat at ``level``, the app's own (alpha-beta or Monte Carlo, as the game
    suits); each ply gets its own seed."""
    player = Player(level, seed)
    return lambda game, side: player.choose(game)


def random_player(seed: int) -> Chooser:
    """Uniformly random among the legal moves (history rules included)."""
    rng = random.Random(seed)
    return lambda game, side: rng.choice(game.legal_moves())


def play_game(game_id: str, players: Sequence[Chooser], seed: int, variant: str | None = None,
              max_plies: int = MAX_PLIES) -> GameRecord:
    """Play one game from the (seeded) start; ``players`` in side order."""
    rules = get_rules(game_id)
    game = Game.new(rules, variant, seed)
    seconds: list[list[float]] = [[] for _ in game.sides]
    while game.outcome() is None and game.cursor < max_plies:
        side = rules.to_move(game.position)
        start = time.perf_counter()
        move = players[side](game, side)
        seconds[side].append(time.perf_counter() - start)
        game.play(move)
    result = game.outcome()
    if result is None:
        shares = tuple(0.0 for _ in game.sides)
        reason = UNFINISHED
    else:
        shares = tuple(float(s) for s in result.shares)
        reason = result.reason
    return GameRecord(shares, game.cursor, reason, tuple(tuple(s) for s in seconds))


def selfplay(game_id: str, games: int, level: str = "medium", seed: int = 0,
             variant: str | None = None, progress: Progress | None = None) -> SelfplayReport:
    """``games`` games of the computer at ``level`` against itself. Game i uses the
    start seed ``seed + i`` (Onitama's deal, Ochmir's bag) and its own player seeds."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; choose one of {', '.join(LEVELS)}")
    if games < 1:
        raise ValueError("play at least one game")
    rules = get_rules(game_id)
    variant = rules.parse_variant(variant)
    seats = rules.sides(variant)
    records = []
    for i in range(games):
        players = [computer_player(level, (seed + i) * len(seats) + s) for s in range(len(seats))]
        records.append(play_game(game_id, players, seed + i, variant))
        if progress is not None:
            progress(i + 1, games)
    times = [t for r in records for per_seat in r.seconds for t in per_seat]
    return SelfplayReport(
        game_id=game_id,
        variant=variant,
        level=level,
        games=games,
        seed=seed,
        win_rates=tuple(sum(r.shares[s] for r in records) / games for s in range(len(seats))),
        seat_names=seats,
        average_plies=statistics.fmean(r.plies for r in records),
        ends=tuple(Counter(r.reason for r in records).most_common()),
        median_seconds=statistics.median(times) if times else 0.0,
        max_seconds=max(times, default=0.0),
    )


def format_report(report: SelfplayReport) -> str:
    """The report as a few plain lines for the terminal."""
    name = get_rules(report.game_id).name
    lines = [
        f"{name} ({report.variant}), {report.games} game{'s' if report.games != 1 else ''} "
        f"at level {report.level}, seed {report.seed}",
        "wins by seat: " + ", ".join(f"{seat} {rate:.0%}" for seat, rate
                                     in zip(report.seat_names, report.win_rates, strict=True)),
        f"average length: {report.average_plies:.1f} plies",
        "ends: " + ", ".join(f"{reason} {count}" for reason, count in report.ends),
        f"seconds per move: median {report.median_seconds:.2f}, max {report.max_seconds:.2f}",
    ]
    return "\n".join(lines)
