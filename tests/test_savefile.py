"""The saved-game format of CLARIFICATIONS §1.6: writing, reading, and bad files."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from ogames.core.errors import SaveFileError
from ogames.core.game import Game
from ogames.core.quoting import visible
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, load_game, parse_game, save_game

ORDO = get_rules("ordo")
HEADER = """[Game "ordo"]
[Variant "10x8"]
[Date "2025-03-14"]
[White "Ann"]
[Black "Bob"]
"""
# the position after 1. c2:d2-c3 c7:d7-c6 2. e3-e4, worked out by hand from the start
AFTER_THREE = "2BB2BB2/BB2BBBBBB/BBBBBB2BB/10/4W5/WWWW1W2WW/WW2WWWWWW/2WW2WW2 b"
GOAL_SETUP = "10/4W5/3W6/10/B9/10/10/10 w"


def ordo_game(*moves: str) -> Game:
    game = Game.new(ORDO, "10x8", players=("Ann", "Bob"))
    game.date = "2025-03-14"
    for text in moves:
        game.play_text(text)
    return game


def test_the_example_of_the_specification_reads() -> None:
    text = HEADER + '[Result "*"]\n\n1. c2:d2-c3 c7:d7-c6 2. e3-e4 {a comment} *\n'
    game = parse_game(text)
    assert game.players == ("Ann", "Bob")
    assert [p.text for p in game.moves_played] == ["c2:d2-c3", "c7:d7-c6", "e3-e4"]
    assert ORDO.format_position(game.position) == AFTER_THREE
    assert game.outcome() is None


def test_writer_uses_the_tag_order_and_round_numbers() -> None:
    game = ordo_game("c2:d2-c3", "c7:d7-c6", "e3-e4")
    assert format_game(game) == (HEADER + '[Result "*"]\n[PlyCount "3"]\n\n'
                                 '1. c2:d2-c3 c7:d7-c6 2. e3-e4 *\n')


def test_a_finished_game_writes_setup_result_and_termination() -> None:
    game = Game.from_position(ORDO, ORDO.parse_position(GOAL_SETUP), ("Ann", "Bob"))
    game.date = "2025-03-14"
    game.play_text("d6-d8")
    text = format_game(game)
    assert text == (HEADER + f'[Setup "{GOAL_SETUP}"]\n[Result "1-0"]\n'
                    '[Termination "goal"]\n[PlyCount "1"]\n\n1. d6-d8 1-0\n')
    assert parse_game(text).outcome() == game.outcome()


def test_long_games_wrap_at_80_columns() -> None:
    game = ordo_game()
    rng = random.Random(5)
    while game.cursor < 40 and game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    lines = format_game(game).splitlines()
    move_lines = lines[lines.index("") + 1:]
    assert len(move_lines) > 1
    assert all(len(line) <= 80 for line in move_lines)
    # wrapping happens between moves only: every line but the last is full enough that
    # the next unit would not have fitted
    for line, following in zip(move_lines, move_lines[1:], strict=False):
        assert len(line) + 1 + len(following.split(" ")[0]) > 80 or following[0].isdigit()


def test_a_file_without_a_date_is_written_back_without_one() -> None:
    """``Date`` is informational (§1.6): a writer must not invent one nor write an empty,
    malformed ``[Date ""]`` for a game whose file had none."""
    text = '[Game "ordo"]\n[White "Ann"]\n[Black "Bob"]\n\n1. e3-e4 *\n'
    written = format_game(parse_game(text))
    assert "Date" not in written
    assert written == ('[Game "ordo"]\n[Variant "10x8"]\n[White "Ann"]\n[Black "Bob"]\n'
                       '[Result "*"]\n[PlyCount "1"]\n\n1. e3-e4 *\n')


def test_tags_in_any_order_unknown_tags_and_missing_result() -> None:
    text = '[Black "Bob"]\n[Event "club night"]\n[Game "Ordo"]\n[White "Ann"]\n\n1. e3-e4\n'
    game = parse_game(text)
    assert game.players == ("Ann", "Bob")
    assert game.cursor == 1


def test_resignation_and_agreed_draw_are_results_not_moves() -> None:
    resigned = parse_game(HEADER + '[Result "0-1"]\n[Termination "resigned"]\n\n1. e3-e4 0-1\n')
    assert resigned.outcome().shares == (0, 1)
    assert resigned.outcome().reason == "resigned"
    drawn = parse_game(HEADER + '[Result "1/2-1/2"]\n\n1. e3-e4 1/2-1/2\n')
    assert drawn.outcome().reason == "draw agreed"
    assert parse_game(format_game(resigned)).outcome() == resigned.outcome()


def test_the_redo_tail_survives_a_save() -> None:
    game = ordo_game("c2:d2-c3", "c7:d7-c6", "e3-e4")
    game.undo()
    game.undo()
    loaded = parse_game(format_game(game))
    assert loaded.cursor == 1
    assert [p.text for p in loaded.plies] == ["c2:d2-c3", "c7:d7-c6", "e3-e4"]
    assert loaded.redo() and loaded.redo()
    assert ORDO.format_position(loaded.position) == AFTER_THREE


@pytest.mark.parametrize(
    ("text", "line", "column", "words", "good_moves"),
    [
        # an illegal move: the game keeps the moves before it
        (HEADER + "\n1. c2:d2-c3 c7:d7-c6 2. e3-e9 *\n", 7, 25, "move 3 'e3-e9'", 2),
        # a file cut off in the middle of a move
        (HEADER + "\n1. c2:d2-c3 c7:d7-", 7, 13, "move 2 'c7:d7-'", 1),
        # a result token that differs from the Result tag
        (HEADER + '[Result "1-0"]\n\n1. e3-e4 *\n', 8, 10, "differs from the Result", 1),
        # an unknown token
        (HEADER + "\n1. e3-e4 hello *\n", 7, 10, "move 2 'hello'", 1),
        # something after the result
        (HEADER + "\n1. e3-e4 * e6-e5\n", 7, 12, "nothing may follow", 1),
        # an unclosed comment
        (HEADER + "\n1. e3-e4 {oops\n", 7, 10, "never closed", 1),
        # hand edits: a blank line left between tags, a move number without its space
        ('[Game "ordo"]\n\n[Variant "8x8"]\n\n1. e3-e4 *\n', 3, 1,
         "a tag line among the moves: every tag goes before the one blank line", 0),
        (HEADER + "\n1. e3-e4 2.e6-e5 *\n", 7, 10,
         "put a space after a move number: '2. e6-e5'", 1),
    ],
)
def test_bad_move_text_names_line_and_column(text, line, column, words, good_moves) -> None:
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert words in str(err.value)
    assert err.value.game is not None and err.value.game.cursor == good_moves


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('[Game "chess"]\n\n*\n', 1, 8, "unknown game 'chess'"),
        ('[Game "ordo"]\n[Game "ordo"]\n\n*\n', 2, 1, "appears twice"),
        ('[Game "ordo"\n\n*\n', 1, 1, "tag line"),
        ('[Game "ordo"]\n[Variant "9x9"]\n\n*\n', 2, 11, "unknown variant"),
        ('[Game "ordo"]\n[Setup "10/10 w"]\n\n*\n', 2, 9, "Setup"),
        ("1. e3-e4 *\n", 1, 1, "Game"),
        ('[Game "ordo"]\n[Result "2-0"]\n\n*\n', 2, 10, "not a result"),
        # digits in the Unicode sense are not decimal digits of a seed (§1.2)
        ('[Game "onitama"]\n[Seed "\u00b2"]\n\n*\n', 2, 8, "a seed is a whole number"),
        ('[Game "onitama"]\n[Seed "\uff11"]\n\n*\n', 2, 8, "a seed is a whole number"),
    ],
)
def test_bad_headers_name_line_and_column(text, line, column, words) -> None:
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert words in str(err.value)


@pytest.mark.parametrize("odd", ["\u2028", "\u0085", "\x0c", "\x1e"])
def test_only_line_feeds_and_carriage_returns_end_lines(odd) -> None:
    """Other Unicode line breaks are ordinary characters: in a comment they do not shift
    the line numbers of later errors, in a name they are part of the name."""
    text = f'[Game "ordo"]\n[White "Ann{odd}"]\n\n1. e3-e4 {{a{odd}b}} e6-e5 2. x9-x9 *\n'
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert (err.value.line, err.value.column) == (4, 25)  # "1. e3-e4 {a?b} e6-e5 2. " is 24
    # shown as written, the line break written out (it must not reach a terminal)
    assert err.value.game is not None and err.value.game.players[0] == visible(f"Ann{odd}")
    crlf = '[Game "ordo"]\r\n[White "Ann"]\r\n\r\n1. e3-e4 x9 *\r\n'
    with pytest.raises(SaveFileError) as err:
        parse_game(crlf)
    assert (err.value.line, err.value.column) == (4, 10)


def test_a_result_that_contradicts_the_final_position_is_refused() -> None:
    text = HEADER + f'[Setup "{GOAL_SETUP}"]\n[Result "*"]\n\n1. d6-d8 *\n'
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert "must be 1-0" in str(err.value)
    assert err.value.game.cursor == 1


def test_binary_garbage_is_refused_with_a_position(tmp_path: Path) -> None:
    path = tmp_path / "junk.ogame"
    path.write_bytes(b'[Game "ordo"]\n\x89PNG\x00\xff')
    with pytest.raises(SaveFileError) as err:
        load_game(path)
    assert err.value.line == 2


def test_saving_is_atomic_and_a_failed_write_keeps_the_old_file(tmp_path: Path,
                                                                 monkeypatch) -> None:
    path = tmp_path / "game.ogame"
    save_game(ordo_game("e3-e4"), path)
    before = path.read_text()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_game(ordo_game("e3-e4", "e6-e5"), path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.ogame"]


def test_onitama_moves_are_two_tokens_and_setup_is_always_written() -> None:
    onitama = get_rules("onitama")
    game = Game.new(onitama, seed=1, players=("Ann", "Bob"))
    game.date = "2025-03-14"
    game.play_text("Ox c1-c2")
    text = format_game(game)
    assert '[Seed "1"]' in text
    assert '[Setup "bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster"]' in text
    assert "1. Ox c1-c2 *" in text
    # readers join a card name with the next token, whatever the spacing and case
    loaded = parse_game(text.replace("Ox c1-c2", "ox\n  c1-c2"))
    assert loaded.position == game.position


def test_oferhlyp_repetition_makes_a_saved_game_fail_at_that_move() -> None:
    text = ('[Game "oferhlyp"]\n[Result "*"]\n\n'
            "1. b2-b3 d4-d3 2. b3-b2 d3-d4 3. b2-b3 d4-d3 4. b3-b2 d3-d4 *\n")
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert (err.value.line, err.value.column) == (4, 55)
    assert "move 8 'd3-d4' is refused" in str(err.value)
    assert "repeat" in str(err.value)
    assert err.value.game.cursor == 7


def test_three_handed_ochmir_results_and_resignation() -> None:
    ochmir = get_rules("ochmir")
    game = Game.new(ochmir, "3", seed=1, players=("Ann", "Bob", "Cy"))
    game.play(game.legal_moves()[0])
    game.resign(2)
    text = format_game(game)
    assert '[Resigned "Brown"]' in text
    loaded = parse_game(text)
    assert loaded.outcome() == game.outcome()
    assert loaded.outcome().reason == "resigned"


def test_a_refused_move_in_a_file_says_its_reason_once() -> None:
    """The engine's field ("move: ") and its echo of the move text were repeated after the
    move already quoted."""
    with pytest.raises(SaveFileError) as err:
        parse_game(HEADER + "\n1. e3-e4 d6-e9 *\n")
    assert err.value.reason == "move 2 'd6-e9' is refused: e9 is off the board (ranks 1–8)"


@pytest.mark.parametrize("game_id", ["onitama", "ochmir"])
def test_a_seeded_game_without_seed_or_setup_says_an(game_id) -> None:
    """"a Ochmir game needs…": every game's name starts with a vowel."""
    with pytest.raises(SaveFileError) as err:
        parse_game(f'[Game "{game_id}"]\n\n*\n')
    name = get_rules(game_id).name
    assert err.value.reason == f"an {name} game needs a Seed or a Setup tag"


