"""Games by id. Each game's package exposes ``ABOUT`` (what the picker shows, from its
``about`` module, imported with the package) and ``RULES``, an instance of its Rules class
(its engine, imported when first asked for)."""

from __future__ import annotations

import importlib
import unicodedata
from functools import cache

from .about import GameAbout
from .errors import UnknownGameError
from .rules import Rules

#: game id → engine module, in the order the picker shows them
GAME_MODULES: dict[str, str] = {
    "opprimo": "ogames.games.opprimo",
    "oferhlyp": "ogames.games.oferhlyp",
    "onitama": "ogames.games.onitama",
    "ordo": "ogames.games.ordo",
    "ochmir": "ogames.games.ochmir",
}


def _fold(name: str) -> str:
    return unicodedata.normalize("NFC", name.strip()).casefold()


@cache
def get_rules(game_id: str) -> Rules:
    """The engine of a registered game id (imported now, if it was not)."""
    module = importlib.import_module(GAME_MODULES[game_id])
    return module.RULES


def get_about(game_id: str) -> GameAbout:
    """What the picker shows of a registered game, without importing its engine."""
    return importlib.import_module(GAME_MODULES[game_id]).ABOUT


def available_ids(only: str | None = None) -> tuple[str, ...]:
    """Ids of the games whose package is present (``only``: of that id alone). Importing
    a game's package imports its ``about`` alone, not its engine."""
    found = []
    for gid, mod in GAME_MODULES.items():
        if only is not None and gid != only:
            continue
        try:
            module = importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
            continue
        if hasattr(module, "ABOUT"):
            found.append(gid)
    return tuple(found)


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
