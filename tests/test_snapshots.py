"""SVG snapshots of the picker and of one game screen per game (120×40, fixed seeds).

Update them with ``pytest tests/test_snapshots.py --snapshot-update`` after a deliberate
change to what the app draws, and look at the report before committing."""

from __future__ import annotations

import pytest

from ogames.core.registry import GAME_MODULES, available_ids
from ogames.ui.app import OgamesApp

SIZE = (120, 40)


def test_picker(snap_compare):
    assert snap_compare(OgamesApp(), terminal_size=SIZE)


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_game_screen(snap_compare, game_id):
    if game_id not in available_ids():
        raise AssertionError(f"the {game_id} engine is missing")
    # Enter passes a hand-off screen where there is one, else selects the cursor's piece
    assert snap_compare(OgamesApp(game_id, seed=1), terminal_size=SIZE, press=["enter"])
