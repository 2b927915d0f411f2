"""Which highlighted targets capture or win: the board marks them by shape.

A target (a cell that may be picked next) stands for every legal move still matching the
picks so far whose next pick it is; it is marked with the strongest ``Rules.move_kind``
among them (a win over a capture over a quiet move). Worked out once per position and
prefix of picks, and kept with the ``Entry`` it belongs to, so moving the cursor or
repainting costs a dictionary look-up.

Rules-agnostic: nothing here knows which game it is. No Textual import.
"""

from __future__ import annotations

from collections.abc import Mapping
from weakref import WeakKeyDictionary

from .board import MOVE_KINDS, MoveKind, Pick
from .entry import Entry, Picks
from .rules import Move

_STRENGTH = {kind: n for n, kind in enumerate(MOVE_KINDS)}


class _Kinds:
    """The kinds found so far in one position: per move, and per prefix of picks."""

    def __init__(self) -> None:
        self.moves: dict[Move, MoveKind] = {}
        self.after: dict[Picks, Mapping[str, MoveKind]] = {}


_KEPT: WeakKeyDictionary[Entry, _Kinds] = WeakKeyDictionary()


def target_kinds(entry: Entry, picks: Picks) -> Mapping[str, MoveKind]:
    """The cells that may follow ``picks`` whose moves capture or win (cell → kind); a
    cell left out is quiet. Nothing is marked before the first pick (the pieces that can
    move are not targets) nor where the entry is closed. An engine error marks nothing:
    the marks are a help, never a reason to stop a game."""
    if not picks or entry.closed:
        return {}
    kept = _KEPT.get(entry)
    if kept is None:
        kept = _KEPT[entry] = _Kinds()
    found = kept.after.get(picks)
    if found is None:
        try:
            found = _work_out(entry, picks, kept)
        except Exception:  # an engine bug must not stop the player
            found = {}
        kept.after[picks] = found
    return found


def _work_out(entry: Entry, picks: Picks, kept: _Kinds) -> dict[str, MoveKind]:
    rules, pos = entry.rules, entry.pos
    if entry.direct:
        answered = rules.pick_kinds(pos, entry.moves, picks) or {}
        return {p.key: k for p, k in answered.items() if p.kind == "cell" and k != "quiet"}
    n = len(picks)
    best: dict[Pick, MoveKind] = {}
    for path, move in entry.candidates(picks):
        if len(path) <= n or path[n].kind != "cell":
            continue
        kind = kept.moves.get(move)
        if kind is None:
            kind = kept.moves[move] = rules.move_kind(pos, move)
        if _STRENGTH[kind] > _STRENGTH[best.get(path[n], "quiet")]:
            best[path[n]] = kind
    return {p.key: k for p, k in best.items()}
