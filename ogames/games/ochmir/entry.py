"""Entering a move by picks (a click or a key per step): which picks make which move.

A placement is picked as the tile (as it will lie), then the triangle; a movement as its
two triangles; then, three-handed without flag ``t``, one face per loose tile. Such an
action can stand for 2^n moves, too many to list, so the picks that may follow are worked
out per action and per loose cell here instead of from the full move list.
"""

from __future__ import annotations

from collections.abc import Sequence

from ogames.core.board import Pick, PickOptions, cell, item
from ogames.core.errors import IllegalMoveError, NotationError

from .geometry import CELLS, NAMES
from .notation import PASS, Move, Position
from .play import MoveList, generate, has_choices, loose_cells, parse_move
from .tiles import COLOUR_NAMES, COLOURS, EXPOSED, MASKED, REVERSE, TEXT, TILE_CODES, describe

#: the picks, built once: Pass, a triangle, a tile as it will lie, a face for a loose cell
PASS_PICK = item("pass", "Pass")
CELL_PICKS = tuple(cell(name) for name in NAMES)
TILE_PICKS = tuple(item(f"tile:{TEXT[t]}", f"{TEXT[t]} ({describe(t)})") if t in TILE_CODES
                   else None for t in range(MASKED))
CHOICE_PICKS = tuple(item(f"choice:{NAMES[c]}={COLOURS[col]}",
                          f"{NAMES[c]}: show {COLOUR_NAMES[col]}")
                     for c in range(CELLS) for col in range(3))


def pick_paths(move: Move) -> tuple[tuple[Pick, ...], ...]:
    """Placement: the tile (as it will lie), the triangle, then one face per loose cell;
    movement: from, to, faces; pass: the Pass item."""
    if move.dst < 0:
        return ((PASS_PICK,),)
    head = TILE_PICKS[move.tile] if move.tile else CELL_PICKS[move.src]
    if not move.choices:
        return ((head, CELL_PICKS[move.dst]),)
    choices = [CHOICE_PICKS[c * 3 + col] for c, col in move.choices]
    return ((head, CELL_PICKS[move.dst], *choices),)


def pick_options(pos: Position, moves: Sequence[Move],
                 picks: tuple[Pick, ...]) -> PickOptions | None:
    """With side choices (three-handed, no flag t) one action can be 2^n moves, too
    many to list: answer move entry per action and then one loose cell at a time.
    Without them the move list is small and the generic enumeration serves (None)."""
    if not has_choices(pos) or pos.masked:
        return None
    following = frozenset(next_picks(pos, picks))
    complete = None
    if picks == (PASS_PICK,):
        complete = PASS if PASS in moves else None
    elif len(picks) >= 2 and not following:
        complete = _picked_move(pos, moves, picks)
    return PickOptions(following, complete, complete if not following else None)


def _picked_move(pos: Position, moves: Sequence[Move], picks: tuple[Pick, ...]) -> Move | None:
    """The move that a complete path of picks names, if it is one of ``moves``."""
    heads = [h for h in _heads(pos) if pick_paths(h)[0] == picks[:2]]
    if not heads:
        return None
    choices = ",".join(p.key[7:].replace("=", "") for p in picks[2:])
    text = heads[0].text + (f"/{choices}" if choices else "")
    try:
        move = parse_move(pos, text)
    except (IllegalMoveError, NotationError):
        return None
    return move if move in moves else None


def _heads(pos: Position) -> list[Move]:
    """One move per action (placement or movement), without its side choices."""
    moves = generate(pos)
    return moves.heads() if isinstance(moves, MoveList) else list(moves)


def next_picks(pos: Position, picks: tuple[Pick, ...]) -> set[Pick]:
    """The picks that may follow ``picks``, worked out per action (the first two picks)
    and then per loose cell, without expanding every side-choice vector."""
    n = len(picks)
    heads = _heads(pos)
    paths = [pick_paths(h)[0] for h in heads]
    if n < 2:
        return {path[n] for path in paths if path[:n] == picks and len(path) > n}
    head = next((h for h, path in zip(heads, paths, strict=True) if path == picks[:2]),
                None)
    if head is None or not has_choices(pos):
        return set()
    loose, after = loose_cells(pos, head.tile, head.src, head.dst)
    if n - 2 >= len(loose):
        return set()
    for c, pick in zip(loose, picks[2:], strict=False):
        t = after[c]
        if pick not in (CHOICE_PICKS[c * 3 + EXPOSED[t]], CHOICE_PICKS[c * 3 + REVERSE[t]]):
            return set()
    c = loose[n - 2]
    t = after[c]
    return {CHOICE_PICKS[c * 3 + EXPOSED[t]], CHOICE_PICKS[c * 3 + REVERSE[t]]}
