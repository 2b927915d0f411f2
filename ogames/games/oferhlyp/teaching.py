"""The words Oferhlýp uses to teach and explain: how a game ends, what to select next
(``Rules.hint``) and why a selected hex is refused (``Rules.explain``)."""

from __future__ import annotations

from ogames.core.board import Pick

from .notation import CELL_INDEX, CELL_NAMES, EMPTY, OWN_PIECES, Position
from .play import ADJACENT, jump_orders, jump_refusal, moves, outcome, straight_midpoint

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "pieces": "the other side has at most one piece left",
}

_NOT_LEGAL = "that is not a legal choice here"


def pick_keys(pos: Position) -> list[tuple[str, ...]]:
    """Every way to select every legal move, as tuples of hex names."""
    out = []
    for m in moves(pos):
        for order in jump_orders(pos, m):
            out.append(tuple(CELL_NAMES[h] for h in order))
    return out


# ----- what to select next ------------------------------------------------------------


def hint(pos: Position, picks: tuple[Pick, ...]) -> str:
    """What to select next, given the hexes selected so far."""
    if outcome(pos) is not None:
        return "the game is over"
    keys = tuple(p.key for p in picks)
    if not keys:
        return "select one of your pieces"  # the status line names the mover
    n = len(keys)
    paths = pick_keys(pos)
    longer = [p for p in paths if len(p) > n and p[:n] == keys]
    if not longer:
        if keys in paths:
            return "select this hex again to stop here"
        return "select a highlighted hex"
    if n >= 2:
        return "select the next hex to jump to, or select this hex again to stop here"
    return _first_hint(pos, CELL_INDEX[keys[0]], longer)


def _first_hint(pos: Position, origin: int, longer: list[tuple[str, ...]]) -> str:
    """Where the piece on ``origin`` may go: the kinds of move its ``longer`` paths start,
    every one named in few words (the status line of a 70-column window holds them after
    "Light to move — ", so an attack is never the part left out)."""
    kinds = set()
    for p in longer:
        d = CELL_INDEX[p[1]]
        if d in ADJACENT[origin]:
            kinds.add(0)
        elif pos.board[straight_midpoint(origin, d)] in OWN_PIECES[pos.side]:
            kinds.add(1)
        else:
            kinds.add(2)
    parts = [text for k, text in ((0, "step"), (1, "friendly jump"), (2, "attack"))
             if k in kinds]
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"
    return f"select where it goes: {listed}"


# ----- why a selection is refused -------------------------------------------------------


def explain(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
    """Why selecting ``pick`` after ``picks`` does not continue any legal move."""
    if outcome(pos) is not None:
        return "the game is over"
    if pick.kind != "cell" or pick.key not in CELL_INDEX:
        return "select a hex of the board"
    board = pos.board
    own = OWN_PIECES[pos.side]
    target = CELL_INDEX[pick.key]
    keys = tuple(p.key for p in picks)
    if any(k not in CELL_INDEX for k in keys):
        return _NOT_LEGAL
    if not keys:
        if board[target] == EMPTY:
            return "that hex is empty: select one of your pieces"
        if board[target] not in own:
            return "that is not your piece"
        return "that piece has no legal move"
    origin = CELL_INDEX[keys[0]]
    if board[origin] not in own:
        return "that is not your piece"
    if len(keys) == 1:
        return _explain_destination(board, own, origin, target)
    return _explain_continuation(board, own, [CELL_INDEX[k] for k in keys], target)


def chain_refusal(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str | None:
    """Once the piece has jumped (two picks or more), a click on one of one's pieces — the
    piece's own start hex among them — is a continuation of the chain that fails, never a
    new selection: why it fails (the chain is kept; ``Rules.keeps_selection``)."""
    if len(picks) < 2:
        return None
    return f"{explain(pos, picks, pick)}; the chain stays at {picks[-1].key}"


def _explain_destination(board: str, own: str, origin: int, target: int) -> str:
    """Why ``target`` is no first landing for the piece on ``origin``."""
    if target == origin:
        return "select where this piece goes"
    if board[target] != EMPTY:
        return "that hex is occupied"
    if target in ADJACENT[origin]:
        return "that piece cannot step there"  # pragma: no cover
    return jump_refusal(board, own, origin, origin, target, set(), False) or _NOT_LEGAL


def _explain_continuation(board: str, own: str, cells: list[int], target: int) -> str:
    """Why ``target`` does not continue the move selected as ``cells`` (origin first,
    then one landing or more)."""
    origin, second = cells[0], cells[1]
    if second in ADJACENT[origin]:
        return "a step ends the turn"
    mid = straight_midpoint(origin, second)
    if mid is not None and board[mid] in own:
        return "a friendly jump ends the turn"
    # an attack chain so far: replay it to know the attacked pieces
    attacked: set[int] = set()
    cur = origin
    for land in cells[1:]:
        if jump_refusal(board, own, origin, cur, land, attacked, cur != origin):
            return _NOT_LEGAL
        m = straight_midpoint(cur, land)
        assert m is not None
        attacked.add(m)
        cur = land
    if target == cur:
        return _NOT_LEGAL  # pragma: no cover
    if target in ADJACENT[cur]:
        if board[target] == EMPTY or target == origin:
            return "an attack cannot be followed by a step"
        return "that hex is occupied"
    return jump_refusal(board, own, origin, cur, target, attacked, True) or _NOT_LEGAL
