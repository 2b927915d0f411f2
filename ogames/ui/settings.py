"""Settings that outlive the app: ASCII boards, the light/dark theme and the table view of
cards, in a small JSON
file in the data directory (``OGAMES_DATA_DIR`` overrides it, as for saved games)."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..core.savefile import write_atomic
from ..core.storage import data_dir

log = logging.getLogger("ogames.ui")

FILE_NAME = "settings.json"


@dataclass
class Settings:
    ascii: bool = False
    theme: str = "textual-dark"
    #: cards and other oriented items drawn as the board faces (the table view), not each
    #: as its holder reads it
    table_view: bool = False


def settings_path() -> Path:
    return data_dir() / FILE_NAME


def load_settings() -> Settings:
    """The saved settings; defaults for anything missing, unreadable or of the wrong type."""
    settings = Settings()
    try:
        data = json.loads(settings_path().read_text("utf-8"))
    except (OSError, ValueError):
        return settings
    if not isinstance(data, dict):
        return settings
    for f in fields(Settings):
        value = data.get(f.name)
        if isinstance(value, type(getattr(settings, f.name))):
            setattr(settings, f.name, value)
    return settings


def save_settings(settings: Settings) -> None:
    """Write atomically; a failure is logged, never raised (settings are a convenience)."""
    try:
        write_atomic(settings_path(), json.dumps(asdict(settings), indent=2) + "\n")
    except OSError:
        log.exception("cannot save the settings")
