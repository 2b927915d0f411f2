"""Ordo engine: CLARIFICATIONS §2.4 and the check numbers of §3.4.

Expected values come from CLARIFICATIONS (perft counts, move lists) or are derived by hand
from the rules in the comment beside each position; none is read off the engine.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ogames.core.board import COMPACT_CANVAS, cell
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.game import Game
from ogames.core.outcome import Outcome
from ogames.core.perft import divide, perft
from ogames.core.registry import find_rules
from ogames.core.savefile import parse_game
from ogames.games.ordo import RULES

START_10 = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w"
START_8 = "1BB2BB1/BBBBBBBB/B2BB2B/8/8/W2WW2W/WWWWWWWW/1WW2WW1 w"
GOAL_EXAMPLE = "10/4W5/3W6/10/B9/10/10/10 w"
RECONNECT_EXAMPLE = "B9/10/2WW6/10/4W5/10/10/10 w"


def pos(text: str, variant: str | None = None):
    return RULES.parse_position(text, variant)


def texts(position) -> list[str]:
    return [RULES.move_text(position, m) for m in RULES.legal_moves(position)]


def play(position, *moves: str):
    for text in moves:
        position = RULES.apply(position, RULES.parse_move(position, text))
    return position


# ----- start positions and perft (§2.4.7, §3.4) ----------------------------------------------


def test_registry_and_variants() -> None:
    assert find_rules("ORDO") is RULES
    assert RULES.variants == ("10x8", "8x8")
    assert RULES.sides("10x8") == ("White", "Black")
    assert RULES.parse_variant(None) == "10x8"


@pytest.mark.parametrize(("variant", "text"), [("10x8", START_10), ("8x8", START_8)])
def test_start_positions(variant: str, text: str) -> None:
    start = RULES.start(variant)
    assert RULES.format_position(start) == text
    assert pos(text) == start
    assert RULES.variant_of(pos(text)) == variant
    assert RULES.to_move(start) == 0
    assert RULES.outcome(start) is None


def test_the_56_opening_moves() -> None:
    # §3.4: 52 singletons + the 4 ordo moves, mirror-symmetric
    moves = texts(RULES.start("10x8"))
    assert len(moves) == 56
    assert [m for m in moves if ":" in m] == ["c2:d2-c3", "c2:d2-c4", "g2:h2-g3", "g2:h2-g4"]
    assert len(set(moves)) == 56

    def mirror(sq: str) -> str:
        return "abcdefghij"[9 - "abcdefghij".index(sq[0])] + sq[1:]

    singles = {(m[:2], m[3:]) for m in moves if ":" not in m}
    assert len(singles) == 52
    assert {(mirror(a), mirror(b)) for a, b in singles} == singles


def test_divide_sums_to_perft() -> None:
    rows = divide(RULES, RULES.start("8x8"), 2)
    assert len(rows) == 46 and sum(n for _, n in rows) == 2116
    assert [t for t, _ in rows] == sorted(t for t, _ in rows)


def test_saved_game_example_is_legal() -> None:
    # §1.6 / §3.4
    text = ('[Game "ordo"]\n[Variant "10x8"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n'
            "1. c2:d2-c3 c7:d7-c6 2. e3-e4 {a comment} *\n")
    game = parse_game(text)
    assert [p.text for p in game.moves_played] == ["c2:d2-c3", "c7:d7-c6", "e3-e4"]
    # c2,d2 → c3,d3; c7,d7 → c6,d6; e3 → e4
    assert RULES.format_position(game.position) == (
        "2BB2BB2/BB2BBBBBB/BBBBBB2BB/10/4W5/WWWW1W2WW/WW2WWWWWW/2WW2WW2 b")


# ----- the examples of §2.4.3 -------------------------------------------------------------


def test_goal_row_example_connection_rule_applies() -> None:
    p = pos(GOAL_EXAMPLE)
    assert texts(p) == ["d6-d7", "d6-d8", "d6-e6", "d6-f6", "e7-c7", "e7-d7"]
    for bad, reason in [("e7-e8", "split"), ("e7-d8", "split"), ("e7-f8", "split")]:
        with pytest.raises(IllegalMoveError, match=reason):
            RULES.parse_move(p, bad)
    won = play(p, "d6-d8")
    assert RULES.outcome(won) == Outcome.win(0, 2, "goal")
    assert RULES.moves(won) == []
    assert perft(RULES, won, 1) == 0 and perft(RULES, won, 2) == 0


def test_reconnection_example() -> None:
    p = pos(RECONNECT_EXAMPLE)
    assert texts(p) == ["c6-d5", "c6:d6-c3", "c6:d6-c4", "c6:d6-c5", "d6-d5", "e4-d5",
                        "e4-e5", "e4-e6", "e4-e7"]
    assert RULES.outcome(p) is None


def test_reconnection_for_black_backward_is_up() -> None:
    # The reconnection example mirrored top to bottom (rank r ↔ 9 − r), Black to move:
    # the same nine moves, mirrored.
    p = pos("10/10/10/4B5/10/2BB6/10/W9 b")
    assert texts(p) == ["c3-d4", "c3:d3-c4", "c3:d3-c5", "c3:d3-c6", "d3-d4", "e5-d4",
                        "e5-e2", "e5-e3", "e5-e4"]


# ----- hand-built positions, one per rule ---------------------------------------------------


def test_blocked_slides_and_captures() -> None:
    # 8×8. White b2 c2; Black a3 b4 c3 (connected). By hand:
    # b2: N b3 (touches c2), then b4 capture (does not touch c2: illegal); NE c3 capture
    #     (touches c2); NW a3 capture (not next to c2); E blocked by c2; W a2 (not next to c2).
    # c2: N c3 capture (touches b2); NW b3 (touches b2), a4 does not; NE d3… and E d2… are
    #     too far from b2; W blocked by b2.
    # ordo b2:c2 forward: c3 is occupied, so it cannot move.
    p = pos("8/8/8/8/1B6/B1B5/1WW5/8 w")
    assert texts(p) == ["b2-b3", "b2xc3", "c2-b3", "c2xc3"]


def test_a_lone_piece_slides_and_captures_freely() -> None:
    # 8×8. White b2 alone (always connected); Black a3 b4 c3. By hand: N b3 then capture b4;
    # NE capture c3; NW capture a3; E c2…h2; W a2; no backward moves.
    p = pos("8/8/8/8/1B6/B1B5/1W6/8 w")
    assert texts(p) == ["b2-a2", "b2-b3", "b2-c2", "b2-d2", "b2-e2", "b2-f2", "b2-g2",
                        "b2-h2", "b2xa3", "b2xb4", "b2xc3"]


def test_sub_row_ordo_moves() -> None:
    # 8×8. White c1 d1 e1; Black d5. By hand:
    # c1 (rest d1-e1 whole): c2, d2 touch d1; b2, b1, c3… do not.  e1: e2, d2 likewise.
    # d1 (rest c1 | e1 split): only d2 touches both.
    # c1:d1 forward 1 (d2 touches e1); 2 leaves e1 alone.  d1:e1 likewise.
    # c1:e1 is the whole group: ranks 2, 3, 4; d5 blocks the fourth step.
    p = pos("8/8/8/3B4/8/8/8/2WWW3 w")
    assert texts(p) == ["c1-c2", "c1-d2", "c1:d1-c2", "c1:e1-c2", "c1:e1-c3", "c1:e1-c4",
                        "d1-d2", "d1:e1-d2", "e1-d2", "e1-e2"]


def test_vertical_ordo_moves_sideways_only() -> None:
    # 8×8. White d1 d2 d3; Black f2. By hand:
    # d1 (rest d2-d3): c1, e1, c2, e2 touch d2; farther squares do not; N blocked.
    # d2 (rest d1 | d3): only c2 and e2 touch both.  d3 (rest d1-d2): c3, e3.
    # d1:d2 and d2:d3 sideways by one (the far piece still touches); by two they split.
    # d1:d3 (whole group): west to c, b, a; east to e; f2 blocks the second step east.
    # No ordo moves up or down the file.
    p = pos("8/8/8/8/8/3W4/3W1B2/3W4 w")
    assert texts(p) == ["d1-c1", "d1-c2", "d1-e1", "d1-e2", "d1:d2-c1", "d1:d2-e1",
                        "d1:d3-a1", "d1:d3-b1", "d1:d3-c1", "d1:d3-e1", "d2-c2", "d2-e2",
                        "d2:d3-c2", "d2:d3-e2", "d3-c3", "d3-e3"]
    with pytest.raises(IllegalMoveError, match="single file"):
        RULES.parse_move(p, "d1:d3-d4")
    with pytest.raises(IllegalMoveError, match="single file"):
        RULES.parse_move(p, "d1:d2-d3")
    # the ends in the other order, with the landing square of the first-named end
    assert RULES.move_text(p, RULES.parse_move(p, "d3:d1-e3")) == "d1:d3-e1"


def test_an_ordo_never_captures() -> None:
    p = pos("8/8/8/8/1B6/B1B5/1WW5/8 w")
    with pytest.raises(IllegalMoveError, match="never captures"):
        RULES.parse_move(p, "b2:c2-b3")


# ----- end of the game (§2.4.4) --------------------------------------------------------------


def test_capturing_the_last_piece_wins() -> None:
    p = pos("8/8/8/4B3/4W3/8/8/8 w")
    after = play(p, "e4xe5")
    assert RULES.format_position(after) == "8/8/8/4W3/8/8/8/8 b"
    assert RULES.outcome(after) == Outcome.win(0, 2, "no pieces")
    assert RULES.moves(after) == []


def test_a_split_without_a_reconnecting_move_loses() -> None:
    # White c4 takes c5 out of Black's row a5…e5. Black is left with a5 b5 | d5 e5 around
    # White's c5. Reconnecting needs a piece on c4, c5 or c6 while the other three stay
    # put next to it: a5 reaches only a4, b4, a6, b6, c3, c7 (b5 blocks E); e5 only d4, d6,
    # c3, c7 …; b5 or d5 moving leaves a5 or e5 three files away; the ordos a5:b5, d5:e5
    # move only along their files; b5xc5 leaves a5 alone, d5xc5 leaves e5 alone.
    p = pos("8/8/8/BBBBB3/2W5/8/8/8 w")
    assert "c4xc5" in texts(p)
    after = play(p, "c4xc5")
    assert RULES.format_position(after) == "8/8/8/BBWBB3/8/8/8/8 b"
    assert RULES.moves(after) == []
    assert RULES.outcome(after) == Outcome.win(0, 2, "cannot reconnect")
    assert pos("8/8/8/BBWBB3/8/8/8/8 b") == after  # a valid (finished) position


def test_a_split_that_can_reconnect_goes_on() -> None:
    # White d4 takes d5 out of Black's c5 d5 e5, leaving Black c5 | e5 (split) around White
    # d5. By hand, a reconnecting move must land next to the piece that stays: for c5 that
    # is a square touching e5 — SE d4 (empty now), E capture d5, backward NE d6; the other
    # rays (S, SW, W, N, NW and the far squares) never touch e5. e5 is the mirror image.
    after = play(pos("8/8/8/2BBB3/3W4/8/8/8 w"), "d4xd5")
    assert RULES.format_position(after) == "8/8/8/2BWB3/8/8/8/8 b"
    assert RULES.outcome(after) is None
    assert texts(after) == ["c5-d4", "c5-d6", "c5xd5", "e5-d4", "e5-d6", "e5xd5"]


def test_goal_is_reported_before_anything_else() -> None:
    # Black to move has no pieces left but White also reached rank 8: the reason is goal.
    assert RULES.outcome(pos("W7/8/8/8/8/8/8/8 b")) == Outcome.win(0, 2, "goal")
    assert RULES.outcome(pos("8/8/8/8/8/8/W7/8 b")) == Outcome.win(0, 2, "no pieces")
    assert Outcome.win(0, 2, "goal").shares == (Fraction(1), Fraction(0))


# ----- position strings (§2.4.7) --------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "10/10/10/10/10/10/10 w",  # 7 ranks
    "10/10/10/10/10/10/10/10/10 w",  # 9 ranks
    "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW1 w",  # unequal widths
    "9/9/9/9/9/9/B8/W8 w",  # width 9
    "11/11/11/11/11/11/B10/W10 w",  # width 11
    "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/W9/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w",  # 21 White
    "1BB2BB1/BBBBBBBB/B2BB2B/8/B7/W2WW2W/WWWWWWWW/1WW2WW1 w",  # 17 Black
    "W9/10/10/10/10/10/9B/10 w",  # White to move already on rank 8
    "10/10/10/10/10/10/10/B9 b",  # Black to move already on rank 1 (White has none too)
    "10/10/10/10/10/10/W9/B9 b",  # Black to move already on rank 1
    "10/B8B/10/10/10/10/W9/10 w",  # Black just moved yet is split
    "10/10/10/10/10/10/W9/10 w",  # Black just moved yet has no pieces
    "10/10/10/10/10/10/10/10 w",  # nobody has pieces
    "10/10/10/10/10/10/W9/B9",  # no side
    "10/10/10/10/10/10/W9/B9 w b",  # extra field
    "10/10/10/10/10/10/W9/B9 x",  # bad side letter
    "10/10/10/10/10/B9/W9/10 W",  # side letters are lower case
    "10/10/10/10/10/B9/W9/010 w",  # leading zero
    "10/10/10/10/10/B9/W9/0W9 w",  # zero
    "10/10/10/10/10/b9/W9/10 w",  # piece letters are upper case
    "10/10/10/10/10/B9/W9/5X4 w",  # unknown character
    "10/10/10/10/10/B9/W9/10\nw",  # fields are separated by spaces or tabs
    "",
    "   ",
])
def test_rejected_positions(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_position(text)


def test_width_must_agree_with_the_variant() -> None:
    assert RULES.variant_of(pos(START_8)) == "8x8"
    assert pos(START_8, "8x8") == RULES.start("8x8")
    with pytest.raises(NotationError, match="8"):
        RULES.parse_position(START_10, "8x8")
    with pytest.raises(NotationError):
        RULES.parse_position(START_8, "10x8")
    with pytest.raises(NotationError):
        RULES.parse_position(START_8, "9x9")


def test_error_messages_name_the_place() -> None:
    with pytest.raises(NotationError) as err:
        RULES.parse_position("10/10/10/10/10/B9/W9/5X4 w")
    assert err.value.field == "rank 1" and err.value.column == 23
    with pytest.raises(NotationError) as err:
        RULES.parse_position("10/10/10/10/10/10/B9/W10 w")
    assert err.value.field == "rank 1" and "11" in str(err.value)
    with pytest.raises(NotationError) as err:
        RULES.parse_position("10/10/10/10/10/B9/W9/10 q")
    assert err.value.field == "side" and err.value.column == 25


def test_a_number_too_long_for_python_is_a_notation_error() -> None:
    """A run of 4,301 nines: Python's int() refuses it with a ValueError ("Exceeds the
    limit (4300 digits)"); the reader must refuse it as text, naming the field."""
    nines = "9" * 4301
    with pytest.raises(NotationError) as err:
        RULES.parse_position(nines + "/10/10/10/10/B9/W9/10 w")
    assert err.value.field == "rank 8" and str(err.value).startswith("rank 8")
    with pytest.raises(NotationError) as err:
        RULES.parse_move(RULES.start("10x8"), f"c{nines}-c3")
    assert err.value.field == "move" and str(err.value).startswith("move")
    with pytest.raises(NotationError) as err:
        RULES.parse_move(RULES.start("10x8"), f"c2:d2-c{nines}")
    assert err.value.field == "move" and str(err.value).startswith("move")


