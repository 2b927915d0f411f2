"""The judge's figures (issue 63): where each game's chance curve comes from, how well it is
calibrated, and how steady the review is. Figures, never assertions.

**Self-play log.** Seeded games of the judge against itself (hard's search at a fixed
node budget, no clock: every game can be played again move for move), two random plies
first so that no two games are alike, each game logged to ``bench/judge-games.jsonl``
with, for every ply, the judge's steady value for the side to move (the value the review
turns into a chance), a result it proved, and whether the move was a capture (the game's
``noisy``). The games are played at a twentieth of the judge's budget
(``SELFPLAY_EFFORT``): a game at the whole budget takes three seconds a ply on one core,
an Oferhlýp or Ochmir game has two hundred plies, and the machine is shared. The curve
is thus fitted to the values of shallower searches than the review's own, and to the
results of weaker players; the calibration table says how well it holds there, and the
review's searches, deeper, may be somewhat surer of themselves than the curve allows. A line is stamped with a fingerprint of the code that
decides the moves and the values (as the strength log is), so a change to the search or
to a game's evaluation throws its games away, and a refitted chance curve does not.

**Fit.** The chance curve of a game is a logistic of the value, ``1 / (1 + exp(-(value +
edge) / scale))``: the side to move's chance of winning. ``scale`` is fitted (``edge``
is left at 0, see ``fit``) by maximum likelihood to the outcomes of the logged games with
even numbers (a draw counts half a win), every position of a game weighed alike; the
games with odd numbers are kept for the calibration table, which the fit never saw. A proven result is left out (it is
shown as "wins in N", not as a chance). Three-handed Ochmir's Monte Carlo shares are
outcome estimates already and are not fitted.

**Consistency.** A few logged games are reviewed at the judge's whole budget, as the app
reviews them: the median change of a side's chance from one ply to the next where the
ply captured nothing (``noisy``), and of the review's marks, the share that a search four
times as long still marks.

    python -m bench.judge --play 24            # top the log up to 24 games per game
    python -m bench.judge --fit                # the fitted constants, for computer.py
    python -m bench.judge --report             # calibration and consistency tables
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ogames.ai.judge import Verdict, verdict
from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules

from .strength import ROOT, fingerprint, playing_code

LOG = ROOT / "bench" / "judge-games.jsonl"
#: the share of the judge's budget self-play moves are searched with
SELFPLAY_EFFORT = 0.05
#: random plies at the start of a self-play game (seeded), so that games differ
OPENING = 2
#: a self-play game still going after this many plies is stopped (and not fitted): the
#: strength table's cap, as the gauntlet's. It was 300 until 2026-12-07, when 23 of the
#: first 31 Opprimo and Oferhlýp games ran out unfinished; a game stopped by a lower cap
#: is played again (``play``)
MAX_PLIES = 600
#: the chance bins of the calibration table, in percent of the side that leads
BINS = ((50, 60), (60, 70), (70, 80), (80, 90), (90, 100))
#: games per game reviewed for the consistency figures, and their plies at most
CONSISTENCY_GAMES = 3
CONSISTENCY_PLIES = 60
#: the longer search a mark must survive
SURVIVAL = 4.0


def judged_games() -> tuple[str, ...]:
    """The games whose judge is alpha-beta in its first variant (their chance is fitted)."""
    out = []
    for game_id in available_ids():
        rules = get_rules(game_id)
        policy = rules.policy()
        if policy.score is not None and len(rules.sides(rules.variants[0])) == 2:
            out.append(game_id)
    return tuple(out)


def judge_fingerprint(game_id: str) -> str:
    """The strength log's fingerprint of the game's playing code (a refitted curve leaves
    it alone) and the judge's own code."""
    judge = playing_code((ROOT / "ogames" / "ai" / "judge.py").read_text(encoding="utf-8"))
    text = fingerprint(game_id) + "\n" + "\n".join(judge)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# ----- self-play -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Logged:
    """One self-play game, as one line of the log: per ply, the mover, the judge's steady
    value for it (None where it proved a result), the plies of a result it proved (signed:
    > 0 the mover wins), and whether the move was a capture."""

    fingerprint: str
    game_id: str
    variant: str
    index: int
    effort: float
    moves: tuple[str, ...]
    movers: tuple[int, ...]
    values: tuple[float | None, ...]
    proved: tuple[int | None, ...]
    captures: tuple[bool, ...]
    shares: tuple[float, ...]
    reason: str


