"""Strength of the computer player (issue 11): figures for ``make bench``, never assertions.

For every game: seeded games of *hard* against a uniformly random player, against *easy*
and against the *baseline* (the hard player as it stood before alpha-beta, frozen under
``bench/baseline``), seats alternating, plus the median and maximum seconds a hard move
took in the games played one at a time (hard searches on every core; a game played beside
another shares them, and the report says how many were). The targets (hard beats random
in at least 95 % of games, easy in at least 70 %, the baseline in at least 90 %, 65 % in
Ochmir; a hard move in at most 2 s on a 2-core machine) are printed beside the figures.

The issue asks for 100 games per pairing, about a day of computing on two cores (a hard
move thinks up to 1.8 s, an Ochmir game has over a hundred of them). So every finished
game is appended to ``bench/strength-games.jsonl`` at once, stamped with a fingerprint of
the code that played it: a run can be stopped at any time and resumed later (by another
session, on another day), and games played by older code are never mixed in.

    python -m bench.strength --games 100   # top the log up to 100 games per pairing
    python -m bench.strength --report      # the table from the log, nothing played
    python -m bench.strength --versus baseline --games 10   # only the baseline pairing
    python -m bench.strength --show opprimo baseline 35      # how game 35 ended, move by move

``make bench`` prints the table for the games in the log, first playing up to
``OGAMES_STRENGTH_GAMES`` games per pairing (default 1) that the log does not have yet.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import statistics
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules
from ogames.core.rules import Move
from ogames.selfplay import Chooser, computer_player, play_game, random_player

from .baseline import baseline_player
from .budget import print_last_plies

DEFAULT_GAMES = 1
#: the pairings, by the name of the second player: hard against each, and "medium-easy",
#: medium against easy (the levels are honest steps: medium beats easy in ≥ 75 % of games);
#: the logged "hard_*" figures are the first player's (medium's in that pairing)
OPPONENTS = ("random", "easy", "baseline", "medium-easy")
TARGETS = {"random": 0.95, "easy": 0.70, "baseline": 0.90, "medium-easy": 0.75}
#: where a game's target differs (Ochmir: hidden hands and three players leave more luck)
GAME_TARGETS = {("ochmir", "baseline"): 0.65}
TARGET_SECONDS = 2.0
ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "bench" / "strength-games.jsonl"
#: the code whose behaviour every game measures: the player, the game loop, the interface
SHARED_CODE = ("ogames/ai", "ogames/games/__init__.py", "ogames/selfplay.py",
               "ogames/core/game.py", "ogames/core/rules.py", "ogames/core/policy.py")
#: where each game's own code lives (its engine and the computer's knowledge of it)
GAME_CODE = "ogames/games/{game_id}"
#: engine methods that only describe a position to people (drawing, move entry, status
#: texts, notes): neither the players nor the game loop call them, so editing them cannot
#: change a game played here, and their bodies are left out of the fingerprint
DISPLAY_ONLY = frozenset({
    "side_colours", "position_warnings", "public_move_text", "layout", "cell_views", "panel",
    "side_summary", "pick_paths", "pick_options", "hint", "explain", "private_note",
    "_draw_layout",
})


#: the modules that only draw a board or word texts for players (a game's package), answer
#: a person's draw offer (``ogames/ai/draw_offer.py``) or review a game (the judge, the
#: review and its report): neither the players nor the game loop call them, so they are
#: left out of the fingerprint whole
NOT_PLAYING = frozenset({"drawing.py", "teaching.py", "draw_offer.py", "judge.py", "review.py",
                         "review_report.py"})
#: top-level names whose value no player reads: how the judge reads a game (its budget
#: and its fitted chance curve, ``Policy.judging``), refitted without changing a move
NOT_PLAYING_NAMES = frozenset({"JUDGING"})


class _PlayingCode(ast.NodeTransformer):
    """The syntax tree without what cannot change how a game goes: the display-only
    methods' bodies and arguments (their names stay) and every docstring (comments and
    layout are not in a tree)."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if node.name in DISPLAY_ONLY:
            node.body = [ast.Pass()]
            node.args = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[],
                                      defaults=[])
            return node
        return self._without_docstring(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._without_docstring(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._without_docstring(node)

    def _without_docstring(self, node):
        self.generic_visit(node)
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
        return node


def playing_code(source: str) -> list[str]:
    """The definitions of a module that decide how games go, each as a canonical dump:
    every top-level statement but the imports, the docstring (which module a name comes
    from is where code lives, not what it does) and the assignments to names no player
    reads (``NOT_PLAYING_NAMES``)."""
    tree = _PlayingCode().visit(ast.parse(source))
    return [ast.dump(node) for node in tree.body
            if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Pass))
            and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
            and not _assigns_only(node, NOT_PLAYING_NAMES)]