def test_reader_accepts_spaces_and_tabs() -> None:
    assert pos(f"  \t{START_10[:-2]} \t w  ") == RULES.start("10x8")


@pytest.mark.parametrize(("text", "reason"), [
    ("W9/10/10/10/10/10/9B/10 b", "goal"),  # White reached rank 8; Black to move
    ("10/10/10/10/10/10/W9/10 b", "no pieces"),  # Black to move has none
])
def test_valid_finished_positions(text: str, reason: str) -> None:
    p = pos(text)
    assert RULES.format_position(p) == text
    assert RULES.outcome(p) == Outcome.win(0, 2, reason)
    assert RULES.moves(p) == []


# ----- move notation (§2.4.8) -------------------------------------------------------------------


def test_move_alternatives() -> None:
    start = RULES.start("10x8")
    canonical = RULES.parse_move(start, "c2:d2-c4")
    assert RULES.parse_move(start, "d2:c2-d4") == canonical
    assert RULES.parse_move(start, "  c2:d2-c4 ") == canonical
    assert RULES.move_text(start, canonical) == "c2:d2-c4"


@pytest.mark.parametrize("text", ["", "c2", "c2-", "c2--c4", "C2-C4", "c2 c4", "c2-c4-c6",
                                  "k2-k3", "c9-c8", "c0-c1", "c02-c3", "c2:d2xc4",
                                  "c2:d2:e2-c3", "pass", "c2-c٣"])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_move(RULES.start("10x8"), text)


