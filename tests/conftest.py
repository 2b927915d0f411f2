"""Shared fixtures: the engines, parametrised by id; a private data directory for every
test (autosave, saved games and settings never touch the real user data).

The games are those of ``ogames/games/`` (the app's) and those that live in the tests
alone (``tests/games/``, shaped exactly like a folder of ``ogames/games/``): every test
parametrised over ``GAME_IDS`` runs on both. A test game is registered
(``registry.registered``) for the duration of each test that has its id among its
parameters, and at no other time: the app, its picker and every other test see the
app's games alone."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator

import pytest

from ogames.core.about import GameAbout
from ogames.core.registry import available_ids, get_about, get_rules, registered
from tests.games import fourinarow

#: the games that live in ``tests/games/`` alone: package by id
TEST_GAMES: dict[str, str] = {fourinarow.ABOUT.id: fourinarow.__name__}
#: the games of ``ogames/games/``, the app's own, in the picker's order
APP_GAME_IDS = available_ids()
#: every game the game-blind tests run on: the app's, then the tests' own
GAME_IDS = (*APP_GAME_IDS, *TEST_GAMES)


def about_of(game_id: str) -> GameAbout:
    """What the picker would show of any game of ``GAME_IDS`` (a test game need not be
    registered for it: its package is read directly)."""
    if game_id in TEST_GAMES:
        return importlib.import_module(TEST_GAMES[game_id]).ABOUT
    return get_about(game_id)


def variants_of(game_id: str) -> tuple[str, ...]:
    return about_of(game_id).variants


GAME_VARIANTS = [(gid, v) for gid in GAME_IDS for v in variants_of(gid)]


@contextlib.contextmanager
def game_registered(game_id: str) -> Iterator[str]:
    """``game_id`` registered for a ``with`` block when it is a test game (the app's games
    always are)."""
    if game_id in TEST_GAMES:
        with registered(TEST_GAMES[game_id]):
            yield game_id
    else:
        yield game_id


@pytest.fixture(autouse=True)
def registered_test_games(request) -> Iterator[None]:
    """Each test game whose id is among the test's parameters, registered for the test."""
    callspec = getattr(request.node, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    wanted = [v for v in params if isinstance(v, str) and v in TEST_GAMES]
    with contextlib.ExitStack() as stack:
        for game_id in wanted:
            stack.enter_context(game_registered(game_id))
        yield


@pytest.fixture
def every_test_game() -> Iterator[None]:
    """Every test game registered, for a test that loops over all the games itself."""
    with contextlib.ExitStack() as stack:
        for game_id in TEST_GAMES:
            stack.enter_context(game_registered(game_id))
        yield


@pytest.fixture(params=GAME_IDS)
def rules(request, registered_test_games):
    return get_rules(request.param)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """``OGAMES_DATA_DIR`` in a fresh temporary directory for every test."""
    folder = tmp_path / "ogames-data"
    monkeypatch.setenv("OGAMES_DATA_DIR", str(folder))
    return folder
