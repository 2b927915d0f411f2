"""Onitama engine tests (CLARIFICATIONS §2.3 and the check numbers of §3.3).

Expected values come from CLARIFICATIONS or are derived by hand from the card table of
§2.3.3 (the derivation is written next to each hand-built position). Positions are written
as ONFEN: ranks 5 down to 1, files a to e.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ogames.core.board import cell, item
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.outcome import Outcome
from ogames.core.perft import perft as core_perft
from ogames.games.onitama import RULES
from ogames.games.onitama.notation import CARDS
from tests.test_perft import TABLE as PERFT_TABLE

SEED1 = "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster"


def pos_of(text: str):
    return RULES.parse_position(text)


def move_list(text: str) -> list[str]:
    pos = pos_of(text)
    return [RULES.move_text(pos, m) for m in RULES.legal_moves(pos)]


def after(text: str, move: str) -> str:
    pos = pos_of(text)
    return RULES.format_position(RULES.apply(pos, RULES.parse_move(pos, move)))


def perft(pos, depth: int) -> int:
    """Strict perft (§1.3), written out locally over RULES.moves / RULES.apply."""
    if depth == 0:
        return 1
    return sum(perft(RULES.apply(pos, m), depth - 1) for m in RULES.moves(pos))


def perft_t(pos, depth: int) -> int:
    """Terminal-as-leaf perft (§1.3): a won position counts 1 at any remaining depth."""
    if depth == 0 or RULES.outcome(pos) is not None:
        return 1
    return sum(perft_t(RULES.apply(pos, m), depth - 1) for m in RULES.moves(pos))


def early_wins(pos, depth: int) -> int:
    """The number of move sequences shorter than ``depth`` that end in a won position."""
    if depth == 0:
        return 0
    if RULES.outcome(pos) is not None:
        return 1
    return sum(early_wins(RULES.apply(pos, m), depth - 1) for m in RULES.moves(pos))


# ----- the deal and the check numbers of §3.3 ------------------------------------------------

DEALS = {
    0: "bbBbb/5/5/5/rrRrr b Frog,Horse Eel,Ox Goose",
    1: "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",
    2: "bbBbb/5/5/5/rrRrr b Monkey,Rabbit Goose,Horse Crane",
    3: "bbBbb/5/5/5/rrRrr r Crane,Ox Elephant,Monkey Dragon",
    42: "bbBbb/5/5/5/rrRrr b Boar,Crane Crab,Frog Eel",
    123456789: "bbBbb/5/5/5/rrRrr b Cobra,Ox Boar,Frog Crab",
}


@pytest.mark.parametrize(("seed", "expected"), sorted(DEALS.items()))
def test_seeded_deal_vectors(seed: int, expected: str) -> None:
    pos = RULES.start("base", seed)
    assert RULES.format_position(pos) == expected
    assert pos == RULES.parse_position(expected)


def test_the_side_card_stamp_decides_who_starts() -> None:
    # seed 1: Rooster (Red stamp) on the side → Red; seed 0: Goose (Blue stamp) → Blue
    assert RULES.to_move(RULES.start("base", 1)) == 0
    assert RULES.to_move(RULES.start("base", 0)) == 1


def test_card_table_has_sixteen_cards_eight_stamps_each() -> None:
    assert len(CARDS) == 16 and len({c.name for c in CARDS}) == 16
    assert sum(c.stamp == 0 for c in CARDS) == 8


def test_start_needs_a_seed_and_the_base_variant() -> None:
    with pytest.raises(ValueError):
        RULES.start("base", None)
    with pytest.raises(NotationError):
        RULES.start("advanced", 1)
    assert RULES.variants == ("base",) and RULES.uses_seed and RULES.always_write_setup


#: the seeded starts' check numbers of §3.3, from the one perft data file
PERFT = {e["seed"]: e["counts"] for e in PERFT_TABLE if e["game"] == "onitama"}


@pytest.mark.parametrize("seed", sorted(PERFT))
def test_the_written_out_perft_agrees_with_the_check_numbers(seed: int) -> None:
    """The local perft over RULES.moves/apply (not core.perft) reaches §3.3's numbers."""
    pos = RULES.start("base", seed)
    assert [perft(pos, d) for d in (1, 2, 3)] == PERFT[seed][:3]


def test_example_move_set_each_forward_step_twice() -> None:
    assert move_list("bbBbb/5/5/5/rrRrr b Elephant,Horse Boar,Ox Crab") == [
        "Boar a5-a4", "Boar b5-b4", "Boar c5-c4", "Boar d5-d4", "Boar e5-e4",
        "Ox a5-a4", "Ox b5-b4", "Ox c5-c4", "Ox d5-d4", "Ox e5-e4"]