def test_files_i_and_j_are_off_the_small_board() -> None:
    with pytest.raises(NotationError, match="off the board"):
        RULES.parse_move(RULES.start("8x8"), "i2-i3")


@pytest.mark.parametrize(("text", "reason"), [
    ("c2-c5", "split your group"),
    ("c2xc3", "nothing to capture"),
    ("a2-a3", "own piece"),
    ("c1-c3", "pass through"),
    ("c7-c6", "not your piece"),
    ("e5-e6", "no piece on e5"),
    ("c2-d4", "straight line"),
    ("c2:d2-e2", "forward only"),
    ("c2:d2-d3", "diagonally"),
    ("c2:d2-c5", "split your group"),
    ("a2:b2-a3", "pass through"),
    ("c2:e3-c3", "straight row"),
    ("e3:i3-e4", "unbroken row"),
    ("c2:c7-d2", "your own pieces"),
])
def test_illegal_moves_at_the_start(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        RULES.parse_move(RULES.start("10x8"), text)


def test_capture_must_be_written_with_x() -> None:
    p = pos("8/8/8/8/1B6/B1B5/1WW5/8 w")
    with pytest.raises(IllegalMoveError, match="b2xc3"):
        RULES.parse_move(p, "b2-c3")
    assert RULES.move_text(p, RULES.parse_move(p, "b2xc3")) == "b2xc3"


def test_backward_only_when_split() -> None:
    with pytest.raises(IllegalMoveError, match="backward only to reconnect"):
        RULES.parse_move(pos(GOAL_EXAMPLE), "e7-e6")
    with pytest.raises(IllegalMoveError, match="backward only to reconnect"):
        RULES.parse_move(pos("10/10/10/10/10/B9/1WW7/10 w"), "b2:c2-b1")
    # split: the backward ordo is fine
    assert RULES.parse_move(pos(RECONNECT_EXAMPLE), "d6:c6-d4")


def test_moves_after_the_end_are_refused() -> None:
    with pytest.raises(IllegalMoveError, match="over"):
        RULES.parse_move(pos("W9/10/10/10/10/10/9B/10 b"), "j2-j1")


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_position_parser_raises_only_notation_errors(text: str) -> None:
    try:
        RULES.parse_position(text)
    except NotationError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="WB0123456789/ wb\tx", max_size=60))
