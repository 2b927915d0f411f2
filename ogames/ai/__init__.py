"""The computer player. ``Player`` and ``choose_move`` are what the app plays (the search
that fits each game: :mod:`ogames.ai.player`); each search has its own module, named for
what it is (``alphabeta``, ``dealt_world``, ``monte_carlo`` and their ``parallel_*`` forms).
The levels are light to import; the searches are imported when first used."""

from __future__ import annotations

from typing import Any

from .levels import LEVELS, Level

__all__ = ["LEVELS", "Level", "Player", "choose_move"]


def __getattr__(name: str) -> Any:
    """``Player`` and ``choose_move`` come from the player module, imported on first use."""
    if name in ("Player", "choose_move"):
        from . import player

        return getattr(player, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