def play_one(game_id: str, index: int, stamp: str, effort: float = SELFPLAY_EFFORT) -> Logged:
    """Game ``index`` of the judge against itself (in a worker process)."""
    rules = get_rules(game_id)
    policy = rules.policy()
    variant = rules.variants[0]
    game = Game.new(rules, variant, 7000 + index)
    rng = random.Random(index)
    moves, movers, values, proved, captures = [], [], [], [], []
    while game.outcome() is None and game.cursor < MAX_PLIES:
        pos = game.position
        mover = rules.to_move(pos)
        legal = game.legal_moves()
        if game.cursor < OPENING:
            move, found = rng.choice(legal), None
        else:
            found = verdict(rules, pos, legal, seed=index * 1_000_003 + game.cursor,
                            effort=effort)
            move = found.move
        moves.append(rules.move_text(pos, move))
        movers.append(mover)
        values.append(_value(found))
        proved.append(_proved(found, mover))
        captures.append(bool(policy.noisy and policy.noisy(rules, pos, move)))
        game.play(move)
    outcome = game.outcome()
    shares = tuple(float(s) for s in outcome.shares) if outcome else ()
    return Logged(stamp, game_id, variant, index, effort, tuple(moves), tuple(movers),
                  tuple(values), tuple(proved), tuple(captures), shares,
                  outcome.reason if outcome else "unfinished")


def _value(found: Verdict | None) -> float | None:
    if found is None or found.forced is not None or found.value is None:
        return None
    return round(found.value, 4)


def _proved(found: Verdict | None, mover: int) -> int | None:
    if found is None or found.forced is None:
        return None
    return found.forced.plies if found.forced.winner == mover else -found.forced.plies


def read_log(log: Path = LOG) -> list[Logged]:
    """The logged games played by today's code."""
    if not log.exists():
        return []
    stamps: dict[str, str] = {}
    out: dict[tuple[str, int], Logged] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
            game_id = data["game_id"]
            if game_id not in stamps:
                stamps[game_id] = judge_fingerprint(game_id)
            if data["fingerprint"] != stamps[game_id]:
                continue
            logged = Logged(**{k: tuple(v) if isinstance(v, list) else v
                               for k, v in data.items()})
        except (ValueError, TypeError, KeyError):
            continue
        out[(logged.game_id, logged.index)] = logged
    return list(out.values())


def play(console: Console, games: int, ids: Iterable[str], workers: int = 2,
         log: Path = LOG) -> None:
    """Top the log up to ``games`` games per game (``to_play``), logging each as it ends."""
    ids = tuple(ids)
    stamps = {gid: judge_fingerprint(gid) for gid in ids}
    logged = read_log(log)
    done = len(logged)
    todo = to_play(logged, games, ids)
    console.print(f"judge self-play: {done} game(s) logged, {len(todo)} to play",
                  style="dim")
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = iter(todo)
        running = {pool.submit(play_one, gid, i, stamps[gid])
                   for gid, i in _take(pending, workers)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                logged = future.result()
                with log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(asdict(logged), ensure_ascii=False) + "\n")
                console.print(f"  {logged.game_id} #{logged.index}: {logged.reason} after "
                              f"{len(logged.moves)} plies "
                              f"[{time.perf_counter() - started:.0f} s]", style="dim")
                running |= {pool.submit(play_one, gid, i, stamps[gid])
                            for gid, i in _take(pending, 1)}


def to_play(logged: Iterable[Logged], games: int, ids: Sequence[str]) -> list[tuple[str, int]]:
    """The (game, index) pairs of the first ``games`` games per game not yet logged by
    today's code. A game that a lower cap than ``MAX_PLIES`` stopped unfinished is played
    again (the same seeds: the same game, further), and its new line replaces the old
    (``read_log``)."""
    done = {(g.game_id, g.index) for g in logged
            if g.reason != "unfinished" or len(g.moves) >= MAX_PLIES}
    return [(gid, i) for i in range(games) for gid in ids if (gid, i) not in done]


def _take(items, n: int) -> list:
    return [item for _, item in zip(range(n), items, strict=False)]


