"""The words Four in a Row uses to teach and explain: how a game ends, the hint line that
says what to select next, and why a cell cannot be selected (the texts of ``Rules.hint``
and ``Rules.explain``)."""

from __future__ import annotations

from ogames.core.board import Pick

from .notation import FILES, Position
from .play import FOUR, FULL, landing_row, outcome

#: this game's Termination keywords as the words players read
ENDINGS = {
    FOUR: "four in a line",
    FULL: "the board is full",
}


def hint_text(pos: Position, picks: tuple[Pick, ...]) -> str:
    """What to select next: any cell of a column drops a disc into it. (It names no
    threat: a player who is told of the opponent's may miss a win of their own.)"""
    if outcome(pos) is not None:
        return "the game is over"
    return "select a column (any cell of it) to drop a disc there"


def explain_text(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
    """Why ``pick`` cannot be selected."""
    if outcome(pos) is not None:
        return "the game is over"
    if pick.kind != "cell" or not pick.key[:1] or pick.key[0] not in FILES[:pos.width]:
        return "select a cell of the board"
    column = FILES.index(pick.key[0])
    if landing_row(pos, column) is None:
        return f"column {pick.key[0]} is full: drop your disc into another column"
    return "select a cell of a column that is not full"
