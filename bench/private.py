"""A throw-away data directory for benchmark and screenshot runs: the apps they drive
autosave and keep finished games, which must never land among a person's own saved games."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def private_data_dir() -> Iterator[str]:
    """Point ``OGAMES_DATA_DIR`` at a new temporary folder (child processes included) for
    the ``with`` block, then restore what it was."""
    before = os.environ.get("OGAMES_DATA_DIR")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["OGAMES_DATA_DIR"] = folder
        try:
            yield folder
        finally:
            if before is None:
                os.environ.pop("OGAMES_DATA_DIR", None)
            else:
                os.environ["OGAMES_DATA_DIR"] = before
