"""Saving through the app (Ctrl+S, atomic, never over a bad file), the autosave and resume,
the saved-games screen, bad files, and the settings that persist. Every test runs with
``OGAMES_DATA_DIR`` in a temporary directory (the autouse fixture of conftest.py)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from ogames.core import storage
from ogames.core.errors import SaveFileError
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, load_game, save_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens.badfile import BadFileScreen, error_line
from ogames.ui.screens.confirm import ConfirmScreen
from ogames.ui.screens.picker import PickerScreen, moves_played
from ogames.ui.screens.replay import ReplayScreen
from ogames.ui.screens.save import SaveScreen, target_path
from ogames.ui.screens.saves import SavesScreen
from ogames.ui.widgets.diagram import Diagram
from tests.savehelp import (
    EVERY_PLAYOUT,
    PLAYOUTS,
    play_texts,
    random_texts,
    same_game,
    unfinished_games,
    unfinished_moves,
)
from tests.uihelp import (
    SIZE,
    choose_in_picker,
    click_button,
    need,
    play_from_here,
    play_keys,
    screen,
    ui_test,
)


@pytest.fixture(autouse=True)
def data_dir(private_data_dir: Path) -> Path:
    """Every test here writes only into its own temporary data directory."""
    assert os.environ["OGAMES_DATA_DIR"] == str(private_data_dir)
    return private_data_dir


async def save_with_keys(pilot, path: str | None = None) -> Path:
    """Ctrl+S, optionally type a path, Enter; the file written."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, SaveScreen)
    if path is not None:
        dialog.query_one("#save-path").value = path
    await pilot.press("enter")
    await pilot.pause()
    assert not isinstance(pilot.app.screen, SaveScreen), str(
        dialog.query_one("#save-error").render())
    saved = screen(pilot.app).save_path
    assert saved is not None and saved.is_file()
    return saved


# ----- Ctrl+S round trips -------------------------------------------------------------

@pytest.mark.usefixtures("every_test_game")
@ui_test
async def test_ctrl_s_saves_every_game_so_that_it_loads_back_the_same():
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        for game_id, variant in EVERY_PLAYOUT:
            rules = need(game_id)
            seed = 11 + len(variant)
            texts = random_texts(game_id, variant, seed, 5 if game_id == "ochmir" else 20)
            app.start_game(Game.new(rules, variant, seed, ("Ann", "Bob", "Cy")[
                : len(rules.sides(variant))]))
            await pilot.pause()
            await play_texts(pilot, texts)
            path = await save_with_keys(pilot)
            assert path.parent == storage.saves_dir() and path.suffix == ".ogame"
            assert game_id in path.name and "ann-vs-bob" in path.name
            loaded = load_game(path)
            same_game(screen(app).game, loaded)
            assert len(loaded.sides) == (3 if variant == "3" else 2)
            screen(app).dismiss(None)
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)


@ui_test
async def test_a_game_with_undo_and_redo_saves_its_redo_tail():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        for text in ("c2:d2-c3", "c7:d7-c6", "e3-e4", "e6-e5", "a3-a4"):
            await play_keys(pilot, text)
        await pilot.press("u", "u", "u", "U")
        game = screen(app).game
        assert game.cursor == 3 and len(game.plies) == 5
        path = await save_with_keys(pilot, "undo-redo")
        assert path == storage.saves_dir() / "undo-redo.ogame"
        loaded = load_game(path)
        same_game(game, loaded)
        assert loaded.can_redo and loaded.redo() and loaded.redo()
        assert loaded.position == game.position_at(5)


