"""The sentences every front end shows about a played game: who plays which side, who made
each ply, how the game ended. One formatter for an ending, used by the app, the replay, the
saved-games list and the command line; the words for each way of ending come from the
game (``Rules.ending_words``)."""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .outcome import Outcome
from .rules import Rules


def side_labels(game: Game) -> list[str]:
    """Side names with the player's name where known: ``White (Ann)``, ``Black``."""
    return [side if player in ("", "?") else f"{side} ({player})"
            for side, player in zip(game.sides, game.players, strict=False)]


def movers(game: Game) -> list[str]:
    """Who made each ply (the side to move before it), for move lists of more than two
    sides; none for two, where the round numbers say it."""
    if len(game.sides) <= 2:
        return []
    to_move = game.rules.to_move
    return [game.sides[to_move(game.position_at(i))] for i in range(len(game.plies))]


def moves_numbered(game: Game) -> int:
    """How many moves a game has as its move list numbers them (a round of every side is
    one move: 58 plies of two sides end at move 29), up to its cursor."""
    return -(-game.cursor // max(1, len(game.sides)))


def ending_row(game: Game) -> str:
    """The move list's last line for an ending that is no move: ``Black resigned``."""
    if game.agreed is None or game.cursor != len(game.plies):
        return ""
    if game.resigned_side is not None:
        return f"{game.sides[game.resigned_side]} resigned"
    if game.flagged_side is not None:
        return f"{game.sides[game.flagged_side]} ran out of time"
    return game.rules.ending_words(game.agreed.reason)


def outcome_text(rules: Rules, outcome: Outcome, names: Sequence[str],
                 resigned: str | None = None) -> str:
    """``White wins — a piece reached the goal row``; ``resigned`` names who resigned."""
    reason = f"{resigned} resigned" if resigned else rules.ending_words(outcome.reason)
    winners = [names[i] for i in outcome.winners]
    if outcome.is_draw:
        head = "Draw"
    elif len(winners) == 1:
        head = f"{winners[0]} wins"
    else:
        head = f"{' and '.join(winners)} share the win"
    return f"{head} — {reason}"
