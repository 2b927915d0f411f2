"""The command line through click's test runner, bad input included."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ogames.cli import cli
from ogames.core.registry import available_ids

from .test_savefile import AFTER_THREE, HEADER


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_all_five_games_are_registered() -> None:
    assert available_ids() == ("opprimo", "oferhlyp", "onitama", "ordo", "ochmir")


def test_perft_of_the_ordo_start() -> None:
    result = run("perft", "ordo", "3")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "Nodes searched: 190114"


def test_divide_prints_one_line_per_root_move_then_the_total() -> None:
    result = run("perft", "ordo", "1", "--divide")
    lines = result.stdout.splitlines()
    assert len(lines) == 57
    assert lines[-1] == "Nodes searched: 56"
    assert "c2:d2-c3 1" in lines
    two = run("perft", "ordo", "2", "--divide", "--variant", "8x8").stdout.splitlines()
    assert two[-1] == "Nodes searched: 2116"
    assert sum(int(line.split()[-1]) for line in two[:-1]) == 2116


@pytest.mark.parametrize("divide", [[], ["--divide"]])
def test_a_won_root_is_one_terminal_leaf_and_no_strict_node(divide) -> None:
    """§1.3: a finished position adds 0 to strict perft at depth ≥ 1; perft_t counts it as
    one leaf. Blue has no master left (Red won, Way of the Stone); divide lists no moves."""
    won = ["--position", "b1Rbb/5/5/5/rr1rr b Elephant,Horse Boar,Ox Crab"]
    strict = run("perft", "onitama", "2", *won, *divide).stdout.splitlines()
    leaf = run("perft", "onitama", "2", *won, "--terminal-leaf", *divide).stdout.splitlines()
    assert strict == ["Nodes searched: 0"]
    assert leaf == ["Nodes searched: 1"]


def test_an_allowed_but_odd_position_gets_a_warning_on_stderr() -> None:
    """§2.1.7: a piece total other than 20 is allowed but should produce a warning."""
    result = run("moves", "opprimo", "--position", "3/4/3/4/3/4/3/4/3/4/1S1/4/3 y cd1 de11 1")
    assert result.exit_code == 0
    assert "warning" in result.stderr and "20" in result.stderr
    assert "Kcd1-cd2" in result.stdout.splitlines()
    start = run("moves", "opprimo")
    assert start.exit_code == 0 and start.stderr == ""


def test_moves_lists_the_56_opening_moves_sorted() -> None:
    lines = run("moves", "ordo").stdout.splitlines()
    assert len(lines) == 56
    assert lines == sorted(lines)
    assert [m for m in lines if ":" in m] == ["c2:d2-c3", "c2:d2-c4", "g2:h2-g3", "g2:h2-g4"]


def test_moves_prints_nothing_for_a_finished_position() -> None:
    result = run("moves", "ordo", "--position", "4W5/10/10/10/B9/10/10/10 b")
    assert result.exit_code == 0 and result.stdout == ""


def test_position_plays_the_moves_as_one_game() -> None:
    result = run("position", "ordo", "c2:d2-c3", "c7:d7-c6", "e3-e4")
    assert result.stdout.strip() == AFTER_THREE
    start = run("position", "ordo", "--variant", "8x8")
    assert start.stdout.strip() == "1BB2BB1/BBBBBBBB/B2BB2B/8/8/W2WW2W/WWWWWWWW/1WW2WW1 w"


def test_a_refused_move_names_its_number_and_reason() -> None:
    result = run("position", "ordo", "e3-e4", "e3-e5")
    assert result.exit_code == 2
    assert result.stderr.startswith("ogames: move 2 'e3-e5' is refused")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("perft", "ordo", "1", "--position", "x"), "bad position for Ordo"),
        (("perft", "chess", "1"), "unknown game 'chess'"),
        (("moves", "ordo", "--variant", "9x9"), "unknown variant"),
        (("perft", "ordo", "deep"), "DEPTH"),
        (("moves", "ordo", "--frobnicate"), "No such option"),
        (("nonsense",), "No such command"),
        (("perft", "ordo", "1", "--seed", "abc"), "--seed"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args, words) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.output


def test_check_summarises_a_good_file(tmp_path: Path) -> None:
    path = tmp_path / "g.ogame"
    path.write_text(HEADER + '[Result "*"]\n\n1. c2:d2-c3 c7:d7-c6 2. e3-e4 *\n')
    result = run("check", str(path))
    assert result.exit_code == 0
    assert result.stdout.startswith("Ordo (10x8): 3 moves")


def test_check_names_line_and_column_of_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "g.ogame"
    path.write_text(HEADER + '[Result "*"]\n\n1. c2:d2-c3 c7:d7-c6 2. e3-e9 *\n')
    result = run("check", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"ogames: {path}:8:25: move 3 'e3-e9' is refused")
    truncated = tmp_path / "t.ogame"
    truncated.write_text(HEADER + "\n1. c2:d2-c3 c7:d7-")
    result = run("check", str(truncated))
    assert result.exit_code == 1 and ":7:13:" in result.stderr


def test_check_on_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "none.ogame"))
    assert result.exit_code == 1
    assert "cannot read it" in result.stderr


def test_show_draws_the_board_and_whose_turn() -> None:
    result = run("show", "ordo", "--ascii")
    assert result.exit_code == 0
    assert "White to move" in result.stdout
    won = run("show", "ordo", "--position", "10/4W5/3W6/10/B9/10/10/10 w", "d6-d8")
    assert "White wins — a piece reached the goal row (1-0)" in won.stdout


def test_rules_prints_the_rules_text() -> None:
    result = run("rules", "ordo")
    assert result.exit_code == 0
    assert "Overview" in result.stdout


def test_onitama_seeded_deal_and_perft() -> None:
    deal = run("position", "onitama", "--seed", "42")
    assert deal.stdout.strip() == "bbBbb/5/5/5/rrRrr b Boar,Crane Crab,Frog Eel"
    perft = run("perft", "onitama", "4", "--seed", "1")
    assert perft.stdout.splitlines()[-1] == "Nodes searched: 11412"
    played = run("position", "onitama", "--seed", "1", "Frog", "c1-a1")
    assert played.exit_code == 2  # a1 holds Red's own student


def test_oferhlyp_perft_and_the_repetition_rule_in_a_game() -> None:
    assert run("perft", "oferhlyp", "2").stdout.splitlines()[-1] == "Nodes searched: 567"
    moves = ["b2-b3", "d4-d3", "b3-b2", "d3-d4", "b2-b3", "d4-d3", "b3-b2"]
    assert run("position", "oferhlyp", *moves).exit_code == 0
    refused = run("position", "oferhlyp", *moves, "d3-d4")
    assert refused.exit_code == 2
    assert "move 8 'd3-d4' is refused" in refused.stderr


def test_opprimo_perft() -> None:
    assert run("perft", "opprimo", "3").stdout.splitlines()[-1] == "Nodes searched: 3690"


def test_ochmir_perft_two_and_three_handed() -> None:
    two = run("perft", "ochmir", "2", "--seed", "1")
    assert two.stdout.splitlines()[-1] == "Nodes searched: 278640"
    three = run("perft", "ochmir", "1", "--seed", "1", "--variant", "3")
    assert three.stdout.splitlines()[-1] == "Nodes searched: 1080"


def test_serve_listens_on_localhost_only(monkeypatch) -> None:
    import textual_serve.server as server

    seen = {}

    def fake_serve(self, *args, **kwargs):
        seen.update(host=self.host, port=self.port, command=self.command)

    monkeypatch.setattr(server.Server, "serve", fake_serve)
    result = run("serve", "--port", "8123")
    assert result.exit_code == 0
    assert seen["host"] == "localhost" and seen["port"] == 8123
    assert seen["command"].endswith("-m ogames")


def test_selfplay_reports_win_rates_lengths_and_ends() -> None:
    result = run("selfplay", "ordo", "--games", "2", "--level", "easy", "--seed", "3")
    assert result.exit_code == 0
    assert "2 games at level easy" in result.stdout
    assert "wins by seat: White" in result.stdout
    assert "average length" in result.stdout
    bad = run("selfplay", "ordo", "--level", "godlike")
    assert bad.exit_code == 2 and "godlike" in bad.stderr


def test_export_to_a_missing_folder_or_through_a_file_names_it_and_creates_nothing(
        tmp_path: Path) -> None:
    """A typo in -o once created the whole missing folder tree."""
    game = tmp_path / "g.ogame"
    game.write_text(HEADER + '[Result "*"]\n\n1. c2:d2-c3 *\n')
    missing = run("export", str(game), "-o", str(tmp_path / "typo" / "dir" / "x.svg"))
    assert missing.exit_code == 2
    assert missing.stderr.endswith(f"there is no folder {tmp_path / 'typo' / 'dir'}\n")
    assert not (tmp_path / "typo").exists()
    through = run("export", str(game), "-o", str(game / "x.svg"))
    assert through.exit_code == 2
    assert through.stderr.endswith(f"{game} is a file, not a folder\n")
    assert run("export", str(game), "-o", str(tmp_path / "x.svg")).exit_code == 0


def test_moves_of_a_finished_position_says_on_stderr_how_it_ended() -> None:
    """No moves and no word was a puzzle; stdout stays empty (there are no moves)."""
    result = run("moves", "ordo", "--position", "4W5/10/10/10/B9/10/10/10 b")
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == "ogames: no moves: the game is over, White wins — a piece reached the goal row (1-0)\n"
    assert run("moves", "ordo").stderr == ""


def test_show_draws_the_panel_sections_below_the_board() -> None:
    """Onitama's cards and Ochmir's hands and bag are part of the position: ``show`` drew
    the board only. The engine's panel sections are drawn generically, every item shown."""
    onitama = run("show", "onitama", "--seed", "7")
    assert onitama.exit_code == 0
    out = onitama.stdout
    for words in ("Blue's cards", "Crab", "Elephant · Red stamp", "Frog", "Side card",
                  "Red takes it next", "Elephant", "Red's cards", "Eel", "Goose",
                  ". # o # ."):
        assert words in out
    assert out.index("Blue's cards") > out.index("│ 1") and out.rstrip().endswith("Red to move")
    ochmir = run("show", "ochmir", "--seed", "1").stdout
    for words in ("White's hand", "○F / ●F", "WFbf ×5", "Blue's hand", "Bag 204",
                  "F=ferrorn T=thurin"):
        assert words in ochmir
    assert "Bag" not in run("show", "ordo").stdout