def test_example_move_set_red_start() -> None:
    assert move_list("bbBbb/5/5/5/rrRrr r Rooster,Tiger Cobra,Rabbit Frog") == [
        "Rooster a1-b2", "Rooster b1-c2", "Rooster c1-d2", "Rooster d1-e2",
        "Tiger a1-a3", "Tiger b1-b3", "Tiger c1-c3", "Tiger d1-d3", "Tiger e1-e3"]


# ----- hand-built positions, one per rule ---------------------------------------------------

# Red: master a1, student c2. Blue: students c3, c4, master e5. Red holds Crab, Tiger.
# a1: Tiger (0,+2) a3, (0,-1) off; Crab (0,+1) a2, (-2,0) off, (+2,0) c1.
# c2: Tiger c4 (over c3, capturing c4 only), c1; Crab c3 (capture), a2, e2.
JUMP = "4B/2b2/2b2/2r2/R4 r Crab,Tiger Eel,Ox Boar"


def test_nothing_blocks_and_only_the_landing_square_is_captured() -> None:
    assert move_list(JUMP) == [
        "Crab a1-a2", "Crab a1-c1", "Crab c2-a2", "Crab c2-c3", "Crab c2-e2",
        "Tiger a1-a3", "Tiger c2-c1", "Tiger c2-c4"]
    # the student on c3 that was jumped over stays; c4 is taken; Tiger goes to the side
    assert after(JUMP, "Tiger c2-c4") == "4B/2r2/2b2/5/R4 b Boar,Crab Eel,Ox Tiger"
    assert after(JUMP, "Crab c2-c3") == "4B/2b2/2r2/5/R4 b Boar,Tiger Eel,Ox Crab"


# Red: master a1, students a2 and b1; Red holds Horse (0,+1)(-1,0)(0,-1) and
# Ox (0,+1)(+1,0)(0,-1). a1 is boxed in: a2/b1 are own pieces, the rest is off the board.
# a2: Horse a3; Ox a3, b2 (a1 own, left edge off).  b1: Horse b2; Ox b2, c1 (a1 own).
BOXED = "4B/5/5/r4/Rr3 r Horse,Ox Boar,Crab Tiger"


def test_no_move_onto_own_piece_or_off_the_board_and_two_cards_give_two_moves() -> None:
    assert move_list(BOXED) == [
        "Horse a2-a3", "Horse b1-b2", "Ox a2-a3", "Ox a2-b2", "Ox b1-b2", "Ox b1-c1"]
    pos = pos_of(BOXED)
    assert RULES.cards_to(pos, "a2", "a3") == ("Horse", "Ox")
    assert RULES.cards_to(pos, "b1", "c1") == ("Ox",)
    assert RULES.cards_to(pos, "a1", "b1") == ()
    assert RULES.cards_to(pos, "zz", "b1") == ()


# Blue: student c3, master e5; Blue holds Frog and Horse, turned 180° (target = file − dx,
# rank − dy). c3: Horse c2, d3, c4 (the §2.3.3 example); Frog (-2,0) → e3, (-1,+1) → d2,
# (+1,-1) → b4. e5: Horse e4 only; every Frog step leaves the board.
BLUE_VIEW = "4B/5/2b2/5/R4 b Boar,Crab Frog,Horse Tiger"
# The same cards for Red on c3 lean the other way: Frog a3, b4, d2; Horse c4, b3, c2.
RED_VIEW = "4B/5/2r2/5/R4 r Frog,Horse Boar,Crab Tiger"


def test_blue_reads_the_cards_from_its_own_seat() -> None:
    assert move_list(BLUE_VIEW) == [
        "Frog c3-b4", "Frog c3-d2", "Frog c3-e3",
        "Horse c3-c2", "Horse c3-c4", "Horse c3-d3", "Horse e5-e4"]
    assert move_list(RED_VIEW) == [
        "Frog c3-a3", "Frog c3-b4", "Frog c3-d2",
        "Horse a1-a2", "Horse c3-b3", "Horse c3-c2", "Horse c3-c4"]


# Red fills rank 5 (master a5, students b5–e5) holding Boar (0,+1)(±1,0) and Crab
# (0,+1)(±2,0): every forward step leaves the board and every sideways step lands on a
# Red piece or off the board, so Red must pass. Blue's master on c3 is safe.
RED_STUCK = "Rrrrr/5/2B2/5/5 r Boar,Crab Horse,Ox Tiger"
# The mirror image for Blue: master e1, students a1–d1, same two cards.
BLUE_STUCK = "5/5/2R2/5/bbbbB b Horse,Ox Boar,Crab Tiger"


