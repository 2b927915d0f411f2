"""``ogames rules GAME`` prints the rules for players, ``--reference`` the precise part.

The player's text must not read like a specification (issue #17: no "perft", no "position
string"), and nothing precise may be lost: the reference carries the perft counts of
CLARIFICATIONS §3, the numbers in tests/perft.toml, independently confirmed."""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from ogames.cli import cli
from ogames.core.registry import get_rules
from ogames.core.rules_text import SECTIONS
from ogames.rules_doc import print_rules
from tests.conftest import GAME_IDS

PERFT = tomllib.loads((Path(__file__).parent / "perft.toml").read_text("utf-8"))["start"]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": "80"})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_for_players_name_no_perft_nor_position_string(game_id: str) -> None:
    result = run("rules", game_id)
    assert result.exit_code == 0
    assert all(heading in result.stdout for heading in SECTIONS)
    out = result.stdout.lower()
    assert "perft" not in out
    assert "position string" not in out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_end_saying_where_the_reference_is(game_id: str) -> None:
    lines = [line for line in run("rules", game_id).stdout.splitlines() if line.strip()]
    assert f"ogames rules {game_id} --reference" in lines[-1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_reference_has_the_perft_counts_of_every_start(game_id: str) -> None:
    result = run("rules", game_id, "--reference")
    assert result.exit_code == 0
    out = result.stdout
    assert "Perft" in out and "Notation" in out and "Rulings" in out
    assert "--reference" not in out  # no pointer to itself
    numbers = set(re.findall(r"\d+", re.sub(r"(?<=\d)[,\u2009\u202f](?=\d{3})", "", out)))
    starts = [s for s in PERFT if s["game"] == game_id]
    assert starts
    for start in starts:
        missing = [n for n in start["counts"] if str(n) not in numbers]
        assert not missing, (start, missing)


def test_the_ordo_reference_keeps_the_notation_and_the_rulings() -> None:
    """What moved out of the player's text is in the reference, a sample of each kind."""
    out = " ".join(run("rules", "ordo", "--reference").stdout.split())  # lines rejoined
    plain = run("rules", "ordo").stdout
    for fact in ("c2:d2-c4", "d2:c2-d4", "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW",
                 "cannot reconnect", "d6-d7 d6-d8 d6-e6 d6-f6 e7-c7 e7-d7"):
        assert fact in out, fact
    assert "d2:c2-d4" not in plain  # the grammar of moves is not the player's business


def test_a_game_without_a_reference_says_so(monkeypatch) -> None:
    rules = get_rules("ordo")
    monkeypatch.setattr(type(rules), "reference_markdown", lambda self: "")
    out = io.StringIO()
    print_rules(rules, Console(file=out, width=80), reference=True)
    assert "The reference is not written yet" in out.getvalue()
    out = io.StringIO()
    print_rules(rules, Console(file=out, width=80))
    assert "--reference" not in out.getvalue()  # no pointer to what is not there
