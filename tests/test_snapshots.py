"""SVG snapshots of the picker and of one game screen per game (120×40, fixed seeds), and
of the smallest (80×24) and a large (200×60) window.

Update them with ``pytest tests/test_snapshots.py --snapshot-update`` after a deliberate
change to what the app draws, and look at the report before committing."""

from __future__ import annotations

import pytest

from ogames.ui.app import OgamesApp
from tests.conftest import APP_GAME_IDS

SIZE = (120, 40)


def test_picker(snap_compare):
    assert snap_compare(OgamesApp(), terminal_size=SIZE)


@pytest.mark.parametrize("game_id", APP_GAME_IDS)
def test_game_screen(snap_compare, game_id):
    # Enter passes a hand-off screen where there is one, else selects the cursor's piece
    assert snap_compare(OgamesApp(game_id, seed=1), terminal_size=SIZE, press=["enter"])


def test_small_window(snap_compare):
    """80×24: the compact Ochmir board, hand and legend (the densest screen)."""
    assert snap_compare(OgamesApp("ochmir", seed=1), terminal_size=(80, 24))


def test_big_window(snap_compare):
    """200×60: the Ordo board drawn twice as large, each piece a disc in its square."""
    assert snap_compare(OgamesApp("ordo"), terminal_size=(200, 60), press=["enter"])