@ui_test
async def test_a_typed_path_is_used_and_a_second_save_replaces_only_after_asking(tmp_path):
    need("ordo")
    target = tmp_path / "elsewhere" / "mine.ogame"
    target.parent.mkdir()  # a typed path's folder must exist (a missing one is a typo)
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "c2:d2-c3")
        assert await save_with_keys(pilot, str(target)) == target
        await play_keys(pilot, "c7:d7-c6")
        assert await save_with_keys(pilot) == target  # its own file: replaced at once
        assert len(load_game(target).plies) == 2
        other = storage.saves_dir() / "other.ogame"
        save_game(load_game(target), other)
        await pilot.press("ctrl+s")
        dialog = app.screen
        dialog.query_one("#save-path").value = str(other)
        await pilot.press("enter")
        assert isinstance(app.screen, SaveScreen)
        assert "exists" in str(dialog.query_one("#save-error").render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen(app).save_path == other


def test_a_typed_folder_gets_the_default_name_inside_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    name = "2026-11-23-101500-ordo-white-vs-black.ogame"
    assert target_path(".", name) == Path(".") / name
    assert target_path("./", name) == Path(".") / name
    assert target_path("..", name) == Path("..") / name
    assert target_path("/", name) == Path("/") / name
    assert target_path("games", name) == storage.saves_dir() / "games.ogame"  # a bare name
    assert target_path("./games", name) == Path("games") / name
    assert target_path(str(tmp_path / "games"), name) == tmp_path / "games" / name
    assert target_path("new/", name) == Path("new") / name  # a folder, here
    assert target_path("./mine", name) == Path("mine.ogame")


@ui_test
async def test_a_typed_path_through_a_file_or_a_missing_folder_is_named_not_made(tmp_path):
    """``/etc/passwd/x.ogame`` said "File exists", and a mistyped folder was created with
    all its parents; each now gets a sentence naming the path, and nothing is written."""
    need("ordo")
    afile = tmp_path / "notes.txt"
    afile.write_text("mine\n")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "c2:d2-c3")
        await pilot.press("ctrl+s")
        await pilot.pause()
        dialog = app.screen
        for typed, words in ((afile / "x.ogame", f"{afile} is a file, not a folder"),
                             (tmp_path / "typo" / "dir" / "x.ogame",
                              f"there is no folder {tmp_path / 'typo' / 'dir'}")):
            dialog.query_one("#save-path").value = str(typed)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)
            assert str(dialog.query_one("#save-error").render()) == words
        await pilot.press("escape")
    assert not (tmp_path / "typo").exists()
    assert afile.read_text() == "mine\n"


@ui_test
async def test_saving_to_a_folder_saves_inside_it(tmp_path, monkeypatch):
    """``.`` once crashed the app (a path without a name); a folder saved next to itself."""
    need("ordo")
    monkeypatch.chdir(tmp_path)
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "c2:d2-c3")
        saved = await save_with_keys(pilot, ".")
        assert saved.parent.resolve() == tmp_path
        assert saved.name.endswith(".ogame") and "-ordo-" in saved.name
        assert len(load_game(saved).plies) == 1


@ui_test
async def test_a_bad_file_is_never_overwritten_by_a_save():
    need("ordo")
    bad = storage.saves_dir() / "bad.ogame"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b'[Game "ordo"]\n\n1. zz *\n')
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "c2:d2-c3")
        await pilot.press("ctrl+s")
        dialog = app.screen
        dialog.query_one("#save-path").value = str(bad)
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, SaveScreen)
        assert "never overwritten" in str(dialog.query_one("#save-error").render())
        await pilot.press("escape")
    assert bad.read_bytes() == b'[Game "ordo"]\n\n1. zz *\n'


@ui_test
async def test_a_save_that_fails_mid_write_leaves_the_old_file_intact(monkeypatch):
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "c2:d2-c3")
        path = await save_with_keys(pilot)
        before = path.read_bytes()
        await play_keys(pilot, "c7:d7-c6")

        def full_disk(fd: int) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "fsync", full_disk)
        await pilot.press("ctrl+s")
        await pilot.pause()
        dialog = app.screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveScreen)  # still open, saying why
        assert "No space left" in str(dialog.query_one("#save-error").render())
        monkeypatch.undo()
        assert path.read_bytes() == before
        assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no temp file
        await pilot.press("escape")


# ----- autosave and resume ------------------------------------------------------------

