"""Games by id. Each engine module exposes ``RULES``, an instance of its Rules class."""

from __future__ import annotations

import importlib
import unicodedata
from functools import cache

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
    """The engine of a registered game id."""
    module = importlib.import_module(GAME_MODULES[game_id])
    return module.RULES


def available_ids(only: str | None = None) -> tuple[str, ...]:
    """Ids of the games whose engine module is present (``only``: of that id alone, so
    that no other engine is imported)."""
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
        if hasattr(module, "RULES"):
            found.append(gid)
    return tuple(found)


def all_rules() -> tuple[Rules, ...]:
    return tuple(get_rules(gid) for gid in available_ids())


def find_rules(name: str) -> Rules:
    """The engine for a user-given name: an id or alias, case-insensitive after NFC."""
    wanted = _fold(name)
    if wanted in GAME_MODULES and wanted in available_ids(only=wanted):
        return get_rules(wanted)  # an id: no other engine is imported (start time)
    for gid in available_ids():
        rules = get_rules(gid)
        if wanted == gid or wanted in (_fold(a) for a in rules.aliases):
            return rules
    raise UnknownGameError(
        f"unknown game '{name}'; the games are: {', '.join(available_ids())}"
    )
