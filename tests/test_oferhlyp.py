"""Oferhlýp (version 1): CLARIFICATIONS §2.2 and the check numbers of §3.2.

Expected values come from CLARIFICATIONS or are derived by hand in the comments; cell
coordinates used in the derivations are the doubled-height (x, y) of §2.2.1.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ogames.core.board import cell
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.game import Game
from ogames.core.perft import divide, perft
from ogames.core.registry import find_rules
from ogames.core.rules_text import SECTIONS
from ogames.games.oferhlyp.notation import CELL_NAMES
from ogames.games.oferhlyp.play import ADJACENT
from ogames.games.oferhlyp.rules import RULES

START = "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1"
WORKED = "D3/5/1DL3/1lL2/6/5/L3 d 1"  # §2.2.9 worked example
FIGURE_2020 = "2D1/3L1/1D4/5/3D2/3D1/L3 d 1"  # §3.2, the 2020 example-moves figure
WALLED = "DLL1/DLL2/LLL3/1L3/6/5/4 d 1"  # §2.2.6 no-move example


def pos(text: str):
    return RULES.parse_position(text)


def texts(p) -> list[str]:
    return [RULES.move_text(p, m) for m in RULES.legal_moves(p)]


def play(p, text: str):
    return RULES.apply(p, RULES.parse_move(p, text))


# ----- identity ----------------------------------------------------------------------------


def test_identity_and_aliases():
    assert RULES.id == "oferhlyp"
    assert RULES.name == "Oferhlýp"
    assert RULES.variants == ("v1",)
    assert RULES.sides("v1") == ("Dark", "Light")
    assert RULES.repetition_limit == 2
    assert find_rules("oferhlýp") is RULES
    assert find_rules("OFERHLYP") is RULES


# ----- §3.2 check numbers --------------------------------------------------------------


def test_start_position_text_round_trips():
    p = RULES.start("v1")
    assert RULES.format_position(p) == START
    assert RULES.to_move(p) == 0  # Dark first
    assert pos(START) == p


def test_start_depth_1_list():
    assert texts(RULES.start("v1")) == (
        "a1-a2 a1~c3 b1~b3 b2-a2 b2-b3 b2-c3 c1~c3 c2-c3 c2~a2 c2~e3 d1~d3 d2-c3 d2-d3 "
        "d2-e3 e1~e3 e2-e3 e2~c3 e2~g2 f1~f3 f2-e3 f2-f3 f2-g2 g1-g2 g1~e3"
    ).split()


def test_start_divide_2():
    expected = {m: 24 for m in texts(RULES.start("v1"))}
    expected.update({m: 22 for m in ("b1~b3", "d1~d3", "f1~f3")})
    expected.update({m: 23 for m in ("b2-b3", "d2-d3", "f2-f3")})
    assert divide(RULES, RULES.start("v1"), 2) == sorted(expected.items())


def test_designer_v1_figure_moves_legal_at_start():
    start = RULES.start("v1")
    assert "a1~c3" in texts(start)  # friendly jump over b2
    assert "d2-e3" in texts(start)


def test_designer_2020_figure():
    p = pos(FIGURE_2020)
    assert texts(p) == (
        "a3-a2 a3-a4 a3-b3 a3xc5 c2-b1 c2-b2 c2-c1 c2-c3 c2-d1 c2-d2 e4-d3 e4-d4 e4-e3 e4-e5 "
        "e4-f3 e4~g4 f4-e5 f4-f3 f4-f5 f4-g3 f4-g4 f4~d3"
    ).split()
    assert [t for t in texts(p) if t.startswith("c2")] == [
        "c2-b1", "c2-b2", "c2-c1", "c2-c3", "c2-d1", "c2-d2"
    ]
    # the figure's illegal 60° turns: a3 to b5 and a3 to c4
    for bad in ("a3xb5", "a3xc4"):
        with pytest.raises(IllegalMoveError, match="60°"):
            RULES.parse_move(p, bad)


def test_worked_example_moves_and_result():
    p = pos(WORKED)
    assert texts(p) == (
        "a1-a2 a1-b1 a1-b2 c2-b1 c2-b2 c2-c1 c2-d1 c2xc4 c2xc4xe3 c2xc4xe3xc2 c2xe3 c2xe3xc4"
    ).split()
    after = play(p, "c2xc4xe3xc2")
    assert RULES.format_position(after) == "D3/5/1Dl3/2l2/6/5/L3 l 1"


def test_worked_example_two_orders_are_one_move():
    p = pos(WORKED)
    canonical = RULES.parse_move(p, "c2xc4xe3xc2")
    reverse = RULES.parse_move(p, "c2xe3xc4xc2")
    assert canonical == reverse
    assert RULES.move_text(p, reverse) == "c2xc4xe3xc2"
    assert RULES.apply(p, reverse) == RULES.apply(p, canonical)
    # one entry in the move list, two ways to enter it, the canonical order first
    paths = RULES.pick_paths(p, canonical)
    assert [[pk.key for pk in path] for path in paths] == [
        ["c2", "c4", "e3", "c2"],
        ["c2", "e3", "c4", "c2"],
    ]
    # different attacked sets and destinations: different moves
    assert RULES.parse_move(p, "c2xc4xe3") != RULES.parse_move(p, "c2xe3xc4")


def test_worked_example_no_second_attack_on_c3():
    p = pos(WORKED)
    with pytest.raises(IllegalMoveError, match="already attacked this turn"):
        RULES.parse_move(p, "c2xc4xc2")


def test_no_move_example():
    p = pos(WALLED)
    assert texts(p) == []
    out = RULES.outcome(p)
    assert out is not None
    assert out.reason == "no moves"
    assert out.result_token == "0-1"
    assert perft(RULES, p, 1) == 0


# ----- hand-built positions, one per rule ---------------------------------------------


def test_no_60_degree_turn():
    # Dark c3 (2,4) with Light c4 (2,6) north of it; Dark g1, Light a4 far away.
    # c3: five empty neighbours (b2 b3 c2 d2 d3) and one straight jump over c4 to c5;
    # from c5 nothing more. g1: steps to f1, f2, g2.
    # The 60° landings past c4 are b4 = c3+N+NW and d4 = c3+N+NE: never legal.
    p = pos("3L/5/2DL2/5/6/5/D3 d 1")
    assert texts(p) == (
        "c3-b2 c3-b3 c3-c2 c3-d2 c3-d3 c3xc5 g1-f1 g1-f2 g1-g2"
    ).split()
    for bad in ("c3xb4", "c3xd4"):
        with pytest.raises(IllegalMoveError, match="no 60° turns"):
            RULES.parse_move(p, bad)


def test_chain_changes_direction():
    # Dark a1 (0,2), g1; Light b2 (1,3), c4 (2,6). a1 jumps NE over b2 to c3 (2,4), then
    # N over c4 to c5 (2,8): a change of direction. Both prefixes are moves.
    p = pos("D3/1L3/3L2/5/6/5/D3 d 1")
    assert texts(p) == "a1-a2 a1-b1 a1xc3 a1xc3xc5 g1-f1 g1-f2 g1-g2".split()
    # both Light pieces turned half, Dark's piece on c5
    assert RULES.format_position(play(p, "a1xc3xc5")) == "4/1l3/3lD1/5/6/5/D3 l 1"
    # 60° turns: a1+NE+N = b3 on the first jump; c3+N+NE = d4 after the first jump
    for bad in ("a1xb3", "a1xc3xd4", "a1xc3xb4"):
        with pytest.raises(IllegalMoveError, match="no 60° turns"):
            RULES.parse_move(p, bad)


def test_attack_never_followed_by_a_step():
    p = pos("D3/1L3/3L2/5/6/5/D3 d 1")
    # after a1xc3, d3 is an adjacent empty hex: landing there would be a step
    with pytest.raises(IllegalMoveError, match="cannot be followed by a step"):
        RULES.parse_move(p, "a1xc3xd3")
    with pytest.raises(NotationError):
        RULES.parse_move(p, "a1xc3-d3")
    assert RULES.explain(p, (cell("a1"), cell("c3")), cell("d3")) == (
        "an attack cannot be followed by a step"
    )


def test_friendly_jump_never_followed_by_anything():
    # Dark a1, b2; Light c4, g4. a1~c3 (over b2) would face Light c4, but a friendly jump
    # ends the turn: no attack from c3. b2 (1,3) steps to its five empty neighbours.
    p = pos("D3/1D3/3L2/5/6/5/3L d 1")
    assert texts(p) == "a1-a2 a1-b1 a1~c3 b2-a2 b2-b1 b2-b3 b2-c2 b2-c3".split()
    with pytest.raises(NotationError):
        RULES.parse_move(p, "a1~c3xc5")
    assert RULES.explain(p, (cell("a1"), cell("c3")), cell("c5")) == (
        "a friendly jump ends the turn"
    )


def test_chain_revisits_a_hex_and_two_orders_are_one_move():
    # Dark e1 (4,0), g4; Light c3, d1, d2, d3. From e1 the only jump is NW over d1 to c2;
    # from c2: N over c3 to c4, or NE over d2 to e3; the triangle c2-c4-e3 (hopping c3, d3,
    # d2) brings the piece back to c2, a hex it already visited. Going round either way
    # attacks the same four pieces and ends on c2: one move, canonical c2,c4,e3,c2.
    p = pos("4/5/2L3/LLL2/D5/5/3D d 1")
    assert texts(p) == (
        "e1-e2 e1-f1 e1xc2 e1xc2xc4 e1xc2xc4xe3 e1xc2xc4xe3xc2 e1xc2xe3 e1xc2xe3xc4 "
        "g4-f4 g4-f5 g4-g3"
    ).split()
    m = RULES.parse_move(p, "e1xc2xe3xc4xc2")
    assert RULES.move_text(p, m) == "e1xc2xc4xe3xc2"
    assert RULES.format_position(RULES.apply(p, m)) == "4/5/1Dl3/lll2/6/5/3D l 1"
    assert [[pk.key for pk in path] for path in RULES.pick_paths(p, m)] == [
        ["e1", "c2", "c4", "e3", "c2"],
        ["e1", "c2", "e3", "c4", "c2"],
    ]


def test_chain_lands_on_its_origin():
    p = pos(WORKED)
    m = RULES.parse_move(p, "c2xc4xe3xc2")
    assert m.origin == m.dest
    assert RULES.apply(p, m).board != p.board


def test_half_pieces_removed_at_once_and_one_piece_left_loses():
    # Dark a1, g1; Light b2 half, c4 half, g4 full. a1xc3 removes b2; a1xc3xc5 removes c4
    # too and leaves Light with one piece (g4): Light, to move, has lost.
    p = pos("D3/1l3/3l2/5/6/5/D2L d 1")
    assert texts(p) == "a1-a2 a1-b1 a1xc3 a1xc3xc5 g1-f1 g1-f2 g1-g2".split()
    assert RULES.format_position(play(p, "a1xc3")) == "4/5/2Dl2/5/6/5/D2L l 1"
    after = play(p, "a1xc3xc5")
    assert RULES.format_position(after) == "4/5/4D1/5/6/5/D2L l 1"
    out = RULES.outcome(after)
    assert out is not None and out.reason == "pieces" and out.result_token == "1-0"
    assert RULES.legal_moves(after) == []
    assert perft(RULES, after, 1) == 0


def test_one_piece_left_has_lost():
    for text in ("D3/5/6/5/6/5/LL2 d 1", "4/5/6/5/6/5/LL2 d 1"):
        p = pos(text)
        out = RULES.outcome(p)
        assert out is not None
        assert out.reason == "pieces"
        assert out.shares == (Fraction(0), Fraction(1))
        assert texts(p) == []
    p = pos("DD2/5/6/5/6/5/L3 l 4")  # Light to move with one piece
    assert RULES.outcome(p).result_token == "1-0"
    assert perft(RULES, p, 1) == 0


def test_game_goes_on_at_start():
    assert RULES.outcome(RULES.start("v1")) is None


def test_fullmove_counts_light_moves():
    start = RULES.start("v1")
    p = play(start, "c2-c3")
    # file c: c1 D, c2 empty, c3 D, c4 empty, c5 c6 L
    assert RULES.format_position(p) == "D2L/DD1LL/D1D1LL/DD1LL/DD2LL/DD1LL/D2L l 1"
    p = play(p, "d4-d3")
    # file d: d1 d2 D, d3 L, d4 empty, d5 L; the move number goes up after Light's move
    assert RULES.format_position(p) == "D2L/DD1LL/D1D1LL/DDL1L/DD2LL/DD1LL/D2L d 2"
    assert RULES.format_position(start) == START  # apply leaves its input alone


# ----- repetition (§2.2.7) -------------------------------------------------------------


def test_repetition_key_ignores_move_number():
    a = RULES.start("v1")
    b = pos("D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 3")
    assert a != b
    assert RULES.repetition_key(a) == RULES.repetition_key(b)
    c = pos("D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L l 3")
    assert RULES.repetition_key(a) != RULES.repetition_key(c)


def test_threefold_repetition_example():
    game = Game.new(RULES)
    for text in "b2-b3 d4-d3 b3-b2 d3-d4 b2-b3 d4-d3 b3-b2".split():
        game.play_text(text)
    with pytest.raises(IllegalMoveError, match="repeat"):
        game.play_text("d3-d4")
    legal = [RULES.move_text(game.position, m) for m in game.legal_moves()]
    assert "d3-d4" not in legal
    assert "d3-c3" in legal
    assert game.outcome() is None
    # the bare position (and perft) ignores history
    assert "d3-d4" in texts(game.position)
    game.play_text("d3-c3")
    assert len(game.moves_played) == 8


# ----- position text -------------------------------------------------------------------


def test_position_parsing_accepts_whitespace_and_default_move_number():
    assert pos("  D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L \t d  ") == RULES.start("v1")
    assert RULES.format_position(pos("D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L l 17")) == (
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L l 17"
    )
    assert RULES.parse_position(START, "v1") == RULES.start("v1")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L",  # no side
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL d 1",  # 6 files
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L/4 d 1",  # 8 files
        "D3L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1",  # file a too long
        "D1L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1",  # file a too short
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/ d 1",  # file g empty
        "D2X/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1",  # unknown character
        "D02L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1",  # 0
        "D2L/DD1LL/DD2LL/DD0LL/DD2LL/DD1LL/D2L d 1",  # 0
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L w 1",  # side
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 0",  # move number 0
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d x",  # move number
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1 1",  # extra field
        "DDDD/DDDDD/DDDD2/5/6/5/LL2 d 1",  # 13 Dark pieces
        "LLLL/LLLLL/LLLL2/5/6/5/DD2 d 1",  # 13 Light pieces
        "D3/5/6/5/6/5/LL2 l 1",  # Dark, not to move, has one piece
        "4/5/6/5/6/5/LL2 l 1",  # Dark, not to move, has none
        "DD2/5/6/5/6/5/L3 d 1",  # Light, not to move, has one piece
        "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L² d 1",  # a non-ASCII digit
    ],
)
def test_position_rejected(text):
    with pytest.raises(NotationError):
        RULES.parse_position(text)


def test_position_error_names_field_and_column():
    with pytest.raises(NotationError) as info:
        RULES.parse_position("D2L/DD1LL/DD2LX/DD1LL/DD2LL/DD1LL/D2L d 1")
    assert info.value.field == "file c"
    assert info.value.column == 15
    with pytest.raises(NotationError) as info:
        RULES.parse_position("D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L q 1")
    assert info.value.field == "side"
    assert info.value.column == 39
    with pytest.raises(NotationError) as info:  # the side is missing after the board
        RULES.parse_position("D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L")
    assert (info.value.field, info.value.column) == ("side", 38)
    with pytest.raises(NotationError, match="13 pieces"):
        RULES.parse_position("DDDD/DDDDD/DDDD2/5/6/5/LL2 d 1")


def test_the_move_number_has_no_upper_limit():
    """§2.2.8: <fullmove> is an integer ≥ 1, nothing more."""
    text = "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 12345678901234567890"
    assert RULES.format_position(RULES.parse_position(text)) == text
    with pytest.raises(NotationError):
        RULES.parse_position(START, "v2")


def test_a_move_number_too_long_to_read_is_a_notation_error():
    """Python reads at most 4,300 digits: beyond that a NotationError names the field,
    never Python's own ValueError."""
    board = "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d "
    longest = board + "9" * 4300
    assert RULES.format_position(RULES.parse_position(longest)) == longest
    with pytest.raises(NotationError) as info:
        RULES.parse_position(board + "9" * 4301)
    assert info.value.field == "move number"
    assert "move number" in str(info.value)
    assert info.value.column == len(board) + 1


