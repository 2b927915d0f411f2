"""Where saved games live, their readable names, the unfinished games, and the list of
saves.

Every game being played is autosaved to a file of its own among the *unfinished games*
(``unfinished_dir``), which the app playing it holds a lock on (``locks``) for as long as
it plays it: two apps on one data folder each keep their own game, and neither ever
writes, moves or offers to resume the other's. When an app ends, however it ends, its
game's file stays and its lock goes with the process: the game is then offered for
resuming, by this app or any other, until it is finished there.

Everything is written through ``savefile.write_atomic``: a crash or a killed terminal
never leaves a half-written file (the temporary file a killed write leaves beside it is
removed by ``remove_stale_temporaries`` when the app next starts). Every saved game is read
through ``load_saved_game``: any file, however broken, is a ``SaveFileError``, never a crash.
``OGAMES_DATA_DIR`` overrides the platform's user data directory (tests and portable
installs use it).
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_path

from .errors import OgamesError, SaveFileError
from .game import Game
from .locks import HeldLock, hold, is_held
from .quoting import shown
from .savefile import EXTENSION, decode, format_game, parse_game, read_bytes, write_atomic

#: the one autosave of ogames before each game had its own (read once, then moved among
#: the unfinished games by ``adopt_old_autosave``)
AUTOSAVE_NAME = "autosave" + EXTENSION
#: the lock file beside an unfinished game's file, held by the app playing it
LOCK_SUFFIX = ".lock"


def data_dir() -> Path:
    override = os.environ.get("OGAMES_DATA_DIR")
    return Path(override) if override else user_data_path("ogames", appauthor=False)


def saves_dir() -> Path:
    return data_dir() / "saves"


def unfinished_dir() -> Path:
    """The unfinished games: one file per game being played or left to resume."""
    return data_dir() / "unfinished"


def old_autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def crash_reports_dir() -> Path:
    return data_dir() / "crash-reports"


#: the temporary file ``write_atomic`` writes a file of ours through, before its rename:
#: ``.NAME.XXXXXXXX.tmp`` (``tempfile.mkstemp``'s eight random characters) for a saved
#: game, the autosave, or the settings
_TEMPORARY = re.compile(rf"\..+(?:{re.escape(EXTENSION)}|\.json)\.[a-z0-9_]{{8}}\.tmp")
#: a temporary file untouched for this long is no write in progress (one takes a moment),
#: but what a killed process or a full disk left behind
STALE_AFTER = 10 * 60.0


def remove_stale_temporaries(now: float | None = None) -> list[Path]:
    """Remove the temporary files of our own naming (see ``_TEMPORARY``) that a write cut
    short left in the data directory or its saves folder (``kill -9`` between the write
    and the rename): nothing else ever would. One still being written, by this or another
    ogames, is younger than ``STALE_AFTER`` and stays. Anything else, ours or not, is left
    alone; a file that cannot be removed is passed over. Returns the files removed."""
    now = time.time() if now is None else now
    removed = []
    for folder in (data_dir(), saves_dir(), unfinished_dir()):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            path = folder / name
            if not _TEMPORARY.fullmatch(name):
                continue
            try:
                info = path.lstat()
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    return removed


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "player"


#: the characters of each player's name in a file name (three long names stay far below
#: the 255 bytes a file name may have)
NAME_PART = 24


def player_names(game: Game) -> list[str]:
    """The players' names, an unnamed one (``?`` in the file) called by their side."""
    return [side if name in ("", "?") else name
            for side, name in zip(game.sides, game.players, strict=False)]


def readable_name(game: Game, now: _dt.datetime | None = None) -> str:
    """``2026-11-22-1412-ordo-ann-vs-bob.ogame``: sorts by date, says what it is."""
    now = now or _dt.datetime.now()
    players = "-vs-".join(_slug(p)[:NAME_PART] for p in player_names(game))
    return f"{now:%Y-%m-%d-%H%M%S}-{game.rules.id}-{players}{EXTENSION}"