def test_forced_pass_with_either_card_and_the_exchange() -> None:
    assert move_list(RED_STUCK) == ["Boar pass", "Crab pass"]
    assert after(RED_STUCK, "Boar pass") == "Rrrrr/5/2B2/5/5 b Crab,Tiger Horse,Ox Boar"
    assert after(RED_STUCK, "Crab pass") == "Rrrrr/5/2B2/5/5 b Boar,Tiger Horse,Ox Crab"
    assert move_list(BLUE_STUCK) == ["Boar pass", "Crab pass"]
    assert after(BLUE_STUCK, "Crab pass") == "5/5/2R2/5/bbbbB r Horse,Ox Boar,Tiger Crab"
    assert after(BLUE_STUCK, "Boar pass") == "5/5/2R2/5/bbbbB r Horse,Ox Crab,Tiger Boar"


def test_no_pass_while_a_move_exists() -> None:
    # With Tiger instead of Crab, (0,-1) moves every Red piece down: no pass at all.
    texts = move_list("Rrrrr/5/2B2/5/5 r Boar,Tiger Horse,Ox Crab")
    assert texts == ["Tiger a5-a4", "Tiger b5-b4", "Tiger c5-c4", "Tiger d5-d4", "Tiger e5-e4"]
    with pytest.raises(IllegalMoveError, match="pass only when no move"):
        RULES.parse_move(pos_of(SEED1), "Frog pass")


# Red's master c4, Blue's master a5, Red holds Boar (0,+1)(±1,0) and Crab (0,+1)(±2,0).
STREAM = "B4/2R2/5/5/5 r Boar,Crab Horse,Ox Tiger"


def test_master_wins_on_the_enemy_arch_by_a_plain_move() -> None:
    assert move_list(STREAM) == [
        "Boar c4-b4", "Boar c4-c5", "Boar c4-d4", "Crab c4-a4", "Crab c4-c5", "Crab c4-e4"]
    text = after(STREAM, "Boar c4-c5")
    assert text == "B1R2/5/5/5/5 b Crab,Tiger Horse,Ox Boar"
    final = pos_of(text)
    assert RULES.outcome(final) == Outcome.win(0, 2, "stream")
    assert RULES.legal_moves(final) == []


def test_master_wins_on_the_enemy_arch_by_a_capture() -> None:
    # a Blue student on c5 is taken; the master stands on Blue's arch: stream
    text = after("B1b2/2R2/5/5/5 r Boar,Crab Horse,Ox Tiger", "Crab c4-c5")
    assert text == "B1R2/5/5/5/5 b Boar,Tiger Horse,Ox Crab"
    assert RULES.outcome(pos_of(text)) == Outcome.win(0, 2, "stream")


def test_taking_the_master_on_its_arch_wins_once_by_stone() -> None:
    text = after("2B2/2R2/5/5/5 r Boar,Crab Horse,Ox Tiger", "Boar c4-c5")
    assert text == "2R2/5/5/5/5 b Crab,Tiger Horse,Ox Boar"
    assert RULES.outcome(pos_of(text)) == Outcome.win(0, 2, "stone")


def test_blue_master_wins_on_c1() -> None:
    # Blue's Boar (0,+1) is a step down the board: c2 → c1, Red's arch
    text = after("5/5/5/2B2/R4 b Horse,Ox Boar,Crab Tiger", "Boar c2-c1")
    assert text == "5/5/5/5/R1B2 r Horse,Ox Crab,Tiger Boar"
    assert RULES.outcome(pos_of(text)) == Outcome.win(1, 2, "stream")


def test_a_student_takes_the_master_stone() -> None:
    # Monkey (+1,+1) takes d4 → e5, where Blue's master stands
    text = after("4B/3r1/5/5/R4 r Boar,Monkey Horse,Ox Tiger", "Monkey d4-e5")
    assert text == "4r/5/5/5/R4 b Boar,Tiger Horse,Ox Monkey"
    final = pos_of(text)
    assert RULES.outcome(final) == Outcome.win(0, 2, "stone")
    assert list(RULES.moves(final)) == []


def test_a_student_on_the_enemy_arch_wins_nothing() -> None:
    text = after("B4/2r2/5/5/R4 r Boar,Crab Horse,Ox Tiger", "Boar c4-c5")
    assert text == "B1r2/5/5/5/R4 b Crab,Tiger Horse,Ox Boar"
    pos = pos_of(text)
    assert RULES.outcome(pos) is None
    # Blue's master a5 with Horse: a4, b5 (Horse's left is the board's right for Blue);
    # with Ox: a4 (its right step and back step leave the board)
    assert move_list(text) == ["Horse a5-a4", "Horse a5-b5", "Ox a5-a4"]


def test_masters_on_their_own_arches_mean_nothing() -> None:
    assert RULES.outcome(pos_of(SEED1)) is None


