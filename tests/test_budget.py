"""Matches at a fixed budget (``bench/budget.py``): counts, not the clock, decide every
move, so a game played twice is the same game, and the file it is written to replays."""

from __future__ import annotations

import json

import pytest

from bench.budget import Match, play, run, show


@pytest.mark.parametrize("game_id", ["ordo", "ochmir"])  # alpha-beta, Monte Carlo
def test_a_budget_game_replays_move_for_move(game_id: str) -> None:
    match = Match(game_id, nodes=150, iterations=3)
    first = play(match, 3)
    assert play(match, 3) == first
    assert first.seat == 3 % 2 and first.plies == len(first.moves)


def test_a_variant_match_opens_each_pair_alike_and_its_file_replays(tmp_path, capsys) -> None:
    """Games 0 and 1 are a pair: the same random opening, the tried policy (here the
    game's own, named as a variant) in seat 0, then in seat 1, against the game's own."""
    out = tmp_path / "games.jsonl"
    match = Match("ordo", nodes=150, policy="ogames.games.ordo.computer:policy", versus="own",
                  opening=3)
    run(match, 2, 0, 1, out)
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["seat"] for g in games] == [0, 1]
    assert games[0]["moves"][:3] == games[1]["moves"][:3]
    capsys.readouterr()
    show(out, 1, 2)
    printed = capsys.readouterr().out
    assert f"ply {len(games[1]['moves']) - 1}: {games[1]['moves'][-1]}" in printed
    assert "Game over" in printed or games[1]["reason"] == "unfinished"


def test_a_strength_game_keeps_its_moves_and_can_be_read_back(tmp_path, capsys) -> None:
    """The timed log keeps each game's moves (medium against easy in Onitama: quick), they
    replay to the logged end, and ``--show`` prints the last of them."""
    from dataclasses import asdict

    from bench.strength import Job, append, read_log, run_job
    from bench.strength import show as show_logged

    log = tmp_path / "strength.jsonl"
    job = Job("onitama", "medium-easy", 5)
    result = run_job(job, "stamp", 1)
    assert len(result.moves) == result.plies > 0
    append(result, log)
    assert read_log({"onitama": "stamp"}, log)[job.key] == result
    assert json.loads(log.read_text())["moves"] == list(asdict(result)["moves"])
    capsys.readouterr()
    show_logged(job, 1, log)
    printed = capsys.readouterr().out
    assert f"ply {result.plies - 1}: {result.moves[-1]}" in printed
    assert f"{result.reason} after {result.plies} plies" in printed


def test_hard_move_times_come_from_games_played_alone() -> None:
    """Hard searches on every core, so a game played beside another tells nothing of its
    clock: the time columns read the games played one at a time, medium's never, and every
    game of hard's only when none was played alone."""
    from bench.strength import Result, hard_move_seconds

    def game(opponent: str, processes: int, seconds: tuple[float, ...]) -> Result:
        return Result("stamp", "ordo", opponent, 0, 0, 1.0, 10, "goal", seconds, processes)

    alone = game("baseline", 1, (1.5, 1.7))
    beside = game("baseline", 2, (2.4,))
    medium = game("medium-easy", 1, (0.9,))
    assert sorted(hard_move_seconds([alone, beside, medium])) == [1.5, 1.7]
    assert hard_move_seconds([beside, medium]) == [2.4]