def test_a_rank_too_long_to_read_is_a_notation_error():
    """A move has no number field of its own: a hex's rank is looked up by name, so a
    4,301-digit rank is simply not a hex."""
    with pytest.raises(NotationError, match="is not a hex"):
        RULES.parse_move(RULES.start("v1"), "c" + "9" * 4301 + "-c3")


# ----- move text -----------------------------------------------------------------------


def test_marks_accepted():
    p = pos(WORKED)
    m = RULES.parse_move(p, "c2xc4xe3xc2")
    # c3 and d3 are full (flipped), d2 is half (removed)
    assert RULES.parse_move(p, "c2xc4(-)xe3(2>1)xc2(r)") == m
    assert RULES.parse_move(p, "c2xe3(1>0)xc4(-)xc2(-)") == m
    assert RULES.parse_move(p, " c2xc4xe3(-)xc2 ") == m


@pytest.mark.parametrize("text", ["c2xc4(r)", "c2xe3(-)", "c2xc4(-)xe3(r)"])
def test_wrong_mark_rejected(text):
    with pytest.raises(IllegalMoveError, match="wrong mark"):
        RULES.parse_move(pos(WORKED), text)


@pytest.mark.parametrize(
    "text",
    [
        "", "c2", "c2-", "c2--c3", "c2 - c3", "C2-C3", "h1-h2", "a5-a4", "c0-c1", "c2-c3x",
        "c2xc4(x)", "c2xc4(-", "c2xc4-e3", "c2x", "c2*c3", "2c-3c", "c2-c3-c4", "c2~e3~c4",
        "c02-c3",
    ],
)
def test_malformed_moves(text):
    with pytest.raises(NotationError):
        RULES.parse_move(RULES.start("v1"), text)


