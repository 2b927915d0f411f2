"""Entering a move by picks (a click or a key per step): which picks make which move.

A placement is picked as the tile, then the triangle; a movement as its two triangles;
then, three-handed without flag ``t``, one face per loose tile. A tile that carries the
mover's colour is picked as it will lie (that colour up). One without it (three-handed)
may lie either face up: it is picked as it is held, and turned over by one more pick
(``turn:<tile>``) before the triangle, so the hand lists each tile once. Such an action
can stand for 2^n moves, too many to list, so the picks that may follow are worked out
per action and per loose cell here instead of from the full move list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ogames.core.board import MOVE_KINDS, MoveKind, Pick, PickOptions, cell, item
from ogames.core.errors import IllegalMoveError, NotationError

from .geometry import CELLS, NAMES
from .notation import PASS, Move, Position
from .play import MoveList, choice_options, generate, has_choices, loose_cells, parse_move
from .tiles import (
    CANON,
    CARRIES,
    COLOUR_NAMES,
    COLOURS,
    EXPOSED,
    FLIP,
    MASKED,
    REVERSE,
    TEXT,
    TILE_CODES,
    describe,
)

#: the picks, built once: Pass, a triangle, a tile, turning a tile held (indexed by the
#: tile as held), a face for a loose cell
PASS_PICK = item("pass", "Pass")
CELL_PICKS = tuple(cell(name) for name in NAMES)
TILE_PICKS = tuple(item(f"tile:{TEXT[t]}", f"{TEXT[t]} ({describe(t)})") if t in TILE_CODES
                   else None for t in range(MASKED))
TURN_PICKS = tuple(item(f"turn:{TEXT[t]}", f"turn it over: {TEXT[FLIP[t]]}")
                   if t in TILE_CODES else None for t in range(MASKED))
CHOICE_PICKS = tuple(item(f"choice:{NAMES[c]}={COLOURS[col]}",
                          f"{NAMES[c]}: show {COLOUR_NAMES[col]}")
                     for c in range(CELLS) for col in range(3))


def tile_picks(t: int, mover: int) -> tuple[Pick, ...]:
    """The picks that take tile ``t`` (as it will lie) from ``mover``'s hand: a tile that
    carries the mover's colour as it will lie; one without it as it is held, and once
    more (turn it over) when it is to lie the other face up."""
    if CARRIES[mover][t]:
        return (TILE_PICKS[t],)
    held = CANON[t]
    return (TILE_PICKS[held],) if t == held else (TILE_PICKS[held], TURN_PICKS[held])


def pick_paths(move: Move, mover: int) -> tuple[tuple[Pick, ...], ...]:
    """Placement: the tile (see ``tile_picks``), the triangle, then one face per loose
    cell; movement: from, to, faces; pass: the Pass item."""
    if move.dst < 0:
        return ((PASS_PICK,),)
    head = tile_picks(move.tile, mover) if move.tile else (CELL_PICKS[move.src],)
    choices = [CHOICE_PICKS[c * 3 + col] for c, col in move.choices]
    return ((*head, CELL_PICKS[move.dst], *choices),)


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


def pick_kinds(pos: Position, picks: tuple[Pick, ...],
               kind: Callable[[Move], MoveKind]) -> dict[Pick, MoveKind] | None:
    """With side choices: the kind (``kind``) of the action each next cell pick completes,
    read off one of its moves (each loose tile given its first choice), so that 2^n moves
    are not listed. Whether tiles turn does not hang on the choices, nor does the mover's
    own count; a win that only some choices give (the others' counts) may go unmarked.
    Without side choices: None (the moves are listed)."""
    if not has_choices(pos) or pos.masked:
        return None
    n = len(picks)
    found: dict[Pick, MoveKind] = {}
    for head in _heads(pos):
        path = pick_paths(head, pos.to_move)[0]
        if len(path) == n + 1 and path[:n] == picks and path[n].kind == "cell":
            k = kind(_first_move(pos, head))
            if MOVE_KINDS.index(k) > MOVE_KINDS.index(found.get(path[n], "quiet")):
                found[path[n]] = k
    return found


def _first_move(pos: Position, head: Move) -> Move:
    """The first of the moves of an action (``head``, without side choices): each loose
    tile shows the first of its two colours."""
    loose, after = loose_cells(pos, head.tile, head.src, head.dst)
    if not loose:
        return head
    options, texts = choice_options(after, loose)
    return Move(head.tile, head.src, head.dst, tuple(o[0] for o in options),
                f"{head.text}/{','.join(t[0] for t in texts)}")


def _action(pos: Position, picks: tuple[Pick, ...]) -> tuple[Move, int] | None:
    """The action (a move without side choices) whose picks start ``picks``, and how many
    picks it takes; None when ``picks`` do not complete one."""
    for head in _heads(pos):
        path = pick_paths(head, pos.to_move)[0]
        if picks[:len(path)] == path:
            return head, len(path)
    return None


def _picked_move(pos: Position, moves: Sequence[Move], picks: tuple[Pick, ...]) -> Move | None:
    """The move that a complete path of picks names, if it is one of ``moves``."""
    found = _action(pos, picks)
    if found is None:
        return None
    head, n = found
    choices = ",".join(p.key[7:].replace("=", "") for p in picks[n:])
    text = head.text + (f"/{choices}" if choices else "")
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
    """The picks that may follow ``picks``, worked out per action (the picks of a move
    without side choices: two, or three for a tile turned over) and then per loose cell,
    without expanding every side-choice vector."""
    n = len(picks)
    following = set()
    for head in _heads(pos):
        path = pick_paths(head, pos.to_move)[0]
        if len(path) > n and path[:n] == picks:
            following.add(path[n])
    if following or not has_choices(pos):
        return following
    found = _action(pos, picks)
    if found is None:
        return set()
    head, done = found
    loose, after = loose_cells(pos, head.tile, head.src, head.dst)
    if n - done >= len(loose):
        return set()
    for c, pick in zip(loose, picks[done:], strict=False):
        t = after[c]
        if pick not in (CHOICE_PICKS[c * 3 + EXPOSED[t]], CHOICE_PICKS[c * 3 + REVERSE[t]]):
            return set()
    c = loose[n - done]
    t = after[c]
    return {CHOICE_PICKS[c * 3 + EXPOSED[t]], CHOICE_PICKS[c * 3 + REVERSE[t]]}
