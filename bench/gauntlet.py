"""The gauntlet (issue 63 item 4): the computer's hard level, at its usual time on every
core, against opponents written independently of the app's search. Figures, never
assertions.

Opponents:

* ``plain-2``, ``plain-4``, ``plain-6``: a plain fixed-depth alpha-beta (``bench.plain``:
  its own negamax, no table, no quiescence, children ordered by its own evaluation) with
  its own evaluation of each game (``bench.plain_eval``), at 2, 4 and 6 plies;
* ``engine-4``, ``engine-6``, ``engine-8`` (Onitama only): an external Onitama engine held
  at 4, 6 or 8 plies, reached through a small line protocol (``ExternalEngine``) by the
  command in ``OGAMES_ONITAMA_ENGINE``;
  the figure the issue asks for is against the published open-source Java engine
  (negamax, principal variation search, quiescence, a transposition table, tuned
  piece-square tables), built outside this repository. Nothing of it is in this tree.

Seats alternate from game to game, and so does the deal (game ``i`` is dealt from seed
``i``). Every finished game is appended to ``bench/gauntlet-games.jsonl`` with the code's
fingerprint (``bench.strength.fingerprint``) and the machine's load average when it
started, so that a run can be resumed and a figure read with its conditions::

    python -m bench.gauntlet --game onitama --versus engine-8 --games 10
    python -m bench.gauntlet --report

Hard thinks on the clock (1.7 s a move, both cores): on a loaded machine it thinks less,
so the log keeps the load beside each game.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.rules import Move
from ogames.selfplay import MAX_PLIES as SELFPLAY_MAX_PLIES
from ogames.selfplay import Chooser, computer_player, play_game

from .strength import ROOT, fingerprint, recorded

LOG = ROOT / "bench" / "gauntlet-games.jsonl"
#: the games the gauntlet plays (the two-sided ones; Ochmir's hands are hidden)
GAMES = ("onitama", "ordo", "oferhlyp", "opprimo")
PLAIN = {"plain-2": 2, "plain-4": 4, "plain-6": 6}
ENGINES = {"engine-4": 4, "engine-6": 6, "engine-8": 8}
ENGINE = "engine-8"
ENGINE_DEPTH = 8
#: the command that runs the external Onitama engine (see ``ExternalEngine``)
ENGINE_COMMAND = "OGAMES_ONITAMA_ENGINE"
#: the goal: hard wins this share against the 6-ply opponent, and half against the engine
GOALS = {"plain-6": 0.60, ENGINE: 0.50}
#: a game still going after this many plies is stopped (and counts half): the strength
#: table's cap (``ogames.selfplay.MAX_PLIES``, 600). It was 300 until 2026-12-07, when all
#: four Opprimo and Oferhlýp games against plain-6 reached it (hard's wins against the
#: baseline there take up to 590 plies); a logged game keeps the cap it was played to
MAX_PLIES = SELFPLAY_MAX_PLIES


# ----- the external Onitama engine ---------------------------------------------------------------


class ExternalEngine:
    """An Onitama engine in another process, asked one position a line: ``PLAYER BOARD
    P0C0 P0C1 P1C0 P1C1 NEXT DEPTH``, the board as 25 characters from the top rank down
    (``w``/``W`` the first player's student and master, who sits at the bottom and moves
    up; ``b``/``B`` the other's; ``.`` empty), and it answers ``CARD PX PY NX NY ...`` (x
    from file a, y from the top rank) or ``none`` when it has no move."""

    def __init__(self, command: str, depth: int = ENGINE_DEPTH) -> None:
        self.depth = depth
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=10)

    def ask(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def __call__(self, game: Game, side: int) -> Move:
        pos = game.position
        letters = {"r": "w", "R": "W", "b": "b", "B": "B", ".": "."}
        board = "".join(letters[pos.board[5 * (4 - y) + x]] for y in range(5) for x in range(5))
        red, blue = pos.red_hand, pos.blue_hand
        answer = self.ask(f"{pos.turn} {board} {red[0]} {red[1]} {blue[0]} {blue[1]} "
                          f"{pos.side_card} {self.depth}")
        legal = game.legal_moves()
        if answer == "none":
            return legal[0]  # a pass: the engine has no word for it
        card, px, py, nx, ny = answer.split()[:5]
        origin = 5 * (4 - int(py)) + int(px)
        target = 5 * (4 - int(ny)) + int(nx)
        for move in legal:
            if move.card == card and move.origin == origin and move.target == target:
                return move
        raise RuntimeError(f"the engine answered {answer!r}, not a legal move here")


# ----- one game ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One finished game, as one line of the log."""

    fingerprint: str
    game_id: str
    opponent: str
    index: int
    hard_seat: int
    hard_share: float
    plies: int
    reason: str
    hard_seconds: tuple[float, ...]
    load: float
    moves: tuple[str, ...] = ()
    #: how hard thought: "clock" (its usual 1.7 s on every core) or "nodes=N" (one core,
    #: N alpha-beta nodes a move, no clock: for comparing versions on a busy machine)
    hard: str = "clock"
    #: the ply cap the game was played to (300 for the games logged before 2026-12-07's
    #: change, which did not record it)
    max_plies: int = 300


def opponent_player(game_id: str, opponent: str, seed: int) -> tuple[Chooser, object | None]:
    """The opponent's chooser, and what must be closed after the game (an engine)."""
    if opponent in ENGINES:
        command = os.environ.get(ENGINE_COMMAND)
        if not command:
            raise SystemExit(f"set {ENGINE_COMMAND} to the command that runs the engine")
        engine = ExternalEngine(command, ENGINES[opponent])
        return engine, engine
    from .plain import plain_player

    return plain_player(game_id, PLAIN[opponent]), None


