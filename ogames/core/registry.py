"""Games by id. A game is a package that exposes ``ABOUT`` (what the picker shows, from its
``about`` module, imported with the package) and ``RULES``, an instance of its Rules class
(its engine, imported when first asked for).

Every package in ``ogames/games/`` is a game, found by listing that folder (the folder's
name is the game's id): a game is added by adding its folder, and no list anywhere names
it. A game kept anywhere else (a plug-in, or the tiny game the tests add to prove the
point) is added with ``register``, or ``registered`` for a while. The picker lists the
games in the order of their ``GameAbout.order``."""

from __future__ import annotations

import importlib
import os
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from .about import GameAbout
from .errors import UnknownGameError
from .rules import Rules

#: the package whose sub-packages are the games that come with ogames
GAMES_PACKAGE = "ogames.games"

#: game id → package of the games added by ``register``, in the order they were added
_added: dict[str, str] = {}


@cache
def _found() -> dict[str, str]:
    """Game id → package of every folder of ``ogames/games/`` that is a package: one
    listing of the folder, nothing imported (start time)."""
    found = {}
    for folder in importlib.import_module(GAMES_PACKAGE).__path__:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                    found[entry.name] = f"{GAMES_PACKAGE}.{entry.name}"
    return dict(sorted(found.items()))


def package_of(game_id: str) -> str:
    """The package of a game id (KeyError for an id no game has)."""
    return _added.get(game_id) or _found()[game_id]


def _fold(name: str) -> str:
    return unicodedata.normalize("NFC", name.strip()).casefold()


@cache
def get_rules(game_id: str) -> Rules:
    """The engine of a registered game id (imported now, if it was not)."""
    return importlib.import_module(package_of(game_id)).RULES


def get_about(game_id: str) -> GameAbout:
    """What the picker shows of a registered game, without importing its engine."""
    return importlib.import_module(package_of(game_id)).ABOUT


def available_ids(only: str | None = None) -> tuple[str, ...]:
    """Ids of the games present (``only``: of that id alone), in the picker's order.
    Importing a game's package imports its ``about`` alone, not its engine."""
    found = []
    for gid, mod in {**_found(), **_added}.items():
        if only is not None and gid != only:
            continue
        try:
            module = importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
            continue
        if hasattr(module, "ABOUT"):
            order = module.ABOUT.order
            found.append((order is None, order or 0, gid))
    return tuple(gid for *_, gid in sorted(found))


def all_rules() -> tuple[Rules, ...]:
    return tuple(get_rules(gid) for gid in available_ids())


def find_rules(name: str) -> Rules:
    """The engine for a user-given name: an id or alias, case-insensitive after NFC. Only
    the engine found is imported (start time)."""
    wanted = _fold(name)
    for gid in available_ids():
        about = get_about(gid)
        if wanted == gid or wanted in (_fold(a) for a in about.aliases):
            return get_rules(gid)
    raise UnknownGameError(
        f"unknown game '{name}'; the games are: {', '.join(available_ids())}"
    )


# ----- games kept outside ogames/games/ -------------------------------------------------------


def register(package: str) -> str:
    """Add the game of ``package`` (an importable package exposing ``ABOUT`` and ``RULES``,
    as a folder of ``ogames/games/`` does) and return its id. Worker processes of the
    computer's searches add the same games (``registered_packages``). Raises ValueError
    when another package already has that id."""
    about: GameAbout = importlib.import_module(package).ABOUT
    known = _added.get(about.id) or _found().get(about.id)
    if known is not None and known != package:
        raise ValueError(f"the game id '{about.id}' is taken by {known}")
    _added[about.id] = package
    return about.id


def unregister(game_id: str) -> None:
    """Forget a game added by ``register`` (the games of ``ogames/games/`` stay)."""
    if _added.pop(game_id, None) is not None:
        get_rules.cache_clear()


def registered_packages() -> tuple[str, ...]:
    """The packages added by ``register``, for a worker process to add them too."""
    return tuple(_added.values())


@contextmanager
def registered(package: str) -> Iterator[str]:
    """The game of ``package`` registered for the duration of a ``with`` block (its id)."""
    already = package in _added.values()
    game_id = register(package)
    try:
        yield game_id
    finally:
        if not already:
            unregister(game_id)