def onitama_file(result: str, *extra_tags: str) -> str:
    """A real Onitama game of two moves, its final position undecided, saved with the
    ``result`` and the extra tag lines given."""
    onitama = get_rules("onitama")
    game = Game.new(onitama, seed=1, players=("Ann", "Bob"))
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game.outcome() is None
    text = format_game(game)
    tags = "".join(f"{tag}\n" for tag in (f'[Result "{result}"]', *extra_tags))
    return text.replace('[Result "*"]\n', tags).replace(" *\n", f" {result}\n")


def test_a_termination_that_contradicts_an_undecided_position_is_refused() -> None:
    """The Master was never taken: 0-1 can only be Red's resignation, not ``stone``."""
    text = onitama_file("0-1", '[Termination "stone"]')
    line = text.splitlines().index('[Termination "stone"]') + 1
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert (err.value.line, err.value.column) == (line, 15)  # the value's first letter
    assert err.value.reason.startswith("the Termination must be 'resigned': the final "
                                       "position decides nothing")
    assert f"line {line}" in str(err.value)
    assert err.value.game is not None and err.value.game.cursor == 2


@pytest.mark.parametrize(("result", "termination"),
                         [("0-1", "resigned"), ("1-0", "resigned"),
                          ("1/2-1/2", "draw agreed")])
