"""A new game in one folder, proven (issue 66): Four in a Row, ``tests/games/fourinarow``, a
package shaped exactly like a folder of ``ogames/games/``, registered by the tests alone
(``conftest.TEST_GAMES``) and named by no line of ``ogames/``.

The game-blind suites run it as they run the app's games, through their parametrisation
over ``conftest.GAME_IDS``: the random-simulation contract and the board's drawings
(``test_all_games``), perft (``test_perft``), the parsers under fuzzing (``test_fuzz``),
entry by pick paths (``test_entry``), the computer and the review (``test_ai``,
``test_review``), autosave (``test_autosave``), the rules texts (``test_rules_text``,
``test_ui_firsttime_ochmir``), the course and ``ogames lessons --check`` (``test_lessons``),
saved games and replay in the app (``test_ui_saves``, ``test_ui_replay``), the app at 80×24
(``test_ui_compact``), the cursor keys (``test_ui_app``) and lessons on the board
(``test_ui_learn``). This module checks what they cannot: the package's shape and its
registration, its rules against counts of the test's own, the command line on it, the
computer at every level and in worker processes, and whole games played on the board by
keys and by clicks.
"""

from __future__ import annotations

import logging
import sys
import types
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from ogames.ai import LEVELS, Player, alphabeta, choose_move, parallel_alphabeta
from ogames.ai.review import Budget, review_game
from ogames.cli import cli
from ogames.core import registry
from ogames.core.errors import IllegalMoveError, NotationError, UnknownGameError
from ogames.core.game import Game
from ogames.core.perft import divide, perft
from ogames.core.savefile import load_game, save_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens.replay import ReplayScreen
from tests.games import fourinarow

from .conftest import APP_GAME_IDS, TEST_GAMES
from .uihelp import click_cell, play_clicks, play_keys, screen, status, ui_test

GAME = fourinarow.ABOUT.id
PACKAGE = Path(fourinarow.__file__).parent
OGAMES = Path(registry.__file__).parents[1]

#: a whole game that fills the 7×6 board without a line of four (a draw)
DRAWN = "ddacfefgeccddffcceddbbcbffaeaeeggggabagabb"
#: Red makes four up column d on the seventh drop
RED_WINS = "dededed"
#: Yellow makes four on a diagonal (c1 d2 e3 f4) with the fourteenth drop
YELLOW_WINS = "dfedeegdfcfgdf"
#: ``DRAWN`` with six drops to go, and those six
DRAWN_LATE = ("2RYRY1/2RRYRR/Y1YRYRY/RYRYYYR/RYYYRRY/RRYRYRY r", DRAWN[36:])


@pytest.fixture(autouse=True)
def game():
    """The game registered for every test of this module (its own check of registration
    unregisters it for a while)."""
    with registry.registered(TEST_GAMES[GAME]):
        yield registry.get_rules(GAME)


def position(rules, text: str):
    return rules.parse_position(text)


def texts(rules, pos) -> list[str]:
    return [rules.move_text(pos, m) for m in rules.legal_moves(pos)]


# ----- one folder, found by the registry, named by nothing else -----------------------------------


def files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name != "__pycache__"}


def test_the_package_holds_every_file_each_game_of_the_app_has():
    """The tiny game is shaped like the app's games: each module and text every one of
    them has (``about``, ``notation``, ``play``, ``drawing``, ``teaching``, ``computer``,
    ``lessons``, ``rules``, the rules text, its reference and the course)."""
    common = set.intersection(*(files(OGAMES / "games" / gid) for gid in APP_GAME_IDS))
    assert {"__init__.py", "about.py", "rules.py", "rules.md", "lessons.toml"} <= common
    assert files(PACKAGE) == common


def test_it_is_registered_only_while_asked_for():
    registry.unregister(GAME)
    assert GAME not in registry.available_ids()
    with pytest.raises(UnknownGameError):
        registry.find_rules("connect four")
    with registry.registered(TEST_GAMES[GAME]) as gid:
        assert gid == GAME
        assert registry.available_ids() == (*APP_GAME_IDS, GAME)  # no order: after the rest
        assert registry.find_rules(" Connect Four ") is fourinarow.RULES
        assert registry.get_about(GAME) is fourinarow.ABOUT
    assert GAME not in registry.available_ids()


