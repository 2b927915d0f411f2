"""What an outside audit still broke (issue 62), one test per point: input that arrives while
a screen arrives or leaves, the palette's paging keys in a tiny window, escape sequences
from files, files too large to read, a port in use, two apps on one data folder, and a file
cut short. (The seeded burst monkey over every screen is ``test_burst_monkey``.)"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual import events
from textual.widgets import Static

from ogames.cli import cli
from ogames.core import storage
from ogames.core.errors import SaveFileError
from ogames.core.game import Game
from ogames.core.quoting import visible
from ogames.core.registry import get_rules
from ogames.core.savefile import (
    MAX_COMMENT_CHARS,
    MAX_FILE_BYTES,
    MAX_TAG_CHARS,
    format_game,
    parse_game,
)
from ogames.ui.app import OgamesApp
from ogames.ui.screens.confirm import ConfirmScreen
from ogames.ui.screens.game import GameScreen
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.saves import SavesScreen
from tests.uihelp import SIZE, need, screen, ui_test, wait_for

#: every character that must never reach a terminal from someone else's text: the C0 and
#: C1 controls (ESC, BEL, CSI, OSC …) and DEL
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def burst(app: OgamesApp, *keys: str) -> None:
    """Keys as a terminal delivers keys typed quickly: all posted, none waited for."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def ordo_game(*moves: str, players: tuple[str, str] = ("Ann", "Bob")) -> Game:
    game = Game.new(need("ordo"), None, None, players)
    for text in moves:
        game.play_text(text)
    return game


# ----- 1, 3, 4: input while a screen arrives or leaves ----------------------------------


@ui_test
async def test_q_then_o_in_one_burst_quits_without_opening_saved_games():
    """``qo`` typed quickly opened the saved games on a closing app: NoMatches, exit 1."""
    app = OgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "q", "o")
        await pilot.pause(0.3)
    assert app.return_code in (0, None)
    assert not any(isinstance(s, SavesScreen) for s in app.screen_stack)


@ui_test
async def test_keys_typed_before_a_screen_has_arrived_do_nothing():
    """Tab on a lesson before its board existed: NoMatches on BoardView. The screen being
    composed takes no key; once it is there, keys work."""
    rules = need("ordo")
    from ogames.core.lessons import load_course
    from ogames.ui.screens.learn import LessonScreen

    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lesson = LessonScreen(rules, load_course(rules), 0)
        app.push_screen(lesson)
        burst(app, "tab", "tab", "shift+tab", "enter")
        await pilot.pause()
        assert app.screen is lesson and lesson.is_mounted
        before = lesson.cursor
        await pilot.press("tab")
        assert lesson.cursor in lesson.cursor_cells() and lesson.board is not None
        assert before is not None


@ui_test
async def test_a_click_on_a_widget_already_removed_does_nothing():
    """A click on a notice as the next notice replaced it: Textual's selection looked up
    the removed widget's parent (AttributeError: 'NoneType' object has no attribute
    'region'). The click lands where the next refresh puts another widget: not acted on."""
    app = OgamesApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        gone = Static("a notice being replaced", id="gone")
        gone.styles.dock = "top"
        await app.screen.mount(gone)
        await pilot.pause()
        region = gone.region
        await gone.remove()
        x, y = region.x + 2, region.y
        assert not app.takes_input(events.MouseDown(None, x, y, 0, 0, 1, False, False, False,
                                                    screen_x=x, screen_y=y))
        for kind in (events.MouseDown, events.MouseUp):
            app.post_message(kind(None, x, y, 0, 0, 1, False, False, False,
                                  screen_x=x, screen_y=y))
        await pilot.pause()
    assert app.return_code in (0, None)


