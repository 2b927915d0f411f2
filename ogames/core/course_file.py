"""Where a game's course file lies, and its text: apart from ``lessons`` so that reading the
text (the course index does, for every game, in the picker's first frame) imports neither
the lessons nor the TOML reader."""

from __future__ import annotations

import sys
from importlib import resources

from .rules import Rules

#: the file of a game's course, in the game's package
FILE_NAME = "lessons.toml"


def course_package(rules: Rules) -> str:
    """The package of the game of ``rules`` (``ogames.games.<id>``)."""
    return sys.modules[type(rules).__module__].__package__ or ""


def read_course_text(rules: Rules) -> str | None:
    """The text of the game's course file; None when the game has none. A file that is
    there but cannot be read raises OSError or UnicodeDecodeError."""
    try:
        return resources.files(course_package(rules)).joinpath(FILE_NAME).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, TypeError):
        return None