@pytest.mark.parametrize(
    "text,reason",
    [
        ("c2-c4", "adjacent"),
        ("d3-d4", "no piece on d3"),
        ("d4-d3", "not your piece"),
        ("c2-d2", "occupied"),
        ("c2~c4", "no piece on c3 to jump over"),
        ("c2~d3", "no 60° turns"),
        ("c2~e2", "no 60° turns"),  # c2+NE+SE
        ("c2~c5", "straight beyond"),
        ("b1~d2", "occupied"),  # over c2 onto Dark's d2
        ("c2xc4", "no piece on c3 to jump over"),
        ("a1xc3", "your own piece"),
    ],
)
def test_illegal_moves_give_reasons(text, reason):
    with pytest.raises(IllegalMoveError, match=reason):
        RULES.parse_move(RULES.start("v1"), text)


def test_friendly_jump_over_enemy_is_refused_with_attack_hint():
    p = pos("D3/1L3/3L2/5/6/5/D3 d 1")
    with pytest.raises(IllegalMoveError, match="a1xc3"):
        RULES.parse_move(p, "a1~c3")


def test_moves_in_finished_game_are_refused():
    with pytest.raises(IllegalMoveError, match="game is over"):
        RULES.parse_move(pos(WALLED), "a1-a2")


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_parsers_raise_only_notation_errors(text):
    try:
        RULES.parse_position(text)
    except NotationError:
        pass
    try:
        RULES.parse_move(pos(WORKED), text)
    except (NotationError, IllegalMoveError):
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcdefgh0123456789-~x()r>< ", max_size=14))
def test_move_parser_on_move_like_text(text):
    try:
        RULES.parse_move(pos(WORKED), text)
    except (NotationError, IllegalMoveError):
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="DdLl0123456789/ \tdl", max_size=45))
def test_position_parser_on_position_like_text(text):
    try:
        p = RULES.parse_position(text)
    except NotationError:
        return
    assert RULES.parse_position(RULES.format_position(p)) == p


