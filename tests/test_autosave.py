"""The autosave policy (``core.autosave.Keeper``) on plain files, without the app: the
game in progress is in the autosave after every change, an ending is kept among the saved
games by itself, and an earlier unfinished game is never overwritten unseen."""

from __future__ import annotations

import random

from ogames.core.autosave import Keeper
from ogames.core.game import Game
from ogames.core.savefile import format_game, parse_game
from ogames.core.storage import autosave, autosave_path, list_saves, read_autosave_text
from tests.playouts import play_randomly


def new_game(rules, seed: int = 1) -> Game:
    return Game.new(rules, seed=seed if rules.uses_seed else None)


def test_a_move_writes_the_autosave_and_nothing_is_kept(rules) -> None:
    game = new_game(rules)
    keeper = Keeper(game)
    assert keeper.sync(changed=False) == [] and read_autosave_text() is None
    game.play(game.legal_moves()[0])
    assert keeper.sync() == []
    assert read_autosave_text() == format_game(game) and keeper.is_mine()
    assert list_saves() == []


def test_opening_a_game_leaves_an_earlier_autosave_alone(rules) -> None:
    earlier = play_randomly(new_game(rules), random.Random(3), 2)
    autosave(earlier)
    before = read_autosave_text()
    looked_at = play_randomly(new_game(rules, 2), random.Random(4), 2)
    keeper = Keeper(looked_at)
    assert keeper.sync(changed=False) == [] and not keeper.is_mine()
    assert read_autosave_text() == before and list_saves() == []


def test_a_change_keeps_the_earlier_unfinished_game_in_saved_games(rules) -> None:
    earlier = play_randomly(new_game(rules), random.Random(3), 2)
    autosave(earlier)
    game = new_game(rules, 2)
    keeper = Keeper(game)
    game.play(game.legal_moves()[-1])
    notices = keeper.sync()
    assert [n.title for n in notices] == ["Earlier game kept"]
    # its moves as its move list numbers them: two plies of two sides are one move
    assert f"The unfinished {rules.name} game (1 move)" in notices[0].text
    [kept] = list_saves()
    assert format_game(parse_game(kept.path.read_text("utf-8"))) == format_game(earlier)
    assert read_autosave_text() == format_game(game)


def test_an_unreadable_earlier_autosave_is_kept_as_it_is(rules) -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe not a game")
    game = new_game(rules)
    keeper = Keeper(game)
    game.play(game.legal_moves()[0])
    notices = keeper.sync()
    assert [n.title for n in notices] == ["Earlier game kept"]
    [kept] = list_saves()
    assert kept.path.read_bytes() == b"\xff\xfe not a game"


def test_an_ending_is_kept_once_and_the_autosave_goes(rules) -> None:
    game = new_game(rules)
    keeper = Keeper(game)
    game.play(game.legal_moves()[0])
    keeper.sync()
    if len(game.sides) == 2:
        game.resign(rules.to_move(game.position))
    else:
        game.agree_draw()
    notices = keeper.sync()
    assert [n.title for n in notices] == ["Game over"]
    assert read_autosave_text() is None and keeper.kept_path is not None
    assert keeper.save_path == keeper.kept_path  # Ctrl+S now updates that file
    # taken back and ended again: its own copy is replaced, no second file
    game.undo()
    keeper.sync()
    game.agree_draw()
    assert keeper.sync() == []
    assert [e.path for e in list_saves()] == [keeper.kept_path]
    assert keeper.kept_path.read_text("utf-8") == format_game(game)


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
