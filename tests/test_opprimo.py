"""Opprimo (CLARIFICATIONS §2.1, check numbers §3.1).

Expected values come from CLARIFICATIONS or are worked out by hand from the rules; each
hand-built position says how its move list was derived. Directions: Yellow's forward is
N (same file, rank +2), NE (file +1, rank +1), NW (file −1, rank +1); Red's is S, SE, SW.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ogames.core.board import cell
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.outcome import Outcome
from ogames.core.perft import divide, perft
from ogames.games.opprimo import RULES, notation
from ogames.games.opprimo import play as game_play

START = "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1"
WORKED = "1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1"
NO_MOVES = "sss/ssss/sss/1ss1/3/s3/3/ss2/s2/S3/s2/s3/n2 y ab2 de11 40"


def opn(pieces: dict[str, str], side: str = "y", yk: str = "ab2", rk: str = "de11",
        number: int = 1) -> str:
    """A position string from {point: letter}; odd ranks list b d f, even ranks a c e g."""
    rows = []
    for rank in range(13, 0, -1):
        row, run = "", 0
        for f in ("bdf" if rank % 2 else "aceg"):
            letter = pieces.get(f"{f}{rank}")
            if letter is None:
                run += 1
                continue
            if run:
                row, run = row + str(run), 0
            row += letter
        rows.append(row + (str(run) if run else ""))
    return f"{'/'.join(rows)} {side} {yk} {rk} {number}"


def listed(text: str) -> list[str]:
    pos = RULES.parse_position(text)
    return [RULES.move_text(pos, m) for m in RULES.legal_moves(pos)]


def play(text: str, move: str) -> str:
    pos = RULES.parse_position(text)
    return RULES.format_position(RULES.apply(pos, RULES.parse_move(pos, move)))


# ----- check numbers (§3.1) -------------------------------------------------------------


def test_start_is_the_standard_start_and_has_the_15_first_moves() -> None:
    assert RULES.format_position(RULES.start("standard")) == START
    assert RULES.parse_position(START) == RULES.start("standard")
    assert listed(START) == ["Kcd1-cd2", "Kcd1-de1", "a2-a4", "b3-a4", "b3-b5", "b3-c4",
                             "c2-c4", "d3-c4", "d3-d5", "d3-e4", "e2-e4", "f3-e4", "f3-f5",
                             "f3-g4", "g2-g4"]
    assert RULES.position_warnings(RULES.start("standard")) == ()


def test_divide_at_depth_3() -> None:
    assert divide(RULES, RULES.parse_position(START), 3) == [
        ("Kcd1-cd2", 225), ("Kcd1-de1", 225), ("a2-a4", 240), ("b3-a4", 240),
        ("b3-b5", 270), ("b3-c4", 240), ("c2-c4", 255), ("d3-c4", 240), ("d3-d5", 270),
        ("d3-e4", 240), ("e2-e4", 255), ("f3-e4", 240), ("f3-f5", 270), ("f3-g4", 240),
        ("g2-g4", 240)]


def test_no_legal_move_loses() -> None:
    pos = RULES.parse_position(NO_MOVES)
    assert not game_play.is_trapped(pos, 0)
    assert listed(NO_MOVES) == []
    assert perft(RULES, pos, 1) == 0
    out = RULES.outcome(pos)
    assert out == Outcome.win(1, 2, "no moves")
    assert out.result_token == "0-1"
    assert RULES.format_position(pos) == NO_MOVES


def test_worked_example_both_sides() -> None:
    assert listed(WORKED) == ["Kcd1-cd2", "Kcd1-de1", "d13-c12", "d13xd9", "e10-f11",
                              "e10xc12#", "e12-f13=N"]
    assert listed(WORKED.replace(" y ", " r ")) == [
        "Kde11-cd11", "Kde11-de10", "d11-c10", "d11-d9", "d11xf9", "d5-c4", "d5-d3", "d5-e4"]


def test_worked_example_trap_ends_the_game() -> None:
    pos = RULES.parse_position(WORKED)
    child = RULES.apply(pos, RULES.parse_move(pos, "e10xc12#"))
    # e10 jumps NW over d11 to c12: d11 turns Yellow; d11, e12, d13 are all Yellow
    assert RULES.format_position(child) == "1N1/1SS1/1S1/4/3/4/3/4/1s1/4/3/4/3 r cd1 de11 1"
    assert RULES.outcome(child) == Outcome.win(0, 2, "trapped")
    assert RULES.legal_moves(child) == []
    assert perft(RULES, child, 1) == 0 and perft(RULES, child, 2) == 0
    # d13xd9 converts d11 as well, but vacates d13: no trap
    other = RULES.apply(pos, RULES.parse_move(pos, "d13xd9"))
    assert RULES.format_position(other) == "3/2S1/1S1/2S1/1N1/4/3/4/1s1/4/3/4/3 r cd1 de11 1"
    assert RULES.outcome(other) is None


# ----- board data (§2.1.1, §2.1.2) ------------------------------------------------------


def test_board_counts_and_degrees() -> None:
    assert len(notation.POINT_NAMES) == 45 and len(notation.TRIANGLE_NAMES) == 66
    degrees = [sum(n >= 0 for n in row) for row in game_play.NEIGHBOUR]
    assert sum(degrees) // 2 == 110
    assert {d: degrees.count(d) for d in (6, 5, 4, 3)} == {6: 23, 5: 4, 4: 8, 3: 10}


@pytest.mark.parametrize(("name", "corners"), [
    ("ab1", "b1 a2 b3"), ("ab2", "a2 b3 a4"), ("cd1", "d1 c2 d3"), ("cd2", "c2 d3 c4"),
    ("de11", "d11 e12 d13"), ("fg11", "f11 g12 f13"), ("ef10", "e10 f11 e12"),
    ("bc6", "c6 b7 c8")])
def test_triangle_corners(name: str, corners: str) -> None:
    got = notation.TRIANGLE_CORNERS[notation.TRIANGLE_INDEX[name]]
    assert [notation.POINT_NAMES[p] for p in got] == corners.split()


@pytest.mark.parametrize(("side", "path"), [
    (0, "ab2 ab1 bc1 bc2 cd2 cd1 de1 de2 ef2 ef1 fg1 fg2"),
    (1, "ab10 ab11 bc11 bc10 cd10 cd11 de11 de10 ef10 ef11 fg11 fg10")])
def test_castle_is_the_king_path_of_the_table(side: int, path: str) -> None:
    names = path.split()
    expected = {(a, b) for a, b in zip(names, names[1:], strict=False)}
    expected |= {(b, a) for a, b in expected}
    got = {(notation.TRIANGLE_NAMES[t], notation.TRIANGLE_NAMES[u])
           for (t, u) in game_play.KING_MOVES if game_play.castle_of(t) == side}
    assert got == expected
    assert set(notation.CASTLES[side]) == set(names)


def test_unconvertible_points() -> None:
    # R5: a jumped point needs the line to go on at both sides of it
    mids = {notation.POINT_NAMES[m.mid] for row in game_play.JUMPS for m in row if m}
    never = {"a2", "a12", "g2", "g12", "b1", "d1", "f1", "b13", "d13", "f13"}
    assert mids == set(notation.POINT_NAMES) - never
    for row in game_play.JUMPS:
        for m in row:
            if m and notation.POINT_NAMES[m.mid][0] in "ag":
                line = {notation.POINT_NAMES[p][0] for p in (m.frm, m.mid, m.to)}
                assert len(line) == 1  # along file a or g itself


# ----- soldiers -----------------------------------------------------------------------


def test_soldiers_on_the_side_lines() -> None:
    text = opn({"a4": "S", "g8": "S", "a10": "s"})
    # a4: N a6, NE b5 (no NW line); g8: N g10, NW f9 (no NE line); King ab2 → ab1 only
    assert listed(text) == ["Kab2-ab1", "a4-a6", "a4-b5", "g8-f9", "g8-g10"]
    # Red's a10: S a8, SE b9; Red's King de11 → cd11, de10
    assert listed(text.replace(" y ", " r ")) == ["Kde11-cd11", "Kde11-de10", "a10-a8",
                                                  "a10-b9"]


def test_a_soldier_moves_forward_only() -> None:
    text = opn({"d7": "S", "d11": "s"})
    assert listed(text) == ["Kab2-ab1", "d7-c8", "d7-d9", "d7-e8"]
    pos = RULES.parse_position(text)
    for back in ("d7-d5", "d7-c6", "d7-e6"):
        with pytest.raises(IllegalMoveError, match="forward only"):
            RULES.parse_move(pos, back)
    with pytest.raises(IllegalMoveError, match="one step along a line"):
        RULES.parse_move(pos, "d7-f7")  # sideways: no line joins them
    red = text.replace(" y ", " r ")
    # Red's d11 goes down: S d9, SE e10, SW c10 (and never up to d13)
    assert listed(red) == ["Kde11-cd11", "Kde11-de10", "d11-c10", "d11-d9", "d11-e10"]
    with pytest.raises(IllegalMoveError, match="forward only"):
        RULES.parse_move(RULES.parse_position(red), "d11-d13")


def test_blocked_soldier() -> None:
    # b1 at the start: b3, c2, a2 all Yellow, nothing to jump → no move from b1
    pos = RULES.parse_position(START)
    with pytest.raises(IllegalMoveError, match="taken by your own piece"):
        RULES.parse_move(pos, "b1-b3")
    with pytest.raises(IllegalMoveError, match="cannot jump your own piece"):
        RULES.parse_move(pos, "b1xb5")


# ----- conversions ----------------------------------------------------------------------


def test_conversion_on_a_vertical_line() -> None:
    text = opn({"d5": "S", "d7": "s"})
    # d5: N d7 is Red → jump to d9; NE e6, NW c6 free
    assert listed(text) == ["Kab2-ab1", "d5-c6", "d5-e6", "d5xd9"]
    assert play(text, "d5xd9") == opn({"d7": "S", "d9": "S"}, side="r")


def test_conversion_on_a_diagonal_line() -> None:
    text = opn({"c4": "S", "d5": "s"})
    # c4: NE d5 is Red and e6 is empty → c4xe6; N c6 and NW b5 free
    assert listed(text) == ["Kab2-ab1", "c4-b5", "c4-c6", "c4xe6"]
    assert play(text, "c4xe6") == opn({"d5": "S", "e6": "S"}, side="r")


def test_conversion_needs_an_empty_point_beyond() -> None:
    text = opn({"c4": "S", "d5": "s", "e6": "s"})
    assert listed(text) == ["Kab2-ab1", "c4-b5", "c4-c6"]
    with pytest.raises(IllegalMoveError, match="beyond must be empty"):
        RULES.parse_move(RULES.parse_position(text), "c4xe6")


def test_a_knight_moves_and_converts_backward() -> None:
    text = opn({"d9": "N", "d7": "s"})
    # all six directions: c10 d11 e10 up; d7 (Red, jump to d5), c8, e8 down
    assert listed(text) == ["Kab2-ab1", "d9-c10", "d9-c8", "d9-d11", "d9-e10", "d9-e8",
                            "d9xd5"]
    assert play(text, "d9xd5") == opn({"d5": "N", "d7": "S"}, side="r")


def test_a_soldier_cannot_convert_backward() -> None:
    text = opn({"d5": "s", "d7": "S"}, side="r")
    # Red's d5 goes down only: S d3, SE e4, SW c4; d7 behind it is out of reach
    assert listed(text) == ["Kde11-cd11", "Kde11-de10", "d5-c4", "d5-d3", "d5-e4"]
    with pytest.raises(IllegalMoveError, match="converts forward only"):
        RULES.parse_move(RULES.parse_position(text), "d5xd9")


def test_a_converted_knight_becomes_a_soldier() -> None:
    text = opn({"d5": "S", "d7": "n"})
    assert listed(text) == ["Kab2-ab1", "d5-c6", "d5-e6", "d5xd9"]
    assert play(text, "d5xd9") == opn({"d7": "S", "d9": "S"}, side="r")


def test_one_conversion_per_move_no_chains() -> None:
    # d5 could jump d7 to d9, then d11 to d13, but a move converts one piece only
    text = opn({"d5": "S", "d7": "s", "d11": "s"})
    assert listed(text) == ["Kab2-ab1", "d5-c6", "d5-e6", "d5xd9"]
    assert play(text, "d5xd9") == opn({"d7": "S", "d9": "S", "d11": "s"}, side="r")
    # two pieces in a row cannot be jumped: d9 beyond d7 is taken
    text = opn({"d5": "S", "d7": "s", "d9": "s"})
    assert listed(text) == ["Kab2-ab1", "d5-c6", "d5-e6"]


# ----- promotion ------------------------------------------------------------------------


def test_promotion_by_a_step() -> None:
    text = opn({"c12": "S"})
    # c12: NE d13 and NW b13 are shields (no N point); one Yellow corner of de11 only
    assert listed(text) == ["Kab2-ab1", "c12-b13=N", "c12-d13=N"]
    assert play(text, "c12-d13=N") == opn({"d13": "N"}, side="r")
    assert play(text, "c12-d13") == opn({"d13": "N"}, side="r")


def test_promotion_by_a_conversion() -> None:
    text = opn({"f9": "S", "f11": "s"})
    # f9: N f11 Red → jump to the shield f13; NE g10, NW e10 free
    assert listed(text) == ["Kab2-ab1", "f9-e10", "f9-g10", "f9xf13=N"]
    assert play(text, "f9xf13=N") == opn({"f11": "S", "f13": "N"}, side="r")


def test_a_knight_on_a_shield_does_not_promote_again() -> None:
    text = opn({"c12": "N"})
    # c12 (a Knight): b13, d13 up; b11, c10, d11 down (no c14)
    assert listed(text) == ["Kab2-ab1", "c12-b11", "c12-b13", "c12-c10", "c12-d11",
                            "c12-d13"]


def test_promotion_and_trap_together() -> None:
    text = opn({"f9": "S", "f11": "s", "e12": "S"}, rk="ef11")
    # ef11 = f11, e12, f13: f9xf13 converts f11 and lands a new Knight on f13 → trapped
    assert listed(text) == ["Kab2-ab1", "e12-d13=N", "e12-f13=N", "f9-e10", "f9-g10",
                            "f9xf13=N#"]
    pos = RULES.parse_position(text)
    for written in ("f9xf13", "f9xf13=N", "f9xf13#", "f9xf13=N#"):
        assert RULES.parse_move(pos, written) == RULES.parse_move(pos, "f9xf13=N#")


# ----- kings ----------------------------------------------------------------------------


def test_king_refused_three_enemy_corners_but_allowed_two() -> None:
    text = opn({"c2": "s", "d3": "s", "c4": "s", "e2": "s", "g4": "S"}, yk="cd1")
    # cd2 = c2 d3 c4, all Red: refused; de1 = d1 e2 d3, two Red: allowed
    assert listed(text) == ["Kcd1-de1", "g4-f5", "g4-g6"]
    pos = RULES.parse_position(text)
    with pytest.raises(IllegalMoveError, match="three enemy corners"):
        RULES.parse_move(pos, "Kcd1-cd2")


def test_mixed_corners_do_not_trap() -> None:
    # de11 = d11, e12, d13: two Yellow, one Red → free (R10)
    pos = RULES.parse_position(opn({"d11": "S", "e12": "S", "d13": "s"}, side="r"))
    assert RULES.outcome(pos) is None
    # and Yellow's King may enter a triangle with two Red corners and one Yellow
    # ab1 = b1, a2, b3: two Red corners and one Yellow. a2 also jumps b3 onto c4.
    text = opn({"b1": "n", "a2": "S", "b3": "s"})
    assert listed(text) == ["Kab2-ab1", "a2-a4", "a2xc4"]


def test_king_at_the_ends_of_its_castle() -> None:
    # fg2 (g2, f3, g4) touches fg1 and fg3, but fg3 is outside the Castle
    assert listed(opn({}, yk="fg2", rk="ab10")) == ["Kfg2-fg1"]
    # ab10 (a10, b11, a12) touches ab9 (outside) and ab11
    assert listed(opn({}, side="r", yk="fg2", rk="ab10")) == ["Kab10-ab11"]
    pos = RULES.parse_position(opn({}, yk="fg2", rk="ab10"))
    with pytest.raises(IllegalMoveError, match="stays inside its castle"):
        RULES.parse_move(pos, "Kfg2-fg3")
    with pytest.raises(IllegalMoveError, match="one triangle at a time"):
        RULES.parse_move(pos, "Kfg2-ef1")


# ----- the trap -------------------------------------------------------------------------


def test_trap_by_a_step() -> None:
    text = opn({"d13": "N", "e12": "S", "c10": "S"})
    # c10: c12, d11 (completes de11 = d11 e12 d13), b11; d13: c12, d11 (vacates d13);
    # e12: f13 (a shield), d13 is own
    assert listed(text) == ["Kab2-ab1", "c10-b11", "c10-c12", "c10-d11#", "d13-c12",
                            "d13-d11", "e12-f13=N"]
    pos = RULES.parse_position(text)
    child = RULES.apply(pos, RULES.parse_move(pos, "c10-d11"))
    assert RULES.outcome(child) == Outcome.win(0, 2, "trapped")
    assert RULES.legal_moves(child) == []


def test_trap_by_a_conversion() -> None:
    text = opn({"d9": "S", "d11": "s", "e12": "S"})
    # d9 jumps d11 (turns Yellow) onto the shield d13 (a new Knight): all three corners
    assert listed(text) == ["Kab2-ab1", "d9-c10", "d9-e10", "d9xd13=N#", "e12-d13=N",
                            "e12-f13=N"]


def test_trap_by_a_new_knight() -> None:
    text = opn({"d11": "S", "e12": "S", "c12": "S"})
    # c12 → d13 promotes and closes de11; d11 → d13 and e12 → d13 vacate a corner
    assert listed(text) == ["Kab2-ab1", "c12-b13=N", "c12-d13=N#", "d11-d13=N", "e12-d13=N",
                            "e12-f13=N"]


def test_the_trapped_side_gets_no_reply() -> None:
    text = opn({"d13": "N", "e12": "S", "c10": "S", "c12": "s"})
    pos = RULES.parse_position(text)
    child = RULES.apply(pos, RULES.parse_move(pos, "c10-d11#"))
    # Red's c12 could convert d11 (SE, landing on e10) — but the game is already over
    assert RULES.format_position(child) == opn({"d13": "N", "e12": "S", "d11": "S",
                                                "c12": "s"}, side="r")
    assert RULES.outcome(child) == Outcome.win(0, 2, "trapped")
    assert RULES.legal_moves(child) == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        RULES.parse_move(child, "c12xe10")


# ----- position text --------------------------------------------------------------------


def test_position_round_trip_and_default_move_number() -> None:
    pos = RULES.parse_position("  sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS\ty   cd1 de11  ")
    assert RULES.format_position(pos) == START
    assert RULES.parse_position(NO_MOVES).number == 40


def test_move_number_goes_up_after_red() -> None:
    after_yellow = play(START, "d3-d5")
    assert after_yellow.endswith(" r cd1 de11 1")
    assert play(after_yellow, "d11-d9").endswith(" y cd1 de11 2")


def test_warning_for_an_unusual_number_of_men() -> None:
    assert RULES.position_warnings(RULES.parse_position(NO_MOVES)) == ()
    warnings = RULES.position_warnings(RULES.parse_position(WORKED))
    assert len(warnings) == 1 and "5" in warnings[0] and "20" in warnings[0]


@pytest.mark.parametrize(("text", "field"), [
    # wrong row count
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS y cd1 de11 1", "points"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS/3 y cd1 de11 1", "points"),
    # rows not describing exactly their points
    ("sss/sssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1", "rank 12"),
    ("sss/sss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1", "rank 12"),
    ("sss/ssss/sss/5/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1", "rank 10"),
    ("sss/ssss/sss/4/4/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1", "rank 9"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SS y cd1 de11 1", "rank 1"),
    ("sss/ssss/sss/4//4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1", "rank 9"),
    ("sss/ssss/sss/4/3/4/3/4/3/04/SSS/SSSS/SSS y cd1 de11 1", "rank 4"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SKS y cd1 de11 1", "rank 1"),
    # a King outside its own Castle
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd5 de11 1", "Yellow king"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y de11 de11 1", "Yellow king"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 cd1 1", "Red king"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y dc1 de11 1", "Yellow king"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de12 1", "Red king"),
    # an unpromoted Soldier on its own shield
    ("S2/4/3/4/3/4/3/4/3/4/3/4/3 y cd1 de11 1", "rank 13"),
    ("3/4/3/4/3/4/3/4/3/4/3/4/1s1 y cd1 de11 1", "rank 1"),
    # the side not to move already trapped
    ("1N1/1SS1/1S1/4/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1", "Red king"),
    # fields
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1", "Red king"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1 x", "position"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS Y cd1 de11 1", "side"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 0", "move number"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 01", "move number"),
    ("sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 -3", "move number"),
    ("", "points"),
])
def test_rejected_positions(text: str, field: str) -> None:
    with pytest.raises(NotationError) as info:
        RULES.parse_position(text)
    assert info.value.field == field
    assert info.value.column is not None and 1 <= info.value.column <= len(text) + 1


def test_the_move_number_has_no_upper_limit() -> None:
    """§2.1.7: <move number> is an integer ≥ 1, nothing more."""
    text = "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 12345678901234567890"
    assert RULES.format_position(RULES.parse_position(text)) == text


def test_a_move_number_python_cannot_read_is_a_notation_error() -> None:
    """4,301 nines exceed Python's limit for reading a whole number (4,300 digits): the
    reader refuses it as notation, naming the field, instead of failing with ValueError."""
    longest = "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 " + "9" * 4300
    assert RULES.format_position(RULES.parse_position(longest)) == longest
    text = "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 " + "9" * 4301
    with pytest.raises(NotationError) as info:
        RULES.parse_position(text)
    assert not isinstance(info.value, ValueError)
    assert info.value.field == "move number"
    assert "move number" in info.value.reason
    assert info.value.column == 52


def test_long_numbers_in_moves_and_rows_are_notation_errors() -> None:
    """Opprimo moves carry no number field, but their point and triangle names end in one,
    as do the runs of empty points in a row: 4,301 nines there are notation errors too."""
    pos = RULES.start("standard")
    for text in ("c" + "9" * 4301 + "-c4", "c2-c" + "9" * 4301, "Kcd" + "9" * 4301 + "-de1"):
        with pytest.raises(NotationError) as info:
            RULES.parse_move(pos, text)
        assert info.value.field == "move", text
    row = "sss/ssss/sss/" + "9" * 4301 + "/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1"
    with pytest.raises(NotationError) as info:
        RULES.parse_position(row)
    assert info.value.field == "rank 10" and info.value.column == 14


def test_rejection_columns() -> None:
    cases = {
        # the '5' of rank 10 is character 14
        "sss/ssss/sss/5/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 1": 14,
        # 'S' on b13 is the first character
        "S2/4/3/4/3/4/3/4/3/4/3/4/3 y cd1 de11 1": 1,
        # the points field is 39 characters: the Yellow King field starts at 43 and
        # the move number is character 52
        "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd5 de11 1": 43,
        "sss/ssss/sss/4/3/4/3/4/3/4/SSS/SSSS/SSS y cd1 de11 0": 52,
    }
    for text, column in cases.items():
        with pytest.raises(NotationError) as info:
            RULES.parse_position(text)
        assert info.value.column == column, text


def test_a_trapped_side_to_move_is_a_finished_game() -> None:
    pos = RULES.parse_position("1N1/1SS1/1S1/4/3/4/3/4/1s1/4/3/4/3 r cd1 de11 1")
    assert RULES.outcome(pos) == Outcome.win(0, 2, "trapped")
    assert RULES.legal_moves(pos) == []


def test_variant_must_agree() -> None:
    assert RULES.parse_position(START, "standard") == RULES.start("standard")
    with pytest.raises(NotationError):
        RULES.parse_position(START, "big")


# ----- move text ------------------------------------------------------------------------


def test_suffixes_optional_but_never_wrong() -> None:
    pos = RULES.parse_position(WORKED)
    assert RULES.parse_move(pos, "e10xc12") == RULES.parse_move(pos, "e10xc12#")
    assert RULES.parse_move(pos, "e12-f13") == RULES.parse_move(pos, "e12-f13=N")
    for wrong in ("e10xc12=N", "e12-f13#", "e12-f13=N#", "d13xd9#", "Kcd1-de1#",
                  "Kcd1-de1=N", "e10-f11=N"):
        with pytest.raises(IllegalMoveError):
            RULES.parse_move(pos, wrong)


@pytest.mark.parametrize("text", [
    "", "c2", "c2c4", "c2--c4", "c2-c9", "c2-c44", "z2-c4", "c02-c4", "Kcd1xde1", "K",
    "kcd1-de1", "Kcd1-dc1", "Kcd1-cd0", "Kcd1-cd12", "c2-c4#=N", "c2-c4=n", "C2-C4",
    "=N", "#", "c2-Kcd1", "c2-c4 junk"])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_move(RULES.parse_position(START), text)


@pytest.mark.parametrize(("text", "reason"), [
    ("d3-d1", "forward only"),
    ("b11-b9", "not your piece"),
    ("d5-d7", "no piece on d5"),
    ("b1-b3", "your own piece"),
    ("b3-b7", "written b3xb7"),
    ("c2xc4", "written c2-c4"),
    ("a2xa6", "no piece on a4 to jump"),
    ("b1xb5", "your own piece"),
    ("Kde11-de10", "not your king"),
    ("Kcd2-cd1", "your king is on cd1"),
    ("Kcd1-cd3", "stays inside its castle"),
    ("Kcd1-ef1", "one triangle at a time"),
    ("a2-g12", "one step along a line"),
])
def test_illegal_moves_say_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        RULES.parse_move(RULES.parse_position(START), text)


# ----- what the app shows ---------------------------------------------------------------


def test_layout_matches_the_drawing() -> None:
    lay = RULES.layout("standard")
    assert lay.background[1] == "13      ◇       ◇       ◇      13"
    assert lay.background[2] == "      ╱ │ ╲   ╱ │ ╲   ╱ │ ╲      "
    assert lay.background[3] == "12  ·   │   ·   │   ·   │   ·  12"
    assert lay.background[0].split() == list("abcdefg")
    assert len(lay.cells) == 45 + 24
    a2 = lay.cell("a2")
    assert (a2.row, a2.col, a2.width, a2.kind) == (1 + 2 * 11, 3, 3, "point")
    assert lay.cell("b13").shade == "special" and lay.cell("d1").shade == "special"
    cd1 = lay.cell("cd1")  # drawn on the line of rank 2, two columns right of file c
    assert (cd1.row, cd1.col, cd1.width, cd1.kind, cd1.shade) == (23, 14, 1, "triangle",
                                                                   "zone0")
    assert lay.cell("de11").shade == "zone1" and lay.cell("de11").col == 18
    flipped = RULES.layout("standard", flipped=True)
    assert flipped.background[1].startswith(" 1 ")
    assert flipped.background[0].split() == list("gfedcba")
    assert (flipped.cell("a2").row, flipped.cell("a2").col) == (3, 27)
    assert (flipped.cell("cd1").row, flipped.cell("cd1").col) == (3, 18)
    ascii_lay = RULES.layout("standard", ascii=True)
    assert ascii_lay.background[2] == "      / | \\   / | \\   / | \\      "


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("ascii_mode", [False, True])
def test_compact_layout_keeps_coordinates_and_neighbours(flipped: bool,
                                                         ascii_mode: bool) -> None:
    """One line per rank between the file letters: every point lies under its file letter
    on the line of its rank number; a castle triangle XYr, whose corners are at ranks r,
    r+1, r+2, lies between files X and Y on the line of rank r+1. Points joined in the
    rules are near: N/S two lines apart in one column with the file line between them,
    the four diagonal neighbours on the next lines, one file over."""
    lay = RULES.layout("standard", flipped=flipped, ascii=ascii_mode, compact=True)
    assert lay.height == 13 + 2
    top, bottom = lay.background[0], lay.background[-1]

    def centre(name: str) -> tuple[int, int]:
        spec = lay.cell(name)
        return spec.row, spec.col + spec.width // 2

    def rank_of(row: int) -> int:
        words = lay.background[row].split()
        assert words[0] == words[-1]
        return int(words[0])

    for name in notation.POINT_NAMES:
        row, col = centre(name)
        assert top[col] == bottom[col] == name[0]
        assert rank_of(row) == int(name[1:])
    for name in notation.CASTLES[0] + notation.CASTLES[1]:
        row, col = centre(name)
        left, right = sorted((top.index(name[0]), top.index(name[1])))
        assert left < col < right
        assert rank_of(row) == int(name[2:]) + 1
    vert = "|" if ascii_mode else "│"
    for p, name in enumerate(notation.POINT_NAMES):
        row, col = centre(name)
        for d, (direction, _, _) in enumerate(game_play.DIRECTIONS):
            q = game_play.NEIGHBOUR[p][d]
            if q < 0:
                continue
            qrow, qcol = centre(notation.POINT_NAMES[q])
            if direction in ("N", "S"):
                assert (abs(qrow - row), qcol) == (2, col)
                assert lay.background[(row + qrow) // 2][col] == vert
            else:
                assert (abs(qrow - row), abs(qcol - col)) == (1, 4)


def test_compact_layout_turns_through_half_a_turn_and_kings_touch_their_corners() -> None:
    """Flipping sends every cell to the opposite place (b1 from the bottom to the top, a
    from the left to the right), and a castle triangle sits right beside its three corners,
    so a trapped King is seen among the three pieces that trap it."""
    lay = RULES.layout("standard", compact=True)
    flipped = RULES.layout("standard", flipped=True, compact=True)
    assert (flipped.width, flipped.height) == (lay.width, lay.height)
    for spec in lay.cells:
        turned = flipped.cell(spec.name)
        assert (turned.row, turned.col) == (lay.height - 1 - spec.row,
                                            lay.width - spec.col - spec.width)
    assert lay.cell("b1").row == lay.height - 2 and flipped.cell("b1").row == 1
    for name in notation.CASTLES[0] + notation.CASTLES[1]:
        tri = lay.cell(name)
        for p in notation.TRIANGLE_CORNERS[notation.TRIANGLE_INDEX[name]]:
            corner = lay.cell(notation.POINT_NAMES[p])
            assert abs(corner.row - tri.row) <= 1
            assert abs(corner.col + corner.width // 2 - tri.col) == 2


def test_cell_views() -> None:
    views = RULES.cell_views(RULES.parse_position(WORKED))
    assert views["d13"].glyph == "N" and views["d13"].owner == 0 and views["d13"].strong
    assert views["e12"].glyph == "S" and views["e12"].owner == 0
    assert views["d11"].glyph == "s" and views["d11"].owner == 1
    assert views["b13"].glyph == "◇" and views["b13"].ascii == "*"
    assert views["c2"].glyph == "·" and views["c2"].owner is None
    assert views["cd1"].glyph == "K" and views["cd1"].strong
    assert views["de11"].glyph == "k" and views["de11"].owner == 1
    assert views["cd2"].glyph == " "
    assert set(views) == {spec.name for spec in RULES.layout("standard").cells}


def test_side_summary_and_colours() -> None:
    assert RULES.side_summary(RULES.start("standard")) == ("10 soldiers · 0 knights",) * 2
    assert RULES.side_summary(RULES.parse_position(WORKED)) == ("2 soldiers · 1 knight",
                                                                "2 soldiers · 0 knights")
    assert len(RULES.side_colours("standard")) == 2


def test_pick_paths_and_hints() -> None:
    pos = RULES.parse_position(START)
    assert RULES.pick_paths(pos, RULES.parse_move(pos, "d3-d5")) == ((cell("d3"), cell("d5")),)
    assert RULES.pick_paths(pos, RULES.parse_move(pos, "Kcd1-de1")) == (
        (cell("cd1"), cell("de1")),)
    assert RULES.hint(pos, ()) == "select a soldier, knight or your king"
    assert "point to move to" in RULES.hint(pos, (cell("d3"),))
    assert RULES.hint(pos, (cell("cd1"),)) == "select the triangle for your king"


def test_explain_refused_picks() -> None:
    start = RULES.parse_position(START)
    assert RULES.explain(start, (), cell("b11")) == "that is not your piece"
    assert "empty" in RULES.explain(start, (), cell("d5"))
    assert "cannot move" in RULES.explain(start, (), cell("b1"))
    assert RULES.explain(start, (cell("d3"),), cell("d1")) == "a soldier moves forward only"
    assert RULES.explain(start, (cell("cd1"),), cell("cd10")) == "the king stays inside its castle"
    assert "triangle" in RULES.explain(start, (cell("cd1"),), cell("d5"))
    blocked = RULES.parse_position(opn({"c4": "S", "d5": "s", "e6": "s"}))
    assert (RULES.explain(blocked, (cell("c4"),), cell("e6"))
            == "the point beyond must be empty to convert")
    assert "no piece on" in RULES.explain(blocked, (cell("c4"),), cell("c8"))
    near_king = RULES.parse_position(opn({"d9": "S"}))
    assert (RULES.explain(near_king, (cell("d9"),), cell("de11"))
            == "a king cannot be jumped or converted")
    walled = RULES.parse_position(opn({"c2": "s", "d3": "s", "c4": "s", "e2": "s"}, yk="cd1"))
    assert (RULES.explain(walled, (cell("cd1"),), cell("cd2"))
            == "that triangle has three enemy corners")
    knight = RULES.parse_position(opn({"d9": "N", "d7": "S"}))
    assert "your own piece" in RULES.explain(knight, (cell("d9"),), cell("d7"))
    assert "cannot jump your own piece" in RULES.explain(knight, (cell("d9"),), cell("d5"))
    over = RULES.parse_position("1N1/1SS1/1S1/4/3/4/3/4/1s1/4/3/4/3 r cd1 de11 1")
    assert RULES.explain(over, (), cell("d5")) == "the game is over"


def test_parse_move_refuses_exactly_the_illegal_moves() -> None:
    """Every well-formed move text either parses to a legal move or says why not."""
    rng = random.Random(7)
    pos = RULES.start("standard")
    names = notation.POINT_NAMES
    kings = [f"K{notation.TRIANGLE_NAMES[a]}-{notation.TRIANGLE_NAMES[b]}"
             for a in range(66) for b in range(66) if a != b]
    for _ in range(16):
        legal = set(RULES.moves(pos))
        texts = [f"{a}{sep}{b}" for a in names for b in names for sep in "-x" if a != b]
        accepted = set()
        for text in texts + kings:
            try:
                move = RULES.parse_move(pos, text)
            except IllegalMoveError as exc:
                assert "is not legal here" not in str(exc), text  # a real reason
                continue
            assert move in legal
            accepted.add(move)
        assert accepted == legal
        if not legal:
            break
        for _ in range(3):
            moves = RULES.legal_moves(pos)
            if moves:
                pos = RULES.apply(pos, rng.choice(moves))


# ----- parsers never fail with another exception ----------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_parse_position_only_raises_notation_errors(text: str) -> None:
    try:
        RULES.parse_position(text)
    except NotationError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="SNsn0123456789/ yrabcdefgK\t", max_size=70))
def test_parse_position_near_misses(text: str) -> None:
    try:
        RULES.parse_position(text)
    except NotationError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="abcdefgK0123456789-x=N# ", max_size=14)))
def test_parse_move_only_raises_its_errors(text: str) -> None:
    for pos_text in (START, WORKED):
        try:
            RULES.parse_move(RULES.parse_position(pos_text), text)
        except (NotationError, IllegalMoveError):
            pass


# ----- the computer's knowledge (ogames/games/opprimo/computer.py) ----------------------
# Red's King on de11 has the corners d11, e12 and d13 (the triangle table of §2.1.1).


def test_threatened_when_the_next_move_could_trap():
    """The worked example: with Red to move, Yellow's e10xc12# would trap Red's King (the
    text's listing); with Yellow to move, Red has no man on a corner of cd1 (d1, c2, d3),
    so nothing threatens Yellow."""
    from ogames.games.opprimo.computer import threatened

    red_to_move = RULES.parse_position(WORKED.replace(" y ", " r "))
    assert threatened(RULES, red_to_move)
    assert not threatened(RULES, RULES.parse_position(WORKED))


def test_threatened_by_a_jump_that_lands_on_one_corner_and_converts_another():
    """Yellow holds d13, a Red Soldier stands on e12 and d11 is empty. A Yellow Knight on
    f13 jumps SW over e12 onto d11: it converts e12 and lands on the last corner, so one
    move adds two corners and traps. A Yellow Soldier on e10 instead can only step NW to
    d11 (N is blocked by e12, and no line runs from e10 over a corner onto another):
    two corners, no trap, no threat."""
    from ogames.games.opprimo.computer import threatened

    knight = opn({"d13": "N", "e12": "s", "f13": "N"}, side="r")
    assert "f13xd11#" in listed(knight.replace(" r ", " y "))
    assert threatened(RULES, RULES.parse_position(knight))
    soldier = opn({"d13": "N", "e12": "s", "e10": "S"}, side="r")
    assert not threatened(RULES, RULES.parse_position(soldier))


def test_approach_rings_by_hand():
    """One step from a corner of de11: a Yellow Soldier (N, NE, NW) on d9, c10, e10 (to
    d11), f11 (to e12) or c12 (to d13); a Red Soldier (S, SE, SW) on c12 (SE to d11) or f13
    (SW to e12), nothing reaching d13 from above; a Knight (every way) on any of those.
    Corners themselves are never in a ring."""
    from ogames.games.opprimo.computer import approach_rings
    from ogames.games.opprimo.notation import POINT_NAMES, TRIANGLE_INDEX

    def names(bits: int) -> set[str]:
        return {POINT_NAMES[p] for p in range(len(POINT_NAMES)) if bits >> p & 1}

    (yellow, red), knights = approach_rings()
    de11 = TRIANGLE_INDEX["de11"]
    assert names(yellow[de11][0]) == {"d9", "c10", "e10", "f11", "c12"}
    assert names(red[de11][0]) == {"c12", "f13"}
    assert names(knights[de11][0]) == {"d9", "c10", "e10", "f11", "c12", "f13"}
    # d7 is two steps N from d11, d5 three
    assert "d7" in names(yellow[de11][1]) and "d5" in names(yellow[de11][2])


def test_men_close_to_the_enemy_king_count():
    """Same men, nothing on any corner: a Yellow Soldier on d9, one step below a corner of
    Red's King (d11), is worth more to Yellow than on d5, three steps below; a Red Soldier
    on c4, one step above corners of Yellow's King on cd1 (d1, c2, d3), more to Red than
    on b9, four steps away."""
    from ogames.games.opprimo.computer import policy

    score = policy().score
    near = RULES.parse_position(opn({"d9": "S", "b9": "s"}, yk="cd1"))
    far = RULES.parse_position(opn({"d5": "S", "b9": "s"}, yk="cd1"))
    assert score(RULES, near) > score(RULES, far)
    red_near = RULES.parse_position(opn({"d5": "S", "c4": "s"}, side="r", yk="cd1"))
    red_far = RULES.parse_position(opn({"d5": "S", "b9": "s"}, side="r", yk="cd1"))
    assert score(RULES, red_near) > score(RULES, red_far)


def test_king_safety_by_hand():
    """Yellow's King on cd1 (corners d1, c2, d3; §2.1.1's triangle table), Red Soldiers on
    c2 and d3: Red holds two corners, and c2 steps SE onto d1 in one move, so cd1 needs 1.
    The King's Castle neighbours: de1 (d1, e2, d3) needs 1 + 1 + 0 (d3 steps SE onto e2),
    less the walk: 1; cd2 (c2, d3, c4) needs 0 + 0 + c4, and a Red Soldier only steps
    down: with no Red man above c4 it counts ``FAR`` (4), less the walk: 3. Red men above
    make the way out shorter: a Soldier on c10 is three steps S from c4 (2 for cd2 with
    the walk), one on c6 a single step (0): then every way out needs a move or less."""
    from ogames.games.opprimo.computer import DANGER, FAR, king_danger, king_safety

    assert FAR == 4
    cases = {(): 3, ("c10",): 2, ("c6",): 1}
    for extra, expected in cases.items():
        pieces = {"c2": "s", "d3": "s", **{p: "s" for p in extra}}
        pos = RULES.parse_position(opn(pieces, yk="cd1"))
        assert king_safety(pos.yellow, pos.red, pos.knights, 1, pos.yellow_king) == expected
        assert king_danger(pos, 0) == DANGER[expected]


def test_king_safety_counts_the_kings_own_men_and_knights():
    """Yellow's King on ab2, an end of its Castle (corners a2, b3, a4; its one neighbour
    ab1 has b1, a2, b3). A Red Knight on b5 is one step from b3 (S) and a4 (SW) and two
    from a2 and b1: ab2 needs 2 + 1 + 1 = 4, ab1 2 + 2 + 1 = 5, less the walk: 4. A Yellow
    Soldier on b3 costs Red a move more there (it must be converted first): 2 + 2 + 1 = 5
    and 2 + 2 + 2 - 1 = 5."""
    from ogames.games.opprimo.computer import king_safety

    def safety(pieces: dict[str, str]) -> int:
        pos = RULES.parse_position(opn(pieces, yk="ab2"))
        return king_safety(pos.yellow, pos.red, pos.knights, 1, pos.yellow_king)

    assert safety({"b5": "n"}) == 4
    assert safety({"b5": "n", "b3": "S"}) == 5


def test_fixed_points_are_the_back_edges():
    """A jump passes over a point along a line with a point on each side of it. On the
    back edges every line through a point ends there: ranks 1 and 13 have nothing below
    or above, and a2, g2, a12, g12 are the ends of the outer files, whose diagonals run
    off the board on one side. Every other point has a line through it (§2.1.1)."""
    from ogames.games.opprimo.computer import fixed_points

    bits = fixed_points()
    assert {notation.POINT_NAMES[p] for p in range(len(notation.POINT_NAMES))
            if bits >> p & 1} == {"b1", "d1", "f1", "a2", "g2", "a12", "g12", "b13", "d13",
                                  "f13"}


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_king_beside_its_back_edge_man_is_never_trapped(seed):
    """The rules tip (Tips, "Your back edge is a fortress"): Yellow's King starts on cd1
    with its Soldier on d1. If Yellow only walks the King between cd1 and de1, the two
    triangles that share d1, Red never converts d1 and never traps the King however it
    plays, and the walk is always legal (§2.1: a King may enter a triangle with one own
    corner)."""
    rng = random.Random(seed)
    pos = RULES.start("standard", None)
    d1 = 1 << notation.POINT_INDEX["d1"]
    for _ in range(150):
        if pos.side == 0:
            walks = [m for m in RULES.legal_moves(pos)
                     if RULES.move_text(pos, m) in ("Kcd1-de1", "Kde1-cd1")]
            assert len(walks) == 1
            move = walks[0]
        else:
            move = rng.choice(RULES.legal_moves(pos))
        pos = RULES.apply(pos, move)
        assert pos.yellow & d1
        assert RULES.outcome(pos) is None


def test_an_anchored_king_is_never_in_danger():
    """Yellow's King on cd1 (d1, c2, d3), Red Soldiers on c2 and d3 and Red Knights all
    round. With d1 empty Red needs one move (``king_safety`` 1, the highest danger). With a
    Yellow Soldier on d1 the triangle cannot be closed: no jump passes over d1, so Red
    never takes it, and the King's step to de1 (d1, e2, d3) keeps d1 too. Its side is
    worth more there than the same men with the Soldier elsewhere."""
    from ogames.games.opprimo.computer import DANGER, king_danger, king_safety, policy

    around = {"c2": "s", "d3": "s", "e4": "n", "c4": "n", "b3": "n"}
    open_king = RULES.parse_position(opn({**around, "f1": "S"}, yk="cd1"))
    anchored = RULES.parse_position(opn({**around, "d1": "S"}, yk="cd1"))
    assert king_safety(open_king.yellow, open_king.red, open_king.knights, 1, open_king.yellow_king) == 1
    assert king_danger(open_king, 0) == DANGER[1]
    assert king_danger(anchored, 0) == 0.0
    assert "Kcd1-de1" in listed(opn({**around, "d1": "S"}, yk="cd1"))
    score = policy().score
    assert score(RULES, anchored) > score(RULES, open_king)


def test_pressure_on_an_anchored_king_counts_nothing():
    """Red's King on de11 (d11, e12, d13) with its Soldier on d13 can never be closed, so
    two Yellow Soldiers on d11 and e12 are worth no more to Yellow than on a6 and c6. With
    Red's Soldier on b13 instead, the same two corners press on a King that can be
    trapped, and count."""
    from ogames.games.opprimo.computer import policy

    score = policy().score

    def yellow(pieces: dict[str, str]) -> float:
        return score(RULES, RULES.parse_position(opn(pieces)))

    assert yellow({"d11": "S", "e12": "S", "d13": "s"}) == yellow(
        {"a6": "S", "c6": "S", "d13": "s"})
    assert yellow({"d11": "S", "e12": "S", "b13": "s"}) > yellow(
        {"a6": "S", "c6": "S", "b13": "s"})


#: strength game 20 of hard against the baseline (``bench/strength-games.jsonl``, Opprimo
#: fingerprint 11775866fdb3), ply 50: Yellow's King on cd1 is anchored by its Soldier on
#: d1, which may convert c2 (d1xb3). Hard's search refused it, the pre-check played it,
#: Red answered d3-d1=N, and Yellow's King was trapped at ply 76
ANCHOR_CONVERSION = "Ns1/2ss/Ss1/3s/S2/s1S1/3/1SSS/sS1/3S/1s1/1s2/nS1 y cd1 de11 26"


def test_the_precheck_leaves_the_anchoring_mans_conversion_to_the_search():
    """d1xb3 turns a Red man Yellow, and no Red reply turns one back: it wins material at
    once, so the pre-check would play it over any searched move. But d1 is a corner of the
    King's triangle that no jump passes over; the conversion gives up the anchor and lets
    Red make a Knight there that nothing can ever convert. The pre-check leaves it to the
    search, which refuses it. The same man converting while its King sits on ef1 (f1, e2,
    f3), away from d1, is the pre-check's as before."""
    from dataclasses import replace

    from ogames.ai.alphabeta import LEVELS, choose_move
    from ogames.ai.precheck import precheck, sure_gain
    from ogames.core.game import Game
    from ogames.games.opprimo.computer import leaves_anchor

    policy = RULES.policy()
    pos = RULES.parse_position(ANCHOR_CONVERSION)
    d1xb3 = RULES.parse_move(pos, "d1xb3")
    assert sure_gain(RULES, pos, d1xb3, policy) > 0
    assert leaves_anchor(RULES, pos, d1xb3)
    assert precheck(RULES, pos, RULES.legal_moves(pos), policy).capture != d1xb3
    hard = replace(LEVELS["hard"], time_limit=None, nodes=60_000)
    assert choose_move(Game.from_position(RULES, pos), 0, hard) != d1xb3

    away = RULES.parse_position(opn({"d1": "S", "c2": "s", "b13": "s"}, yk="ef1"))
    conversion = RULES.parse_move(away, "d1xb3")
    assert not leaves_anchor(RULES, away, conversion)
    assert precheck(RULES, away, RULES.legal_moves(away), policy).capture == conversion