# ----- UI ------------------------------------------------------------------------------


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("ascii_", [False, True])
def test_layout_fits_and_cells_do_not_overlap(flipped, ascii_):
    lay = RULES.layout("v1", flipped=flipped, ascii=ascii_)
    assert lay.width <= 78 and lay.height <= 32
    assert len(lay.background) == lay.height
    assert all(len(line) == lay.width for line in lay.background)
    assert all(line.isascii() for line in lay.background)
    assert sorted(c.name for c in lay.cells) == sorted(RULES.cell_views(RULES.start("v1")))
    assert len(lay.cells) == 35
    taken: set[tuple[int, int]] = set()
    for spec in lay.cells:
        assert 0 <= spec.row and spec.row + spec.height <= lay.height
        assert 0 <= spec.col and spec.col + spec.width <= lay.width
        area = {(spec.row + r, spec.col + c) for r in range(spec.height)
                for c in range(spec.width)}
        assert not area & taken
        taken |= area
    assert "a" in lay.background[0] and "g" in lay.background[-1]


def test_layout_flipped_is_turned_180_degrees():
    plain = RULES.layout("v1")
    turned = RULES.layout("v1", flipped=True)
    # a1 takes g4's place and c1 takes e6's (the board turned through 180°)
    for a, b in (("a1", "g4"), ("c1", "e6"), ("d3", "d3")):
        assert (turned.cell(a).row, turned.cell(a).col) == (plain.cell(b).row, plain.cell(b).col)
    # Dark's rank 1 is low on the plain board, high on the turned one
    assert plain.cell("c1").row > plain.cell("c6").row
    assert turned.cell("c1").row < turned.cell("c6").row
    assert re.sub(r"\s+", "", turned.background[0]) == "gfedcba"



