"""How far a player is through each game's course ("learned 5/14"), without reading the
course: the picker shows it for every game in its first frame, and reading the five courses
(TOML, then every lesson's position) took longer than the rest of that frame's own work.

The lesson ids of each course are kept in ``course-index.json`` beside the player's
progress, under a digest of the course file's text: a course whose text changed (a new
version of ogames, an edited file) is read again and its entry replaced. The index is a
convenience like the progress: a missing, unreadable or damaged one is rebuilt, and a
failure to write it only means reading the course again next time.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .about import GameAbout
from .course_file import read_course_text
from .progress import Progress, load_progress
from .registry import get_rules
from .rules import Rules
from .savefile import write_atomic
from .storage import data_dir

FILE_NAME = "course-index.json"


def index_path() -> Path:
    return data_dir() / FILE_NAME


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def lesson_ids(game: Rules | GameAbout) -> tuple[str, ...] | None:
    """The ids of the lessons of ``game``'s course in order; None when the game has no
    course, or one that cannot be opened (opening it says why). Never raises."""
    try:
        text = read_course_text(game)
    except (OSError, UnicodeDecodeError):
        return None  # opening the course says why
    if text is None:
        return None
    key = digest(text)
    index = _read_index()
    entry = index.get(game.id)
    if isinstance(entry, dict) and entry.get("digest") == key and _valid_ids(entry.get("ids")):
        ids = entry["ids"]
        return None if ids is None else tuple(ids)
    from .lessons import load_course  # only now: a course to read (the TOML reader too)

    engine = get_rules(game.id) if isinstance(game, GameAbout) else game
    course = load_course(engine, text)
    found = None if course is None or course.problem else course.ids
    index[game.id] = {"digest": key, "ids": None if found is None else list(found)}
    try:
        write_atomic(index_path(), json.dumps(index, indent=1, sort_keys=True) + "\n")
    except OSError:
        pass  # read again next time
    return found


def course_counts(game: Rules | GameAbout,
                  progress: Progress | None = None) -> tuple[int, int] | None:
    """(lessons done, lessons in the course) of a game, or None when it has no course
    that can be opened; for the picker's "learned 5/14"."""
    ids = lesson_ids(game)
    if ids is None:
        return None
    progress = progress or load_progress()
    return progress.count(game.id, ids), len(ids)


def _read_index() -> dict[str, Any]:
    try:
        data = json.loads(index_path().read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _valid_ids(ids: object) -> bool:
    return ids is None or (isinstance(ids, list) and all(isinstance(i, str) for i in ids))