def test_position_parser_on_near_misses(text: str) -> None:
    try:
        p = RULES.parse_position(text)
    except NotationError:
        return
    assert RULES.parse_position(RULES.format_position(p)) == p


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="abcdefghijk0123456789:-x ", max_size=12)))
def test_move_parser_raises_only_its_own_errors(text: str) -> None:
    for p in (RULES.start("10x8"), pos(RECONNECT_EXAMPLE), pos("8/8/8/BBWBB3/8/8/8/8 b")):
        try:
            RULES.parse_move(p, text)
        except (NotationError, IllegalMoveError):
            pass


# ----- what the UI shows ---------------------------------------------------------------------


def test_pick_paths() -> None:
    start = RULES.start("10x8")
    # the two ends in either order, then either end's landing square; canonical first
    assert RULES.pick_paths(start, RULES.parse_move(start, "c2:d2-c3")) == (
        (cell("c2"), cell("d2"), cell("c3")), (cell("d2"), cell("c2"), cell("d3")),
        (cell("c2"), cell("d2"), cell("d3")), (cell("d2"), cell("c2"), cell("c3")))
    assert RULES.pick_paths(start, RULES.parse_move(start, "b2-c3")) == (
        (cell("b2"), cell("c3")),)


def test_hints() -> None:
    start = RULES.start("10x8")
    assert RULES.hint(start, ()) == "select a piece, or the two ends of a row to move it as an ordo"
    assert RULES.hint(start, (cell("c2"),)) == "select a target square, or the other end of a row"
    # c2–d2 may go one or two squares up (c3/d3 and c4/d4 are empty, rank 5 is free too
    # but c5 would leave the row cut off from the group)
    assert RULES.hint(start, (cell("c2"), cell("d2"))) == (
        "c2 may land on c3 or c4, d2 on d3 or d4: select either end's landing square; "
        "the whole row moves with it")
    assert RULES.hint(start, (cell("d2"), cell("c2"))).startswith(
        "d2 may land on d3 or d4, c2 on c3 or c4")
    assert RULES.hint(pos(RECONNECT_EXAMPLE), ()).startswith(
        "White is split into 2 shaded parts: reconnect your group — backward moves "
        "are allowed")
    assert RULES.hint(pos("8/8/8/BBWBB3/8/8/8/8 b"), ()) == "the game is over"