def _centre(spec) -> tuple[int, int]:
    """Where a cell's one-column glyph is drawn (row, column)."""
    return spec.row + (spec.height - 1) // 2, spec.col + (spec.width - 1) // 2


@pytest.mark.parametrize("flipped", [False, True])
def test_compact_layout_neighbours_are_the_nearest_cells(flipped):
    # A terminal cell is about twice as tall as wide, so a line counts two columns. By the
    # rules' adjacency (six directions of §2.2.1) each hex's neighbours must lie nearer to
    # it on the canvas than any other hex, and an inner hex such as d3 has all six around it.
    lay = RULES.layout("v1", flipped=flipped, compact=True)
    where = {spec.name: _centre(spec) for spec in lay.cells}

    def dist2(a: str, b: str) -> int:
        (ra, ca), (rb, cb) = where[a], where[b]
        return (2 * (ra - rb)) ** 2 + (ca - cb) ** 2

    for i, name in enumerate(CELL_NAMES):
        near = {CELL_NAMES[n] for n in ADJACENT[i]}
        far = set(CELL_NAMES) - near - {name}
        assert max(dist2(name, n) for n in near) < min(dist2(name, f) for f in far), name
    ring = sorted((n for n in CELL_NAMES if n != "d3"), key=lambda n: dist2("d3", n))[:6]
    assert set(ring) == {"d2", "d4", "c3", "c4", "e3", "e4"}


