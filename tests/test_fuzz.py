"""Fuzzed input: every parser only ever raises the project's typed errors, with a message.

Random text, random bytes, and mutations/truncations of valid position strings, moves and
saved games — the inputs a hand-edited file or a typo produces — and the inputs that broke
it once: digit runs too long for ``int()``, control characters (a pasted newline, ESC) and
very long tokens. On the command line, the error is one line of bounded length.
"""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ogames.cli import MESSAGE_SHOWN, cli
from ogames.core.errors import IllegalMoveError, NotationError, SaveFileError
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import decode, format_game, parse_game

from .conftest import GAME_IDS, game_registered
from .playouts import play_randomly

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
ALPHABET = st.characters(codec="utf-8", exclude_categories=("Cs",))
#: characters that do not print: a pasted newline, a tab, ESC of an escape sequence, BEL,
#: DEL, a line separator, a right-to-left override, a byte-order mark
CONTROL = "\n\r\t\x07\x1b\x7f\u2028\u202e\ufeff"
#: what broke the parsers or the messages once: a digit run longer than Python's int()
#: reads (4,300 digits) or just long, a very long token, control characters
NASTY = st.one_of(
    st.sampled_from([13, 64, 4300, 4301, 5000]).map(lambda n: "9" * n),
    st.tuples(st.integers(200, 20_000), st.sampled_from("xa9/-@")).map(lambda t: t[1] * t[0]),
    st.text(st.sampled_from(CONTROL + "ab1 -"), min_size=1, max_size=12),
)
#: the longest line the command line may write for an error: ``ogames: `` and the message
ERROR_LINE = len("ogames: ") + MESSAGE_SHOWN + 1


def sample_game(game_id: str, seed: int = 3, plies: int = 12) -> Game:
    rules = get_rules(game_id)
    game = Game.new(rules, rules.variants[-1], seed, players=("Ann", "Bob", "Cy")[
        : len(rules.sides(rules.parse_variant(rules.variants[-1])))])
    return play_randomly(game, random.Random(seed), plies)


def mutate(text: str, data: st.DataObject) -> str:
    """Delete, insert or replace a few characters, cut the text short, or put in one of
    the ``NASTY`` pieces."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["delete", "insert", "replace", "cut", "nasty"]))
        at = data.draw(st.integers(0, max(0, len(chars) - 1)))
        if kind == "nasty":
            chars[at:at] = data.draw(NASTY)
        elif kind == "cut":
            chars = chars[:at]
        elif kind == "delete" and chars:
            del chars[at]
        else:
            ch = data.draw(st.sampled_from(list("0123456789/-x:~@,. abcdefghijklmnWBNLDdlrRSsK*"
                                                '[]"{}\n\\')))
            if kind == "insert":
                chars.insert(at, ch)
            elif chars:
                chars[at] = ch
    return "".join(chars)


def only_notation_errors(func, *args) -> None:
    try:
        func(*args)
    except (NotationError, IllegalMoveError) as exc:
        assert str(exc)


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(text=st.text(ALPHABET, max_size=80) | NASTY)
def test_position_parser_on_random_text(game_id: str, text: str) -> None:
    only_notation_errors(get_rules(game_id).parse_position, text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_position_parser_on_mutated_positions(game_id: str, data) -> None:
    rules = get_rules(game_id)
    game = sample_game(game_id)
    text = rules.format_position(game.position)
    only_notation_errors(rules.parse_position, mutate(text, data))


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_move_parser_on_random_and_mutated_moves(game_id: str, data) -> None:
    rules = get_rules(game_id)
    game = sample_game(game_id)
    pos = game.position
    legal = [rules.move_text(pos, m) for m in rules.legal_moves(pos)] or ["pass"]
    text = data.draw(st.one_of(st.text(ALPHABET, max_size=30), NASTY,
                               st.sampled_from(legal).map(lambda t: mutate(t, data))))
    only_notation_errors(rules.parse_move, pos, text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_saved_game_reader_on_mutated_and_truncated_files(game_id: str, data) -> None:
    text = format_game(sample_game(game_id))
    broken = mutate(text, data)
    try:
        parse_game(broken)
    except SaveFileError as exc:
        assert exc.line >= 1 and exc.column >= 1 and exc.reason


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_saved_game_reader_on_huge_numbers_in_tags_and_move_numbers(game_id: str, data) -> None:
    """Every run of digits (the seed, a move number, a number in the setup) is a candidate
    for one too long for int()."""
    text = format_game(sample_game(game_id))
    runs = [m.span() for m in re.finditer(r"[0-9]+", text)]
    start, end = data.draw(st.sampled_from(runs))
    digits = data.draw(st.sampled_from([4300, 4301, 10_000])) * "9"
    try:
        parse_game(text[:start] + digits + text[end:])
    except SaveFileError as exc:
        assert exc.line >= 1 and exc.column >= 1 and exc.reason


@FUZZ
@given(blob=st.binary(max_size=200))
def test_saved_game_reader_on_random_bytes(blob: bytes) -> None:
    try:
        parse_game(decode(blob))
    except SaveFileError as exc:
        assert exc.line >= 1 and exc.column >= 1


def one_bounded_error_line(result) -> None:
    """Exit 0, or exit 2 with one line on stderr, ``ogames: …``, of bounded length."""
    assert result.exit_code in (0, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code == 2:
        assert result.stderr.startswith("ogames: ")
        assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
        assert len(result.stderr) <= ERROR_LINE + 1


#: text a command line argument can hold (no NUL)
ARGUMENT = st.text(ALPHABET.filter(lambda c: c not in "\x00"), min_size=1, max_size=40)


@settings(max_examples=25, deadline=None)
@given(text=ARGUMENT | NASTY)
def test_command_line_on_random_positions_never_shows_a_traceback(text: str) -> None:
    for game_id in GAME_IDS:
        with game_registered(game_id):
            result = CliRunner().invoke(cli, ["moves", game_id, "--position", text])
        one_bounded_error_line(result)


@settings(max_examples=25, deadline=None)
@given(text=ARGUMENT | NASTY)
def test_command_line_on_random_moves_says_one_line(text: str) -> None:
    """A bad move is echoed, escaped and cut (a newline in it once made two lines, and a
    100,000-character one 200 KB of stderr)."""
    for game_id in GAME_IDS:
        with game_registered(game_id):
            result = CliRunner().invoke(cli, ["position", game_id, text])
        one_bounded_error_line(result)
