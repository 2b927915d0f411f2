"""Which lessons a player has done, per game, kept beside the settings in the data
directory as ``progress.json``: ``{"<game id>": ["<lesson id>", ...]}``.

Progress is a convenience, so reading it never fails: a missing file is a fresh start, and
a file that cannot be read, or holds something else, is one too, with ``problem`` saying
why, for the course to tell the player it starts over. Writing goes through
``savefile.write_atomic``: a crash leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .savefile import write_atomic
from .storage import data_dir

FILE_NAME = "progress.json"


def progress_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class Progress:
    """Lesson ids done per game id; ``problem``: why the file was not read (it starts
    over), or None."""

    done: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    problem: str | None = None

    def of(self, game: str) -> frozenset[str]:
        return frozenset(self.done.get(game, ()))

    def count(self, game: str, lesson_ids: tuple[str, ...]) -> int:
        """How many of the course's lessons are done (ids of lessons since removed from
        the course do not count)."""
        return len(self.of(game) & set(lesson_ids))


def load_progress(path: Path | None = None) -> Progress:
    """The progress kept (see the module's text); never raises."""
    path = path or progress_path()
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return Progress()
    except (OSError, UnicodeDecodeError) as exc:
        return Progress(problem=f"{path.name} could not be read ({_why(exc)})")
    try:
        data = json.loads(text)
    except ValueError:
        return Progress(problem=f"{path.name} is damaged (not valid JSON)")
    if not isinstance(data, dict):
        return Progress(problem=f"{path.name} is damaged (not a table of games)")
    done = {game: tuple(dict.fromkeys(ids)) for game, ids in data.items()
            if isinstance(ids, list) and all(isinstance(i, str) for i in ids)}
    if len(done) != len(data):
        bad = sorted(set(data) - set(done))
        return Progress(done, f"{path.name} is damaged (the lessons of {', '.join(bad)})")
    return Progress(done)


def mark_done(game: str, lesson: str, path: Path | None = None) -> Progress:
    """Note lesson ``lesson`` of ``game`` as done and write the file (atomically); what
    could not be read before is replaced. Returns the progress now. Raises OSError when it
    cannot be written."""
    path = path or progress_path()
    now = load_progress(path)
    if lesson in now.of(game):
        return Progress(now.done)
    done = dict(now.done)
    done[game] = (*done.get(game, ()), lesson)
    write_atomic(path, json.dumps(done, indent=2, ensure_ascii=False) + "\n")
    return Progress(done)


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