def unused_path(folder: Path, name: str) -> Path:
    """``folder / name``, or with ``-2``, ``-3``… before the extension when that is taken:
    a readable name is only as unique as its second, and no save may replace another."""
    path = folder / name
    stem, suffix = path.stem, path.suffix
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{suffix}"
        number += 1
    return path


def save_to_library(game: Game, name: str | None = None) -> Path:
    """Save into the saves directory under a readable (or the given) name that no other
    saved game has."""
    name = name or readable_name(game)
    if not name.endswith(EXTENSION):
        name += EXTENSION
    return write_atomic(unused_path(saves_dir(), name), format_game(game))


def _ours(folder: Path) -> bool:
    """Whether ``folder`` is (inside) our data directory, whose folders are made as needed."""
    return folder.absolute().is_relative_to(data_dir().absolute())


def folder_problem(path: Path) -> str | None:
    """Why no file can be written at ``path``, a path a person typed, in words they can act
    on; None when its folder exists (or is ours, made as needed). A missing folder is a
    typo, not a wish: it is named, never created."""
    folder = path.parent
    if _ours(folder):
        return None
    try:
        for step in (*reversed(folder.parents), folder):
            if not step.exists():
                return f"there is no folder {folder}"
            if not step.is_dir():
                return f"{step} is a file, not a folder"
    except OSError as exc:  # e.g. a folder on the way that may not be looked into
        return f"cannot look into {folder}: {exc.strerror or exc}"
    return None


def save_as(game: Game, path: Path) -> Path:
    """Save where a person chose (atomically). Raises OgamesError with ``folder_problem``'s
    words, or OSError when the write itself fails; only our own folders are created."""
    problem = folder_problem(path)
    if problem:
        raise OgamesError(problem)
    return write_atomic(path, format_game(game), make_folders=_ours(path.parent))


def read_text(path: Path) -> str | None:
    """A saved game's text as written (None when there is none, or it is unreadable)."""
    try:
        return read_bytes(path).decode("utf-8")
    except (OSError, UnicodeDecodeError, SaveFileError):
        return None


# ----- unfinished games ------------------------------------------------------------------


def lock_path(path: Path) -> Path:
    """The lock file of the unfinished game's file ``path``."""
    return path.with_name(path.name + LOCK_SUFFIX)


