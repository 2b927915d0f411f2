"""The words Ochmir uses to teach and explain: how a game ends, what to do next (hint),
why a pick is refused (explain), what a player drew (private note) and what is odd about
a position (warnings). Texts only: the rules they describe are in :mod:`.play`."""

from __future__ import annotations

from collections import Counter

from ogames.core.board import Pick

from .entry import next_picks
from .geometry import ALL, EDGE, INDEX
from .notation import PASS, Position, tile_code_of
from .play import SIDES, generate, outcome, step_refusal
from .tiles import (
    CANON,
    CARRIES,
    COLOUR_NAMES,
    EXPOSED,
    FLIP,
    HIDDEN,
    REVERSE,
    TEXT,
    VALUE,
    F,
    T,
    as_held,
    tile_set,
)

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "board full": "the board is full",
    "no tiles": "no tiles left",
    "144": "one colour shows on 144 tiles",
    "stall": "no tile was placed for too long",
}


def _panel_keys(pos: Position) -> str:
    """The keys that pick a tile of the mover's hand: the panel numbers 1 to 9, one per
    kind of tile held (a tile that may lie either face up is listed once)."""
    ways = len(set(pos.hands[pos.to_move]))
    return "1" if ways == 1 else f"1–{min(ways, 9)}"


def _tile_hint(pos: Position, picks: tuple[Pick, ...]) -> str:
    """After a tile is picked (and perhaps turned over): where it goes, and for a tile that
    may lie either face up (it lacks the mover's colour), how to turn it over."""
    held = tile_code_of(picks[0].key[5:]) or 0
    text = f"select an empty triangle for {picks[0].key[5:]}"
    if not held or CARRIES[pos.to_move][held]:
        return text
    if len(picks) > 1 and picks[1].key.startswith("turn:"):
        return (f"select an empty triangle for {TEXT[FLIP[held]]}, turned over "
                f"({COLOUR_NAMES[REVERSE[held]]} up; backspace turns it back)")
    return (f"{text} ({COLOUR_NAMES[EXPOSED[held]]} up), or turn it over: 1 or a second "
            "click on it")


def hint(pos: Position, picks: tuple[Pick, ...]) -> str:
    """What the player to move may do next, given the picks made so far."""
    if pos.masked:
        return "a player's view: nothing to play"
    if outcome(pos) is not None:
        return "the game is over"
    if not picks:
        if generate(pos) == [PASS]:
            return "you can neither place nor move a tile: pass"
        if not pos.hands[pos.to_move]:
            return "your hand is empty: move a thurin (across a side) or a leremoc"
        return (f"place a tile (pick it with {_panel_keys(pos)} or a click, then a triangle) "
                "or move a thurin/leremoc")
    following = next_picks(pos, picks)
    choice = sorted(p.key for p in following if p.key.startswith("choice:"))
    if choice:
        name = choice[0][7:].partition("=")[0]
        t = pos.board[INDEX[name]]
        colours = " or ".join(COLOUR_NAMES[c] for c in sorted({EXPOSED[t], REVERSE[t]}))
        return f"choose the face for {name} ({colours})"
    first = picks[0]
    if first.kind == "item" and first.key.startswith("tile:"):
        return _tile_hint(pos, picks)
    if first.kind == "cell" and first.key in INDEX:
        t = pos.board[INDEX[first.key]]
        if t and VALUE[t] == T:
            return f"select where the thurin on {first.key} goes (across a side)"
        return f"select where the leremoc on {first.key} goes (any neighbouring triangle)"
    return "select a highlighted cell"


