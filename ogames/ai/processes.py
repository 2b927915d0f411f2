"""What every search that runs in worker processes needs (the review, the hard level):
how many cores it may use, and a way to start processes from inside the Textual app.

Game-blind and free of the searches themselves, so both can import it without importing
each other.
"""

from __future__ import annotations

import os
import sys
from multiprocessing import resource_tracker


def cores() -> int:
    """The cores this process may run on (those it is allowed, else ``os.cpu_count()``)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def start_tracker() -> None:
    """Start multiprocessing's resource tracker on the real stderr. It hands stderr's file
    descriptor to its own process, and inside a Textual app stderr is a capture whose
    ``fileno()`` is -1, which would make starting any worker process fail."""
    try:
        valid = sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        valid = True  # a stream without a descriptor is skipped by the tracker itself
    if valid or sys.__stderr__ is None:
        return
    captured = sys.stderr
    sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured
