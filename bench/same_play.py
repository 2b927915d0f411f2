"""Do two trees of the code play the same games? A check for moving code around.

The strength log (``bench/strength-games.jsonl``) is stamped with a fingerprint of the
playing code, so that games played by other code are never mixed in. Moving code between
files, renaming a class or splitting a long function changes that fingerprint without
changing one move. This script shows that it did not: it plays the strength bench's seeded
pairings (hard against random and against easy, seats alternating) with the players'
iteration budgets but **no clock** (the clock is what makes the logged games differ from run
to run), and prints a digest of every move of every game. Run it on the old tree and on the
new one; equal digests mean the same engines, policies and search, move for move, and the
log may be re-stamped::

    PYTHONPATH=/path/to/old/tree python bench/same_play.py    # digest of the old code
    python -m bench.same_play                                 # digest of this tree
    python -m bench.same_play --restamp OLD                   # if equal: re-stamp the log

It uses only what every tree since the strength log began has: ``ogames.selfplay`` and
``ogames.ai.monte_carlo.choose_move`` with a ``Level``; and, in the games the computer plays by
alpha-beta (their policy has a ``score``), ``ogames.ai.alphabeta.choose_move`` with a node
budget in place of the clock, so that a change to that search shows too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from ogames.ai import alphabeta
from ogames.ai.monte_carlo import LEVELS, Level, choose_move
from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules
from ogames.selfplay import random_player

#: games per game id and opponent, and plies per game: enough to run every policy hook,
#: every kind of move and the search through the middle game, in a few minutes
GAMES = 2
PLIES = 24
#: the bench's levels without their clock, hard's budget cut so the check stays quick
UNTIMED = {
    "hard": Level("hard", 300, None, LEVELS["hard"].playout_depth, LEVELS["hard"].exploration),
    "easy": Level("easy", LEVELS["easy"].iterations, None, LEVELS["easy"].playout_depth,
                  LEVELS["easy"].exploration),
}
#: the alpha-beta levels with a node budget for the clock (hard's cut as above)
UNTIMED_ALPHABETA = {
    "hard": alphabeta.Level("hard", 64, None, 3000),
    "easy": alphabeta.Level("easy", 1, None, 400),
}
OPPONENTS = ("random", "easy")


def untimed_player(level: str, seed: int, searched: bool = False):
    """Like ``selfplay.computer_player``'s Monte Carlo seat (each ply its own seed), without the
    clock; ``searched``: its alpha-beta seat instead."""
    if searched:
        return lambda game, side: alphabeta.choose_move(game, side, UNTIMED_ALPHABETA[level],
                                                        seed * 1_000_003 + game.cursor)
    return lambda game, side: choose_move(game, side, UNTIMED[level],
                                          seed * 1_000_003 + game.cursor)


def moves_of_game(game_id: str, opponent: str, index: int, searched: bool = False,
                  ) -> list[str]:
    """The move texts of one bench pairing, seeded as ``bench.strength.run_job`` seeds it
    (``searched``: by the alpha-beta seats)."""
    seed = 1000 * (OPPONENTS.index(opponent) + 1) + index
    hard = untimed_player("hard", seed, searched)
    other = (random_player(seed) if opponent == "random"
             else untimed_player("easy", seed + 7, searched))
    hard_seat = (index + OPPONENTS.index(opponent)) % 2  # as ``strength.Job.hard_seat``
    players = [hard, other] if hard_seat == 0 else [other, hard]
    rules = get_rules(game_id)
    game = Game.new(rules, None, seed)
    texts = []
    while game.outcome() is None and game.cursor < PLIES:
        side = rules.to_move(game.position)
        texts.append(game.play(players[side](game, side)).text)
    return texts


def digests() -> dict[str, str]:
    """A digest of every move played, per game id, and ``all`` over them."""
    out: dict[str, str] = {}
    total = hashlib.sha256()
    for game_id in available_ids():
        digest = hashlib.sha256()
        searches = (False, True) if get_rules(game_id).policy().score is not None else (False,)
        for searched in searches:
            for opponent in OPPONENTS:
                for index in range(GAMES):
                    for text in moves_of_game(game_id, opponent, index, searched):
                        digest.update(text.encode() + b"\n")
        out[game_id] = digest.hexdigest()[:12]
        total.update(out[game_id].encode())
    out["all"] = total.hexdigest()[:12]
    return out


def restamp(old: str, new: dict[str, str], log: Path) -> int:
    """Re-stamp the logged games of fingerprint ``old`` with their game's fingerprint in
    ``new``; how many."""
    lines = log.read_text(encoding="utf-8").splitlines()
    count = 0
    out = []
    for line in lines:
        data = json.loads(line)
        if data.get("fingerprint") == old and data.get("game_id") in new:
            data["fingerprint"] = new[data["game_id"]]
            count += 1
            line = json.dumps(data)
        out.append(line)
    log.write_text("\n".join(out) + "\n", encoding="utf-8")
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expect", help="the digest ('all') of the other tree: exit 1 if "
                                         "this tree's differs")
    parser.add_argument("--restamp", metavar="OLD",
                        help="with --expect: re-stamp the log's games of fingerprint OLD")
    args = parser.parse_args(argv)
    found = digests()
    print(json.dumps(found, indent=1))
    if args.expect is None:
        return 0
    if found["all"] != args.expect:
        print(f"different moves: {found['all']} != {args.expect}", file=sys.stderr)
        return 1
    if args.restamp:
        from bench.strength import LOG, fingerprints
        stamps = fingerprints(available_ids())
        n = restamp(args.restamp, stamps, LOG)
        print(f"same moves: {n} logged games re-stamped {stamps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