def test_resigned_and_draw_agreed_end_an_undecided_game(result, termination) -> None:
    game = parse_game(onitama_file(result, f'[Termination "{termination}"]'))
    assert game.outcome().reason == termination
    assert game.outcome().result_token == result
    assert game.cursor == 2


@pytest.mark.parametrize(("result", "termination", "words"), [
    ("1/2-1/2", "resigned", "must be 'draw agreed'"),
    ("0-1", "draw agreed", "must be 'resigned'"),
    ("*", "resigned", "a Termination belongs to a finished game, and the game is not over"),
])
def test_a_termination_that_contradicts_the_result_is_refused(result, termination,
                                                              words) -> None:
    text = onitama_file(result, f'[Termination "{termination}"]')
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert err.value.line == text.splitlines().index(f'[Termination "{termination}"]') + 1
    assert words in err.value.reason


def test_a_finished_game_loads_with_its_own_termination_only() -> None:
    good = (HEADER + f'[Setup "{GOAL_SETUP}"]\n[Result "1-0"]\n[Termination "goal"]\n\n'
            "1. d6-d8 1-0\n")
    assert parse_game(good).outcome().reason == "goal"
    for wrong in ("resigned", "no pieces"):
        with pytest.raises(SaveFileError) as err:
            parse_game(good.replace('"goal"', f'"{wrong}"'))
        assert (err.value.line, err.value.column) == (8, 15)
        assert err.value.reason == ("the Termination must be 'goal': the final position is "
                                    "already decided (goal)")
        assert err.value.game.cursor == 1


