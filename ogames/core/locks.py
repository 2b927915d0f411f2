"""A lock that one running ogames holds on a file while it uses it, released when the app
ends in any way: the operating system drops it with the process, ``kill -9`` included, so a
lock is never left behind by a crash and never needs clearing by hand.

``flock`` (POSIX) locks an open file, not a process: two apps, or two handles in one
process, exclude each other. On Windows ``msvcrt.locking`` locks the file's first byte
alike. The locked file is a small ``.lock`` file beside what it guards, since the guarded
file itself is replaced at each write (``savefile.write_atomic``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class HeldLock:
    """A lock this process holds until ``release`` (or until it ends)."""

    def __init__(self, path: Path, handle: IO[bytes]) -> None:
        self.path = path
        self._handle: IO[bytes] | None = handle

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self, *, remove: bool = False) -> None:
        """Let go of the lock; ``remove``: delete the lock file first (its file is gone),
        while the lock still keeps others out of it."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        if remove:
            try:
                self.path.unlink()
            except OSError:
                pass
        try:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
            else:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
        handle.close()


def hold(path: Path) -> HeldLock | None:
    """Take the lock of ``path`` (created if missing, its folder too), or None when another
    app (or another handle of this one) holds it. Raises OSError when the file cannot be
    made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+b")  # noqa: SIM115 -- kept open while the lock is held
    try:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        handle.close()
        return None
    return HeldLock(path, handle)


def is_held(path: Path) -> bool:
    """Whether some app holds the lock of ``path`` now (a missing lock file: nobody)."""
    if not os.path.exists(path):
        return False
    try:
        lock = hold(path)
    except OSError:
        return True  # cannot even open it: treat it as taken, never as free to overwrite
    if lock is None:
        return True
    lock.release()
    return False
