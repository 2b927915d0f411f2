"""Perft of every game's standard starts against the check numbers of CLARIFICATIONS §3
(the tests' own games: counts the data file says why), kept in one data file
(``tests/perft.toml``) and read by this one test."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ogames.core.perft import perft
from ogames.core.registry import get_rules

from .conftest import GAME_IDS, game_registered

TABLE = tomllib.loads((Path(__file__).parent / "perft.toml").read_text("utf-8"))["start"]


def label(entry: dict) -> str:
    where = "-".join(str(entry[k]) for k in ("variant", "seed") if k in entry)
    return f"{entry['game']}-{where}"


def test_every_game_has_check_numbers() -> None:
    assert sorted({e["game"] for e in TABLE}) == sorted(GAME_IDS)


@pytest.mark.parametrize("entry", TABLE, ids=label)
def test_perft_of_the_start(entry: dict) -> None:
    with game_registered(entry["game"]):
        check_perft(entry)


def check_perft(entry: dict) -> None:
    rules = get_rules(entry["game"])
    start = rules.start(rules.parse_variant(entry.get("variant")), entry.get("seed"))
    if "position" in entry:
        assert rules.format_position(start) == entry["position"]
        assert rules.parse_position(entry["position"]) == start
    counts = entry["counts"]
    assert [perft(rules, start, d) for d in range(1, len(counts) + 1)] == counts
    if entry.get("terminal_leaf_equal"):
        assert perft(rules, start, len(counts), terminal_leaf=True) == counts[-1]