@pytest.mark.parametrize(("position", "picks", "pick", "expected"), [
    (START_10, (), "c7", "that is not your piece"),
    (START_10, (), "e5", "there is no piece there: select one of your pieces"),
    (START_10, (), "a2", "that piece is blocked: it cannot move forward or sideways"),
    (START_10, ("c2",), "c5", "that would split your group"),
    (START_10, ("c1",), "c3", "pieces cannot pass through other pieces"),
    (START_10, ("c2",), "d4", "a piece moves in a straight line, orthogonally or diagonally"),
    (START_10, ("e3",), "e2",
     "the row e2–e3 cannot move: it is blocked, and pieces cannot pass through other pieces"),
    (START_10, ("c2", "d2"), "e2",
     "a horizontal ordo moves forward only (backward only to reconnect)"),
    (GOAL_EXAMPLE, ("e7",), "e8", "that would split your group"),
    (GOAL_EXAMPLE, ("e7",), "e6",
     "a single piece moves forward or sideways (backward only to reconnect)"),
    ("8/8/8/8/8/3W4/3W1B2/3W4 w", ("d1", "d3"), "d4",
     "a vertical ordo moves sideways only: pieces may not move in single file"),
    ("8/8/8/8/1B6/B1B5/1WW5/8 w", ("b2", "c2"), "b3", "an ordo never captures"),
    ("8/8/8/8/1B6/B1B5/1WW5/8 w", ("b2",), "a2", "that would split your group"),
    (RECONNECT_EXAMPLE, ("e4",), "f5",
     "that would leave your group split: the move must reconnect it"),
    # a1 b2 c3: every square b2 can reach leaves a1 and c3 apart
    ("10/B9/10/10/10/2W7/1W8/W9 w", (), "b2", "every move of that piece would split your group"),
])
def test_explain(position: str, picks: tuple[str, ...], pick: str, expected: str) -> None:
    p = pos(position)
    assert RULES.explain(p, tuple(cell(c) for c in picks), cell(pick)) == expected


