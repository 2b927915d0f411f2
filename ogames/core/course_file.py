"""Where a game's course file lies, and its text: apart from ``lessons`` so that reading the
text (the course index does, for every game, in the picker's first frame) imports neither
the lessons nor the TOML reader."""

from __future__ import annotations

import sys
from importlib import resources

from .about import GameAbout
from .registry import package_of
from .rules import Rules

#: the file of a game's course, in the game's package
FILE_NAME = "lessons.toml"


def course_package(game: Rules | GameAbout) -> str:
    """The package of a game (``ogames.games.<id>``): its engine's, or for what the
    picker shows of it (its engine not imported), the registry's."""
    if isinstance(game, GameAbout):
        try:
            return package_of(game.id)
        except KeyError:
            return ""
    return sys.modules[type(game).__module__].__package__ or ""


def read_course_text(rules: Rules | GameAbout) -> str | None:
    """The text of the game's course file; None when the game has none. A file that is
    there but cannot be read raises OSError or UnicodeDecodeError."""
    try:
        return resources.files(course_package(rules)).joinpath(FILE_NAME).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, TypeError):
        return None
