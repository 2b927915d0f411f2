"""Helpers for the saved-game Pilot tests: random playouts entered through the game
screen, and comparisons of a game with what a file holds."""

from __future__ import annotations

import random

from ogames.core.game import Game
from ogames.core.registry import get_rules
from tests.conftest import APP_GAME_IDS, GAME_VARIANTS
from tests.playouts import play_randomly
from tests.uihelp import hand_over, screen

#: (game, variant): every variant of every game of the app
PLAYOUTS = [(gid, variant) for gid, variant in GAME_VARIANTS if gid in APP_GAME_IDS]
#: and of the tests' own games too (a test that loops over them asks for the
#: ``every_test_game`` fixture)
EVERY_PLAYOUT = GAME_VARIANTS


def random_texts(game_id: str, variant: str, seed: int, plies: int) -> list[str]:
    """The canonical texts of a seeded random playout (stops early at the end)."""
    game = Game.new(get_rules(game_id), variant, seed)
    play_randomly(game, random.Random(seed), plies)
    return [p.text for p in game.plies]


async def play_texts(pilot, texts: list[str]) -> None:
    """Play moves on the game screen through its own ``play`` (as a completed pick path
    does). A hidden-information game would stop at a hand-off screen after every move:
    there the moves before the last go straight into its history."""
    await hand_over(pilot)
    s = screen(pilot.app)
    for i, text in enumerate(texts):
        move = s.rules.parse_move(s.game.position, text)
        if s.rules.hidden_information and i < len(texts) - 1:
            s.game.play(move)
        else:
            s.play(move)
    await pilot.pause()
    await hand_over(pilot)


def same_game(a: Game, b: Game) -> None:
    """Everything a saved game keeps: start, history with redo tail, cursor, players."""
    rules = a.rules
    assert b.rules.id == rules.id and b.variant == a.variant and b.seed == a.seed
    assert rules.format_position(b.start) == rules.format_position(a.start)
    assert [p.text for p in b.plies] == [p.text for p in a.plies]
    assert b.cursor == a.cursor
    assert rules.format_position(b.position) == rules.format_position(a.position)
    assert b.players == a.players
    oa, ob = a.outcome(), b.outcome()
    assert (oa and (oa.shares, oa.reason)) == (ob and (ob.shares, ob.reason))


def unfinished_games() -> list[Game]:
    """Every game among the unfinished games, newest first, whether an app is playing it
    (as the game on screen is) or not."""
    from ogames.core.storage import load_saved_game, unfinished_dir

    folder = unfinished_dir()
    paths = sorted(folder.glob("*.ogame"), key=lambda p: p.stat().st_mtime_ns,
                   reverse=True) if folder.is_dir() else []
    return [load_saved_game(p) for p in paths]


def unfinished_moves() -> list[list[str]]:
    """The move texts of ``unfinished_games``, newest first."""
    return [[p.text for p in g.plies] for g in unfinished_games()]