@ui_test
async def test_resume_after_the_app_is_closed_mid_game():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        for text in ("c2:d2-c3", "c7:d7-c6", "e3-e4", "e6-e5"):
            await play_keys(pilot, text)
        await pilot.press("u")
        left = screen(app).game
        assert unfinished_moves() == [["c2:d2-c3", "c7:d7-c6", "e3-e4", "e6-e5"]]
    # the terminal is closed: no leaving, no dialog; a new app offers the game again
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.has_class("can-resume")
        assert "Resume Ordo (3 of 4 moves) (r)" in str(picker.query_one("#resume").label)
        await pilot.press("r")
        await pilot.pause()
        resumed = screen(app).game
        same_game(left, resumed)
        assert resumed.can_redo
        await pilot.press("U")
        assert resumed.cursor == 4 and resumed.plies[-1].text == "e6-e5"


@pytest.mark.parametrize("cursor, total, text", [(3, 3, "3 moves"), (1, 1, "1 move"),
                                                  (3, 4, "3 of 4 moves"),
                                                  (0, 1, "0 of 1 move")])
def test_the_resume_button_counts_moves_in_english(cursor, total, text):
    """A game undone to its start after one move is "0 of 1 move", not "0 of 1 moves"."""
    assert moves_played(cursor, total) == text


@pytest.mark.parametrize("width, label", [(80, "Resume Ordo (3 of 4 moves) (r)"),
                                          (76, "Resume Ordo (r)")])
@ui_test
async def test_the_resume_button_shortens_its_label_rather_than_push_learn_off(width, label):
    """A game left after undo says how many moves wait to be redone; where the bar has no
    room for that, the label drops the count and every button stays whole on the row."""
    need("ordo")
    game = Game.new(get_rules("ordo"))
    for text in ("c2:d2-c3", "c7:d7-c6", "e3-e4", "e6-e5"):
        game.play_text(text)
    game.undo()
    storage.autosave(game)
    app = OgamesApp()
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        assert str(picker.query_one("#resume").label) == label
        bar = picker.query_one("#picker-bar").region
        for button in picker.query("#picker-bar Button"):
            if button.display:
                assert button.region.right <= bar.right, str(button.label)


@ui_test
async def test_a_move_made_just_before_the_game_screen_goes_is_autosaved():
    """The autosave is written once the move is drawn, or when the screen goes, whichever
    comes first: leaving at once loses nothing."""
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        s = screen(app)
        s.play(s.rules.parse_move(s.game.position, "c2:d2-c3"))
        assert s.table._autosave_due is True  # not written yet: no frame was drawn since
        app.pop_screen()  # and the screen gone before the next frame
    assert [p.text for p in storage.load_autosave().plies] == ["c2:d2-c3"]


@ui_test
async def test_q_keeps_the_game_for_resume_a_new_game_keeps_it_and_an_end_clears_it():
    """Every unfinished game keeps a file of its own until it ends: a new game never
    moves or overwrites the one left before, and a game's end takes only its own file."""
    need("ordo")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await choose_in_picker(pilot, "ordo")
        await pilot.click("#start")
        await play_keys(pilot, "c2:d2-c3")
        await pilot.press("q", "y")
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.has_class("can-resume")
        await click_button(pilot, "#resume")
        await pilot.pause()
        assert [p.text for p in screen(app).game.plies] == ["c2:d2-c3"]
        await pilot.press("q", "y")
        # a new game left before its first move: the earlier game is still to resume
        await click_button(pilot, "#start")
        await pilot.pause()
        await pilot.press("q")
        assert app.screen.has_class("can-resume")
        assert unfinished_moves() == [["c2:d2-c3"]]
        # a new game with a move: a second unfinished game, the first left as it was
        await click_button(pilot, "#start")
        await pilot.pause()
        await play_keys(pilot, "b3-b4")
        assert unfinished_moves() == [["b3-b4"], ["c2:d2-c3"]]
        assert storage.list_saves() == []
        await pilot.press("q", "y")
        assert app.screen.has_class("can-resume")
        assert "Resume a game (2 left)" in str(app.screen.query_one("#resume").label)
    app = OgamesApp("ordo", position="10/4W5/3W6/10/B9/10/10/10 w")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "d6-d8")  # wins: the game is over
        assert screen(app).game.outcome() is not None
        # the earlier unfinished games are still there to resume
        assert unfinished_moves() == [["b3-b4"], ["c2:d2-c3"]]
        # and the finished one is kept among the saved games
        kept_path = screen(app).kept_path
        assert kept_path is not None and load_game(kept_path).outcome().reason == "goal"
        await pilot.press("u")  # taken back: unfinished again, the win still to redo
        resumable = unfinished_games()[0]
        assert resumable.cursor == 0 and resumable.can_redo
        await play_keys(pilot, "d6-d8")  # won again: its own file goes
        assert unfinished_moves() == [["b3-b4"], ["c2:d2-c3"]]
        await pilot.press("u")
        await play_from_here(pilot, "d6-d7")  # asked first: the win d6-d8 is dropped
        assert unfinished_moves()[0] == ["d6-d7"]
        # Ctrl+S of this other line goes to a file of its own: it once went, unasked,
        # over the kept record of the win
        saved = await save_with_keys(pilot)
        assert saved != kept_path and load_game(kept_path).outcome().reason == "goal"
    kept = sorted([p.text for p in e.game.plies] for e in storage.list_saves())
    assert kept == [["d6-d7"], ["d6-d8"]]  # the win once
    assert sorted(unfinished_moves()) == [["b3-b4"], ["c2:d2-c3"], ["d6-d7"]]