def test_a_second_package_may_not_take_an_id(monkeypatch):
    impostor = types.ModuleType("impostor")
    impostor.ABOUT = registry.get_about("ordo")
    monkeypatch.setitem(sys.modules, "impostor", impostor)
    with pytest.raises(ValueError, match="'ordo' is taken by ogames.games.ordo"):
        registry.register("impostor")
    assert registry.package_of("ordo") == "ogames.games.ordo"


def test_no_line_of_ogames_names_it():
    """Nothing was added to ``ogames/`` for it (the house test checks the same words in
    code; this reads every file, prose included)."""
    words = {GAME, *(a.casefold() for a in fourinarow.ABOUT.aliases), "four in a row"}
    for path in OGAMES.rglob("*"):
        if path.suffix in (".py", ".md", ".toml", ".tcss"):
            text = path.read_text("utf-8").casefold()
            assert not any(w in text for w in words), path


# ----- the rules -------------------------------------------------------------------------------


def test_legal_moves_are_the_columns_with_room(game):
    start = game.start("7x6")
    assert texts(game, start) == list("abcdefg")
    assert texts(game, game.start("8x7")) == list("abcdefgh")
    full_d = position(game, "3Y3/3R3/3Y3/3R3/3Y3/3R3 r")
    assert texts(game, full_d) == list("abcefg")
    won = position(game, "7/7/3R3/3RY2/3RY2/3RY2 y")
    assert game.outcome(won).winners == (0,) and game.outcome(won).reason == "four"
    assert texts(game, won) == []


def test_a_disc_falls_to_the_lowest_empty_cell(game):
    pos = position(game, "7/7/7/7/3Y3/3R3 r")
    after = game.apply(pos, game.parse_move(pos, "d"))
    assert game.format_position(after) == "7/7/7/3R3/3Y3/3R3 y"
    assert game.format_position(pos) == "7/7/7/7/3Y3/3R3 r"  # the position is a value


def test_move_text_reads_the_column_or_the_cell_it_lands_on(game):
    pos = position(game, "7/7/7/7/3Y3/3R3 r")
    d = game.parse_move(pos, "d")
    assert game.parse_move(pos, " D ") == d and game.parse_move(pos, "d3") == d
    with pytest.raises(IllegalMoveError, match="lands on d3"):
        game.parse_move(pos, "d5")
    with pytest.raises(NotationError, match="no column k"):
        game.parse_move(pos, "k")
    with pytest.raises(NotationError, match="not a Four in a Row move"):
        game.parse_move(pos, "d-e")
    full_d = position(game, "3Y3/3R3/3Y3/3R3/3Y3/3R3 r")
    with pytest.raises(IllegalMoveError, match="column d is full"):
        game.parse_move(full_d, "d")


@pytest.mark.parametrize(("text", "why"), [
    ("7/7/7/7/7/3R3 r", "as many discs as Yellow"),            # Red has dropped: Yellow's turn
    ("7/7/7/7/3R3/7 y", "empty under a disc"),                 # a disc in the air
    ("7/7/3R3/3RY2/3RY2/3RY2 r", "as many discs"),             # counts say Yellow to move
    ("7/7/3R3/3RY2/3RY2/Y2RY2 r", "side to move already has four"),
    ("7/7/6R/6R/YYY1YYR/RRRRYYR y", "could not all have been made"),  # two fours apart
    ("7/7/7/7/7/7/7 r", "7×7"),
])
def test_positions_no_game_reaches_are_refused(game, text, why):
    with pytest.raises(NotationError, match=why):
        game.parse_position(text)


def test_a_full_board_without_a_line_is_a_draw(game):
    g = Game.new(game, "7x6")
    for text in DRAWN:
        assert g.outcome() is None
        g.play_text(text)
    assert g.outcome().is_draw and g.outcome().reason == "board full"
    assert game.ending_words("board full") == "the board is full"


# ----- perft, against a count of the test's own --------------------------------------------------


