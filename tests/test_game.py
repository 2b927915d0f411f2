"""The history model: immutable positions, undo/redo, resignation and agreed draws."""

from __future__ import annotations

import pytest

from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.game import Game
from ogames.core.registry import find_rules, get_rules

ORDO = get_rules("ordo")


def test_undo_redo_at_the_edges() -> None:
    game = Game.new(ORDO)
    assert not game.can_undo and not game.undo()
    assert not game.can_redo and not game.redo()
    game.play_text("e3-e4")
    game.play_text("e6-e5")
    assert game.undo() and game.undo()
    assert game.position == game.start
    assert game.redo()
    assert game.cursor == 1 and game.can_redo
    # playing while viewing an earlier ply discards the redo tail
    game.play_text("f6-f5")
    assert not game.can_redo
    assert [p.text for p in game.plies] == ["e3-e4", "f6-f5"]


def test_undo_after_the_game_is_over() -> None:
    game = Game.from_position(ORDO, ORDO.parse_position("10/4W5/3W6/10/B9/10/10/10 w"))
    game.play_text("d6-d8")
    assert game.outcome().reason == "goal"
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.play_text("d6-d7")
    assert game.undo()
    assert game.outcome() is None
    assert len(game.legal_moves()) == 6


def test_resign_and_draw_end_the_game_and_undo_takes_them_back() -> None:
    game = Game.new(ORDO)
    game.play_text("e3-e4")
    game.resign(1)
    assert game.outcome().shares == (1, 0)
    assert game.outcome().reason == "resigned"
    assert game.legal_moves() == []
    assert game.undo()
    assert game.outcome() is None and game.cursor == 1
    game.agree_draw()
    assert game.outcome().is_draw


def test_bad_move_text_raises_typed_errors() -> None:
    game = Game.new(ORDO)
    with pytest.raises(NotationError):
        game.play_text("hello")
    with pytest.raises(IllegalMoveError):
        game.play_text("e3-e7")


def test_registry_accepts_aliases_case_and_unicode_forms() -> None:
    assert find_rules("ORDO") is ORDO
    assert find_rules(" ordo ") is ORDO
