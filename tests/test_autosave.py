"""The autosave policy (``core.autosave.Keeper``) on plain files, without the app: the
game in progress is in its own file among the unfinished games after every change, held by
the app playing it; an ending is kept among the saved games by itself; and no game ever
writes over, moves or offers another's (issue 62: two apps on one data folder)."""

from __future__ import annotations

import random

from ogames.core import storage
from ogames.core.autosave import Keeper
from ogames.core.game import Game
from ogames.core.savefile import format_game
from ogames.core.storage import (
    autosave,
    claim,
    left_unfinished,
    list_saves,
    load_autosave,
    resumable_games,
    unfinished_dir,
)
from tests.playouts import play_randomly


def new_game(rules, seed: int = 1) -> Game:
    return Game.new(rules, seed=seed if rules.uses_seed else None)


def unfinished_files() -> list:
    return sorted(unfinished_dir().glob("*.ogame")) if unfinished_dir().is_dir() else []


def test_a_move_writes_the_games_own_file_and_nothing_is_kept(rules) -> None:
    game = new_game(rules)
    keeper = Keeper(game)
    assert keeper.sync(changed=False) == [] and unfinished_files() == []
    game.play(game.legal_moves()[0])
    assert keeper.sync() == []
    [path] = unfinished_files()
    assert path == keeper.autosave_path and keeper.is_mine()
    assert path.read_text("utf-8") == format_game(game)
    assert list_saves() == []


def test_a_game_being_played_is_offered_to_nobody_until_its_app_lets_it_go(rules) -> None:
    game = new_game(rules)
    keeper = Keeper(game)
    game.play(game.legal_moves()[0])
    keeper.sync()
    assert resumable_games() == [] and load_autosave() is None
    assert claim(keeper.autosave_path) is None  # another app cannot take it up
    keeper.release()  # the app ends (its screen goes, or it is killed)
    [left] = resumable_games()
    assert left.path == keeper.autosave_path
    assert format_game(left.game) == format_game(game)


def test_two_games_keep_two_files_and_neither_touches_the_other(rules) -> None:
    """Each move of one game once kept the other's game "in Saved games"; the saved
    games filled with copies of the same two games."""
    first, second = new_game(rules), new_game(rules, 2)
    keepers = Keeper(first), Keeper(second)
    rng = random.Random(5)
    for _ in range(6):
        for game, keeper in zip((first, second), keepers, strict=True):
            if game.outcome() is None:
                game.play(rng.choice(game.legal_moves()))
                assert keeper.sync() == [] or game.outcome() is not None
    assert list_saves() == [] or any(g.outcome() for g in (first, second))
    for game, keeper in zip((first, second), keepers, strict=True):
        if game.outcome() is None:
            assert keeper.autosave_path.read_text("utf-8") == format_game(game)
    assert len(unfinished_files()) == sum(g.outcome() is None for g in (first, second))


def test_opening_a_game_leaves_an_earlier_unfinished_game_alone(rules) -> None:
    earlier = play_randomly(new_game(rules), random.Random(3), 2)
    path = autosave(earlier)
    before = path.read_bytes()
    looked_at = play_randomly(new_game(rules, 2), random.Random(4), 2)
    keeper = Keeper(looked_at)
    assert keeper.sync(changed=False) == [] and not keeper.is_mine()
    assert unfinished_files() == [path] and path.read_bytes() == before
    assert list_saves() == []


def test_a_resumed_game_goes_on_in_its_own_file(rules) -> None:
    earlier = play_randomly(new_game(rules), random.Random(3), 2)
    path = autosave(earlier)
    held = claim(path)
    keeper = Keeper(earlier, resumed=held)
    assert resumable_games() == []  # held by this app now
    if earlier.outcome() is None:
        earlier.play(earlier.legal_moves()[-1])
    keeper.sync()
    assert unfinished_files() == ([path] if earlier.outcome() is None else [])


def test_an_ending_is_kept_once_and_the_games_file_goes(rules) -> None:
    game = new_game(rules)
    keeper = Keeper(game)
    game.play(game.legal_moves()[0])
    keeper.sync()
    own = keeper.autosave_path
    if len(game.sides) == 2:
        game.resign(rules.to_move(game.position))
    else:
        game.agree_draw()
    notices = keeper.sync()
    assert [n.title for n in notices] == ["Game over"]
    assert not own.exists() and not storage.lock_path(own).exists()
    assert keeper.kept_path is not None
    assert keeper.save_path == keeper.kept_path  # Ctrl+S now updates that file
    # taken back and ended again: its own copy is replaced, no second file
    game.undo()
    keeper.sync()
    game.agree_draw()
    assert keeper.sync() == []
    assert [e.path for e in list_saves()] == [keeper.kept_path]
    assert keeper.kept_path.read_text("utf-8") == format_game(game)
    assert left_unfinished() == []


def test_ctrl_s_of_another_line_does_not_overwrite_a_kept_ending(rules) -> None:
    game = new_game(rules)
    keeper = Keeper(game)
    game.play(game.legal_moves()[0])
    game.agree_draw()
    keeper.sync()
    assert keeper.save_target() == keeper.kept_path
    game.undo()
    game.play(game.legal_moves()[-1])
    keeper.sync()
    assert keeper.save_target() is None


def test_the_one_autosave_of_an_older_ogames_is_offered_like_any_other(rules) -> None:
    game = play_randomly(new_game(rules), random.Random(3), 2)
    old = storage.old_autosave_path()
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(format_game(game), "utf-8")
    moved = storage.adopt_old_autosave()
    assert moved is not None and not old.exists()
    [left] = resumable_games()
    assert left.path == moved and format_game(left.game) == format_game(game)