def _assigns_only(node: ast.AST, names: frozenset[str]) -> bool:
    """``node`` is a top-level assignment to one of ``names`` (annotated or not)."""
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign):
        targets = [node.target]
    else:
        return False
    return all(isinstance(t, ast.Name) and t.id in names for t in targets)


def fingerprint(game_id: str, root: Path = ROOT) -> str:
    """A short hash of the code that decides how games of ``game_id`` go: the playing
    definitions (see ``playing_code``) of the shared code and of that game's package,
    sorted, so that a corrected status text or drawing, a definition moved to another file
    or a change to another game keeps hours of games, while any change to this game's
    rules, the players or the loop throws them away (the tree's form is Python's: the log
    is read on the Python that wrote it)."""
    definitions: list[str] = []
    for entry in (*SHARED_CODE, GAME_CODE.format(game_id=game_id)):
        path = root / entry
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.exists() and file.name not in NOT_PLAYING:
                definitions += playing_code(file.read_text(encoding="utf-8"))
    return hashlib.sha256("\n".join(sorted(definitions)).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Job:
    game_id: str
    opponent: str
    index: int  # game number; hard changes seat from game to game and pairing to pairing

    @property
    def hard_seat(self) -> int:
        return (self.index + OPPONENTS.index(self.opponent)) % 2

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.game_id, self.opponent, self.index)


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
    #: games played at once on the machine; above its core count, hard thinks with less CPU
    #: than it would alone (its moves are capped by wall-clock time), so it plays weaker
    processes: int = 2
    #: the moves in the game's notation, so a lost game can be read (``--show``); empty in
    #: games logged before they were kept
    moves: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.game_id, self.opponent, self.index)


def run_job(job: Job, stamp: str, processes: int = 2) -> Result:
    """One game (in a worker process)."""
    seed = job_seed(job)
    hard = computer_player("medium" if job.opponent == "medium-easy" else "hard", seed)
    if job.opponent == "random":
        other = random_player(seed)
    elif job.opponent == "baseline":
        other = baseline_player("hard", seed + 7)
    else:
        other = computer_player("easy", seed + 7)
    moves: list[str] = []
    players = [recorded(hard, moves), recorded(other, moves)]
    if job.hard_seat == 1:
        players.reverse()
    record = play_game(job.game_id, players, seed)
    return Result(stamp, job.game_id, job.opponent, job.index, job.hard_seat,
                  record.shares[job.hard_seat], record.plies, record.reason,
                  tuple(round(t, 3) for t in record.seconds[job.hard_seat]), processes,
                  tuple(moves))


def job_seed(job: Job) -> int:
    """The seed of ``job``'s game: its deal, and (offset) each player's."""
    return 1000 * (OPPONENTS.index(job.opponent) + 1) + job.index


def recorded(chooser: Chooser, moves: list[str]) -> Chooser:
    """``chooser``, writing each move it chooses to ``moves`` in the game's notation (its
    own time, microseconds, is counted in the move's)."""
    def choose(game: Game, side: int) -> Move:
        move = chooser(game, side)
        moves.append(game.rules.move_text(game.position, move))
        return move

    return choose


