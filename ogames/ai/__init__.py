"""The computer player: alpha-beta or Monte Carlo tree search, as fits the game (issues 11
and 25). The levels are light to import; the searches are imported when first used."""

from __future__ import annotations

from typing import Any

from .levels import LEVELS, Level

__all__ = ["LEVELS", "Level", "Player", "choose_move"]


def __getattr__(name: str) -> Any:
    """``Player`` and ``choose_move`` come from the search module, imported on first use."""
    if name in ("Player", "choose_move"):
        from . import mcts

        return getattr(mcts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