def test_strict_and_terminal_leaf_perft_differ_by_the_early_endings() -> None:
    pos = pos_of("2B2/2R2/5/5/5 r Boar,Crab Horse,Ox Tiger")
    # by hand: six Red moves; two of them (Boar c4-c5, Crab c4-c5) take the master at ply 1
    assert perft(pos, 1) == perft_t(pos, 1) == 6
    assert perft_t(pos, 2) - perft(pos, 2) == 2
    for depth in (2, 3, 4):
        strict, leaf = perft(pos, depth), perft_t(pos, depth)
        assert leaf - strict == early_wins(pos, depth)
        assert core_perft(RULES, pos, depth) == strict
        assert core_perft(RULES, pos, depth, terminal_leaf=True) == leaf
    assert perft_t(pos, 4) > perft(pos, 4)


def test_apply_leaves_its_input_alone_and_positions_compare_by_value() -> None:
    pos = pos_of(SEED1)
    child = RULES.apply(pos, RULES.parse_move(pos, "Frog b1-a2"))
    assert RULES.format_position(pos) == SEED1
    assert child == pos_of(RULES.format_position(child))
    assert hash(child) == hash(pos_of(RULES.format_position(child)))


# ----- position text ----------------------------------------------------------------------


def test_position_text_is_read_leniently_and_written_canonically() -> None:
    pos = RULES.parse_position(" bbBbb/5/5/5/rrRrr \t r  ox,FROG  horse,goose   rooster \n")
    assert RULES.format_position(pos) == SEED1
    assert pos == pos_of(SEED1)
    assert RULES.parse_position(SEED1, "base") == pos


def test_a_finished_position_where_the_mover_lost_is_valid() -> None:
    # Red's master stands on c5: Red has won, Blue is to move and has no moves
    pos = pos_of("bBRbb/5/5/5/rr1rr b Frog,Ox Goose,Horse Rooster")
    assert RULES.outcome(pos) == Outcome.win(0, 2, "stream")
    assert RULES.legal_moves(pos) == []


REJECTED = [
    "bbBbb/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # 4 ranks
    "bbBbb/5/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # 6 ranks
    "bbBbb/6/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # run too long
    "bbBbb/4/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # rank of 4 squares
    "bbBbb/5/5/5/rrRr r Frog,Ox Goose,Horse Rooster",  # rank of 4 squares
    "bbBbbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # rank of 6 squares
    "bbBbb/23/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # 23 is one number
    "bbBbb/5/0/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # zero run
    "bbBbb/05/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # leading zero
    "bbBbb/5/5/5/rrXrr r Frog,Ox Goose,Horse Rooster",  # unknown piece
    "bbBbb/5/5/5/rrRrr x Frog,Ox Goose,Horse Rooster",  # unknown side
    "bbBbb/5/5/5/rrRrr R Frog,Ox Goose,Horse Rooster",  # side letter in upper case
    "bbBbb/5/5/5/rrRrr r Frog,Oxen Goose,Horse Rooster",  # unknown card
    "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Phoenix",  # unknown side card
    "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Frog Rooster",  # card twice
    "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Ox",  # side card also in a hand
    "bbBbb/5/5/5/rrRrr r Frog Goose,Horse Rooster",  # a hand of one card
    "bbBbb/5/5/5/rrRrr r Frog,Ox,Tiger Goose,Horse Rooster",  # a hand of three
    "bbBbb/5/5/5/rrRrr r Frog, Ox Goose,Horse Rooster",  # a space inside a hand
    "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse",  # a field missing
    "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster 12",  # an extra field
    "bbBbb/5/5/5/rRRrr r Frog,Ox Goose,Horse Rooster",  # two Red masters
    "bbBbb/5/5/r4/rrRrr r Frog,Ox Goose,Horse Rooster",  # five Red students
    "bbBbb/b4/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # five Blue students
    "bbbbb/5/5/5/rrrrr r Frog,Ox Goose,Horse Rooster",  # both masters gone: both won
    "bbRbb/5/5/5/rrBrr b Frog,Ox Goose,Horse Rooster",  # both masters on enemy arches
    "bb1bb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster",  # Red to move has already won
    "bBRbb/5/5/5/rr1rr r Frog,Ox Goose,Horse Rooster",  # Red to move stands on c5
    "bbBbb/5/5/5/rr1rr b Frog,Ox Goose,Horse Rooster",  # Blue to move has already won
    "bbBbb/5/5/5/rrRrr\nr Frog,Ox Goose,Horse Rooster",  # a newline is not a separator
    "",
    "   ",
]