# ----- the fit ------------------------------------------------------------------------------


def samples(games: Iterable[Logged]) -> list[tuple[float, float, float]]:
    """(value, the mover's share of the result, weight) for every position with a value
    of every finished game; a game's positions weigh one game in all."""
    out = []
    for game in games:
        if not game.shares:
            continue
        points = [(v, game.shares[m]) for v, m in zip(game.values, game.movers, strict=True)
                  if v is not None]
        out += [(v, share, 1.0 / len(points)) for v, share in points]
    return out


def chance(value: float, scale: float, edge: float) -> float:
    x = (value + edge) / scale
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


#: the scales the fit may choose between (a logistic's scale in the value's own units):
#: wide enough for every game's values, bounded so that a handful of games that one side
#: always won (the values then separate the results) cannot send it to nothing
SCALES = (0.02, 200.0)


def log_likelihood(points: Sequence[tuple[float, float, float]], scale: float,
                   edge: float = 0.0) -> float:
    """How well the curve predicts the results (each game weighing one)."""
    total = 0.0
    for v, y, w in points:
        p = min(max(chance(v, scale, edge), 1e-12), 1 - 1e-12)
        total += w * (y * math.log(p) + (1 - y) * math.log(1 - p))
    return total


def fit(points: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """``scale`` of the logistic that best predicts the results (maximum likelihood, a
    golden-section search on the log of the scale within ``SCALES``), and ``edge`` 0: the
    side to move's own edge is left out, since a few dozen games cannot tell it from noise
    and the games are played with the seats alike. (A Newton fit of both, tried first, sent
    Ochmir's scale to 0 and Ordo's to a million on ten games.)"""
    low, high = (math.log(s) for s in SCALES)
    ratio = (math.sqrt(5) - 1) / 2
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    fa, fb = (log_likelihood(points, math.exp(x)) for x in (a, b))
    for _ in range(60):
        if fa > fb:
            high, b, fb = b, a, fa
            a = high - ratio * (high - low)
            fa = log_likelihood(points, math.exp(a))
        else:
            low, a, fa = a, b, fb
            b = low + ratio * (high - low)
            fb = log_likelihood(points, math.exp(b))
    return math.exp((low + high) / 2), 0.0


def calibration(points: Sequence[tuple[float, float, float]], scale: float, edge: float
                ) -> list[tuple[tuple[int, int], int, float | None]]:
    """Per bin of the leading side's chance: the positions in it and the share the
    leading side actually won."""
    rows = []
    for low, high in BINS:
        won = count = 0.0
        n = 0
        for v, y, _ in points:
            c = chance(v, scale, edge)
            lead, result = (c, y) if c >= 0.5 else (1 - c, 1 - y)
            if low <= 100 * lead < high or (high == 100 and 100 * lead >= 100):
                won += result
                count += 1
                n += 1
        rows.append(((low, high), n, won / count if count else None))
    return rows


# ----- consistency ------------------------------------------------------------------------------


def consistency(game_id: str, games: Sequence[Logged], count: int = CONSISTENCY_GAMES,
                plies: int = CONSISTENCY_PLIES) -> dict:
    """Review ``count`` logged games (their first ``plies`` plies) at the judge's budget:
    the median change of the leading side's chance between plies that capture nothing,
    the marks, and how many of them a search ``SURVIVAL`` times as long still marks."""
    from ogames.ai.review import JUDGE, _rounded, mark_for, review_game

    rules = get_rules(game_id)
    changes: list[float] = []
    marks = survived = 0
    for logged in sorted(games, key=lambda g: g.index)[:count]:
        game = Game.new(rules, logged.variant, 7000 + logged.index)
        for text in logged.moves[:plies]:
            game.play_text(text)
        if rules.hidden_information and game.outcome() is None:
            game.resign(rules.to_move(game.position))  # judged from each mover's view
        review = review_game(game, JUDGE, 0, reuse=False)
        previous = review.start
        for p in review.plies:
            quiet = not logged.captures[p.ply - 1]
            if (previous is not None and quiet and p.forced is None
                    and max(previous) < 1 and max(p.chances) < 1):
                changes.append(abs(p.chances[0] - previous[0]))
            previous = p.chances
            if not p.mark:
                continue
            marks += 1
            at = replace(game, plies=list(game.plies[:p.ply - 1]), cursor=p.ply - 1,
                         agreed=None, resigned_side=None)
            longer = verdict(rules, at.position, at.legal_moves(), seed=p.ply - 1,
                             effort=SURVIVAL, played=game.plies[p.ply - 1].move)
            if longer.played is not None and longer.move != game.plies[p.ply - 1].move:
                drop = _rounded(longer.shares)[p.side] - _rounded(longer.played)[p.side]
                survived += bool(mark_for(round(drop, 2)))
    return {"positions": len(changes),
            "median_change": round(100 * statistics.median(changes), 1) if changes else None,
            "marks": marks, "survived": survived}


# ----- the tables -----------------------------------------------------------------------------


def report(console: Console, ids: Iterable[str], with_consistency: bool = True) -> dict:
    """Print the calibration table per game (and the consistency figures); return them."""
    logged = read_log()
    figures: dict = {}
    for game_id in ids:
        rules = get_rules(game_id)
        judging = rules.policy().judging
        games = [g for g in logged if g.game_id == game_id]
        held_out = samples(g for g in games if g.index % 2 == 1)
        entry: dict = {"games": len(games), "held_out_positions": len(held_out)}
        if judging is not None and held_out:
            rows = calibration(held_out, judging.scale, judging.edge)
            entry["calibration"] = [{"bin": f"{lo}-{hi}", "positions": n,
                                     "won": None if won is None else round(won, 3)}
                                    for (lo, hi), n, won in rows]
            table = Table(title=f"{rules.name}: the judge's chances against the results "
                                f"({len(games)} self-play games; the odd ones, which the "
                                f"fit never saw: {len(held_out)} positions)")
            for col in ("chance of the side ahead", "positions", "won", "within 10 points"):
                table.add_column(col)
            for (lo, hi), n, won in rows:
                middle = (lo + hi) / 2
                table.add_row(f"{lo}-{hi} %", str(n),
                              "-" if won is None else f"{100 * won:.0f} %",
                              "-" if won is None else
                              ("yes" if abs(100 * won - middle) <= 10 else "no"))
            console.print(table)
        if with_consistency and games:
            entry["consistency"] = consistency(game_id, games)
        figures[game_id] = entry
    if with_consistency:
        table = Table(title="the review's steadiness (targets: median change < 5 points, "
                            "≥ 90 % of marks kept by a search four times as long)")
        for col in ("game", "quiet plies", "median change", "marks", "kept"):
            table.add_column(col)
        for game_id, entry in figures.items():
            c = entry.get("consistency")
            if not c:
                continue
            kept = f"{c['survived']} ({100 * c['survived'] / c['marks']:.0f} %)" if c[
                "marks"] else "-"
            table.add_row(game_id, str(c["positions"]),
                          "-" if c["median_change"] is None else f"{c['median_change']} pts",
                          str(c["marks"]), kept)
        console.print(table)
    return figures


def fitted(console: Console, ids: Iterable[str]) -> dict[str, tuple[float, float]]:
    """Fit each game's curve on its even-numbered logged games and print the constants."""
    logged = read_log()
    out = {}
    for game_id in ids:
        games = [g for g in logged if g.game_id == game_id and g.index % 2 == 0]
        points = samples(games)
        if not points:
            continue
        scale, edge = fit(points)
        out[game_id] = (scale, edge)
        console.print(f"{game_id}: scale={scale:.3f} edge={edge:.3f} ({len(games)} games, "
                      f"{len(points)} positions)")
    return out


def bench_judge(console: Console) -> dict:
    """``make bench``: the calibration and consistency tables from the log."""
    return report(console, judged_games())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--play", type=int, metavar="N", help="top the log up to N games")
    parser.add_argument("--fit", action="store_true", help="print the fitted constants")
    parser.add_argument("--report", action="store_true", help="print the tables")
    parser.add_argument("--no-consistency", action="store_true",
                        help="the calibration tables only (no review is run)")
    parser.add_argument("--game", action="append", dest="game_ids")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    console = Console()
    ids = tuple(args.game_ids) if args.game_ids else judged_games()
    if args.play:
        play(console, args.play, ids, args.workers)
    if args.fit:
        fitted(console, ids)
    if args.report:
        report(console, ids, not args.no_consistency)


if __name__ == "__main__":
    main()