@ui_test
async def test_an_unreadable_autosave_is_kept_byte_for_byte_not_overwritten():
    need("ordo")
    damaged = b'[Game "ordo"]\n\n1. b3-b4 zz *\n\xff'
    left = storage.unfinished_dir() / "left.ogame"
    left.parent.mkdir(parents=True, exist_ok=True)
    left.write_bytes(damaged)
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "b3-b4")
        assert left.read_bytes() == damaged  # the new game has a file of its own
        own = screen(app).keeper.autosave_path
        assert own != left and [p.text for p in load_game(own).plies] == ["b3-b4"]


@ui_test
async def test_a_resigned_game_is_kept_among_the_saved_games():
    need("ordo")
    app = OgamesApp("ordo")
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "b3-b4")
        screen(app).action_resign()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        (entry,) = storage.list_saves()
        assert [p.text for p in entry.game.plies] == ["b3-b4"]
        assert entry.game.outcome().winners == (0,)  # Black resigned
        assert storage.load_autosave() is None


@ui_test
async def test_three_handed_ochmir_resumes_with_its_history():
    need("ochmir")
    texts = random_texts("ochmir", "3", 3, 4)
    app = OgamesApp("ochmir", variant="3", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await play_texts(pilot, texts)
        left = screen(app).game
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        same_game(left, screen(app).game)


# ----- the saved-games screen ---------------------------------------------------------

def write_saves() -> dict[str, Path]:
    """Three saved games of different games and lengths."""
    out = {}
    for i, (gid, n) in enumerate((("ordo", 6), ("onitama", 2), ("opprimo", 4))):
        rules = get_rules(gid)
        game = Game.new(rules, None, 5, ("Ann", "Bob"))
        for text in random_texts(gid, rules.variants[0], 5, n):
            game.play_text(text)
        path = storage.save_to_library(game, f"{gid}-game")
        os.utime(path, (1_700_000_000 + i * 100, 1_700_000_000 + i * 100))
        out[gid] = path
    return out


@ui_test
async def test_saved_games_list_sorts_previews_and_replays():
    for gid in ("ordo", "onitama", "opprimo"):
        need(gid)
    paths = write_saves()
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        assert isinstance(saves, SavesScreen)
        assert [e.path for e in saves.entries] == [paths["opprimo"], paths["onitama"],
                                                   paths["ordo"]]  # newest first
        preview = saves.query_one("#preview", Diagram)
        assert preview.rules.id == "opprimo"
        assert preview.position == load_game(paths["opprimo"]).position
        await pilot.press("down")
        assert preview.rules.id == "onitama"
        await pilot.press("s")  # by game
        assert [e.game.rules.name for e in saves.entries] == ["Onitama", "Opprimo", "Ordo"]
        assert saves.selected.path == paths["onitama"]  # the selection stays
        await pilot.press("s")  # by length
        assert [e.length for e in saves.entries] == [6, 4, 2]
        await pilot.press("end", "enter")  # the shortest: Onitama
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.rules.id == "onitama"
        await pilot.press("q")
        assert app.screen is saves


@ui_test
async def test_an_unnamed_player_is_called_by_their_side_in_the_list():
    rules = need("ordo")
    game = Game.new(rules, "10x8", None, ("?", "Computer easy"))
    assert storage.player_names(game) == ["White", "Computer easy"]
    assert "-ordo-white-vs-computer-easy.ogame" in storage.readable_name(game)
    storage.save_to_library(game, "unnamed")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        table = saves.query_one("#saves")
        row = table.get_row_at(0)
        assert row[1] == "White vs Computer easy"  # players come second, before they are cut
        assert re.fullmatch(r"20\d\d-\d\d-\d\d \d\d:\d\d", row[-1])  # a four-digit year
        assert "White vs Computer easy" in str(saves.query_one("#preview-info").render())


@ui_test
async def test_continue_a_saved_game_and_delete_one_after_confirming():
    need("ordo")
    paths = write_saves()
    before = paths["ordo"].read_bytes()
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        await pilot.press("end")
        assert saves.selected.path == paths["ordo"]
        await pilot.press("c")
        await pilot.pause()
        game = screen(app).game
        same_game(load_game(paths["ordo"]), game)
        assert screen(app).save_path == paths["ordo"]  # Ctrl+S offers its file
        await pilot.press("q", "y")
        assert app.screen is saves and paths["ordo"].read_bytes() == before
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert paths["ordo"].exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not paths["ordo"].exists()
        assert len(saves.entries) == 2


@ui_test
async def test_opening_saved_games_and_leaving_copies_and_moves_nothing():
    """Only a change made in the game takes over the autosave or keeps a finished game:
    opening a finished game (continue, or play on at a replay's end) once copied it each
    time, and looking at an unfinished one moved the real unfinished game away."""
    need("ordo")
    finished = Game.from_position(get_rules("ordo"), get_rules("ordo").parse_position(
        "10/4W5/3W6/10/B9/10/10/10 w"))
    finished.play_text("d6-d8")
    done = storage.save_to_library(finished, "finished")
    unfinished = storage.save_to_library(Game.new(get_rules("ordo")), "unfinished")
    resumable = Game.new(get_rules("ordo"), None, None, ("Ann", "Bob"))
    resumable.play_text("b3-b4")
    left = storage.autosave(resumable)
    autosaved = left.read_bytes()
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        for path in (done, unfinished, done):
            saves.query_one("#saves").move_cursor(
                row=[e.path for e in saves.entries].index(path), animate=False)
            await pilot.press("c")
            await pilot.pause()
            assert screen(app).save_path == path
            await pilot.press("q")  # only looked at
            await pilot.pause()
            if app.screen is not saves:
                await pilot.press("y")
            assert app.screen is saves
        assert sorted(p.name for p in storage.saves_dir().iterdir()) == [
            "finished.ogame", "unfinished.ogame"]
        assert left.read_bytes() == autosaved
        # taken back and won again: a change, but the finished game ends as its own file
        # has it: no copy of it, and the unfinished game left before is untouched
        saves.query_one("#saves").move_cursor(
            row=[e.path for e in saves.entries].index(done), animate=False)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("u", "U")
        await pilot.pause()
        assert screen(app).game.outcome() is not None
        kept = sorted(p.name for p in storage.saves_dir().iterdir())
        assert kept == ["finished.ogame", "unfinished.ogame"]
        assert left.read_bytes() == autosaved and unfinished_moves() == [["b3-b4"]]



@ui_test
async def test_leaving_an_unfinished_game_only_looked_at_keeps_the_resumable_one():
    """Leaving is no change: an unfinished game continued from its file and left untouched
    goes at once (it is still in its file), and a game played on from a replay and left
    untouched is not kept; in both, the real unfinished game stays the one to resume (the
    play-on copy once took over the autosave and was later kept twice)."""
    need("ordo")
    game = Game.new(get_rules("ordo"), None, None, ("Ann", "Bob"))
    for text in ("b3-b4", "b6-b5"):
        game.play_text(text)
    path = storage.save_to_library(game, "looked-at")
    resumable = Game.new(get_rules("ordo"), None, None, ("Cy", "Di"))
    resumable.play_text("e3-e4")
    left = storage.autosave(resumable)
    autosaved = left.read_bytes()
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        assert [e.path for e in saves.entries] == [path]
        await pilot.press("c")
        await pilot.pause()
        assert screen(app).save_path == path and screen(app).game.cursor == 2
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is saves  # no question: nothing here is lost
        await pilot.press("enter", "right", "p")
        await pilot.pause()
        assert screen(app).game.cursor == 1 and screen(app).save_path is None
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "not kept" in str(app.screen.query_one("#question").render())
        await pilot.press("y")
        await pilot.pause()
    assert left.read_bytes() == autosaved and unfinished_moves() == [["e3-e4"]]
    assert sorted(storage.saves_dir().iterdir()) == [path]


# ----- bad files ----------------------------------------------------------------------

def bad_files() -> dict[str, bytes]:
    good = Game.new(get_rules("ordo"), None, None, ("Ann", "Bob"))
    for text in ("c2:d2-c3", "c7:d7-c6", "e3-e4"):
        good.play_text(text)
    text = format_game(good)
    return {
        "truncated": text[: text.index("e3-e4") + 3].encode(),
        "illegal": text.replace("e3-e4", "e3-e7").encode(),
        "unknown": text.replace('[Game "ordo"]', '[Game "chess"]').encode(),
        "position": text.replace('[Variant "10x8"]',
                                 '[Variant "10x8"]\n[Setup "10/10/10/10/10/10/10/10 q"]')
                    .encode(),
        "garbage": bytes(range(256)) * 4,
    }


@ui_test
async def test_bad_files_say_where_and_why_and_change_nothing():
    need("ordo")
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    files = {}
    for kind, data in bad_files().items():
        path = folder / f"{kind}.ogame"
        path.write_bytes(data)
        with pytest.raises(SaveFileError) as caught:
            load_game(path)
        files[path] = (data, path.stat().st_mtime_ns, error_line(path, caught.value))
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        saves.sort = "game"
        saves.reload()
        assert len(saves.entries) == 5 and all(e.error for e in saves.entries)
        for row, entry in enumerate(saves.entries):
            kind = entry.path.stem
            saves.query_one("#saves").move_cursor(row=row)
            await pilot.pause()
            # the preview says it too
            assert f"line {entry.error.line}" in str(saves.query_one("#preview-info").render())
            for key in ("enter", "c"):  # replaying or continuing: the same message
                await pilot.press(key)
                await pilot.pause()
                dialog = app.screen
                assert isinstance(dialog, BadFileScreen), kind
                assert files[entry.path][2] in str(dialog.query_one("#bad-message").render())
                if dialog.prefix is None:
                    assert kind in ("unknown", "position", "garbage")
                    await pilot.press("o")  # nothing to open: it closes
                    assert app.screen is saves
                    continue
                assert kind in ("truncated", "illegal")
                await pilot.press("o")
                await pilot.pause()
                replay = app.screen
                assert isinstance(replay, ReplayScreen) and replay.error is not None
                assert len(replay.game.plies) == 2  # the two good moves, read-only
                assert "line" in str(replay.query_one("#broken").render())
                await pilot.press("end", "ctrl+s")
                assert app.screen is replay  # nothing to save here
                await pilot.press("q")
                assert app.screen is saves
    for path, (data, stamp, _) in files.items():
        assert path.read_bytes() == data and path.stat().st_mtime_ns == stamp
    assert sorted(folder.iterdir()) == sorted(files)


@ui_test
async def test_open_a_file_by_path(tmp_path):
    need("ordo")
    good = tmp_path / "g.ogame"
    game = Game.new(get_rules("ordo"))
    game.play_text("c2:d2-c3")
    save_game(game, good)
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen
        assert saves.has_class("empty")
        await pilot.press("f")
        saves.query_one("#open-path").value = str(tmp_path / "missing.ogame")
        await pilot.press("enter")
        assert "cannot read" in str(saves.query_one("#saves-message").render())
        saves.query_one("#open-path").value = str(good)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


# ----- settings -----------------------------------------------------------------------

@ui_test
async def test_ascii_and_theme_settings_persist():
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        assert not app.ascii and app.current_theme.dark
        app.action_toggle_ascii()
        app.action_toggle_dark()
        await pilot.pause()
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.ascii and not app.current_theme.dark
    (storage.data_dir() / "settings.json").write_text("{not json")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.ascii  # a broken settings file falls back to the defaults


@ui_test
async def test_long_names_and_impossible_paths_never_crash_a_save():
    """Two 115-character names once made the default file name too long: Ctrl+S crashed
    and the autosave stopped; a typed name too long or ``~nosuchuser`` must only say so."""
    rules = need("ordo")
    long = ("Ann" * 40, "Bob" * 40)
    name = storage.readable_name(Game.new(rules, None, None, long))
    assert len(name.encode()) < 100 and "-ordo-" + "ann" * 8 + "-vs-" in name
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Game.new(rules, None, None, long))
        await pilot.pause()
        await play_keys(pilot, "b3-b4")
        saved = await save_with_keys(pilot)
        assert load_game(saved).players == long
        for typed in ("x" * 300, "~nosuchuser12345/game"):
            await pilot.press("ctrl+s")
            await pilot.pause()
            dialog = app.screen
            dialog.query_one("#save-path").value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)
            assert "cannot save there" in str(dialog.query_one("#save-error").render())
            await pilot.press("escape")