@pytest.mark.parametrize("command", ["show", "moves", "position", "play", "perft"])
def test_a_seed_that_would_be_ignored_is_refused(command) -> None:
    """``show onitama --position TEXT --seed 3`` drew the position and dropped the seed."""
    depth = ["1"] if command == "perft" else []
    onitama = ["--position", "bbBbb/5/5/5/rrRrr b Boar,Crane Crab,Frog Eel"]
    with_position = run(command, "onitama", *depth, *onitama, "--seed", "3")
    assert with_position.exit_code == 2
    assert with_position.stderr == "ogames: --seed has no effect with --position (the " \
        "position text is the whole start, cards or bag included)\n"
    unseeded = run(command, "ordo", *depth, "--seed", "3")
    assert unseeded.exit_code == 2
    assert unseeded.stderr == ("ogames: --seed has no effect in Ordo: its start is always "
                               "the same\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("position", "ordo", "e3-e4", "d6-e9"),
         "move 2 'd6-e9' is refused: e9 is off the board (ranks 1–8)"),
        (("position", "ordo", "e3-e4", "e3-e5"), "move 2 'e3-e5' is refused: there is no piece on e3"),
        (("position", "onitama", "--seed", "1", "horse  pass"),
         "move 1 'horse  pass' is refused: Horse is Blue's card; yours are Frog, Ox"),
        (("show", "ordo", "--variant", "9x9"),
         "--variant: unknown variant '9x9' for Ordo; choose one of 10x8, 8x8"),
        (("moves", "ordo", "--variant", "9x9", "--position", "x"),
         "--variant: unknown variant '9x9' for Ordo; choose one of 10x8, 8x8"),
        (("selfplay", "ordo", "--variant", "9x9"),
         "--variant: unknown variant '9x9' for Ordo; choose one of 10x8, 8x8"),
    ],
)
def test_a_refusal_says_each_thing_once(args, message) -> None:
    """"bad variant for Ordo: variant: unknown variant…" and "move 2 'd6-e9' is refused:
    move: 'd6-e9': …" wrapped the engine's words twice; a bad --variant beside --position
    was called a bad position."""
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr == f"ogames: {message}\n"