def makes_four(columns: list[list[int]], column: int) -> bool:
    """Whether the disc on top of ``column`` lies in a line of four: counted outward from
    that disc in each direction (the engine scans every line of the board instead)."""
    width, row = len(columns), len(columns[column]) - 1
    side = columns[column][row]

    def owner(c: int, r: int) -> int | None:
        return columns[c][r] if 0 <= c < width and 0 <= r < len(columns[c]) else None

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while owner(c, r) == side:
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def count_sequences(columns: list[list[int]], height: int, turn: int, depth: int,
                    last: int | None = None) -> int:
    """Strict perft by brute force on lists: a drop that makes four or fills the board
    ends the game, so nothing follows it (``last``: the column dropped into last)."""
    if depth == 0:
        return 1
    if last is not None and makes_four(columns, last):
        return 0
    total = 0
    for c, col in enumerate(columns):
        if len(col) == height:
            continue
        col.append(turn)
        if depth == 1:
            total += 1
        elif not makes_four(columns, c) and any(len(x) < height for x in columns):
            total += count_sequences(columns, height, 1 - turn, depth - 1)
        col.pop()
    return total


def test_perft_of_the_starts_has_a_move_per_column_until_a_column_can_fill(game):
    """No column fills before its height in drops and nobody has four before the seventh:
    columns^depth (``tests/perft.toml`` has the counts to depth 6, from this reason)."""
    start = game.start("7x6")
    assert [perft(game, start, d) for d in range(1, 5)] == [7 ** d for d in range(1, 5)]
    assert count_sequences([[] for _ in range(7)], 6, 0, 5) == 7 ** 5
    assert [perft(game, game.start("8x7"), d) for d in range(1, 4)] == [8, 64, 512]


def test_perft_where_games_end_matches_the_brute_force_count(game):
    """Mid-game positions, where drops win within the depth: the engine's perft and the
    brute-force count agree (one of them finished already: nothing follows), and a hand
    count for one of them."""
    pos = position(game, "7/7/7/7/2YYY2/2RRR2 r")
    # b and f win at once (nothing follows); after each of the 5 others Yellow has 7 drops
    assert [perft(game, pos, d) for d in (1, 2)] == [7, 5 * 7]
    for moves in ("dcdcdc", "ddeeffc", "abcdefgabc", "dddeeecccbbf", "gfedcbaabcdefg"):
        g = Game.new(game, "7x6")
        columns: list[list[int]] = [[] for _ in range(7)]
        for i, text in enumerate(moves):
            g.play_text(text)
            columns["abcdefg".index(text)].append(i % 2)
        for depth in range(1, 5):
            last = "abcdefg".index(moves[-1])
            expected = count_sequences(columns, 6, len(moves) % 2, depth, last)
            assert perft(game, g.position, depth) == expected, (moves, depth)