def _empty_board_steps(directions: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """Steps from every point to every point for a piece moving along ``directions``
    (Δfile, Δrank) on an empty board, by breadth-first search over the point names."""
    names = notation.POINT_NAMES
    where = {(notation.FILES.index(n[0]), int(n[1:])): i for i, n in enumerate(names)}
    steps = {}
    for start, (f0, r0) in ((i, (notation.FILES.index(n[0]), int(n[1:])))
                            for i, n in enumerate(names)):
        seen, frontier, d = {start}, [(f0, r0)], 0
        steps[start, start] = 0
        while frontier:
            d += 1
            nxt = []
            for f, r in frontier:
                for df, dr in directions:
                    q = where.get((f + df, r + dr))
                    if q is not None and q not in seen:
                        seen.add(q)
                        steps[start, q] = d
                        nxt.append((f + df, r + dr))
            frontier = nxt
    return steps


_UP, _DOWN = [(0, 2), (1, 1), (-1, 1)], [(0, -2), (1, -1), (-1, -1)]
_STEPS = {"yellow": _empty_board_steps(_UP), "red": _empty_board_steps(_DOWN),
          "knight": _empty_board_steps(_UP + _DOWN)}


def _plain_king_safety(pos, side: int) -> int:
    """``king_safety`` the slow way: per corner the fewest empty-board steps of any enemy
    man (its own way of moving), capped at 4, one more under the King's own man, 12
    under the King's own man where no line runs through the point (no jump passes over
    it); the King's triangle, and each Castle triangle sharing a side with it less one
    move."""
    enemy, mine = pos.men(1 - side), pos.men(side)
    own_way = _STEPS["red" if side == 0 else "yellow"]
    where = {(notation.FILES.index(n[0]), int(n[1:])) for n in notation.POINT_NAMES}

    def fixed(p: int) -> bool:
        name = notation.POINT_NAMES[p]
        f, r = notation.FILES.index(name[0]), int(name[1:])
        return not any((f + df, r + dr) in where and (f - df, r - dr) in where
                       for df, dr in _UP)

    def corner(p: int) -> int:
        if enemy >> p & 1:
            return 0
        if mine >> p & 1 and fixed(p):
            return 12
        best = 4
        for q in range(len(notation.POINT_NAMES)):
            if enemy >> q & 1:
                table = _STEPS["knight"] if pos.knights >> q & 1 else own_way
                if (q, p) in table and 0 < table[q, p] < best:
                    best = table[q, p]
        return best + (1 if mine >> p & 1 else 0)

    king = pos.king(side)
    castle = next(c for c in notation.CASTLE_SETS if king in c)
    corners = notation.TRIANGLE_CORNERS
    answers = [sum(corner(p) for p in corners[king])]
    for t in castle:
        if len(set(corners[t]) & set(corners[king])) == 2:
            answers.append(sum(corner(p) for p in corners[t]) - 1)
    return max(answers)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_king_safety_matches_the_slow_count(seed):
    """The tables and the memo of ``king_safety`` against a breadth-first count, for both
    Kings of every position of a random playout."""
    from ogames.games.opprimo.computer import king_safety

    rng = random.Random(seed)
    pos = RULES.start("standard", None)
    for _ in range(120):
        for side in (0, 1):
            got = king_safety(pos.men(side), pos.men(1 - side), pos.knights, 1 - side,
                              pos.king(side))
            assert got == _plain_king_safety(pos, side)
        moves = RULES.legal_moves(pos)
        if not moves or RULES.outcome(pos) is not None:
            break
        pos = RULES.apply(pos, rng.choice(moves))
