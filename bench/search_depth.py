"""How deep hard's alpha-beta gets in its time on one core and on every core.

The issue asks hard to search on every core; what that buys is a deeper search in the same
time. This figure checks it instead of assuming it: in mid-game positions of each
alpha-beta game, the single search (``alphabeta.search``) and the search split over the
cores (``parallel_alphabeta.search``) each get hard's time, and the table gives the depth each
finished, the nodes each searched, and how often they chose the same move.

The positions come from seeded games of easy against itself with one move in five random
(so they are varied but not absurd), at plies 10, 30 and 50 where the game is still on.
"""

from __future__ import annotations

import random
import statistics

from rich.console import Console
from rich.table import Table

from ogames.ai import alphabeta, parallel_alphabeta
from ogames.ai.alphabeta import LEVELS
from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules

from .computer_kind import computer_kind

#: the plies of a seeded game whose positions are searched
PLIES = (10, 30, 50)
#: seeded games per game id (each gives up to ``len(PLIES)`` positions)
GAMES = 2


def positions(game_id: str, games: int = GAMES) -> list:
    """Mid-game positions of seeded easy-against-easy games, one move in five random."""
    rules = get_rules(game_id)
    found = []
    for seed in range(games):
        game = Game.new(rules, None, seed)
        rng = random.Random(seed)
        while game.outcome() is None and game.cursor < max(PLIES):
            side = rules.to_move(game.position)
            if rng.random() < 0.2:
                game.play(rng.choice(game.legal_moves()))
            else:
                game.play(alphabeta.choose_move(game, side, "easy", seed + game.cursor))
            if game.cursor in PLIES and game.outcome() is None:
                found.append(game.position)
    return found


def compare(game_id: str, games: int = GAMES) -> dict:
    """Depth, nodes and agreement of the two searches at hard's time, per position."""
    rules = get_rules(game_id)
    policy = rules.policy()
    level = LEVELS["hard"]
    rows = []
    for pos in positions(game_id, games):
        legal = rules.legal_moves(pos)
        one = alphabeta.search(rules, pos, legal, policy, level, random.Random(1))
        every = parallel_alphabeta.search(rules, pos, legal, policy, level, random.Random(1))
        rows.append((one.depth, one.nodes, every.depth, every.nodes, one.move == every.move))
    return {
        "positions": len(rows),
        "one_core_depth": statistics.median(r[0] for r in rows),
        "one_core_nodes": round(statistics.median(r[1] for r in rows)),
        "every_core_depth": statistics.median(r[2] for r in rows),
        "every_core_nodes": round(statistics.median(r[3] for r in rows)),
        "deeper": sum(r[2] > r[0] for r in rows),
        "shallower": sum(r[2] < r[0] for r in rows),
        "same_move": sum(r[4] for r in rows),
    }


def bench_search_depth(console: Console) -> dict:
    """The table, and its figures for ``results.json``."""
    cores = parallel_alphabeta.cores()
    table = Table(title=f"hard's search in {LEVELS['hard'].time_limit} s: one core against "
                        f"{cores} (medians over mid-game positions)")
    for col in ("game", "positions", "depth: one / every core", "nodes: one / every core",
                "every core deeper / shallower", "same move"):
        table.add_column(col)
    figures: dict = {"cores": cores}
    for game_id in available_ids():
        if computer_kind(game_id) != "alpha-beta":
            continue
        f = figures[game_id] = compare(game_id)
        table.add_row(game_id, str(f["positions"]),
                      f"{f['one_core_depth']} / {f['every_core_depth']}",
                      f"{f['one_core_nodes']:,} / {f['every_core_nodes']:,}",
                      f"{f['deeper']} / {f['shallower']}",
                      f"{f['same_move']} of {f['positions']}")
    console.print(table)
    return figures


if __name__ == "__main__":
    bench_search_depth(Console())