def test_a_seed_of_thousands_of_digits_is_a_save_file_error() -> None:
    """``int()`` refuses more than 4,300 digits with a ValueError: the Seed is read through
    ``parse_number``, which refuses it by its length first."""
    text = f'[Game "onitama"]\n[White "Ann"]\n[Seed "{"9" * 4301}"]\n\n*\n'
    with pytest.raises(SaveFileError) as err:
        parse_game(text)
    assert (err.value.line, err.value.column) == (3, 8)
    assert err.value.reason == ("the Seed tag holds '999999999999…': a seed is a whole "
                                "number from 0 to 18446744073709551615")


@pytest.mark.parametrize(("seed", "ok"), [("0", True), (str(2**64 - 1), True),
                                          (str(2**64), False), ("-1", False), ("1e3", False)])
def test_a_seed_lies_from_0_to_2_64(seed, ok) -> None:
    text = f'[Game "onitama"]\n[Seed "{seed}"]\n\n*\n'
    if ok:
        assert parse_game(text).seed == int(seed)
    else:
        with pytest.raises(SaveFileError, match="a seed is a whole number"):
            parse_game(text)


# ----- review comments after moves ----------------------------------------------------------


def test_the_commands_of_a_comment_stay_with_their_move_and_are_written_back() -> None:
    """§1.6 allows comments between moves; a review writes ``[%…]`` commands in them.
    They belong to the move before them, survive a save, and are written right after
    it; the free text around them is not kept."""
    text = (HEADER + '[Result "*"]\n\n1. c2:d2-c3 {good [%chance 0.52,0.48]\n[%best e3-e4]}'
            " c7:d7-c6 2. e3-e4 {[%chance 0.50,0.50]} {[%bestchance 0.51,0.49]} *\n")
    game = parse_game(text)
    assert [p.comment for p in game.plies] == [
        "[%chance 0.52,0.48] [%best e3-e4]", "", "[%chance 0.50,0.50] [%bestchance 0.51,0.49]"]
    assert ORDO.format_position(game.position) == AFTER_THREE
    written = format_game(game)
    assert written == (HEADER + '[Result "*"]\n[PlyCount "3"]\n\n'
                       '1. c2:d2-c3 {[%chance 0.52,0.48] '
                       "[%best e3-e4]} c7:d7-c6 2. e3-e4\n"
                       "{[%chance 0.50,0.50] [%bestchance 0.51,0.49]} *\n")
    assert format_game(parse_game(written)) == written


