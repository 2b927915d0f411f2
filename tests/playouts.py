"""Seeded random play, shared by the tests that need a game somewhere past its start."""

from __future__ import annotations

import random

from ogames.core.game import Game


def play_randomly(game: Game, rng: random.Random, plies: int) -> Game:
    """Play up to ``plies`` uniformly random legal moves on ``game`` (fewer if it ends)."""
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game