@pytest.mark.parametrize("flipped", [False, True])
def test_compact_layout_shows_coordinates_and_turns(flipped):
    lay = RULES.layout("v1", flipped=flipped, compact=True)
    full = RULES.layout("v1", flipped=flipped)
    assert lay.height < full.height and lay.width <= full.width
    for spec in lay.cells:
        row, col = _centre(spec)
        # the file letter stands above and below the hex's column, its rank right under it
        assert lay.background[0][col] == lay.background[-1][col] == spec.name[0]
        assert lay.background[row + 1][col] == spec.name[1:]
    plain = RULES.layout("v1", compact=True)
    # turned through 180°: a1 takes g4's place, c1 takes e6's, the middle d3 stays put
    for a, b in (("a1", "g4"), ("c1", "e6"), ("d3", "d3")):
        assert _centre(lay.cell(a)) == _centre(plain.cell(b if flipped else a))
    assert (lay.cell("c1").row < lay.cell("c6").row) == flipped


def test_cell_views():
    views = RULES.cell_views(pos("D3/5/1dl3/2L2/6/5/L3 d 1"))
    assert len(views) == 35
    assert (views["a1"].glyph, views["a1"].ascii, views["a1"].owner, views["a1"].strong) == (
        "●", "D", 0, True)
    assert (views["c2"].glyph, views["c2"].ascii, views["c2"].owner) == ("◐", "d", 0)
    assert (views["c3"].glyph, views["c3"].ascii, views["c3"].owner) == ("◌", "l", 1)
    assert (views["d3"].glyph, views["d3"].ascii, views["d3"].strong) == ("○", "L", True)
    assert (views["b1"].glyph, views["b1"].ascii, views["b1"].owner) == ("·", ".", None)
    assert len(RULES.side_colours("v1")) == 2


def test_side_summary():
    assert RULES.side_summary(RULES.start("v1")) == ("12 full · 0 half", "12 full · 0 half")
    # after the triangle run: Dark a1, c2 full; Light g1 full, c3 and d3 half
    assert RULES.side_summary(pos("D3/5/1Dl3/2l2/6/5/L3 l 1")) == (
        "2 full · 0 half", "1 full · 2 half"
    )


def test_pick_paths_steps_and_jumps():
    start = RULES.start("v1")
    assert RULES.pick_paths(start, RULES.parse_move(start, "c2-c3")) == ((cell("c2"), cell("c3")),)
    assert RULES.pick_paths(start, RULES.parse_move(start, "a1~c3")) == ((cell("a1"), cell("c3")),)
    p = pos(WORKED)
    assert RULES.pick_paths(p, RULES.parse_move(p, "c2xc4xe3")) == (
        (cell("c2"), cell("c4"), cell("e3")),
    )


def test_pick_paths_unique():
    for text in (START, WORKED, FIGURE_2020, "4/5/2L3/LLL2/D5/5/3D d 1"):
        p = pos(text)
        seen = set()
        for m in RULES.legal_moves(p):
            for path in RULES.pick_paths(p, m):
                assert path not in seen
                seen.add(path)


def test_hints():
    start = RULES.start("v1")
    # the app's status line puts the mover first ("Dark to move — …"): said once
    assert RULES.hint(start, ()) == "select one of your pieces"
    assert RULES.hint(start, (cell("c2"),)) == "select where it goes: step or friendly jump"
    # issue 65: a piece that may attack says so, and the whole hint fits a 70-column
    # status line after the mover's name (the attack was the part shortened away)
    p = pos("D3/1L3/3L2/5/6/5/D3 d 1")
    assert RULES.hint(p, (cell("a1"),)) == "select where it goes: step or attack"
    three = pos("DD2/1L3/6/5/6/5/3L d 1")
    assert RULES.hint(three, (cell("a1"),)) == (
        "select where it goes: step, friendly jump or attack")
    assert len("Light to move — " + RULES.hint(three, (cell("a1"),))) <= 68
    p = pos("D3/1L3/3L2/5/6/5/D3 d 1")
    assert RULES.hint(p, (cell("a1"), cell("c3"))) == (
        "select the next hex to jump to, or select this hex again to stop here"
    )
    assert RULES.hint(p, (cell("a1"), cell("c3"), cell("c5"))) == (
        "select this hex again to stop here"
    )