def explain(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
    """Why a pick does not extend any legal path, in the game's terms."""
    if pos.masked:
        return "a player's view cannot be played"
    if outcome(pos) is not None:
        return "the game is over"
    pending = [q for q in next_picks(pos, picks) if q.key.startswith("choice:")]
    if pending:
        name = sorted(q.key for q in pending)[0][7:].partition("=")[0]
        return f"first choose the face for {name}"
    if pick.kind == "item":
        return _explain_item(pos, pick)
    i = INDEX.get(pick.key)
    if i is None:
        return "that is not a triangle of the board"
    t = pos.board[i]
    if not picks:
        if t:
            return _tile_refusal(pos, i)
        if not pos.hands[pos.to_move]:
            return "your hand is empty: move a thurin or a leremoc instead"
        return (f"pick a tile from your hand first ({_panel_keys(pos)} or a click), then the "
                "triangle")
    first = picks[0]
    if first.kind == "item" and first.key.startswith("tile:"):
        if t:
            return "that triangle is occupied"
    elif first.kind == "cell" and first.key in INDEX:
        if t:
            return "that triangle is occupied"
        reason = step_refusal(pos.board, INDEX[first.key], i)
        if reason:
            return reason
    return "that is not a legal choice here"


def _explain_item(pos: Position, pick: Pick) -> str:
    """Why a panel item (a tile, Pass, a face) cannot be picked."""
    p = pos.to_move
    side = SIDES[p]
    key = pick.key
    if key == "pass":
        return "you may pass only when you can neither place nor move a tile"
    if key.startswith("tile:"):
        t = tile_code_of(key[5:])
        if t is None or CANON[t] not in pos.hands[p]:
            return "that tile is not in your hand"
        if CARRIES[p][t] and EXPOSED[t] != p:
            return f"a tile that carries {side} is placed with {side} showing"
        if not CARRIES[p][t] and t != CANON[t]:
            return f"pick {TEXT[CANON[t]]}, then turn it over"
        return "that tile cannot be placed now"
    if key.startswith("turn:"):
        return "pick the tile first, then turn it over"
    prefix = key.partition(":")[0]
    if prefix in (s.lower() for s in SIDES):
        return f"that tile is not yours: it is in {prefix.capitalize()}'s hand"
    if key.startswith("choice:"):
        return "that face is not a choice of this move"
    return "that is not a legal choice here"


def _tile_refusal(pos: Position, i: int) -> str:
    """Why the tile on cell i cannot start a movement."""
    t = pos.board[i]
    if EXPOSED[t] != pos.to_move:
        return f"that tile is not yours: it shows {COLOUR_NAMES[EXPOSED[t]]}"
    if VALUE[t] == F:
        return "ferrorn never move"
    steps = EDGE[i] if VALUE[t] == T else ALL[i]
    if all(pos.board[d] for d in steps):
        if VALUE[t] == T:
            return "that thurin has no empty triangle across its sides"
        return "that leremoc has no empty neighbouring triangle"
    return "that tile cannot move now"


def private_note(before: Position, after: Position, side: int) -> str:
    """The tiles ``side`` drew with its move (§2.5.10: shown before the hand-off)."""
    if before.masked or after.masked:
        return ""
    # the mover's hand after = before - the tile placed + the tiles drawn; the tile
    # placed is the one more on the board (turning tiles over changes no tile)
    placed = Counter() if side != before.to_move else (
        Counter(CANON[t] for t in after.board if t)
        - Counter(CANON[t] for t in before.board if t))
    drawn = Counter(after.hands[side]) + placed - Counter(before.hands[side])
    tiles = []
    for t in after.hands[side]:
        if drawn[t] > 0:
            drawn[t] -= 1
            tiles.append(TEXT[as_held(t, side)])  # as the player's hand shows it
    return f"You drew {', '.join(tiles)}" if tiles else ""


def position_warnings(pos: Position) -> tuple[str, ...]:
    """More tiles of a type than the set holds; an empty hand beside a full bag."""
    warnings = []
    held = Counter(CANON[t] for t in pos.board if t and REVERSE[t] >= 0)
    for hand in pos.hands:
        held.update(t for t in hand if t != HIDDEN)
    held.update(t for t in pos.remaining() if t != HIDDEN)
    in_set = Counter(tile_set(pos.variant))
    for t, count in sorted(held.items()):
        if count > in_set[t]:
            warnings.append(f"{count} tiles {TEXT[t]} on the board, in hands and in the bag; "
                            f"the {pos.variant} set has {in_set[t]}")
    if pos.bag_size:
        for seat, hand in enumerate(pos.hands):
            if not hand:
                warnings.append(f"{SIDES[seat]}'s hand is empty while the bag still holds "
                                f"{pos.bag_size} tiles")
    return tuple(warnings)