def test_a_file_without_commands_is_written_as_before() -> None:
    plain = ordo_game("c2:d2-c3", "c7:d7-c6", "e3-e4")
    with_text = parse_game(HEADER + '[Result "*"]\n\n{before} 1. c2:d2-c3 c7:d7-c6 2. e3-e4 '
                           "{a comment} * {after}\n")
    assert all(p.comment == "" for p in with_text.plies)
    assert format_game(with_text) == format_game(plain)


def test_a_comment_is_lost_with_its_move_only() -> None:
    """Undo keeps a ply's comment for redo; a new move in its place has none."""
    game = parse_game(HEADER + '[Result "*"]\n\n1. e3-e4 {[%chance 0.5,0.5]} e6-e5 *\n')
    game.undo()
    game.undo()
    game.redo()
    assert game.plies[0].comment == "[%chance 0.5,0.5]"
    game.play_text("c7:d7-c6")
    game.undo()
    game.undo()
    game.play_text("c2:d2-c3")
    assert [p.comment for p in game.plies] == [""]


def test_a_misspelled_result_tag_reads_as_missing_and_the_token_must_match_it() -> None:
    """§1.6: the result token is identical to the Result tag; a file without the tag (here
    misspelled ``Reslt``) is unfinished (``*``), so its ``0-1`` token is refused at the
    token's line and column instead of being taken as the result."""
    text = HEADER + '[Reslt "0-1"]\n[Termination "resigned"]\n\n1. e3-e4\n0-1\n'
    with pytest.raises(SaveFileError) as caught:
        parse_game(text)
    assert (caught.value.line, caught.value.column) == (10, 1)
    assert "differs from the Result tag, which is missing" in str(caught.value)
    assert parse_game(HEADER + '\n1. e3-e4 *\n').outcome() is None