@pytest.mark.parametrize("text", REJECTED)
def test_rejected_positions(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_position(text)


def test_position_errors_name_the_field_and_column() -> None:
    with pytest.raises(NotationError) as info:
        RULES.parse_position("bbBbb/5/5/5/rrXrr r Frog,Ox Goose,Horse Rooster")
    assert info.value.column == 15 and info.value.field == "rank 1"
    with pytest.raises(NotationError) as info:  # two leading spaces: "Oxen" starts at 28
        RULES.parse_position("  bbBbb/5/5/5/rrRrr r Frog,Oxen Goose,Horse Rooster")
    assert info.value.column == 28 and "not a card" in str(info.value)
    with pytest.raises(NotationError) as info:  # the second Frog starts at column 35
        RULES.parse_position("bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Frog Rooster")
    assert info.value.column == 35 and "twice" in str(info.value)
    with pytest.raises(NotationError) as info:
        RULES.parse_position("bbBbb/4/5/5/rrRrr r Frog,Ox Goose,Horse Rooster")
    assert "rank 4 has 4 squares; each rank has 5" in str(info.value)
    with pytest.raises(NotationError) as info:  # the second Red master is the 15th char
        RULES.parse_position("bbBbb/5/5/5/rRRrr r Frog,Ox Goose,Horse Rooster")
    assert info.value.column == 15 and "master" in str(info.value)
    with pytest.raises(NotationError) as info:
        RULES.parse_position("bb1bb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster")
    assert info.value.field == "side to move" and "already won" in str(info.value)


def test_a_run_of_4301_digits_is_a_notation_error_naming_the_rank() -> None:
    # Python's int() refuses more than 4,300 digits with a ValueError; the reader refuses
    # the run by its length first. An Onitama position has no other number field, and
    # move text has none at all.
    with pytest.raises(NotationError) as info:
        RULES.parse_position(f"bbBbb/{'9' * 4301}/5/5/rrRrr r Frog,Ox Goose,Horse Rooster")
    assert info.value.field == "rank 4" and info.value.column == 7
    assert str(info.value).startswith("rank 4, the 7th character: ")
    with pytest.raises(NotationError) as info:  # after a piece, and on the last rank
        RULES.parse_position(f"bbBbb/5/5/5/r{'9' * 4301} r Frog,Ox Goose,Horse Rooster")
    assert info.value.field == "rank 1" and "rank 1" in str(info.value)


def test_a_position_and_a_move_print_as_their_text() -> None:
    pos = pos_of(SEED1)
    assert repr(pos) == SEED1
    assert repr(RULES.parse_move(pos, "frog b1-a2")) == "Frog b1-a2"


def test_variant_must_agree() -> None:
    with pytest.raises(NotationError):
        RULES.parse_position(SEED1, "advanced")


# ----- move text ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Frog b1-a2", "frog b1-a2", "FROG   b1-a2", "Frog\tb1-a2",
                                  "  fRoG b1-a2  "])
def test_move_text_alternatives(text: str) -> None:
    pos = pos_of(SEED1)
    move = RULES.parse_move(pos, text)
    assert RULES.move_text(pos, move) == "Frog b1-a2"


def test_pass_text_in_any_card_case() -> None:
    pos = pos_of(RED_STUCK)
    assert RULES.move_text(pos, RULES.parse_move(pos, "crab  pass")) == "Crab pass"


@pytest.mark.parametrize("text", ["", "Frog", "Frog b1a2", "b1-a2", "Frog b1-a2 x",
                                  "Frog B1-A2", "Frog f1-a2", "Frogs b1-a2", "Frog b1 - a2",
                                  "Frog PASS", "Frogb1-a2", "Frog b1-a2-a3", "pass"])
def test_malformed_move_text(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_move(pos_of(SEED1), text)


@pytest.mark.parametrize(("text", "reason"), [
    ("Tiger c1-c3", "not in this game"),
    ("Goose b1-a2", "Blue's card"),
    ("Rooster b1-c2", "side card"),
    ("Frog a3-a4", "no piece on a3"),
    ("Frog b5-a4", "Blue's, not yours"),
    ("Frog b1-b2", "Frog does not move a piece from b1 to b2"),
    ("Ox a1-b1", "cannot capture your own piece"),
    ("Frog pass", "pass only when no move is possible"),
])
def test_illegal_moves_say_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        RULES.parse_move(pos_of(SEED1), text)


def test_no_move_in_a_finished_game() -> None:
    with pytest.raises(IllegalMoveError, match="the game is over"):
        RULES.parse_move(pos_of("B1R2/5/5/5/5 b Crab,Tiger Horse,Ox Boar"), "Horse a5-a4")


def test_a_card_name_joins_the_next_token() -> None:
    assert RULES.move_joins_next_token("Tiger")
    assert RULES.move_joins_next_token("tIGER")
    assert RULES.move_joins_next_token("ox")
    for token in ("c1-c3", "pass", "1.", "Tigers", "Tiger c1-c3", "", "*", "1-0"):
        assert not RULES.move_joins_next_token(token)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_position_parser_only_raises_notation_errors(text: str) -> None:
    try:
        RULES.parse_position(text)
    except NotationError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="rRbB0123456789/ ,\tFrogOxGseHoTiRt", max_size=60))
