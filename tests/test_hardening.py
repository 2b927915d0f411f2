"""Inputs that broke ogames (issue 23): a window a few rows high, a crash that exited 0,
temporary files a killed save left behind, input echoed raw on stderr, and saved games that
made the reader raise something unexpected."""

from __future__ import annotations

import asyncio
import os
import pty
import subprocess
import sys
import textwrap
import time

import pytest
from click.testing import CliRunner
from textual.app import App
from textual.widgets import OptionList

from ogames.cli import cli
from ogames.cli import main as cli_main
from ogames.core import storage
from ogames.core.errors import SaveFileError
from ogames.core.game import Game
from ogames.core.quoting import shown
from ogames.core.savefile import format_game
from ogames.ui import crash
from ogames.ui.app import OgamesApp
from ogames.ui.screens.badfile import BadFileScreen
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.rules import RulesScreen
from ogames.ui.screens.saves import SavesScreen
from tests.uihelp import SIZE, need, ui_test

# ----- echoed input: one line, of readable length ------------------------------------------


def test_shown_escapes_what_does_not_print_and_cuts_what_is_long():
    assert shown("b3-b4") == "b3-b4"
    assert shown("\n") == "\\n"
    assert shown("a\x1b[2Jb\tc\u2028", 40) == "a\\x1b[2Jb\\tc\\u2028"
    assert shown("Oferhlýp × ½", 40) == "Oferhlýp × ½"  # letters of any script print
    assert shown("x" * 12) == "x" * 12
    assert shown("x" * 100_000) == "x" * 12 + "…"
    assert shown("\x07" * 10) == "\\x07" * 3 + "…"  # never cut inside an escape


def run_cli(*args: str):
    return CliRunner().invoke(cli, list(args))


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ogames: "), result.stderr
    assert len(lines[0]) <= 200, len(lines[0])
    return lines[0]


def test_a_move_with_a_newline_is_echoed_on_one_line():
    line = one_error_line(run_cli("show", need("oferhlyp").id, "\n"))
    assert line.startswith("ogames: move 1 '\\n' is refused: ")


@pytest.mark.parametrize("game_id", ["ochmir", "ordo", "onitama", "opprimo", "oferhlyp"])
def test_a_very_long_move_is_echoed_cut(game_id):
    """A 100,000-character move was echoed whole (twice in Ochmir: 200 KB on stderr)."""
    need(game_id)
    line = one_error_line(run_cli("show", game_id, "x" * 100_000))
    assert line.startswith(f"ogames: move 1 '{'x' * 40}…' is refused: ")


@pytest.mark.parametrize("args", [
    ("play", "a\nb"),
    ("show", "ordo", "--variant", "8x8\x1b[2J" * 1000),
    ("play", "ordo", "--vs", "comp\nuter" * 1000),
    ("show", "ochmir", "--position", "\n".join(["2"] * 5000)),
    ("moves", "ordo", "--position", "9" * 4301 + " w"),
])
def test_other_input_echoed_in_an_error_is_quoted_too(args):
    line = one_error_line(run_cli(*args))
    assert "\x1b" not in line


# ----- a window a few rows high -------------------------------------------------------------


PAGING = ("pageup", "pagedown", "home", "end")


@ui_test
async def test_paging_keys_in_a_list_with_no_row_on_screen_do_nothing():
    """Textual's OptionList raised KeyError on PageUp/PageDown at height 0 (80×4)."""
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        games = app.screen.query_one("#games", OptionList)
        games.styles.height = 0
        games.focus()
        await pilot.pause()
        assert not games.scrollable_content_region
        before = games.highlighted
        await pilot.press(*PAGING[:2])
        assert games.highlighted == before


@pytest.mark.parametrize("size", [(80, 3), (80, 4), (20, 8)])
@ui_test
async def test_a_window_too_small_says_how_large_it_must_be(size):
    """The reproducers of the issue: the picker's list in 80×3, and ``play ordo`` in 80×4,
    ``?``, Tab, PageDown; the window then grows and everything is back, focus too."""
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=size) as pilot:
        await pilot.press("question_mark", "tab", *PAGING)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.has_class("tiny")
        assert app.focused is None
        notice = str(rules.query_one("#toosmall").render())
        assert "Make the window at least 50×8 to read the rules." in notice
        await pilot.press("escape", "q")
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        await pilot.press("tab", *PAGING, "enter")
        assert app.screen is picker and picker.has_class("tiny") and app.focused is None
        assert "at least 44×10 to pick a game" in str(picker.query_one("#toosmall").render())
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not picker.has_class("tiny")
        assert app.focused is picker.query_one("#games")
        await pilot.press("question_mark")
        assert not app.screen.has_class("tiny")