def show(job: Job, plies: int, log: Path = LOG) -> None:
    """Print the last ``plies`` positions of ``job``'s game in the log (the last such line,
    whatever code played it), each with the move played from it."""
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()
             if line.startswith("{")]
    found = [d for d in lines if (d.get("game_id"), d.get("opponent"), d.get("index")) == job.key]
    if not found:
        raise SystemExit(f"no {job.game_id} game {job.index} against {job.opponent} in {log}")
    data = found[-1]
    if not data.get("moves"):
        raise SystemExit("that game was logged before the moves were kept")
    print(f"{job.game_id} game {job.index} against {job.opponent} (code {data['fingerprint']}): "
          f"the first player at seat {data['hard_seat']}, share {data['hard_share']:g}, "
          f"{data['reason']} after {data['plies']} plies")
    rules = get_rules(job.game_id)
    print_last_plies(Game.new(rules, None, job_seed(job)), data["moves"], plies)


def fingerprints(ids: Iterable[str], root: Path = ROOT) -> dict[str, str]:
    """Each game's fingerprint."""
    return {gid: fingerprint(gid, root) for gid in ids}


def read_log(stamps: dict[str, str], log: Path = LOG) -> dict[tuple[str, str, int], Result]:
    """The logged games played by today's code: a game's line counts when its fingerprint
    is its game's in ``stamps`` (others skipped)."""
    found: dict[tuple[str, str, int], Result] = {}
    if not log.exists():
        return found
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
            if data.get("fingerprint") != stamps.get(data.get("game_id")):
                continue
            data["hard_seconds"] = tuple(data["hard_seconds"])
            data["moves"] = tuple(data.get("moves", ()))
            result = Result(**data)
        except (ValueError, TypeError, KeyError):
            continue  # a line cut short by a killed run
        found[result.key] = result
    return found


def append(result: Result, log: Path = LOG) -> None:
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(asdict(result), ensure_ascii=False) + "\n")