def test_side_summary() -> None:
    assert RULES.side_summary(RULES.start("10x8")) == ("20 pieces", "20 pieces")
    assert RULES.side_summary(pos(RECONNECT_EXAMPLE)) == ("3 pieces · split", "1 piece")


def test_layout_and_cells() -> None:
    layout = RULES.layout("10x8")
    # squares 6 columns × 3 lines, a 3-column margin for the rank numbers, one line for
    # the file letters above and below
    assert (layout.width, layout.height) == (66, 26)
    a8, a1, j1 = layout.cell("a8"), layout.cell("a1"), layout.cell("j1")
    assert (a8.row, a8.col, a8.width, a8.height) == (1, 3, 6, 3)
    assert (a1.row, a1.col) == (22, 3) and (j1.row, j1.col) == (22, 57)
    assert a1.shade == "dark" and layout.cell("b1").shade == "light"
    assert layout.background[0].split() == list("abcdefghij")
    assert layout.background[2].split() == ["8", "8"]
    flipped = RULES.layout("10x8", flipped=True)
    assert (flipped.cell("j1").row, flipped.cell("j1").col) == (1, 3)
    assert flipped.background[0].split() == list("jihgfedcba")
    small = RULES.layout("8x8")
    assert small.width == 54 and len(small.cells) == 64
    views = RULES.cell_views(RULES.start("10x8"))
    assert len(views) == 80
    assert (views["c1"].glyph, views["c1"].ascii, views["c1"].owner) == ("○", "W", 0)
    assert (views["c8"].glyph, views["c8"].ascii, views["c8"].owner) == ("●", "B", 1)
    assert (views["a1"].ascii, views["a1"].owner) == (".", None)