def test_explain_messages():
    start = RULES.start("v1")
    assert RULES.explain(start, (), cell("d4")) == "that is not your piece"
    assert RULES.explain(start, (), cell("d3")) == "that hex is empty: select one of your pieces"
    assert RULES.explain(start, (cell("c2"),), cell("d2")) == "that hex is occupied"
    assert RULES.explain(start, (cell("c2"),), cell("d3")) == (
        "a jump must go straight on: no 60° turns"
    )
    assert RULES.explain(start, (cell("c2"),), cell("c4")) == (
        "there is no piece on c3 to jump over"
    )
    assert RULES.explain(start, (cell("c2"), cell("c3")), cell("c4")) == "a step ends the turn"
    p = pos(WORKED)
    assert RULES.explain(p, (cell("c2"), cell("c4")), cell("c2")) == (
        "c3 was already attacked this turn"
    )
    assert RULES.explain(p, (cell("c2"), cell("c4")), cell("b4")) == (
        "an attack cannot be followed by a step"
    )
    assert RULES.explain(pos(WALLED), (), cell("a1")) == "the game is over"


# ----- rules text ----------------------------------------------------------------------


def test_rules_text_diagrams_are_legal():
    path = Path(__file__).resolve().parents[1] / "ogames" / "games" / "oferhlyp" / "rules.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Oferhlýp\n")
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert headings == list(SECTIONS)
    diagrams = re.findall(r"```diagram\n(.*?)```", text, flags=re.S)
    assert len(diagrams) >= 5
    for block in diagrams:
        lines = block.strip().splitlines()
        p = RULES.parse_position(lines[0])
        if len(lines) > 1:
            assert lines[1] in texts(p)


# ----- the computer's hunt in the end ------------------------------------------------------


def test_the_leader_scores_its_pieces_nearer_the_last_enemy_pieces() -> None:
    """Five Dark pieces against two Light halves: the same material, the Dark pieces
    a step nearer (b1→b2 …) score higher for Dark; with Light on five pieces, or level
    material, the score is the material alone (the hunt is an ending's term)."""
    from ogames.games.oferhlyp.computer import FEW_PIECES, policy

    score = policy().score
    far = pos("D3/D4/D5/D4/D5/4l/3l d 1")
    near = pos("1D2/1D3/1D4/1D3/1D4/4l/3l d 1")  # the halves' room is the same
    assert score(RULES, near) > score(RULES, far) != 2 * 5 - 2
    assert FEW_PIECES < 5
    many = pos("D3/D4/D5/D4/D5/2lll/2ll d 1")  # Light on five halves: 10 hits to 5
    assert score(RULES, many) == 2 * 5 - 5
    level = pos("D3/d4/6/5/6/4l/3L d 1")  # 3 hits each: no hunt
    assert score(RULES, level) == 0


def test_a_hunted_piece_has_fewer_free_steps_in_a_corner_and_beside_others() -> None:
    """The room the ending counts: by the board's drawing (CLARIFICATIONS 2.2.1), a1 has
    three neighbours (a2, b1, b2) and d3 six; a piece on b2 takes one of a1's, and a2
    (neighbours a1, a3, b2, b3) beside a1 leaves each of them one fewer."""
    from ogames.games.oferhlyp.computer import free_steps
    from ogames.games.oferhlyp.notation import CELL_NAMES, EMPTY

    def board(**pieces: str) -> str:
        cells = [EMPTY] * len(CELL_NAMES)
        for name, piece in pieces.items():
            cells[CELL_NAMES.index(name)] = piece
        return "".join(cells)

    a1, d3 = CELL_NAMES.index("a1"), CELL_NAMES.index("d3")
    assert free_steps(board(a1="l"), [a1]) == 3
    assert free_steps(board(d3="l"), [d3]) == 6
    assert free_steps(board(a1="l", b2="D"), [a1]) == 2
    assert free_steps(board(a1="l", a2="l"), [a1, CELL_NAMES.index("a2")]) == 2 + 3