def test_a_negative_perft_depth_says_what_a_depth_is() -> None:
    """click took ``-1`` for an option: "No such option '-1'" said nothing about depth."""
    result = run("perft", "ordo", "-1")
    assert result.exit_code == 2
    assert result.stderr == ("ogames: -1: DEPTH must be a whole number from 0 to 20 "
                             "(see 'ogames perft --help')\n")
    assert "No such option '-x'" in run("perft", "ordo", "1", "-x").stderr


def test_check_of_a_folder_is_a_bad_file_exit_1(tmp_path: Path) -> None:
    """click's own FILE check said "is a directory" with exit 2; the README promises 1 for
    a file check cannot accept."""
    result = run("check", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == f"ogames: {tmp_path} is a folder, not a saved game\n"
    export = run("export", str(tmp_path), "-o", str(tmp_path / "x.svg"))
    assert export.exit_code == 2 and "is a folder, not a saved game" in export.stderr


# ----- review ---------------------------------------------------------------------------------

#: Ordo, White to move: only d6-d8 reaches White's goal row (8) and wins (§2.4.4); after any
#: other move Black's a4 runs down the free a-file to its own goal row (1)
WIN_OR_LOSE = '[Game "ordo"]\n[Setup "10/4W5/3W6/10/B9/10/10/10 w"]\n'


def test_review_json_marks_the_move_that_loses_at_once_and_proposes_the_win(tmp_path) -> None:
    import json

    path = tmp_path / "lost.ogame"
    path.write_text(WIN_OR_LOSE + '[Result "0-1"]\n\n1. d6-e6 a4-a1 0-1\n')
    result = run("review", str(path), "--json", "--nodes", "2000")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    first, second = data["plies"]
    assert (first["move"], first["mark"], first["preferred"]) == ("d6-e6", "??", "d6-d8")
    assert first["chances"] == [0.0, 1.0]  # Black, to move, wins with a4-a1
    assert first["forced"] == {"winner": "Black", "plies": 1, "moves": 1}
    assert (second["move"], second["chances"], second["mark"]) == ("a4-a1", [0.0, 1.0], "")
    white, black = data["summary"]
    assert white["marks"] == {"??": 1, "?": 0, "?!": 0} and white["average_drop"] >= 0.3
    assert black["marks"] == {"??": 0, "?": 0, "?!": 0} and black["accuracy"] == 100
    assert white["accuracy"] < 10
    assert data["error"] is None and data["complete"] and not data["cut_short"]
    assert data["budget"] == "2,000 nodes a position"


def test_review_prints_each_ply_and_a_summary_per_player(tmp_path) -> None:
    path = tmp_path / "lost.ogame"
    path.write_text(WIN_OR_LOSE + '[White "Ann"]\n[Black "Bob"]\n[Result "0-1"]\n\n'
                    "1. d6-e6 a4-a1 0-1\n")
    result = run("review", str(path), "--nodes", "2000", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    row = next(line for line in lines if line.split()[:3] == ["1", "White", "d6-e6"])
    assert row.split()[-2:] == ["d6-d8", "??"]
    assert "seed 3" in result.stdout and "?? (blunder) 30 points or more" in result.stdout
    assert row.split()[3:7] == ["-", "wins", "in", "1"]  # Black, to move, wins at once
    assert any(line.startswith("White (Ann): accuracy 0 %") and line.endswith("?? 1  ? 0  ?! 0")
               for line in lines)
    assert any(line.startswith("Black (Bob): accuracy 100 %") for line in lines)


def test_review_of_a_broken_file_reviews_the_moves_before_and_exits_1(tmp_path) -> None:
    path = tmp_path / "g.ogame"
    path.write_text(HEADER + '[Result "*"]\n\n1. c2:d2-c3 c7:d7-c6 2. e3-e9 *\n')
    result = run("review", str(path), "--nodes", "2000")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"ogames: {path}:8:25: move 3 'e3-e9' is refused")
    assert "c2:d2-c3" in result.stdout and "c7:d7-c6" in result.stdout
    assert "2 plies" in result.stdout
    missing = run("review", str(tmp_path / "none.ogame"))
    assert missing.exit_code == 1 and "cannot read it" in missing.stderr
    saved = run("review", str(path), "--save")
    assert saved.exit_code == 2 and "--save" in saved.stderr


def test_a_saved_review_is_accepted_by_check_and_reused(tmp_path) -> None:
    import json

    path = tmp_path / "g.ogame"
    path.write_text(HEADER + '[Result "*"]\n\n1. c2:d2-c3 c7:d7-c6 2. e3-e4 *\n')
    first = run("review", str(path), "--nodes", "2000", "--json", "--save")
    assert first.exit_code == 0 and "saved the review of 3 plies" in first.stderr
    text = path.read_text()
    assert text.count("{[%chance ") == 3
    assert run("check", str(path)).stdout.startswith("Ordo (10x8): 3 moves")
    again = run("review", str(path), "--nodes", "2000", "--json")
    before, after = json.loads(first.stdout), json.loads(again.stdout)
    assert all(p["from_file"] for p in after["plies"])
    for p in (*before["plies"], *after["plies"]):
        p.pop("from_file")
    assert after["plies"] == before["plies"]