# ----- a crash ends with a non-zero status and a report ------------------------------------


class Crashing(App[None]):
    def on_mount(self) -> None:
        raise KeyError("a deliberate test error")


def test_a_crash_returns_a_non_zero_status_and_writes_the_report(capsys, private_data_dir):
    status = crash.run_reporting(Crashing(), headless=True)
    assert status != 0
    (report,) = (private_data_dir / "crash-reports").iterdir()
    text = report.read_text("utf-8")
    assert "deliberate test error" in text and "Traceback" in text
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (f"ogames: the app stopped on an unexpected error (KeyError: 'a "
                    f"deliberate test error'); the full report is in {report}")


def test_an_app_that_ends_well_returns_0(capsys, private_data_dir):
    class Quitting(App[None]):
        def on_mount(self) -> None:
            self.exit()

    assert crash.run_reporting(Quitting(), headless=True) == 0
    assert capsys.readouterr().err == ""
    assert not (private_data_dir / "crash-reports").exists()


def test_ogames_exits_non_zero_when_a_screen_raises(monkeypatch, capsys, private_data_dir):
    """The whole way: the ``ogames`` entry point, the picker raising on mount."""
    def broken(self):
        raise RuntimeError("the picker broke")

    real = crash.run_reporting
    monkeypatch.setattr(crash, "run_reporting", lambda app: real(app, headless=True))
    monkeypatch.setattr(PickerScreen, "on_mount", broken)
    with pytest.raises(SystemExit) as exit_:
        cli_main([])
    assert exit_.value.code == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert "RuntimeError: the picker broke" in line
    assert len(list((private_data_dir / "crash-reports").iterdir())) == 1


def test_in_a_terminal_a_crash_exits_non_zero_after_restoring_the_screen(tmp_path):
    """``ogames`` itself in a pseudo-terminal (no headless driver), a screen raising."""
    script = textwrap.dedent("""
        from ogames.ui.screens.picker import PickerScreen
        def broken(self):
            raise KeyError(0)
        PickerScreen.on_mount = broken
        from ogames.cli import main
        main([])
    """)
    main, child = pty.openpty()
    env = {**os.environ, "OGAMES_DATA_DIR": str(tmp_path), "TERM": "xterm-256color",
           "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen([sys.executable, "-c", script], stdin=child, stdout=child,
                            stderr=child, env=env, close_fds=True)
    os.close(child)
    out = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child is gone
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert proc.wait(timeout=30) == 1
    (report,) = (tmp_path / "crash-reports").iterdir()
    assert f"(KeyError: 0); the full report is in {report}".encode() in out.replace(
        b"\r\n", b"")


# ----- temporary files a killed save left behind -------------------------------------------


def test_stale_temporary_files_of_ours_are_removed_when_the_app_starts(private_data_dir):
    saves = private_data_dir / "saves"
    saves.mkdir(parents=True)
    ours = [private_data_dir / ".autosave.ogame.k2j_x9ab.tmp",
            private_data_dir / ".settings.json.abcdefgh.tmp",
            saves / ".2026-11-22-141200-ordo-ann-vs-bob.ogame.0a1b2c3d.tmp"]
    fresh = private_data_dir / ".autosave.ogame.zzzzzzzz.tmp"  # a write in progress
    others = [private_data_dir / "notes.tmp", private_data_dir / ".autosave.ogame.tmp",
              private_data_dir / ".autosave.ogame.abc.tmp", saves / "game.ogame",
              private_data_dir / ".photo.jpg.abcdefgh.tmp"]
    old = time.time() - storage.STALE_AFTER - 60
    for path in [*ours, fresh, *others]:
        path.write_text("[Game", "utf-8")
        if path != fresh:
            os.utime(path, (old, old))
    folder = private_data_dir / ".x.ogame.abcdefgh.tmp"  # not a file: not ours to remove
    folder.mkdir()
    os.utime(folder, (old, old))
    OgamesApp()
    assert not any(p.exists() for p in ours)
    assert fresh.exists() and folder.exists() and all(p.exists() for p in others)


