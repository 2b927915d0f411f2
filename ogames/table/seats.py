"""Computer seats by name: a seat's player name says its level ("Computer hard"), so a saved,
resumed or replayed game keeps its computer seats. Light to import (the picker needs it
before any search is loaded)."""

from __future__ import annotations

from ..ai.levels import LEVELS

#: the levels offered, easiest first
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)


def player_name(level: str) -> str:
    """The player name of a computer seat (shown in the players panel, written in saved
    games, and read back by :func:`split_players`)."""
    return f"Computer {level}"


_LEVEL_OF_NAME = {player_name(level): level for level in LEVEL_NAMES}


def is_computer_name(name: str) -> bool:
    """Whether ``name`` marks a computer seat (a person may not take it: the game would
    come back from a save or resume with the computer in that seat)."""
    return name in _LEVEL_OF_NAME


def split_players(players: tuple[str, ...]) -> tuple[dict[int, str], dict[int, str]]:
    """Players' names → (people's names, computer seats and levels): a resumed, replayed
    or restarted game keeps its computer seats."""
    names: dict[int, str] = {}
    seats: dict[int, str] = {}
    for i, name in enumerate(players):
        if name in _LEVEL_OF_NAME:
            seats[i] = _LEVEL_OF_NAME[name]
        else:
            names[i] = name
    return names, seats


def seats_from_players(players: tuple[str, ...]) -> dict[int, str]:
    return split_players(players)[1]