def test_a_library_save_never_replaces_another():
    game = Game.new(need("ordo"))
    first = storage.save_to_library(game, "same")
    second = storage.save_to_library(game, "same")
    third = storage.save_to_library(game, "same.ogame")
    assert [p.name for p in (first, second, third)] == [
        "same.ogame", "same-2.ogame", "same-3.ogame"]


@ui_test
async def test_a_message_about_a_typed_path_does_not_outlive_it(tmp_path):
    """The "cannot read it" message stayed after the path was given up, and was still
    there when the screen came back from a replay."""
    need("ordo")
    good = tmp_path / "g.ogame"
    save_game(Game.new(get_rules("ordo")), good)
    kept = storage.save_to_library(Game.new(get_rules("ordo")), "kept")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        saves = app.screen

        def message() -> str:
            return str(saves.query_one("#saves-message").render())

        for then in ("escape", "good"):
            await pilot.press("f")
            saves.query_one("#open-path").value = str(tmp_path / "nope.ogame")
            await pilot.press("enter")
            assert "nope.ogame: cannot read it" in message()
            if then == "escape":
                await pilot.press("escape")
            else:
                saves.query_one("#open-path").value = str(good)
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, ReplayScreen)
                await pilot.press("q")
            assert app.screen is saves and message() == ""
        await pilot.press("d", "y")  # a message after a dialog is still said
        await pilot.pause()
        assert message() == f"deleted {kept.name}"