def test_position_parser_on_near_miss_text(text: str) -> None:
    try:
        pos = RULES.parse_position(text)
    except NotationError:
        return
    assert RULES.parse_position(RULES.format_position(pos)) == pos


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="FrogOxfrogabcde12345- pass\t", max_size=20)))
def test_move_parser_only_raises_its_own_errors(text: str) -> None:
    for pos_text in (SEED1, RED_STUCK, "B1R2/5/5/5/5 b Crab,Tiger Horse,Ox Boar"):
        try:
            RULES.parse_move(pos_of(pos_text), text)
        except (NotationError, IllegalMoveError):
            pass


# ----- what the UI uses --------------------------------------------------------------------


def test_pick_paths() -> None:
    pos = pos_of(SEED1)
    move = RULES.parse_move(pos, "Frog b1-a2")
    frog = item("card:Frog", "Frog")
    assert RULES.pick_paths(pos, move)[0] == (cell("b1"), cell("a2"), frog)
    assert (frog, cell("b1"), cell("a2")) in RULES.pick_paths(pos, move)
    stuck = pos_of(RED_STUCK)
    assert RULES.pick_paths(stuck, RULES.parse_move(stuck, "Boar pass")) == (
        (item("card:Boar", "Boar"),),)


def test_panel_shows_blue_then_side_then_red_as_each_holder_sees_the_cards() -> None:
    pos = pos_of("bbBbb/5/5/5/rrRrr r Rooster,Tiger Cobra,Rabbit Frog")
    blue, side, red = RULES.panel(pos)
    assert (blue.title, side.title, red.title) == ("Blue's cards", "Side card", "Red's cards")
    assert [i.key for i in blue.items] == ["card:Cobra", "card:Rabbit"]
    assert [i.owner for i in blue.items] == [1, 1]
    assert [i.key for i in side.items] == ["card:Frog"] and side.items[0].owner is None
    assert [i.key for i in red.items] == ["card:Rooster", "card:Tiger"]
    assert [i.owner for i in red.items] == [0, 0]
    assert red.items[1].title == "Tiger"  # a stamp counts only at the deal: the side card's
    assert side.items[0].title == "Frog · Red stamp"
    # the §2.3.3 pictures, forward up, for whoever holds them
    assert red.items[1].lines == (". . # . .", ". . . . .", ". . o . .", ". . # . .",
                                  ". . . . .")
    assert blue.items[0].lines == (". . . . .", ". . . # .", ". # o . .", ". . . # .",
                                   ". . . . .")
    assert side.note == "Red takes it next"
    # once the game is over nobody takes the side card (Blue's master was taken)
    over = pos_of("4r/5/5/5/R4 b Boar,Tiger Horse,Ox Monkey")
    assert RULES.outcome(over) is not None and RULES.panel(over)[1].note == ""


def test_hints() -> None:
    pos = pos_of(SEED1)
    assert RULES.hint(pos, ()) == "select one of your pieces"
    assert RULES.hint(pos, (cell("a1"),)) == "select a target square"
    assert RULES.hint(pos, (cell("b1"), cell("a2"))) == "choose Frog to make that move"
    both = pos_of("bbBbb/5/5/5/rrRrr b Elephant,Horse Boar,Ox Crab")
    assert RULES.hint(both, (cell("c5"), cell("c4"))) == (
        "both cards reach that square: choose the card (1/2 or click it)")
    assert RULES.hint(pos_of(RED_STUCK), ()) == (
        "no move is possible: choose a card to pass to the side")
    assert RULES.hint(pos, (item("card:Ox"),)) == "select one of your pieces to move with Ox"