@ui_test
async def test_a_screen_is_dismissed_once_however_fast_the_keys():
    """``q`` twice on a hand-off, or Esc then Enter on a dialog, dismissed a screen twice:
    the second set a result already set (InvalidStateError) or popped the screen below."""
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = screen(app)
        asked = ConfirmScreen("Really?")
        answers = []
        app.push_screen(asked, answers.append)
        await pilot.pause()
        asked.dismiss(True)
        asked.dismiss(False)  # once it has gone: nothing, and the game stays
        await pilot.pause()
        assert answers == [True] and app.screen is game


@ui_test
async def test_a_variant_change_from_the_form_of_the_game_before_is_passed_over():
    """Keys faster than the picker's form is rebuilt delivered Ordo's "10x8" to
    Onitama's form: ValueError on Onitama's sides."""
    need("ordo"), need("onitama")
    from textual.widgets import Select

    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        picker.choose("ordo")
        await pilot.pause()
        select = picker.query_one("#variant", Select)
        picker.choose("onitama")
        picker.post_message(Select.Changed(select, "8x8"))
        await pilot.pause()
        assert picker.variant in (None, "base")
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code in (0, None)


@ui_test
async def test_a_hand_off_waits_for_the_screen_on_top_to_go():
    """A move made while the palette was open pushed the hand-off over the palette (the
    palette then drew the hand-off, which drew the palette: a recursion without end), and
    Esc then went to the hand-off. The hand-off waits; no hand is shown meanwhile."""
    need("ochmir")
    from ogames.ui.screens.handoff import HandoffScreen

    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the first player is at the keyboard
        await pilot.pause()
        game = screen(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        game.play(game.game.legal_moves()[0])
        await pilot.pause()
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
        assert game.blind  # nobody's hand on the board meanwhile
        await pilot.press("escape")  # the palette goes: the hand-off comes
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["GameScreen",
                                                                      "HandoffScreen"]


# ----- 2: the palette's paging keys in a window a few rows high ----------------------------


@pytest.mark.parametrize("size", [(80, 3), (80, 4), (30, 4)])
@pytest.mark.parametrize("game_id", [None, "ordo"])
@ui_test
async def test_the_palettes_paging_keys_in_a_tiny_window_do_nothing(size, game_id):
    """Ctrl+P, PageDown at 80×4: KeyError in Textual's option list (12 of 12)."""
    app = OgamesApp(game_id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press("pagedown", "pageup", "pagedown", "escape")
        await pilot.pause()
    assert app.return_code in (0, None)


# ----- 5: text from a file never drives the terminal --------------------------------------

#: what a file from someone else put in a name: clear the screen, ring the bell, set the
#: window's title (OSC), and a C1 control
NASTY = "AB\x1b[2JCD\x07\x1b]0;owned\x07\x9b31m"


def nasty_file(tmp_path: Path) -> Path:
    game = ordo_game("c2:d2-c3", "c7:d7-c6", players=("Ann", "Bob"))
    text = format_game(game).replace('[White "Ann"]', f'[White "{NASTY}"]').replace(
        "c7:d7-c6", "c7:d7-c6 {[%chance 0.5\x1b[2J,0.5]}")
    path = tmp_path / "from-someone.ogame"
    path.write_text(text, "utf-8")
    return path


def test_a_name_from_a_file_is_shown_with_its_control_characters_written_out(tmp_path):
    game = storage.load_saved_game(nasty_file(tmp_path))
    assert game.players[0] == visible(NASTY) == "AB\\x1b[2JCD\\x07\\x1b]0;owned\\x07\\x9b31m"
    assert not CONTROLS.search(game.plies[1].comment)


@pytest.mark.parametrize("command", [["check"], ["review", "--nodes", "200"]])
def test_the_command_line_writes_no_control_character_from_a_file(tmp_path, command):
    """``ogames review FILE`` wrote a name's BEL and OSC title sequence raw to stdout."""
    result = CliRunner().invoke(cli, [command[0], str(nasty_file(tmp_path)), *command[1:]])
    assert result.exit_code == 0, result.output
    assert not CONTROLS.search(result.stdout + result.stderr)
    if command[0] == "review":
        assert visible(NASTY) in result.stdout


def test_a_broken_file_quoted_in_an_error_shows_its_control_characters_written_out(tmp_path):
    path = tmp_path / "bad.ogame"
    path.write_text('[Game "ordo"]\n\n1. c2-c4\x1b[2J *\n', "utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1 and "\\x1b[2J" in result.stderr
    assert not CONTROLS.search(result.stderr)


def screen_text(app: OgamesApp) -> str:
    """Everything the screen shows (its SVG picture's text)."""
    return app.export_screenshot()


@ui_test
async def test_the_saved_games_and_the_replay_show_no_control_character_from_a_file(tmp_path):
    """A file with ``[White "AB<ESC>[2JCD"]`` in the saves folder cleared and garbled
    the screen when ``o`` listed it. Its name and a file name with an escape in it are
    shown written out."""
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    nasty_file(tmp_path).rename(folder / "someone.ogame")
    (folder / "odd\x1b[2Jname.ogame").write_text("[Game \"ordo\"\n", "utf-8")  # unreadable
    app = OgamesApp()
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen))
        await pilot.pause()
        shown = screen_text(app)
        assert not CONTROLS.search(shown)
        assert "AB\\x1b[2JCD" in shown.replace("&#160;", " ")
        saves = app.screen
        for row in range(len(saves.entries)):
            saves.query_one("#saves").move_cursor(row=row, animate=False)
            await pilot.pause()
            assert not CONTROLS.search(screen_text(app))
        entry = next(e for e in saves.entries if e.game is not None)
        saves.open_replay(entry.game, entry.path)
        await pilot.pause()
        assert not CONTROLS.search(screen_text(app))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
       st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
       st.sampled_from(["name", "date", "comment", "move", "tag", "setup"]))
def test_no_text_read_from_a_saved_game_holds_a_control_character(first, second, where):
    """Whatever a file holds, and wherever: the game read from it (names, date,
    comments) and the error that refuses it carry no control character."""
    game = ordo_game("c2:d2-c3", "c7:d7-c6", "e3-e4")
    text = format_game(game)
    junk = first + "\x1b[2J\x07" + second
    quoted = junk.replace("\\", "\\\\").replace('"', '\\"')
    text = {
        "name": lambda: text.replace('"Ann"', f'"{quoted}"'),
        "date": lambda: text.replace("[Variant", f'[Date "{quoted}"]\n[Variant'),
        "comment": lambda: text.replace("c7:d7-c6", "c7:d7-c6 {[%x " + junk.replace(
            "}", "").replace("[", "").replace("]", "") + "]}"),
        "move": lambda: text.replace("e3-e4", "e3-e4" + junk),
        "tag": lambda: text.replace("[Variant", f"[{junk}]\n[Variant"),
        "setup": lambda: text.replace("[Variant", f'[Setup "{quoted}"]\n[Variant'),
    }[where]()
    try:
        read = parse_game(text)
    except SaveFileError as exc:
        assert not CONTROLS.search(exc.reason) and not CONTROLS.search(str(exc))
        read = exc.game
    if read is not None:
        for part in (*read.players, read.date, *(p.comment for p in read.plies)):
            assert not CONTROLS.search(part)


# ----- 6: files too large to be saved games ------------------------------------------------


#: files over a stated size, by what is too large
TOO_LARGE = {
    "a 10 MB tag": lambda: '[Game "ordo"]\n[White "' + "A" * 10_000_000 + '"]\n\n*\n',
    "a tag over the limit": lambda: ('[Game "ordo"]\n[White "' + "A" * (MAX_TAG_CHARS + 1)
                                     + '"]\n\n*\n'),
    "2.5 million comments": lambda: ('[Game "ordo"]\n\n1. c2-c4 ' + "{c} " * 2_500_000
                                     + "*\n"),
    "a long comment": lambda: ('[Game "ordo"]\n\n1. c2-c4 {' + "c\n" * MAX_COMMENT_CHARS
                               + "} *\n"),
    "a long move": lambda: '[Game "ordo"]\n\n1. ' + "c" * 300_000 + " *\n",
}


@pytest.mark.parametrize("what", TOO_LARGE)
def test_a_file_over_a_stated_size_is_refused_in_one_line_and_little_memory(tmp_path, what):
    """A 10 MB tag took 1.7 GB and 3 s to check; 2.5 million comments took 8 s."""
    path = tmp_path / "big.ogame"
    path.write_text(TOO_LARGE[what](), "utf-8")
    tracemalloc.start()
    try:
        with pytest.raises(SaveFileError) as refused:
            storage.load_saved_game(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 12 * MAX_FILE_BYTES, f"{what}: {peak / 1e6:.1f} MB"
    assert "\n" not in str(refused.value)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1


def test_the_size_limits_leave_room_for_the_longest_games():
    """A long game with a review's comment on every ply reads well inside the limits."""
    rules = need("oferhlyp")
    game = Game.new(rules)
    import random

    rng = random.Random(2)
    while len(game.plies) < 600 and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    for ply in range(1, game.cursor + 1):
        game.annotate(ply, "[%chance 0.62,0.38] [%best a1-a2]")
    text = format_game(game)
    assert len(text) * 3 < MAX_FILE_BYTES
    assert parse_game(text).cursor == game.cursor


# ----- 7: a port in use -----------------------------------------------------------------------


def test_serve_on_a_port_in_use_says_so_in_one_line():
    import socket

    with socket.create_server(("localhost", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.stderr == f"ogames: port {port} on localhost is in use: choose another " \
                            "with --port\n"
    assert result.stdout == ""


# ----- 8: two apps on one data folder -------------------------------------------------------


class AppProcess:
    """``tests.headless_app`` in a process of its own, on the test's data folder."""

    def __init__(self, game_id: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.headless_app", game_id], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env=dict(os.environ),
            cwd=Path(__file__).resolve().parent.parent)
        self.expect("ready")

    def expect(self, word: str) -> None:
        line = self.process.stdout.readline().strip()
        assert line == word, line

    def play(self, move: str) -> None:
        self.process.stdin.write(f"play {move}\n")
        self.process.stdin.flush()
        self.expect("ok")

    def quit(self) -> None:
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.expect("bye")
        assert self.process.wait(30) == 0

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)


def unfinished() -> dict[str, list[str]]:
    """Each unfinished game's moves, by game id."""
    found: dict[str, list[str]] = {}
    for path in storage.unfinished_dir().glob("*.ogame"):
        game = storage.load_saved_game(path)
        assert game.rules.id not in found, "one file per game"
        found[game.rules.id] = [p.text for p in game.plies]
    return found


def test_two_apps_on_one_data_folder_each_keep_their_own_game():
    """A hot-seat game in one terminal and another game in a second: each move of one
    kept the other's game "in Saved games" (93 files in five minutes)."""
    need("ordo"), need("opprimo")
    first, second = AppProcess("ordo"), AppProcess("opprimo")
    try:
        opprimo = get_rules("opprimo")
        start = opprimo.start(None)
        replies = [opprimo.move_text(start, m) for m in opprimo.legal_moves(start)[:1]]
        for ordo_move in ("c2:d2-c3", "c7:d7-c6", "e3-e4"):
            first.play(ordo_move)
        second.play(replies[0])
        first.play("e6-e5")
        assert unfinished() == {"ordo": ["c2:d2-c3", "c7:d7-c6", "e3-e4", "e6-e5"],
                                "opprimo": replies}
        assert storage.list_saves() == []
        assert storage.resumable_games() == []  # each is being played: offered to nobody
        second.kill()  # its lock goes with it; its game stays, to resume
        [left] = storage.resumable_games()
        assert left.game.rules.id == "opprimo"
        first.quit()
        assert sorted(u.game.rules.id for u in storage.resumable_games()) == ["opprimo", "ordo"]
        assert storage.list_saves() == []
    finally:
        for app in (first, second):
            if app.process.poll() is None:
                app.kill()


# ----- 9: a file cut short ----------------------------------------------------------------


def test_a_cut_file_ending_in_its_result_tag_is_refused_not_read_as_a_resignation():
    """``[Game "ordo"]`` / ``[Result "1-0"]`` / blank / ``1. c2-c4`` was read as "White won
    (resigned)": a file the app writes counts its plies."""
    game = ordo_game("c2:d2-c3", "c7:d7-c6", "e3-e4", "e6-e5")
    game.resign(1)
    text = format_game(game)
    assert '[PlyCount "4"]' in text
    cut = text[:text.index("e3-e4")]
    with pytest.raises(SaveFileError) as refused:
        parse_game(cut)
    assert "the file is cut: its PlyCount tag says 4 plies, but its moves stop after ply " \
           "2" in refused.value.reason
    assert refused.value.game is not None and refused.value.game.cursor == 2


def test_every_cut_of_a_file_the_app_wrote_reads_whole_or_is_refused():
    """No cut of the move text, nor a dropped line, is read as a shorter game."""
    rules = need("ordo")
    import random

    rng = random.Random(9)
    game = Game.new(rules, None, None, ("Ann", "Bob"))
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    game.resign(0)
    text = format_game(game)
    moves_at = text.index("\n\n") + 2
    for end in range(moves_at, len(text)):
        try:
            read = parse_game(text[:end])
        except SaveFileError:
            continue
        assert read.cursor == game.cursor and read.outcome() == game.outcome(), end
    lines = text.split("\n")
    for dropped in range(lines.index("") + 1, len(lines) - 2):
        with pytest.raises(SaveFileError):
            parse_game("\n".join(lines[:dropped] + lines[dropped + 1:]))


def test_a_file_without_a_ply_count_is_still_read():
    text = '[Game "ordo"]\n[Result "1-0"]\n\n1. c2:d2-c3 1-0\n'
    assert parse_game(text).cursor == 1


def test_a_ply_count_that_is_not_a_number_is_refused_at_the_tag():
    text = '[Game "ordo"]\n[PlyCount "many"]\n\n1. c2:d2-c3 *\n'
    with pytest.raises(SaveFileError) as refused:
        parse_game(text)
    assert (refused.value.line, refused.value.column) == (2, 12)


def test_a_tag_naming_more_plies_than_moves_names_where_the_file_stops():
    text = '[Game "ordo"]\n[PlyCount "3"]\n\n1. c2:d2-c3\nc7:d7-c6\n'
    with pytest.raises(SaveFileError) as refused:
        parse_game(text)
    assert refused.value.line == 5
    assert "stop after ply 2" in refused.value.reason


def test_a_cut_autosave_is_kept_aside_by_the_picker(tmp_path):
    """An unfinished game's file cut short is broken, not a shorter game to resume."""
    game = ordo_game("c2:d2-c3", "c7:d7-c6", "e3-e4")
    text = format_game(game)
    path = storage.unfinished_dir() / "cut.ogame"
    path.parent.mkdir(parents=True)
    path.write_text(text[:text.index("e3-e4")], "utf-8")
    assert storage.resumable_games() == []
    [broken] = storage.left_unfinished()
    assert broken.error is not None and "cut" in broken.error.reason
    time.sleep(0)  # nothing else: the picker moves it aside (test_hardening)


def test_a_game_screen_leaves_its_file_free_as_it_goes():
    """The picker, shown again at once, offers the game just left: its file is let go as
    the screen is dismissed, not later when it is taken down."""
    async def run() -> None:
        need("ordo")
        app = OgamesApp("ordo")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            s = screen(app)
            assert isinstance(s, GameScreen)
            s.play(s.rules.parse_move(s.game.position, "c2:d2-c3"))
            await pilot.pause()
            assert storage.resumable_games() == []
            await pilot.press("q", "y")
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen) and app.screen.has_class("can-resume")
    import asyncio

    asyncio.run(run())
