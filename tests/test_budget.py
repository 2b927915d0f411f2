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
