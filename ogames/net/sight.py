"""What one seat is sent of a game: the only place the host reads the real positions to
send them, so the only place where a secret could leak.

Each position goes out as ``Rules.seat_world`` for that seat (its own hand; what it may not
see filled with stand-ins), each move as ``Rules.public_move_text`` for that seat (a
placement's hidden face masked for the others), and the cells a move was entered by, which
the board marks and everyone sees. The whole game, every face shown (the saved-game text),
is sent only once the game is over, when the rules show everything to everyone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.game import Game
from ..core.rules import Rules
from ..core.savefile import format_game
from .protocol import digest

#: the seat of a spectator (``Rules.view``'s "any other number")
SPECTATOR = -1


def world_text(game: Game, index: int, side: int) -> str:
    """The position after ``index`` plies as ``side`` is sent it."""
    rules = game.rules
    return _world_text(rules, game.position_at(index),
                       side if rules.hidden_information else 0)


@lru_cache(maxsize=4096)
def _world_text(rules: Rules, pos: Any, side: int) -> str:
    """(Positions are values: a position is written once for the seats, the digest of the
    next move from it and a whole game sent again.)"""
    return rules.format_position(rules.seat_world(pos, side))


def ply_cells(game: Game, index: int) -> list[str]:
    rules = game.rules
    paths = rules.pick_paths(game.position_at(index), game.plies[index].move)
    return [p.key for p in (paths[0] if paths else ()) if p.kind == "cell"]


def ply_entry(game: Game, index: int, side: int) -> dict[str, Any]:
    """Ply ``index`` (0-based) as ``side`` is sent it: its text as that seat may read it,
    the cells it was entered by, the position after it and that position's digest."""
    rules = game.rules
    ply = game.plies[index]
    text = world_text(game, index + 1, side)
    return {"move": rules.public_move_text(game.position_at(index), ply.move, side),
            "cells": ply_cells(game, index), "position": text, "digest": digest(text)}


def outcome_data(game: Game) -> dict[str, Any] | None:
    """How the game ended (None while it goes on), and its whole record: the saved-game
    text, every face shown, which each seat keeps among its saved games."""
    outcome = game.outcome()
    if outcome is None or game.cursor != len(game.plies):
        return None
    return {"result": outcome.result_token, "reason": outcome.reason,
            "resigned": game.resigned_side, "flagged": game.flagged_side,
            "record": format_game(game)}


def whole_game(game: Game, side: int) -> dict[str, Any]:
    """The start and every ply as ``side`` is sent them (a ``game`` message's part)."""
    start = world_text(game, 0, side)
    return {"start": start, "start_digest": digest(start),
            "plies": [ply_entry(game, i, side) for i in range(len(game.plies))],
            "ply": len(game.plies), "outcome": outcome_data(game)}