@ui_test
@pytest.mark.parametrize("width", [120, 80])
async def test_every_column_of_the_list_is_shown_in_full_whatever_is_previewed(width):
    """At 120×40 a wide board beside the list (Ochmir, Ordo 10x8) cut its last columns
    off; a board that does not fit beside the full list is left out, and in a narrow
    window the whole preview."""
    for gid, variant in PLAYOUTS:
        rules = need(gid)
        game = Game.new(rules, variant, 5, ("Ann", "Bob", "Cy")[:len(rules.sides(variant))])
        for text in random_texts(gid, variant, 5, 6):
            game.play_text(text)
        storage.save_to_library(game, f"{gid}-{variant}")
    app = OgamesApp()
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        saves = app.screen
        table = saves.query_one("#saves")
        pane = saves.query_one("#preview-pane")
        preview = saves.query_one("#preview", Diagram)
        boards = []
        for row in range(len(saves.entries)):
            table.move_cursor(row=row, animate=False)
            await pilot.pause()
            assert table.max_scroll_x == 0  # nothing cut off to the right
            assert table.region.right <= width
            assert table.virtual_size.width <= table.scrollable_content_region.width
            if pane.display:
                assert table.region.right <= pane.region.x
                if preview.display:
                    assert preview.region.right <= pane.region.right
                    boards.append(saves.selected.game.rules.id)
                else:
                    assert "a window" in str(saves.query_one("#preview-info").render())
        assert pane.display == (width == 120)
        if width == 120:
            assert {"opprimo", "oferhlyp", "onitama"} <= set(boards)