@dataclass
class Claim:
    """An unfinished game's file, which this app holds (see the module's text) while it
    plays that game: written after every change, removed when the game ends there."""

    path: Path
    lock: HeldLock

    def write(self, text: str) -> None:
        write_atomic(self.path, text)

    def release(self) -> None:
        """The app leaves the game: its file stays, for any app to resume."""
        self.lock.release()

    def discard(self) -> None:
        """The game ended (and was kept among the saved games): its file goes."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        self.lock.release(remove=True)


def claim(path: Path) -> Claim | None:
    """Hold the unfinished game at ``path`` for this app, or None when another app is
    playing it. Raises OSError when its lock file cannot be made."""
    lock = hold(lock_path(path))
    if lock is None:
        return None
    return Claim(path, lock)


def claim_new(game: Game) -> Claim:
    """A new file among the unfinished games for ``game``, held by this app (nothing
    written in it yet)."""
    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    while True:
        path = unused_path(folder, readable_name(game))
        taken = claim(path)
        if taken is not None and not path.exists():
            return taken
        if taken is not None:  # written meanwhile by another app with the same name
            taken.release()


def autosave(game: Game) -> Path:
    """Write ``game`` as a new unfinished game that no app holds (to be resumed)."""
    held = claim_new(game)
    held.write(format_game(game))
    held.release()
    return held.path


@dataclass(frozen=True)
class Unfinished:
    """An unfinished game left to resume: its file, when it was last written, the game
    (None when the file cannot be read) and why not."""

    path: Path
    modified: float
    game: Game | None
    error: SaveFileError | None


def left_unfinished() -> list[Unfinished]:
    """The unfinished games that no running app is playing, newest first: readable and
    still to be played, or broken (``error``). A finished one (a file hand-edited to its
    end) is not offered."""
    folder = unfinished_dir()
    try:
        paths = [p for p in folder.glob(f"*{EXTENSION}") if p.is_file()]
    except OSError:
        return []
    found = []
    for path in paths:
        if is_held(lock_path(path)):
            continue
        try:
            modified = path.stat().st_mtime
            game = load_saved_game(path)
        except OSError:
            continue
        except SaveFileError as exc:
            found.append(Unfinished(path, modified, None, exc))
            continue
        if game.outcome() is None or game.can_redo:
            found.append(Unfinished(path, modified, game, None))
    return sorted(found, key=lambda u: u.modified, reverse=True)


def resumable_games() -> list[Unfinished]:
    """``left_unfinished`` that can be resumed (readable), newest first."""
    return [u for u in left_unfinished() if u.game is not None]


def load_autosave() -> Game | None:
    """The newest unfinished game that no app is playing, if one was left behind."""
    games = resumable_games()
    return games[0].game if games else None


def keep_as_is(path: Path) -> Path | None:
    """Move an unfinished game's file, byte for byte, into the saved games (one that cannot
    be resumed, damaged or hand-edited, is still nobody's to throw away; or one the player
    puts aside); None when it is gone, or another app holds it."""
    held = claim(path)
    if held is None:
        return None
    try:
        target = unused_path(saves_dir(), path.name)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)  # one file system: a rename, byte for byte
    except FileNotFoundError:
        held.release()
        return None
    except OSError:
        held.release()
        raise
    held.discard()
    return target


def adopt_old_autosave() -> Path | None:
    """The one autosave of an older ogames, moved among the unfinished games (where it is
    offered to resume like any other). Returns where it went."""
    old = old_autosave_path()
    if not old.is_file():
        return None
    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = unused_path(folder, f"autosave-{_dt.datetime.now():%Y-%m-%d-%H%M%S}{EXTENSION}")
    try:
        os.replace(old, target)
    except OSError:
        return None
    return target


def parse_saved_game(data: bytes) -> Game:
    """A saved game from the bytes of its file. Raises SaveFileError for any file that
    cannot be read: the reader's own errors (with the valid part of the game), and also an
    error it did not expect to meet (a number too long for Python, a bug), which says its
    kind instead of escaping as a crash: a file is data from outside, never trusted."""
    try:
        return parse_game(decode(data))
    except SaveFileError:
        raise
    except Exception as exc:  # noqa: BLE001 -- the boundary where a file is read
        raise SaveFileError(f"the reader stopped on an unexpected error "
                            f"({type(exc).__name__}: {shown(str(exc), 80)})", 1, 1) from exc


def load_saved_game(path: Path) -> Game:
    """``parse_saved_game`` of the file at ``path`` (OSError when it cannot be read; a
    SaveFileError, unread, when it is too large to be a saved game)."""
    return parse_saved_game(read_bytes(path))


@dataclass(frozen=True)
class SaveEntry:
    """One saved game as the saved-games screen lists it."""

    path: Path
    modified: float
    game: Game | None
    error: SaveFileError | None

    @property
    def title(self) -> str:
        if self.game is None:
            return self.path.name
        return f"{self.game.rules.name}: {' vs '.join(player_names(self.game))}"

    @property
    def result(self) -> str:
        game = self.game
        if game is None:
            return "unreadable"
        outcome = game.outcome()
        return outcome.result_token if outcome else "*"

    @property
    def length(self) -> int:
        return self.game.cursor if self.game is not None else 0


def read_entry(path: Path) -> SaveEntry:
    modified = path.stat().st_mtime
    try:
        return SaveEntry(path, modified, load_saved_game(path), None)
    except SaveFileError as exc:
        partial = exc.game if isinstance(exc.game, Game) else None
        return SaveEntry(path, modified, partial, exc)


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every ``.ogame`` in the saves directory, newest first."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    entries = [read_entry(p) for p in folder.glob(f"*{EXTENSION}") if p.is_file()]
    return sorted(entries, key=lambda e: e.modified, reverse=True)


def delete_save(path: Path) -> None:
    path.unlink(missing_ok=True)
