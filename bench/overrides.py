"""Did the pre-check's captures help hard or hurt it? Read from the strength log.

Before searching, the computer checks for a capture that surely wins material at once
(``ogames.ai.precheck``) and plays it in place of the searched move unless the search proves
it lost (or, where a game's ``Policy.search_overrules`` names the level, values it below
the searched move by more than its gain): the issue asks that a hint never miss such a
capture, and the tactics suites hold every level to it. This script finds, in the logged games against the baseline whose moves
are kept, each move of hard's where that capture was played but a search of ``--nodes``
(about hard's own, on one core) prefers another move, and asks a search ``--deeper`` times
longer which of the two is better, by the value it gives each at its depth::

    python -m bench.overrides ordo --logged-as e9b1cb338a47

Each line: the game, its result for hard, the ply, the capture and its deeper value, the
searched move, its value in the short search and in the deeper one, and which the deeper
search prefers ("search", "capture", or "lost either way"); then the counts, over all the
games and over the lost ones. The deeper search weighs with the same evaluation, so it is
a better judge of the short search's horizon, not of the evaluation.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from ogames.ai import alphabeta
from ogames.ai.precheck import precheck
from ogames.core.game import Game
from ogames.core.registry import get_rules

from .strength import LOG, Job, fingerprint, job_seed


@dataclass(frozen=True)
class Override:
    """One of hard's moves where the pre-check's capture replaced the searched move."""

    game: int
    won: bool
    ply: int
    capture: str
    capture_value: float  # in the deeper search
    searched: str
    searched_short: float
    searched_value: float  # in the deeper search

    @property
    def verdict(self) -> str:
        if max(self.capture_value, self.searched_value) < -alphabeta.PROVEN:
            return "lost either way"
        return "search" if self.searched_value > self.capture_value else "capture"


def overrides(game_id: str, stamp: str, nodes: int, deeper: int,
              log: Path = LOG) -> Iterator[Override]:
    """The overrides in every baseline game of ``game_id`` stamped ``stamp`` in ``log``."""
    rules = get_rules(game_id)
    policy = rules.policy()
    short = replace(alphabeta.LEVELS["hard"], time_limit=None, nodes=nodes)
    long = replace(short, nodes=nodes * deeper)
    for line in log.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if (data.get("game_id"), data.get("fingerprint"), data.get("opponent")) != (
                game_id, stamp, "baseline") or not data.get("moves"):
            continue
        game = Game.new(rules, None, job_seed(Job(game_id, "baseline", data["index"])))
        for ply, text in enumerate(data["moves"]):
            pos = game.position
            if ply % 2 == data["hard_seat"]:
                legal = game.legal_moves()
                tactic = precheck(rules, pos, legal, policy)
                capture = tactic.capture
                if tactic.win is None and capture is not None \
                        and rules.move_text(pos, capture) == text:
                    found = alphabeta.search(rules, pos, legal, policy, short,
                                             random.Random(0))
                    if found.move != capture:
                        judge = alphabeta.search(rules, pos, legal, policy, long,
                                                 random.Random(0))
                        searcher = judge.searcher
                        assert searcher is not None
                        values = [alphabeta.value_of(searcher, pos, move, judge.depth, 10**7)
                                  for move in (capture, found.move)]
                        yield Override(data["index"], data["hard_share"] == 1, ply, text,
                                       values[0] or 0.0, rules.move_text(pos, found.move),
                                       found.value, values[1] or 0.0)
            game.play_text(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--logged-as", help="the fingerprint of the games (default: today's)")
    parser.add_argument("--nodes", type=int, default=30_000)
    parser.add_argument("--deeper", type=int, default=10)
    args = parser.parse_args(argv)
    stamp = args.logged_as or fingerprint(args.game)
    counts: dict[tuple[bool, str], int] = {}
    for o in overrides(args.game, stamp, args.nodes, args.deeper):
        print(f"game {o.game} ({'won' if o.won else 'lost'}) ply {o.ply}: {o.capture} "
              f"{o.capture_value:+.2f}; search {o.searched} {o.searched_short:+.2f}, deeper "
              f"{o.searched_value:+.2f}: {o.verdict}", flush=True)
        counts[o.won, o.verdict] = counts.get((o.won, o.verdict), 0) + 1
    for verdict, said in (("search", "the deeper search prefers the searched move"),
                          ("capture", "the deeper search prefers the capture"),
                          ("lost either way", "lost either way")):
        every = counts.get((True, verdict), 0) + counts.get((False, verdict), 0)
        print(f"{said}: {every} ({counts.get((False, verdict), 0)} in lost games)")


if __name__ == "__main__":
    main()