def hard_player(seed: int, nodes: int | None) -> Chooser:
    """Hard as the app plays it, or (``nodes``) its search on one core at a node budget."""
    if nodes is None:
        return computer_player("hard", seed)
    from dataclasses import replace

    from ogames.ai import alphabeta

    level = replace(alphabeta.LEVELS["hard"], time_limit=None, nodes=nodes)
    return lambda game, side: alphabeta.choose_move(game, side, level,
                                                    seed * 1_000_003 + game.cursor)


def play_one(game_id: str, opponent: str, index: int, stamp: str,
             nodes: int | None = None) -> Result:
    """Game ``index`` of hard against ``opponent``: seats alternate, the deal is seed
    ``index``."""
    load = os.getloadavg()[0]
    hard = hard_player(5000 + index, nodes)
    other, owned = opponent_player(game_id, opponent, index)
    moves: list[str] = []
    players = [recorded(hard, moves), recorded(other, moves)]
    seat = index % 2
    if seat == 1:
        players.reverse()
    try:
        record = play_game(game_id, players, index, max_plies=MAX_PLIES)
    finally:
        if owned is not None:
            owned.close()  # type: ignore[attr-defined]
    share = record.shares[seat] if record.reason != "unfinished" else 0.5
    return Result(stamp, game_id, opponent, index, seat, share, record.plies, record.reason,
                  tuple(round(t, 3) for t in record.seconds[seat]), round(load, 2),
                  tuple(moves), "clock" if nodes is None else f"nodes={nodes}", MAX_PLIES)


def read_log(log: Path = LOG) -> list[Result]:
    """The logged games played by today's code (a game's own fingerprint)."""
    if not log.exists():
        return []
    stamps: dict[str, str] = {}
    found: dict[tuple[str, str, int, str], Result] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
            game_id = data["game_id"]
            stamps.setdefault(game_id, fingerprint(game_id))
            if data["fingerprint"] != stamps[game_id]:
                continue
            data["hard_seconds"] = tuple(data["hard_seconds"])
            data["moves"] = tuple(data.get("moves", ()))
            result = Result(**data)
        except (ValueError, TypeError, KeyError):
            continue
        found[(result.game_id, result.opponent, result.index, result.hard)] = result
    return list(found.values())


def play(console: Console, games: int, ids: Iterable[str], opponents: Iterable[str],
         log: Path = LOG, nodes: int | None = None) -> None:
    """Play, one at a time (hard takes both cores), the games the log lacks."""
    how = "clock" if nodes is None else f"nodes={nodes}"
    done = {(r.game_id, r.opponent, r.index) for r in read_log(log) if r.hard == how}
    for index in range(games):
        for game_id in ids:
            for opponent in opponents:
                if opponent in ENGINES and game_id != "onitama":
                    continue
                if (game_id, opponent, index) in done:
                    continue
                started = time.perf_counter()
                result = play_one(game_id, opponent, index, fingerprint(game_id), nodes)
                with log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(asdict(result), ensure_ascii=False) + "\n")
                console.print(f"  {game_id} vs {opponent} #{index}: hard {result.hard_share:g}"
                              f" ({result.reason}, {result.plies} plies, load "
                              f"{result.load}) [{time.perf_counter() - started:.0f} s]",
                              style="dim")


def report(console: Console, ids: Iterable[str] = GAMES, how: str = "clock") -> dict:
    """The table: hard's score against each opponent, per game (``how``: hard on the
    clock, or at a node budget)."""
    results = [r for r in read_log() if r.hard == how]
    opponents = (*PLAIN, *ENGINES)
    table = Table(title="the gauntlet: hard (1.7 s a move, both cores) against opponents "
                        "written apart from the app's search (goal: 60 % against plain-6, "
                        "5 of 10 against the Onitama engine at 8 plies)")
    table.add_column("game")
    for opponent in opponents:
        table.add_column(opponent)
    table.add_column("load (1 min)")
    figures: dict = {}
    for game_id in ids:
        mine = [r for r in results if r.game_id == game_id]
        if not mine:
            continue
        cells = []
        for opponent in opponents:
            games = [r for r in mine if r.opponent == opponent]
            if not games:
                cells.append("-")
                continue
            score = sum(r.hard_share for r in games)
            figures[f"{game_id} vs {opponent}"] = {"score": score, "games": len(games)}
            cells.append(f"{score:g} of {len(games)}")
        loads = [r.load for r in mine]
        table.add_row(get_rules(game_id).name, *cells,
                      f"{min(loads):.1f}-{max(loads):.1f}")
    console.print(table)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", dest="game_ids", choices=GAMES)
    parser.add_argument("--versus", action="append", dest="opponents",
                        choices=(*PLAIN, *ENGINES))
    parser.add_argument("--games", type=int, default=0, help="games per pairing to have")
    parser.add_argument("--nodes", type=int, default=None,
                        help="hard searches this many nodes a move on one core, no clock")
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    console = Console()
    ids = tuple(args.game_ids or GAMES)
    if args.games:
        play(console, args.games, ids, tuple(args.opponents or (*PLAIN, *ENGINES)),
             nodes=args.nodes)
    report(console, ids, "clock" if args.nodes is None else f"nodes={args.nodes}")


if __name__ == "__main__":
    main()