def test_compact_layout_reads_like_the_board() -> None:
    """The compact drawing fits the app's 80×24 budget, and a player reads each square's
    name off its file letter (above and below, over the piece) and its rank number (left
    and right, on the piece's line), unflipped and flipped."""
    for variant, flipped in [("10x8", False), ("10x8", True), ("8x8", False), ("8x8", True)]:
        layout = RULES.layout(variant, flipped=flipped, compact=True)
        assert layout.width <= COMPACT_CANVAS[0] and layout.height <= COMPACT_CANVAS[1]
        top, bottom = layout.background[0], layout.background[-1]
        for spec in layout.cells:
            glyph_row = spec.row + (spec.height - 1) // 2
            glyph_col = spec.col + (spec.width - 1) // 2
            file, rank = spec.name[0], spec.name[1:]
            assert top[glyph_col] == bottom[glyph_col] == file, (variant, flipped, spec)
            assert layout.background[glyph_row].split() == [rank, rank], (variant, spec)
            assert spec.width >= 3  # room for the cursor's brackets around a piece


def test_compact_layout_keeps_the_geometry() -> None:
    """Two squares touch on the canvas (side or corner, no gap between the rectangles)
    exactly when they are neighbours on the board, the squares are checkered as in the full
    drawing, and flipping puts a1 where j8 was."""
    layout = RULES.layout("10x8", compact=True)
    full = RULES.layout("10x8")
    specs = {spec.name: spec for spec in layout.cells}
    for a in specs.values():
        assert a.shade == full.cell(a.name).shade
        for b in specs.values():
            if a.name == b.name:
                continue
            board_neighbours = (abs(ord(a.name[0]) - ord(b.name[0])) <= 1
                                and abs(int(a.name[1:]) - int(b.name[1:])) <= 1)
            rows_touch = a.row <= b.row + b.height and b.row <= a.row + a.height
            cols_touch = a.col <= b.col + b.width and b.col <= a.col + a.width
            assert (rows_touch and cols_touch) == board_neighbours, (a.name, b.name)
    flipped = RULES.layout("10x8", flipped=True, compact=True)
    for name, opposite in [("a1", "j8"), ("j1", "a8"), ("e4", "f5")]:
        assert ((flipped.cell(name).row, flipped.cell(name).col)
                == (layout.cell(opposite).row, layout.cell(opposite).col))


def test_a_played_game_reports_the_goal() -> None:
    game = Game.from_position(RULES, pos(GOAL_EXAMPLE))
    game.play_text("d6-d8")
    assert game.outcome() == Outcome.win(0, 2, "goal")
    assert game.legal_moves() == []


def test_the_computer_counts_a_split_group_against_its_side():
    """Two White pieces side by side or one square apart on the same rank, Black the same
    elsewhere: equal material and advancement, but a split group must spend its move
    reconnecting (or lose), and the computer's evaluation says so."""
    from ogames.games.ordo.computer import policy

    score = policy().score
    together = pos("9B/10/10/10/10/10/10/3WW5 w")
    apart = pos("9B/10/10/10/10/10/10/3W1W4 w")
    assert score(RULES, together) - score(RULES, apart) >= 1


def test_the_computer_counts_how_soon_a_small_group_slides_home():
    """A small group's race: three Black pieces in a row slide home in one move (a row
    along a rank moves forward any distance, §2.4.3); the same three on a slant must
    first spend two moves lining up. The evaluation (Black to move, equal material)
    prefers the row, though the slant's furthest piece is a rank further on."""
    from ogames.games.ordo.computer import SMALL_GROUP, line_moves, policy

    score = policy().score
    row = pos("10/10/10/3BBB4/10/10/10/4WWW3 b")
    slant = pos("10/10/3B6/4B5/5B4/10/10/4WWW3 b")
    assert (line_moves(row.black), line_moves(slant.black)) == (1, 3)
    assert line_moves(pos(START_10).white) == SMALL_GROUP  # 20 pieces: far from a row
    assert score(RULES, row) > score(RULES, slant)