def test_explain_refused_picks() -> None:
    pos = pos_of(SEED1)
    assert RULES.explain(pos, (), cell("a3")) == "that square is empty: select one of your pieces"
    assert RULES.explain(pos, (), cell("a5")) == "that is not your piece"
    assert RULES.explain(pos, (cell("a1"),), cell("b1")) == "you cannot capture your own piece"
    assert RULES.explain(pos, (cell("a1"),), cell("e4")) == (
        "neither of your cards moves that piece there")
    assert RULES.explain(pos, (), item("card:Goose")) == "Goose is Blue's card; yours are Frog, Ox"
    assert "side card" in RULES.explain(pos, (), item("card:Rooster"))
    assert RULES.explain(pos, (cell("b1"), cell("a2")), item("card:Ox")) == (
        "Ox does not move that piece there")
    # Frog from a1: all three steps leave the board
    assert RULES.explain(pos, (item("card:Frog"),), cell("a1")).startswith(
        "Frog cannot move that piece")
    # the Red master in BOXED has no move: own pieces on a2 and b1, the edge elsewhere
    assert RULES.explain(pos_of(BOXED), (), cell("a1")).startswith(
        "neither of your cards can move that piece")
    # Blue picks b3, where Horse would go for Red: the engine mentions the card's turn
    blue = RULES.explain(pos_of(BLUE_VIEW), (cell("c3"),), cell("b3"))
    assert blue.startswith("neither of your cards moves that piece there")
    assert "turned to face you" in blue
    assert RULES.explain(pos_of(RED_STUCK), (), cell("a5")) == (
        "no move is possible: choose a card to pass to the side")
    over = pos_of("B1R2/5/5/5/5 b Crab,Tiger Horse,Ox Boar")
    assert RULES.explain(over, (), cell("a5")) == "the game is over"


def test_layout_coordinates_and_arches() -> None:
    layout = RULES.layout("base")
    assert len(layout.cells) == 25
    assert layout.cell("c1").shade == "zone0" and layout.cell("c5").shade == "zone1"
    assert {layout.cell("a1").shade, layout.cell("b1").shade} == {"light", "dark"}
    assert layout.cell("a5").row < layout.cell("a1").row  # Red at the bottom
    assert layout.cell("a1").col < layout.cell("e1").col
    assert layout.background[0].split() == list("abcde")
    flipped = RULES.layout("base", flipped=True)
    assert flipped.cell("a5").row > flipped.cell("a1").row  # Blue at the bottom
    assert flipped.cell("a1").col > flipped.cell("e1").col
    assert flipped.background[-1].split() == list("edcba")
    ascii_layout = RULES.layout("base", ascii=True)
    assert all(line.isascii() for line in ascii_layout.background)


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("ascii_mode", [False, True])
def test_compact_squares_sit_under_their_file_and_beside_their_rank(flipped: bool,
                                                                   ascii_mode: bool) -> None:
    """A player reads a square's name off the compact drawing: the column a piece stands in
    carries its file letter at the top and bottom, its line the rank number at both sides."""
    layout = RULES.layout("base", flipped=flipped, ascii=ascii_mode, compact=True)
    for spec in layout.cells:
        file, rank = spec.name[0], spec.name[1]
        glyph_col = spec.col + (spec.width - 1) // 2  # where a one-column glyph is drawn
        glyph_row = spec.row + (spec.height - 1) // 2
        assert layout.background[0][glyph_col] == file == layout.background[-1][glyph_col]
        labels = layout.background[glyph_row].replace("│", " ").replace("|", " ").split()
        assert labels == [rank, rank], spec.name


def test_compact_board_keeps_the_geometry_and_leaves_room_for_the_cards() -> None:
    layout = RULES.layout("base", compact=True)
    # five cards beside it in an 80×24 window: the board takes at most 35 × 14
    assert layout.width <= 35 and layout.height <= 14
    # neighbours in the rules are neighbours on the canvas, with no gap: b1 right of a1,
    # a2 just above a1, so the 5×5 grid is a grid
    a1, b1, a2 = layout.cell("a1"), layout.cell("b1"), layout.cell("a2")
    assert (b1.row, b1.col) == (a1.row, a1.col + a1.width)
    assert (a2.row + a2.height, a2.col) == (a1.row, a1.col)
    # turning the board through 180° puts a1 where e5 was, and c1's arch where c5's was
    flipped = RULES.layout("base", flipped=True, compact=True)
    assert (flipped.cell("a1").row, flipped.cell("a1").col) == (layout.cell("e5").row,
                                                                layout.cell("e5").col)
    assert (flipped.cell("c1").row, flipped.cell("c1").col) == (layout.cell("c5").row,
                                                                layout.cell("c5").col)
    # the same look as the full board: each square keeps its shade (arches as zones)
    full = RULES.layout("base")
    assert {s.name: s.shade for s in layout.cells} == {s.name: s.shade for s in full.cells}


def test_cell_views_tell_owners_and_ranks_apart_by_shape() -> None:
    views = RULES.cell_views(pos_of("B1r2/5/5/5/R4 b Crab,Tiger Horse,Ox Boar"))
    assert len(views) == 25
    assert (views["a1"].glyph, views["a1"].ascii, views["a1"].owner, views["a1"].strong) == (
        "◆", "R", 0, True)
    assert (views["c5"].glyph, views["c5"].ascii, views["c5"].owner) == ("●", "r", 0)
    assert (views["a5"].glyph, views["a5"].ascii, views["a5"].owner) == ("◇", "B", 1)
    assert (views["c1"].glyph, views["c1"].ascii) == ("∩", "^")  # an empty arch
    assert views["b3"].owner is None
    start = RULES.cell_views(pos_of(SEED1))
    assert (start["a5"].glyph, start["a5"].ascii, start["a5"].strong) == ("○", "b", False)
    assert len({v.glyph for v in start.values() if v.owner is not None}) == 4


