"""The words Opprimo uses to teach and explain: how a game ends, what to select next
(``Rules.hint``) and why a selected point or triangle is refused (``Rules.explain``).

The refusals of the rules themselves come from :mod:`.play`; here they are fitted to a
selection on the board.
"""

from __future__ import annotations

from ogames.core.board import Pick

from .notation import POINT_INDEX, TRIANGLE_INDEX, Position
from .play import king_refusal, outcome, point_refusal

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "trapped": "the King is trapped",
}

_NOT_LEGAL = "that is not a legal choice here"


def hint(pos: Position, picks: tuple[Pick, ...]) -> str:
    """What to select next, given the cells selected so far."""
    if outcome(pos) is not None:
        return "the game is over"
    if not picks:
        return "select a soldier, knight or your king"
    if picks[0].key in TRIANGLE_INDEX:
        return "select the triangle for your king"
    return "select the point to move to (jump an enemy to convert it)"


def explain(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
    """Why selecting ``pick`` after ``picks`` is refused."""
    if outcome(pos) is not None:
        return "the game is over"
    if pick.kind != "cell" or (pick.key not in POINT_INDEX
                               and pick.key not in TRIANGLE_INDEX):
        return "select a point or a castle triangle on the board"
    if not picks:
        return _explain_first(pos, pick.key)
    if len(picks) > 1:
        return "the move is already complete"
    first = picks[0].key
    if first in TRIANGLE_INDEX:
        return _explain_king_target(pos, first, pick.key)
    if first not in POINT_INDEX:
        return "select a soldier, knight or your king"
    return _explain_point_target(pos, first, pick.key)


def _explain_king_target(pos: Position, first: str, key: str) -> str:
    """Why ``key`` is refused as the target of the King selected on triangle ``first``."""
    if key in POINT_INDEX:
        return "the king moves from triangle to triangle; select a triangle"
    if key == first:
        return "that is where your king stands; select the triangle to move to"
    return king_refusal(pos, TRIANGLE_INDEX[first], TRIANGLE_INDEX[key]) or _NOT_LEGAL


def _explain_point_target(pos: Position, first: str, key: str) -> str:
    """Why ``key`` is refused as the target of the piece selected on point ``first``."""
    if key in TRIANGLE_INDEX:
        if TRIANGLE_INDEX[key] == pos.king(1 - pos.side):
            return "a king cannot be jumped or converted"
        return "soldiers and knights move from point to point; select a point"
    if key == first:
        return "that is the piece you selected; select the point to move to"
    return point_refusal(pos, POINT_INDEX[first], POINT_INDEX[key], None) or _NOT_LEGAL


def _explain_first(pos: Position, key: str) -> str:
    """Why the first selection is refused: nothing there, not yours, or stuck."""
    side = pos.side
    if key in TRIANGLE_INDEX:
        t = TRIANGLE_INDEX[key]
        if t == pos.king(side):
            return ("your king cannot move: every castle triangle next to it has three "
                    "enemy corners")
        if t == pos.king(1 - side):
            return "that is not your piece"
        return "no king stands there; select a soldier, knight or your king"
    p = POINT_INDEX[key]
    bit = 1 << p
    if pos.men(1 - side) & bit:
        return "that is not your piece"
    if not pos.men(side) & bit:
        return "that point is empty; select a soldier, knight or your king"
    if pos.knights & bit:
        return ("that knight cannot move: no neighbouring point is free and no enemy can "
                "be jumped")
    return ("that soldier cannot move: the points ahead are taken and no enemy ahead can "
            "be jumped")