def test_each_hunter_goes_to_its_nearest_hunted_piece_with_room() -> None:
    """Light's last pieces on e1 (a corner: neighbours d1, e2, f1) and a4 (a corner:
    a3, b4, b5). Dark's on d1, e2 and f1 box e1 in, at six each (``REACH`` 7 less one
    step), and fill its room, so a fourth hunter goes to a4 though it stands nearer e1:
    from c1 (two steps from e1, five from a4) it counts two, from b1 (three from e1, four
    from a4) three. It scores more a step nearer the free piece (when each hunter counted
    only its nearest piece, room or none, it scored 5 and 4, and the hunters stayed round
    the box, as in logged games of 9 and 7 pieces to 2 that ran to the 600-ply cap).

    Each hunter counts once: d1 and b1 alone both go to e1 (one and three steps), 6 + 4.
    When each piece drew its nearest hunters instead, both counted for e1 and again for
    a4 (five and four steps: 2 + 3 more), so the hunters gathered between pieces spread
    over the board rather than at one, and medium left half its games against easy
    unfinished at 600 plies (50 of 100 won)."""
    from ogames.games.oferhlyp.computer import HUNT_WEIGHT, hunt
    from ogames.games.oferhlyp.notation import CELL_NAMES

    e1, a4, d1, e2, f1, c1, b1 = (CELL_NAMES.index(name)
                                  for name in ("e1", "a4", "d1", "e2", "f1", "c1", "b1"))
    box = [d1, e2, f1]
    assert hunt([*box, c1], [e1, a4]) == pytest.approx(HUNT_WEIGHT * (3 * 6 + 2))
    assert hunt([*box, b1], [e1, a4]) == pytest.approx(HUNT_WEIGHT * (3 * 6 + 3))
    assert hunt([d1, b1], [e1, a4]) == pytest.approx(HUNT_WEIGHT * (6 + 4))


def test_hard_leaves_a_boxed_piece_to_hunt_the_free_one() -> None:
    """Where the ending began in a logged game against the baseline (game 37, Light nine
    pieces against a Dark full piece boxed on e1 and a half roaming the top left): Light
    had left five pieces round e1 and played on to the 600-ply cap. Searching the same way
    for both sides at a small fixed budget (no clock: it replays exactly), Light wins
    within 120 plies (in 100; in 138 when each hunter counted its nearest enemy piece,
    room or none)."""
    from dataclasses import replace

    from ogames.ai import alphabeta

    game = Game.from_position(RULES, pos("2l1/dLL2/DlL3/1l1l1/DL4/5/L2D d 234"))
    level = replace(alphabeta.LEVELS["hard"], time_limit=None, nodes=3000)
    while game.outcome() is None and game.cursor < 120:
        side = RULES.to_move(game.position)
        game.play(alphabeta.choose_move(game, side, level, game.cursor))
    outcome = game.outcome()
    assert outcome is not None and outcome.shares[1] == 1 and outcome.reason == "pieces"


def test_medium_takes_the_room_of_the_last_two_halves() -> None:
    """An ending from a logged game of medium against easy: Light, seven hits against two
    Dark halves (one on c1, an edge cell with three neighbours), had shuffled from ply 185
    to the 600-ply cap with the hunt alone (and did not win within 100 plies from here).
    Counting the halves' free steps, medium (no clock: it replays exactly) wins within 40."""
    from dataclasses import replace

    from ogames.ai import alphabeta

    game = Game.from_position(RULES, pos("l3/L4/dll3/l4/l5/3d1/4 d 101"))
    medium = replace(alphabeta.LEVELS["medium"], time_limit=None)
    easy = replace(alphabeta.LEVELS["easy"], time_limit=None)
    while game.outcome() is None and game.cursor < 40:
        side = RULES.to_move(game.position)
        game.play(alphabeta.choose_move(game, side, medium if side else easy, game.cursor))
    outcome = game.outcome()
    assert outcome is not None and outcome.shares[1] == 1 and outcome.reason == "pieces"


@pytest.mark.parametrize("text", ["D3/D4/D5/D4/D5/4l/3l d 1",    # Dark ahead, Dark to move
                                  "d3/d4/5L/4L/5L/4L/3L l 1"])  # Light ahead, Light to move
def test_the_computer_hunts_down_the_last_two_halves(text: str) -> None:
    """Five full pieces against two halves, far apart: one more hit wins (a single piece
    left). On material alone both sides' searches shuffled past 80 plies here (and logged
    games against the baseline ran to 600 plies at seven pieces to two); with the hunt,
    the same search at a small fixed budget (no clock: it replays exactly) wins within 40
    (in 27 and 25 plies)."""
    from dataclasses import replace

    from ogames.ai import alphabeta

    game = Game.from_position(RULES, pos(text))
    leader = RULES.to_move(game.position)
    level = replace(alphabeta.LEVELS["hard"], time_limit=None, nodes=3000)
    while game.outcome() is None and game.cursor < 40:
        side = RULES.to_move(game.position)
        game.play(alphabeta.choose_move(game, side, level, game.cursor))
    outcome = game.outcome()
    assert outcome is not None and outcome.shares[leader] == 1 and outcome.reason == "pieces"