def test_the_command_line_counts_and_divides(game):
    result = CliRunner().invoke(cli, ["perft", "connect four", "3", "--divide"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [*(f"{c} 49" for c in "abcdefg"), "Nodes searched: 343"]
    assert divide(game, game.start("8x7"), 1) == [(c, 1) for c in "abcdefgh"]


# ----- saved games: save, ogames check, replay -------------------------------------------------------


def played(game, moves: str, variant: str = "7x6") -> Game:
    g = Game.new(game, variant, None, ("Ann", "Bob"))
    for text in moves:
        g.play_text(text)
    return g


def test_a_saved_game_passes_check_and_loads_the_same(game, tmp_path):
    path = tmp_path / "drawn.ogame"
    original = played(game, DRAWN)
    save_game(original, path)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Four in a Row (7x6): 42 moves")
    loaded = load_game(path)
    assert loaded.position == original.position and loaded.outcome() == original.outcome()
    broken = tmp_path / "broken.ogame"
    broken.write_text(path.read_text("utf-8").replace("1. d d", "1. d q", 1), "utf-8")
    result = CliRunner().invoke(cli, ["check", str(broken)])
    assert result.exit_code == 1
    assert "move 2 'q' is refused: there is no column q (columns a–g)" in result.stderr


@ui_test
async def test_a_saved_game_is_replayed_to_its_end(game, tmp_path):
    path = tmp_path / "won.ogame"
    save_game(played(game, RED_WINS), path)
    saved = load_game(path)
    app = OgamesApp(replay=saved, replay_name=path.name)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.game.cursor == 0
        await pilot.press("end")
        await pilot.pause()
        assert replay.game.cursor == len(RED_WINS)
        assert dict(replay.board.views) == dict(game.cell_views(saved.position))
        assert replay.board.views["d4"].strong  # the four is drawn in bold


# ----- the computer ----------------------------------------------------------------------------------


#: Red to move: b and f win at once
WIN_IN_ONE = "7/7/7/7/2YYY2/2RRR2 r"
#: Red to move: only g stops Yellow's four on the bottom row, and Red has no win
MUST_BLOCK = "7/7/7/7/3RR2/2RYYY1 r"


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_computer_wins_and_blocks_at_every_level(game, level):
    player = Player(level, seed=1)
    win = Game.from_position(game, position(game, WIN_IN_ONE))
    assert game.move_text(win.position, player.choose(win)) in ("b", "f")
    block = Game.from_position(game, position(game, MUST_BLOCK))
    assert game.move_text(block.position, player.choose(block)) == "g"
    assert game.move_text(win.position, choose_move(win, level, seed=1)) in ("b", "f")


def test_worker_processes_know_the_registered_game(game, caplog):
    """The hard level and the review search in fresh processes, which find a game by its
    id: the game registered here is registered there too (``registry.registered_packages``),
    so every part of the search answers."""
    pos = position(game, MUST_BLOCK)
    legal = game.legal_moves(pos)
    quick = Budget(nodes=300, iterations=24)
    level = replace(alphabeta.game_level("hard", game.policy()), time_limit=0.4)
    with caplog.at_level(logging.ERROR, logger="ogames.ai"):
        found = parallel_alphabeta.search(game, pos, legal, game.policy(), level, workers=2)
        assert found.nodes > 0 and found.depth > 0
        reviewed = review_game(played(game, "ddee"), quick, seed=1, workers=2)
    assert reviewed.complete
    assert not [r for r in caplog.records if "failed" in r.getMessage()]


# ----- the board, by keys and by clicks ----------------------------------------------------------------


@ui_test
async def test_a_whole_game_by_keys_ends_in_a_win_on_the_board(game):
    app = OgamesApp(GAME)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "select a column (any cell of it)" in status(app)
        for text in RED_WINS:
            await play_keys(pilot, text)
        s = screen(app)
        assert s.game.outcome().winners == (0,)
        assert "Game over: Red wins — four in a line" in status(app)
        assert dict(s.board.views) == dict(game.cell_views(s.game.position))
        await pilot.press("u")  # undo: the game goes on
        await pilot.pause()
        assert s.game.outcome() is None and s.game.cursor == len(RED_WINS) - 1
        assert "Red to move" in status(app)


@ui_test
async def test_a_whole_game_by_clicks_ends_in_a_win_on_a_diagonal(game):
    app = OgamesApp(GAME)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for text in YELLOW_WINS:
            await play_clicks(pilot, text)
        s = screen(app)
        assert s.game.outcome().winners == (1,)
        assert "Game over: Yellow wins — four in a line" in status(app)
        assert dict(s.board.views) == dict(game.cell_views(s.game.position))
        assert {n for n, v in s.board.views.items() if v.strong} == {"c1", "d2", "e3", "f4"}


@ui_test
async def test_the_last_drops_by_clicks_fill_the_board_to_a_draw(game):
    start, moves = DRAWN_LATE
    app = OgamesApp(GAME, position=start)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for text in moves:
            await play_clicks(pilot, text)
        s = screen(app)
        assert s.game.outcome().is_draw
        assert "the board is full" in status(app)
        assert dict(s.board.views) == dict(game.cell_views(s.game.position))


@ui_test
async def test_a_click_anywhere_in_a_column_drops_there_and_a_full_one_is_refused(game):
    app = OgamesApp(GAME, position="3Y3/3R3/3Y3/3R3/3Y3/3R3 r")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await click_cell(pilot, "d1")  # the full column
        await pilot.pause()
        s = screen(app)
        assert not s.game.plies and "column d is full" in status(app)
        await click_cell(pilot, "c6")  # the top of an empty column: the disc lands on c1
        await pilot.pause()
        assert [p.text for p in s.game.plies] == ["c"]
        assert s.board.views["c1"].owner == 0 and s.board.views["c6"].owner is None