def test_side_summary() -> None:
    assert RULES.side_summary(pos_of(SEED1)) == ("master + 4 students", "master + 4 students")
    assert RULES.side_summary(pos_of("4r/5/5/5/R4 b Boar,Tiger Horse,Ox Monkey")) == (
        "master + 1 student", "master captured")
    assert RULES.sides("base") == ("Red", "Blue")
    assert len(RULES.side_colours("base")) == 2


# ----- the computer's evaluation (ogames/games/onitama/computer.py) ---------------------------


def random_positions(count: int, seed: int = 0) -> list:
    """Positions of seeded random games that are not over."""
    import random

    from ogames.core.game import Game

    out = []
    rng = random.Random(seed)
    while len(out) < count:
        game = Game.new(RULES, None, rng.randrange(1000))
        for _ in range(rng.randrange(1, 30)):
            if game.outcome() is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome() is None:
            out.append(game.position)
    return out


def test_the_score_is_its_weights_times_its_terms():
    """The fast score (a table a board, the card terms) is the tuned linear model the
    Texel fit (bench/texel.py) fits: the weights times ``features``, term for term."""
    from ogames.games.onitama import computer

    assert len(computer.WEIGHTS) == len(computer.TERMS) and computer.WEIGHTS[0] == 1.0
    for pos in random_positions(150):
        terms = computer.features(RULES, pos)
        expected = sum(w * t for w, t in zip(computer.WEIGHTS, terms, strict=True))
        assert computer.score(RULES, pos) == pytest.approx(expected, abs=1e-9)


def test_the_terms_read_the_cards_and_the_threats():
    """Red to move; Blue's Master on c3 holds Tiger (for Blue, two squares down: c1, Red's
    arch, where Red's Master stands) and Crab (c2, a3, e3): Blue threatens the Master and
    the arch at once, and attacks no student (b1 and d1 are out of its cards' reach)."""
    from ogames.games.onitama import computer

    pos = RULES.parse_position("5/5/2B2/5/1rRr1 r Boar,Horse Crab,Tiger Ox")
    terms = dict(zip(computer.TERMS, computer.features(RULES, pos), strict=True))
    assert terms["students"] == 2  # two red students, no blue one
    assert terms["their Master one move from the arch"] == 1  # Tiger: c3 to c1
    assert terms["they attack the Master"] == 1  # c1 is Red's Master's square
    assert terms["students they attack"] == 0  # Crab reaches a3, e3, c2: no student
    assert terms["moves"] == len([m for m in RULES.moves(pos) if m.origin is not None])


def _terms_from_the_moves(pos) -> tuple[int, int, int, int, int, int]:
    """``computer.card_terms`` read plainly off both sides' lists of moves (the fast one
    counts bits): the moves of each side, the mover's students and Master the other side's
    moves land on, those students no move of the mover's pieces (own squares included)
    reaches, and whether the other Master has a move onto the mover's arch."""
    from ogames.games.onitama.notation import ARCH, MASTER, OWN, STUDENT
    from ogames.games.onitama.play import card_targets, side_moves

    b, me = pos.board, pos.turn
    them = 1 - me
    mine = [m for m in side_moves(b, me, pos.hand(me)) if m.origin is not None]
    theirs = [m for m in side_moves(b, them, pos.hand(them)) if m.origin is not None]
    landed = {m.target for m in theirs}
    students = [sq for sq in landed if b[sq] == STUDENT[me]]
    reached = {t for sq, ch in enumerate(b) if ch in OWN[me] for card in pos.hand(me)
               for t, _ in card_targets(me, card)[sq]}
    hanging = [sq for sq in students if sq not in reached]
    near = any(b[m.origin] == MASTER[them] and m.target == ARCH[me] for m in theirs)
    return (len(mine), len(theirs), len(students), len(hanging),
            int(b.find(MASTER[me]) in landed), int(near))


def test_the_card_terms_counted_on_bits_are_those_of_the_lists_of_moves():
    """The evaluation's card terms, counted on bit masks for speed, agree with the same
    terms read off the lists of moves, in 400 positions of random games."""
    from ogames.games.onitama import computer

    for pos in random_positions(400, seed=5):
        me = pos.turn
        assert computer.card_terms(pos.board, me, pos.hand(me), pos.hand(1 - me)) == (
            _terms_from_the_moves(pos))
