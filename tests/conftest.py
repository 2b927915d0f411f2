"""Shared fixtures: the registered engines, parametrised by id."""

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
