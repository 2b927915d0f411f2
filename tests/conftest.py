"""Shared fixtures: the registered engines, parametrised by id; a private data directory
for every test (autosave, saved games and settings never touch the real user data)."""

from __future__ import annotations

import pytest

from ogames.core.registry import available_ids, get_rules

GAME_IDS = available_ids()


def variants_of(game_id: str) -> tuple[str, ...]:
    return get_rules(game_id).variants


GAME_VARIANTS = [(gid, v) for gid in GAME_IDS for v in variants_of(gid)]


@pytest.fixture(params=GAME_IDS)
def rules(request):
    return get_rules(request.param)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """``OGAMES_DATA_DIR`` in a fresh temporary directory for every test."""
    folder = tmp_path / "ogames-data"
    monkeypatch.setenv("OGAMES_DATA_DIR", str(folder))
    return folder
