"""The words Ordo uses to teach and explain: how a game ends, the hint line that says
what to select next, and why a square cannot be selected (the refusal texts of
``Rules.hint`` and ``Rules.explain``). The reasons a move is illegal come from
:mod:`.play`; this module chooses which one a player needs to read."""

from __future__ import annotations

from ogames.core.board import Pick

from .notation import SIDES, STRIDE, Position, rank_of, square_name
from .play import (
    FORWARD,
    GEOMETRY,
    components,
    generate_moves,
    is_connected,
    is_split,
    ordo_refusal,
    ordo_row_refusal,
    outcome,
    run_mask,
    shifted,
    singleton_refusal,
)

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "goal": "a piece reached the goal row",
    "no pieces": "no pieces left",
    "cannot reconnect": "the group cannot reconnect",
}


def hint_text(pos: Position, picks: tuple[Pick, ...]) -> str:
    """What to select next, after ``picks``."""
    if outcome(pos) is not None:
        return "the game is over"
    side = SIDES[pos.turn]
    if not picks:
        text = "select a piece, or the two ends of a row to move it as an ordo"
        if is_split(pos):
            parts = len(components(pos.pieces(pos.turn)))
            return (f"{side} is split into {parts} shaded parts: reconnect your group — "
                    "backward moves are allowed; " + text)
        return text
    if len(picks) == 1:
        return "select a target square, or the other end of a row"
    if len(picks) == 2:
        return _landings_hint(pos, picks)
    return "the move is complete"


def _ends(pos: Position, picks: tuple[Pick, ...]) -> tuple[int, int] | None:
    """The squares of the two picks when both are squares of the board."""
    names = {square_name(sq): sq for sq in GEOMETRY[pos.width].squares}
    if len(picks) != 2 or any(p.kind != "cell" or p.key not in names for p in picks):
        return None
    return names[picks[0].key], names[picks[1].key]


def _landings_hint(pos: Position, picks: tuple[Pick, ...]) -> str:
    """Where each end of the selected row may land (either end's square enters the move):
    ``c2 may land on c3 or c4, d2 on d3 or d4: select either end's landing square``."""
    ends = _ends(pos, picks)
    if ends is None:
        return "select a highlighted square"
    a, b = ends
    first, last = min(a, b), max(a, b)
    shifts = sorted({m.to - m.frm for m in generate_moves(pos)
                     if m.is_ordo and m.frm == first and m.last == last})
    if not shifts:
        return "select a highlighted square"
    a_lands, b_lands = (_or_list([square_name(end + d) for d in shifts]) for end in (a, b))
    return (f"{square_name(a)} may land on {a_lands}, {square_name(b)} on {b_lands}: "
            "select either end's landing square; the whole row moves with it")


def _or_list(names: list[str]) -> str:
    """``c3``, ``c3 or c4``, ``c3, c4 or c5``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def row_refusal(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str | None:
    """After one piece, another of one's pieces that closes an unbroken row with it reads
    as the row's other end: when that row cannot move, why (the selection stays); None
    otherwise (the piece is then selected on its own)."""
    ends = _ends(pos, (*picks, pick))
    if ends is None or outcome(pos) is not None:
        return None
    a, b = ends
    if a == b or pos.occupant(a) != pos.turn or ordo_row_refusal(pos, a, b) is not None:
        return None
    if any(m.is_ordo and m.frm == min(a, b) and m.last == max(a, b)
           for m in generate_moves(pos)):
        return None
    return _stuck_ordo_reason(pos, a, b)


def explain_text(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
    """Why ``pick`` cannot follow ``picks``."""
    if outcome(pos) is not None:
        return "the game is over"
    geo = GEOMETRY[pos.width]
    names = {square_name(sq): sq for sq in geo.squares}
    if pick.kind != "cell" or pick.key not in names or any(
            p.kind != "cell" or p.key not in names for p in picks):
        return "select a square of the board"
    sq = names[pick.key]
    chosen = [names[p.key] for p in picks]
    if not chosen:
        who = pos.occupant(sq)
        if who is None:
            return "there is no piece there: select one of your pieces"
        if who != pos.turn:
            return "that is not your piece"
        return _stuck_reason(pos, sq)
    if len(chosen) == 1:
        frm = chosen[0]
        if sq == frm:
            return "select a target square, or the other end of a row"
        if pos.occupant(sq) == pos.turn:
            reason = ordo_row_refusal(pos, frm, sq)
            return reason or _stuck_ordo_reason(pos, frm, sq)
        return singleton_refusal(pos, frm, sq) or "that is not a legal move here"
    if len(chosen) == 2:
        return ordo_refusal(pos, chosen[0], chosen[1], sq) or "that is not a legal move here"
    return "the move is already complete"


def _stuck_reason(pos: Position, sq: int) -> str:
    """Why a piece of the side to move has no singleton move and starts no ordo."""
    side = pos.turn
    own = pos.pieces(side)
    split = not is_connected(own)
    if all(ray[0][0] & own for ray in GEOMETRY[pos.width].rays[side][split][sq]):
        if split:
            return "that piece is blocked by your own pieces"
        return "that piece is blocked: it cannot move forward or sideways"
    if split:
        return "no move of that piece reconnects your group"
    return "every move of that piece would split your group"


def _stuck_ordo_reason(pos: Position, a: int, b: int) -> str:
    """Why a real row of own pieces has no legal ordo move (``the row c2–d2 cannot
    move: every ordo move of this row splits your group``)."""
    first, last = min(a, b), max(a, b)
    if any(m.is_ordo and m.frm == first and m.last == last for m in generate_moves(pos)):
        return "select a highlighted square"
    horizontal = rank_of(first) == rank_of(last)
    run = run_mask(first, last)
    occupied = pos.white | pos.black
    side = pos.turn
    split = is_split(pos)
    if horizontal:
        steps = [FORWARD[side] * STRIDE] + ([-FORWARD[side] * STRIDE] if split else [])
    else:
        steps = [1, -1]
    board = GEOMETRY[pos.width].board
    free = [s for s in steps if shifted(run, s) & board == shifted(run, s)
            and not shifted(run, s) & occupied and shifted(run, s).bit_count()
            == run.bit_count()]
    row = f"the row {square_name(first)}–{square_name(last)} cannot move"
    if not free:
        return f"{row}: it is blocked, and pieces cannot pass through other pieces"
    if split:
        return f"{row}: no ordo move of this row reconnects your group"
    return f"{row}: every ordo move of this row splits your group"