def test_the_cleanup_passes_over_a_data_directory_that_is_not_there(private_data_dir):
    assert storage.remove_stale_temporaries() == []


# ----- any unreadable file is unreadable, never a crash ------------------------------------


def broken_autosaves() -> dict[str, bytes]:
    """An unfinished Onitama game (it has a seed), broken three ways."""
    rules = need("onitama")
    game = Game.new(rules, None, 5, ("Ann", "Bob"))
    for move in rules.legal_moves(game.position)[:1]:
        game.play(move)
    text = format_game(game)
    return {
        "undecodable bytes": b"\xff\xfe" + text.encode(),
        "a 4,301-digit seed": text.replace('[Seed "5"]', f'[Seed "{"9" * 4301}"]').encode(),
        "an illegal move": text.replace(game.plies[0].text, game.plies[0].text.split()[0]
                                        + " a1-e5").encode(),
    }


def reader_raising(monkeypatch) -> None:
    """The reader meeting something it did not expect (as a 4,301-digit number once made
    it raise ValueError): an error of no type of ours."""
    def unexpected(text: str) -> Game:
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    monkeypatch.setattr(storage, "parse_game", unexpected)


@pytest.mark.parametrize("kind", ["undecodable bytes", "a 4,301-digit seed",
                                  "an illegal move", "an error the reader did not expect"])
def test_the_picker_moves_a_broken_autosave_aside_and_says_why(kind, monkeypatch):
    if kind == "an error the reader did not expect":
        reader_raising(monkeypatch)
        data = broken_autosaves()["an illegal move"]
    else:
        data = broken_autosaves()[kind]
    asyncio.run(picker_with_a_broken_autosave(data))


async def picker_with_a_broken_autosave(data: bytes) -> None:
    path = storage.unfinished_dir() / "left.ogame"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        assert isinstance(picker, PickerScreen) and not picker.has_class("can-resume")
        (kept,) = storage.saves_dir().iterdir()
        assert kept.read_bytes() == data and not path.exists()
        note = str(picker.query_one("#resume-note").render())
        assert note.startswith("An unfinished game could not be resumed: line ")
        assert note.endswith(f"it is kept as {kept.name} in Saved games (o)")
        assert picker.query_one("#resume-note").display
        await pilot.press("o")
        saves = app.screen
        assert isinstance(saves, SavesScreen)
        assert saves.query_one("#saves").get_row_at(0)[2] == "broken"
        await pilot.press("enter")
        assert isinstance(app.screen, BadFileScreen)


@pytest.mark.parametrize("kind", ["undecodable bytes", "a 4,301-digit seed",
                                  "an illegal move"])
def test_every_broken_file_reads_as_a_save_file_error(kind, tmp_path):
    path = tmp_path / "broken.ogame"
    path.write_bytes(broken_autosaves()[kind])
    with pytest.raises(SaveFileError) as error:
        storage.load_saved_game(path)
    assert error.value.line >= 1 and error.value.reason
    entry = storage.read_entry(path)
    assert entry.error is not None and entry.result in ("unreadable", "*")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1 and result.stderr.startswith(f"ogames: {path}:")


def test_an_unexpected_error_of_the_reader_becomes_a_save_file_error(monkeypatch):
    def confused(text: str) -> Game:
        raise RecursionError("maximum recursion depth exceeded\n" + "x" * 10_000)

    monkeypatch.setattr(storage, "parse_game", confused)
    with pytest.raises(SaveFileError) as error:
        storage.parse_saved_game(b'[Game "ordo"]\n')
    assert error.value.game is None and (error.value.line, error.value.column) == (1, 1)
    assert "RecursionError: maximum recursion depth exceeded\\n" in error.value.reason
    assert len(error.value.reason) < 200 and "\n" not in error.value.reason


def test_a_file_opened_by_its_path_in_saved_games_is_read_the_same_way(tmp_path,
                                                                      monkeypatch):
    path = tmp_path / "game.ogame"
    path.write_bytes(broken_autosaves()["an illegal move"])
    reader_raising(monkeypatch)

    async def run() -> None:
        app = OgamesApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("o", "f")
            app.screen.query_one("#open-path").value = str(path)
            await pilot.press("enter")
            assert isinstance(app.screen, BadFileScreen)
            assert "ValueError: Exceeds the limit" in str(
                app.screen.query_one("#bad-message").render())
    asyncio.run(run())
