"""The computer player: one Monte Carlo tree search for every game (issue 11)."""

from .mcts import LEVELS, Level, Player, choose_move

__all__ = ["LEVELS", "Level", "Player", "choose_move"]