def play_missing(console: Console, games: int, ids: Iterable[str], workers: int = 2,
                 log: Path = LOG, opponents: Iterable[str] = OPPONENTS,
                 ) -> dict[tuple[str, str, int], Result]:
    """Play the games the log lacks, up to ``games`` per pairing, round by round (so every
    game and pairing advances together), logging each as it ends."""
    ids = tuple(ids)
    stamps = fingerprints(ids)
    done = read_log(stamps, log)
    todo = [Job(gid, opp, i) for i in range(games) for gid in ids for opp in opponents
            if (gid, opp, i) not in done]
    codes = " ".join(f"{gid} {stamp}" for gid, stamp in stamps.items())
    console.print(f"strength: code {codes}; {len(done)} game(s) in the log, {len(todo)} to "
                  f"play for {games} per pairing", style="dim")
    if not todo:
        return done
    started = time.perf_counter()
    pending = iter(todo)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running = {pool.submit(run_job, job, stamps[job.game_id], workers)
                   for job in _take(pending, workers)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                result = future.result()
                append(result, log)
                done[result.key] = result
                console.print(f"  {result.game_id} vs {result.opponent} #{result.index}: "
                              f"hard {result.hard_share:g} ({result.reason}, {result.plies} "
                              f"plies) [{time.perf_counter() - started:.0f} s]", style="dim")
                running |= {pool.submit(run_job, job, stamps[job.game_id], workers)
                            for job in _take(pending, 1)}
    return done


def _take(jobs, n: int) -> list[Job]:
    return [job for _, job in zip(range(n), jobs, strict=False)]


def report(console: Console, results: dict[tuple[str, str, int], Result],
           ids: Iterable[str]) -> dict:
    """Print the table and return the figures (for ``results.json``)."""
    ids = tuple(ids)
    figures: dict = {"fingerprints": fingerprints(ids), "games": {}}
    table = Table(title=f"computer strength (targets: hard beats random ≥ 95 %, easy ≥ 70 %, "
                        f"the baseline ≥ 90 % (Ochmir 65 %), medium beats easy ≥ 75 %, a hard "
                        f"move ≤ {TARGET_SECONDS:g} s)")
    for col in ("game", "hard vs random", "hard vs easy", "hard vs baseline",
                "medium vs easy", "hard s/move median", "max", "avg plies"):
        table.add_column(col)
    for gid in ids:
        mine = [r for r in results.values() if r.game_id == gid]
        if not mine:
            continue
        entry: dict = {}
        cells = []
        for opp in OPPONENTS:
            games = [r for r in mine if r.opponent == opp]
            score = sum(r.hard_share for r in games) / len(games) if games else None
            entry[f"vs_{opp}"] = None if score is None else round(score, 3)
            entry[f"vs_{opp}_games"] = len(games)
            entry[f"vs_{opp}_unfinished"] = sum(r.reason == "unfinished" for r in games)
            cells.append(_rate(score, len(games), GAME_TARGETS.get((gid, opp), TARGETS[opp])))
        times = hard_move_seconds(mine)
        entry["hard_seconds_median"] = round(statistics.median(times), 3) if times else None
        entry["hard_seconds_max"] = round(max(times), 3) if times else None
        entry["average_plies"] = round(statistics.fmean(r.plies for r in mine), 1)
        figures["games"][gid] = entry
        table.add_row(get_rules(gid).name, *cells,
                      f"{entry['hard_seconds_median']:.2f}" if times else "–",
                      f"{entry['hard_seconds_max']:.2f}" if times else "–",
                      f"{entry['average_plies']:.0f}")
    console.print(table)
    crowded = Counter(r.processes for r in results.values() if r.processes > 1)
    for processes, count in sorted(crowded.items()):
        shared = [r for r in results.values()
                  if r.processes == processes and r.opponent != "medium-easy"]
        slowest = max((t for r in shared for t in r.hard_seconds), default=None)
        console.print(f"{count} of {len(results)} games were played {processes} at a time, "
                      f"sharing the machine's cores: hard, which searches on every core, "
                      f"thought less there than alone"
                      + (f", and its slowest move in them ({slowest:.2f} s) is left out of "
                         f"the time columns" if slowest is not None else "") + ".",
                      style="dim")
    figures["games_per_processes"] = dict(Counter(r.processes for r in results.values()))
    return figures


def hard_move_seconds(results: Iterable[Result]) -> list[float]:
    """The seconds of hard's moves that the time target is about: hard searches on every
    core, so its clock is read from games played one at a time (from all games when none
    were). A game played beside another shares the cores; medium's games are not hard's."""
    mine = [r for r in results if r.opponent != "medium-easy"]
    alone = [r for r in mine if r.processes == 1] or mine
    return [t for r in alone for t in r.hard_seconds]


def _rate(score: float | None, games: int, target: float) -> str:
    if score is None:
        return "–"
    mark = "" if score >= target else " (below target)"
    return f"{score:.0%} of {games}{mark}"


def games_wanted(games: int | None) -> int:
    if games is not None:
        return games
    return int(os.environ.get("OGAMES_STRENGTH_GAMES", DEFAULT_GAMES))


def bench_strength(console: Console, games: int | None = None,
                   game_ids: tuple[str, ...] | None = None, workers: int = 2,
                   opponents: Iterable[str] = OPPONENTS) -> dict:
    """Top the log up to ``games`` per pairing (of ``opponents``), then report every logged
    game."""
    ids = game_ids or available_ids()
    results = play_missing(console, games_wanted(games), ids, workers, opponents=opponents)
    return report(console, results, ids)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per pairing to have in the log")
    parser.add_argument("--report", action="store_true", help="play nothing, only report")
    parser.add_argument("--workers", type=int, default=2,
                        help="games played at once (default 2, one per core)")
    parser.add_argument("--game", action="append", dest="game_ids",
                        help="only this game (may repeat)")
    parser.add_argument("--versus", action="append", choices=OPPONENTS, dest="opponents",
                        help="only games against this opponent (may repeat)")
    parser.add_argument("--show", nargs=3, metavar=("GAME", "OPPONENT", "N"),
                        help="print the last plies of that logged game, and nothing else")
    parser.add_argument("--plies", type=int, default=12, help="how many plies --show prints")
    args = parser.parse_args()
    if args.show:
        game_id, opponent, index = args.show
        show(Job(game_id, opponent, int(index)), args.plies)
        return
    console = Console()
    ids = tuple(args.game_ids) if args.game_ids else available_ids()
    if args.report:
        report(console, read_log(fingerprints(ids)), ids)
    else:
        bench_strength(console, args.games, ids, args.workers,
                       tuple(args.opponents) if args.opponents else OPPONENTS)


if __name__ == "__main__":
    main()
