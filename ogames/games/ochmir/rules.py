"""``OchmirRules``: the shared ``Rules`` interface over the Ochmir modules.

Rules of play live in :mod:`.play`, text in :mod:`.notation`, the board in :mod:`.geometry`
and the tiles in :mod:`.tiles`; this module adds what the app needs: variants, seeds,
resignation, hidden information (views, panels) and the board drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from operator import attrgetter

from ogames.core.board import (
    BoardLayout,
    CellSpec,
    CellView,
    PanelItem,
    PanelSection,
    Pick,
    PickOptions,
    cell,
    item,
)
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from . import notation, play
from .geometry import ALL, CELLS, COORDS, EDGE, INDEX, NAMES, ROW_LETTERS, UP, lattice_vertices
from .notation import PASS, OchmirMove, OchmirPosition, make_move
from .teaching import ENDINGS
from .tiles import (
    CANON,
    CARRIES,
    COLOUR_NAMES,
    COLOURS,
    EXPOSED,
    HIDDEN,
    MASKED,
    REVERSE,
    TEXT,
    TILE_CODES,
    VALUE,
    VALUE_NAMES,
    VALUES,
    F,
    T,
    describe,
    faces_text,
    players_of,
    shuffled_bag,
    tile_set,
)

SIDES = ("White", "Blue", "Brown")
#: readable on a dark background; the glyph shapes (○ ● ◆) tell them apart without colour
SIDE_COLOURS = ("bright_white", "#60a5fa", "#c08040")
#: a tile's glyph: a shape per exposed colour, then the exposed value letter
COLOUR_SHAPES = ("○", "●", "◆")

# ----- the canvas: 3 columns per board column, one line per row, lattice vertices between
CELL_WIDTH = 3
BOARD_LEFT = 3  # columns 0–2: row letter
LAYOUT_WIDTH = BOARD_LEFT + 23 * CELL_WIDTH + 3  # 75
LAYOUT_HEIGHT = 1 + 2 * 12 + 1 + 1  # numbers, 13 vertex lines + 12 rows, numbers = 27
# ----- the compact canvas: 2 columns per board column, one line per row, nothing between
COMPACT_CELL_WIDTH = 2  # a tile's glyph (○F, WF) fills it: neighbouring tiles touch
COMPACT_BOARD_LEFT = 2  # column 0: row letter
COMPACT_WIDTH = COMPACT_BOARD_LEFT + 23 * COMPACT_CELL_WIDTH  # 48
COMPACT_HEIGHT = 2 + 12 + 2  # two lines of numbers (odd, even), 12 rows, two lines = 16

#: bytes.translate table hiding the reverse face of every board tile (a player's view)
_MASK_TABLE = bytes(
    (MASKED + EXPOSED[t] * 3 + VALUE[t]) if 0 < t < MASKED and REVERSE[t] >= 0
    else (t if t < 256 else 0) for t in range(256)
)
_TEXT_KEY = attrgetter("text")


class OchmirRules(Rules):
    id = "ochmir"
    name = "Ochmir"
    aliases = ()
    description = ("Mary Gentle's tile game: place double-faced tiles on 216 triangles and "
                   "turn hexagons to your colour (2 or 3 players)")
    variants = ("2", "3")
    uses_seed = True
    always_write_setup = False
    hidden_information = True
    repetition_limit = None
    endings = ENDINGS

    # ----- sides and variants -----------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        return SIDES[:players_of(variant)]

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return SIDE_COLOURS[:players_of(variant)]

    def parse_variant(self, text: str | None) -> str:
        """``2``/``3`` with flags ``p r t`` in any order; canonical order out."""
        if text is None or not text.strip():
            return self.variants[0]
        return notation.canonical_variant(text, any_case=True)

    def variant_of(self, pos: OchmirPosition) -> str:
        return pos.variant

    # ----- positions ----------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> OchmirPosition:
        """Empty board, hands dealt from the top of the bag shuffled by ``seed`` (§2.5.5)."""
        variant = self.parse_variant(variant)
        if seed is None:
            raise NotationError("an Ochmir game is dealt from a seed; give one", field="seed")
        if not 0 <= seed < 1 << 64:
            raise NotationError(f"a seed is a whole number from 0 to {(1 << 64) - 1}",
                                field="seed")
        n = players_of(variant)
        bag = shuffled_bag(variant, seed)
        hands = tuple(tuple(sorted(bag[6 * i:6 * i + 6])) for i in range(n))
        return OchmirPosition(variant, bytes(CELLS), 0, hands, bag, seed, 6 * n, 0, 0)

    def to_move(self, pos: OchmirPosition) -> int:
        return pos.to_move

    def format_position(self, pos: OchmirPosition) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> OchmirPosition:
        if not isinstance(text, str):
            raise NotationError("a position is text")
        pos = notation.parse_position(text)
        if pos.masked:  # our own view notation, not a position of §2.5.12
            names = ("variant", "board", "to-move", "hands", "bag", "streak", "ply")
            for name, (field_text, column) in zip(names, split_fields(text), strict=False):
                if "?" in field_text:
                    raise NotationError("'?' hides a face in a player's view; a position "
                                        "names every face", field=name,
                                        column=column + field_text.index("?"))
        if variant is not None and self.parse_variant(variant) != pos.variant:
            raise NotationError(f"the position is of variant {pos.variant}, not "
                                f"{self.parse_variant(variant)}", field="variant", column=1)
        return pos

    def position_warnings(self, pos: OchmirPosition) -> tuple[str, ...]:
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

    def seed_of(self, pos: OchmirPosition) -> int | None:
        return pos.seed

    # ----- moves ------------------------------------------------------------------------------

    def moves(self, pos: OchmirPosition) -> list[OchmirMove]:
        return play.generate(pos)

    def legal_moves(self, pos: OchmirPosition) -> list[OchmirMove]:
        """Sorted by canonical text; the text travels with each move, so no recomputation.
        With side choices: the lazy, already sorted ``play.MoveList`` (a Sequence)."""
        moves = play.generate(pos)
        if isinstance(moves, play.MoveList):
            return moves  # type: ignore[return-value]
        return sorted(moves, key=_TEXT_KEY)

    def apply(self, pos: OchmirPosition, move: OchmirMove) -> OchmirPosition:
        return play.apply(pos, move)

    def outcome(self, pos: OchmirPosition) -> Outcome | None:
        return play.outcome(pos)

    def move_text(self, pos: OchmirPosition, move: OchmirMove) -> str:
        return move.text or notation.move_text(move.tile, move.src, move.dst, move.choices)

    def public_move_text(self, pos: OchmirPosition, move: OchmirMove,
                         viewer: int | None) -> str:
        """A placement shows the placed tile's reverse face to its mover only: others read
        ``WT??@f12`` (the masked form of a player's view)."""
        if viewer is None or not move.tile or viewer == pos.to_move:
            return self.move_text(pos, move)
        masked = MASKED + EXPOSED[move.tile] * 3 + VALUE[move.tile]
        return notation.move_text(masked, move.src, move.dst, move.choices)

    def parse_move(self, pos: OchmirPosition, text: str) -> OchmirMove:
        if not isinstance(text, str):
            raise NotationError("a move is text")
        syntax = notation.parse_move_syntax(text)
        tile = 0
        if syntax.kind == "place":
            tile = notation.tile_code_of(syntax.tile_text) or 0
            if not tile:
                raise NotationError(f"'{syntax.tile_text}' is not a tile: its two faces have "
                                    "different colours", field="move")
        if pos.masked:
            raise IllegalMoveError("this is a player's view with hidden faces; it cannot be "
                                   "played")
        if play.outcome(pos) is not None:
            raise IllegalMoveError("the game is over")
        if syntax.kind == "pass":
            if play.generate(pos) == [PASS]:
                return PASS
            raise IllegalMoveError("pass: you may pass only when you can neither place nor move "
                                   "a tile")
        head = text.strip().partition("/")[0]
        if syntax.kind == "place":
            self._check_placement(pos, tile, syntax.dst, head)
        else:
            self._check_step(pos, syntax.src, syntax.dst, head)
        return self._with_choices(pos, tile, syntax.src, syntax.dst, syntax.choices, head)

    def _check_placement(self, pos: OchmirPosition, tile: int, dst: int, head: str) -> None:
        p = pos.to_move
        side = SIDES[p]
        if pos.players == 2 and 2 in (EXPOSED[tile], REVERSE[tile]):
            raise IllegalMoveError(f"{head}: there are no brown tiles in the two-handed game")
        if CANON[tile] not in pos.hands[p]:
            raise IllegalMoveError(f"{head}: {side} has no {TEXT[CANON[tile]]} tile in hand")
        if CARRIES[p][tile] and EXPOSED[tile] != p:
            raise IllegalMoveError(f"{head}: a tile that carries {side} is placed with {side} "
                                   "showing")
        if pos.board[dst]:
            raise IllegalMoveError(f"{head}: {NAMES[dst]} is occupied")

    def _check_step(self, pos: OchmirPosition, src: int, dst: int, head: str) -> None:
        p = pos.to_move
        t = pos.board[src]
        if not t:
            raise IllegalMoveError(f"{head}: there is no tile on {NAMES[src]}")
        if EXPOSED[t] != p:
            raise IllegalMoveError(f"{head}: the tile on {NAMES[src]} shows "
                                   f"{COLOUR_NAMES[EXPOSED[t]]}; {SIDES[p]} moves only tiles "
                                   f"showing {SIDES[p]}")
        if VALUE[t] == F:
            raise IllegalMoveError(f"{head}: a ferrorn never moves")
        reason = _step_refusal(pos.board, src, dst)
        if reason:
            raise IllegalMoveError(f"{head}: {reason}")

    def _with_choices(self, pos: OchmirPosition, tile: int, src: int, dst: int,
                      written: tuple[tuple[int, int], ...] | None, head: str) -> OchmirMove:
        """Complete the move with its side-choice vector: every loose cell, in index order,
        with the written colour or (left out) the colour it shows."""
        loose, after = play.loose_cells(pos, tile, src, dst)
        if not play.has_choices(pos) or not loose:
            if written is not None:
                why = ("with flag t every loose tile is turned over" if loose
                       else "this move leaves no loose tile to choose a face for")
                raise IllegalMoveError(f"{head}: {why}; write the move without '/…'")
            return make_move(tile, src, dst)
        chosen = dict(written or ())
        for c in chosen:
            if c not in loose:
                names = ", ".join(NAMES[i] for i in loose)
                raise IllegalMoveError(f"{head}: {NAMES[c]} is not a loose tile of this move "
                                       f"(loose: {names})")
        vector = []
        for c in loose:
            t = after[c]
            colour = chosen.get(c, EXPOSED[t])
            if colour not in (EXPOSED[t], REVERSE[t]):
                raise IllegalMoveError(
                    f"{head}: the tile on {NAMES[c]} is {COLOUR_NAMES[EXPOSED[t]]} and "
                    f"{COLOUR_NAMES[REVERSE[t]]}; it cannot show {COLOUR_NAMES[colour]}")
            vector.append((c, colour))
        return make_move(tile, src, dst, tuple(vector))

    # ----- the end, resignation, tags -------------------------------------------------------

    def resign_outcome(self, pos: OchmirPosition, side: int) -> Outcome:
        """Two-handed: the opponent wins. Three-handed: scored as it stands, the resigner
        last; the best of the others wins (shared when tied)."""
        n = pos.players
        if n == 2:
            return Outcome.loss(side, 2, "resigned")
        others = tuple(i for i in range(n) if i != side)
        return play.ranked_outcome(play.scores(pos.board, n), "resigned", others)

    def extra_tags(self, pos: OchmirPosition, outcome: Outcome | None) -> Mapping[str, str]:
        if outcome is None:
            return {}
        return {"Score": "-".join(str(s) for s in play.scores(pos.board, pos.players))}

    # ----- hidden information -------------------------------------------------------------------

    def view(self, pos: OchmirPosition, side: int) -> OchmirPosition:
        """What ``side`` may know (masked form, see :mod:`.notation`): its own hand; the other
        hands as counts; exposed faces only on the board; the bag as a count (no seed: the
        seed would reveal the order)."""
        hands = tuple(hand if seat == side else (HIDDEN,) * len(hand)
                      for seat, hand in enumerate(pos.hands))
        return OchmirPosition(pos.variant, pos.board.translate(_MASK_TABLE), pos.to_move, hands,
                              (HIDDEN,) * pos.bag_size, None, 0, pos.streak, pos.ply)

    # ----- drawing ------------------------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False) -> BoardLayout:
        return _layout(flipped, ascii, compact)

    @staticmethod
    def _draw_layout(flipped: bool, ascii: bool, compact: bool) -> BoardLayout:
        """Rows a–l down the canvas, columns 1–23 across (3 characters each), the lattice
        vertices (·) on the lines between rows, so that every minor hexagon shows as six
        triangles around a dot. Flipped: turned 180°, so ▲ cells are drawn as ▼ (``kind``
        gives the drawn orientation).

        Compact (48×16): 2 characters per column (a tile's glyph, ○F or WF, fills them) and
        no vertex lines, so the rows touch and ▲▼ alternate along a row and between rows; the
        row letter on the left only (flipped too, with l at the top); each column's number
        above and below it, odd numbers on the outer line and even ones on the inner line
        (two digits do not fit a 2-column pitch, but do fit 4), starting where a one-column
        glyph is drawn. The top left::

              1   3   5   7   9   11  13
                2   4   6   8   10  12
            a           ▲ ▼ ▲ ▼ ▲ ▼ ▲ ▼ ▲
            b         ▲ ▼ ▲ ▼ ▲ ▼ ▲ ▼ ▲ ▼
        """
        if compact:
            width, height, pitch, left = (COMPACT_WIDTH, COMPACT_HEIGHT, COMPACT_CELL_WIDTH,
                                          COMPACT_BOARD_LEFT)
        else:
            width, height, pitch, left = LAYOUT_WIDTH, LAYOUT_HEIGHT, CELL_WIDTH, BOARD_LEFT
        grid = [[" "] * width for _ in range(height)]

        def put(line: int, col: int, text: str) -> None:
            for k, ch in enumerate(text):
                grid[line][col + k] = ch

        def slot(column: int) -> int:
            shown = 24 - column if flipped else column
            return left + (shown - 1) * pitch

        for column in range(1, 24):
            if compact:
                outer = column % 2
                put(1 - outer, slot(column), f"{column:<2}")
                put(height - 2 + outer, slot(column), f"{column:<2}")
            else:
                put(0, slot(column), f"{column:>2}")
                put(height - 1, slot(column), f"{column:>2}")
        if not compact:
            dot = "." if ascii else "·"
            for j, x in lattice_vertices():
                line = 2 * (12 - j if flipped else j) + 1
                put(line, slot(x + 12) + 1, dot)
        cells = []
        for i, (r, c) in enumerate(COORDS):
            shown = 11 - r if flipped else r
            line = shown + 2 if compact else 2 * shown + 2
            put(line, 0 if compact else 1, ROW_LETTERS[r])
            if not compact:
                put(line, width - 2, ROW_LETTERS[r])
            up = UP[i] != flipped
            cells.append(CellSpec(NAMES[i], line, slot(c), pitch, 1, "up" if up else "down"))
        return BoardLayout(width, height, tuple("".join(g) for g in grid), tuple(cells))

    def cell_views(self, pos: OchmirPosition, viewer: int | None = None
                   ) -> Mapping[str, CellView]:
        """Empty: ▲/▼ (``^``/``v``). A tile: its exposed face only, a shape per colour and
        the value letter (``○F`` ``●T`` ``◆L``; ASCII ``WF`` ``BT`` ``NL``); thurin and
        leremoc (the tiles that move) in bold. Reverse faces are never drawn, for any
        viewer."""
        views = {}
        for i, t in enumerate(pos.board):
            if not t:
                views[NAMES[i]] = _EMPTY_VIEWS[UP[i]]
            else:
                views[NAMES[i]] = _TILE_VIEWS[EXPOSED[t] * 3 + VALUE[t]]
        return views

    def side_summary(self, pos: OchmirPosition) -> tuple[str, ...]:
        points = play.scores(pos.board, pos.players)
        return tuple(f"score {points[i]} · {len(pos.hands[i])} in hand"
                     for i in range(pos.players))

    def panel(self, pos: OchmirPosition, viewer: int | None = None) -> Sequence[PanelSection]:
        """The viewer's hand (None: every hand): one item per way a tile can lie. Items of
        the side to move have keys ``tile:<tile as it will lie>`` (the pick of a
        placement); other hands use ``<side>:<tile>`` so that no key is shared."""
        seats = range(pos.players) if viewer is None else (viewer,)
        sections = []
        for seat in seats:
            hand = pos.hands[seat]
            title = f"{SIDES[seat]}'s hand"
            if hand and hand[0] == HIDDEN:
                sections.append(PanelSection(title, (), f"{len(hand)} tiles (hidden)"))
                continue
            counts = Counter(hand)
            prefix = "tile" if seat == pos.to_move else SIDES[seat].lower()
            items = []
            listed = set()
            for t in play.placeable(hand, seat):
                n = counts[CANON[t]]
                # a tile that may lie either face up is listed twice: the second entry
                # says it is the same tile turned, so the hand is not counted twice
                tail = " turned" if CANON[t] in listed else f" ×{n}" if n > 1 else ""
                listed.add(CANON[t])
                items.append(PanelItem(f"{prefix}:{TEXT[t]}", TEXT[t] + tail,
                                       (faces_text(t),), EXPOSED[t]))
            items = tuple(items)
            sections.append(PanelSection(title, items, "" if hand else "empty"))
        counts = "/".join(str(len(h)) for h in pos.hands)
        limit = play.stall_limit(pos.players)
        sections.append(PanelSection("Bag", (), f"bag {pos.bag_size} · hands {counts} · "
                                                f"stall {pos.streak}/{limit}"))
        return tuple(sections)

    # ----- entering moves -------------------------------------------------------------------------

    def pick_paths(self, pos: OchmirPosition, move: OchmirMove) -> tuple[tuple[Pick, ...], ...]:
        """Placement: the tile (as it will lie), the triangle, then one face per loose cell;
        movement: from, to, faces; pass: the Pass item. (Picks are built once, below.)"""
        if move.dst < 0:
            return ((_PASS_PICK,),)
        head = _TILE_PICKS[move.tile] if move.tile else _CELL_PICKS[move.src]
        if not move.choices:
            return ((head, _CELL_PICKS[move.dst]),)
        choices = [_CHOICE_PICKS[c * 3 + col] for c, col in move.choices]
        return ((head, _CELL_PICKS[move.dst], *choices),)

    def private_note(self, before: OchmirPosition, after: OchmirPosition, side: int) -> str:
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
                tiles.append(TEXT[t])
        return f"you drew {', '.join(tiles)}" if tiles else ""

    def pick_options(self, pos: OchmirPosition, moves: Sequence[OchmirMove],
                     picks: tuple[Pick, ...]) -> PickOptions | None:
        """With side choices (three-handed, no flag t) one action can be 2^n moves, too
        many to list: answer move entry per action and then one loose cell at a time.
        Without them the move list is small and the generic enumeration serves."""
        if not play.has_choices(pos) or pos.masked:
            return None
        following = frozenset(self._next_picks(pos, picks))
        complete = None
        if picks == (_PASS_PICK,):
            complete = PASS if PASS in moves else None
        elif len(picks) >= 2 and not following:
            heads = [h for h in self._heads(pos) if self.pick_paths(pos, h)[0] == picks[:2]]
            if heads:
                choices = ",".join(p.key[7:].replace("=", "") for p in picks[2:])
                text = heads[0].text + (f"/{choices}" if choices else "")
                try:
                    move = self.parse_move(pos, text)
                except (IllegalMoveError, NotationError):
                    move = None
                if move is not None and move in moves:
                    complete = move
        return PickOptions(following, complete, complete if not following else None)

    def _heads(self, pos: OchmirPosition) -> list[OchmirMove]:
        moves = play.generate(pos)
        return moves.heads() if isinstance(moves, play.MoveList) else list(moves)

    def _next_picks(self, pos: OchmirPosition, picks: tuple[Pick, ...]) -> set[Pick]:
        """The picks that may follow ``picks``, worked out per action (the first two picks)
        and then per loose cell, without expanding every side-choice vector."""
        n = len(picks)
        heads = self._heads(pos)
        paths = [self.pick_paths(pos, h)[0] for h in heads]
        if n < 2:
            return {path[n] for path in paths if path[:n] == picks and len(path) > n}
        head = next((h for h, path in zip(heads, paths, strict=True) if path == picks[:2]),
                    None)
        if head is None or not play.has_choices(pos):
            return set()
        loose, after = play.loose_cells(pos, head.tile, head.src, head.dst)
        if n - 2 >= len(loose):
            return set()
        for c, pick in zip(loose, picks[2:], strict=False):
            t = after[c]
            if pick not in (_CHOICE_PICKS[c * 3 + EXPOSED[t]], _CHOICE_PICKS[c * 3 + REVERSE[t]]):
                return set()
        c = loose[n - 2]
        t = after[c]
        return {_CHOICE_PICKS[c * 3 + EXPOSED[t]], _CHOICE_PICKS[c * 3 + REVERSE[t]]}

    def hint(self, pos: OchmirPosition, picks: tuple[Pick, ...]) -> str:
        if pos.masked:
            return "a player's view: nothing to play"
        if play.outcome(pos) is not None:
            return "the game is over"
        if not picks:
            if play.generate(pos) == [PASS]:
                return "you can neither place nor move a tile: pass"
            if not pos.hands[pos.to_move]:
                return "your hand is empty: move a thurin (across a side) or a leremoc"
            ways = len(play.placeable(pos.hands[pos.to_move], pos.to_move))
            keys = "1" if ways == 1 else f"1–{min(ways, 9)}"  # the panel numbers 1 to 9
            return (f"place a tile (pick it with {keys} or a click, then a triangle) or move "
                    "a thurin/leremoc")
        following = self._next_picks(pos, picks)
        choice = sorted(p.key for p in following if p.key.startswith("choice:"))
        if choice:
            name = choice[0][7:].partition("=")[0]
            t = pos.board[INDEX[name]]
            colours = " or ".join(COLOUR_NAMES[c] for c in sorted({EXPOSED[t], REVERSE[t]}))
            return f"choose the face for {name} ({colours})"
        first = picks[0]
        if first.kind == "item" and first.key.startswith("tile:"):
            return f"select an empty triangle for {first.key[5:]}"
        if first.kind == "cell" and first.key in INDEX:
            t = pos.board[INDEX[first.key]]
            if t and VALUE[t] == T:
                return f"select where the thurin on {first.key} goes (across a side)"
            return f"select where the leremoc on {first.key} goes (any neighbouring triangle)"
        return "select a highlighted cell"

    def explain(self, pos: OchmirPosition, picks: tuple[Pick, ...], pick: Pick) -> str:
        """Why a pick does not extend any legal path, in the game's terms."""
        if pos.masked:
            return "a player's view cannot be played"
        if play.outcome(pos) is not None:
            return "the game is over"
        p = pos.to_move
        side = SIDES[p]
        pending = [q for q in self._next_picks(pos, picks) if q.key.startswith("choice:")]
        if pending:
            name = sorted(q.key for q in pending)[0][7:].partition("=")[0]
            return f"first choose the face for {name}"
        if pick.kind == "item":
            return self._explain_item(pos, picks, pick)
        i = INDEX.get(pick.key)
        if i is None:
            return "that is not a triangle of the board"
        t = pos.board[i]
        if not picks:
            if not t:
                if not pos.hands[p]:
                    return "your hand is empty: move a thurin or a leremoc instead"
                ways = len(play.placeable(pos.hands[p], p))
                keys = "1" if ways == 1 else f"1–{min(ways, 9)}"  # the panel numbers 1 to 9
                return f"pick a tile from your hand first ({keys} or a click), then the triangle"
            return _tile_refusal(pos, i, side)
        first = picks[0]
        if first.kind == "item" and first.key.startswith("tile:"):
            if t:
                return "that triangle is occupied"
        elif first.kind == "cell" and first.key in INDEX:
            if t:
                return "that triangle is occupied"
            reason = _step_refusal(pos.board, INDEX[first.key], i)
            if reason:
                return reason
        return "that is not a legal choice here"

    def _explain_item(self, pos: OchmirPosition, picks: tuple[Pick, ...], pick: Pick) -> str:
        p = pos.to_move
        side = SIDES[p]
        key = pick.key
        if key == "pass":
            return "you may pass only when you can neither place nor move a tile"
        if key.startswith("tile:"):
            t = notation.tile_code_of(key[5:])
            if t is None or CANON[t] not in pos.hands[p]:
                return "that tile is not in your hand"
            if CARRIES[p][t] and EXPOSED[t] != p:
                return f"a tile that carries {side} is placed with {side} showing"
            return "that tile cannot be placed now"
        prefix = key.partition(":")[0]
        if prefix in (s.lower() for s in SIDES):
            return f"that tile is not yours: it is in {prefix.capitalize()}'s hand"
        if key.startswith("choice:"):
            return "that face is not a choice of this move"
        return "that is not a legal choice here"

    def policy(self) -> Policy:
        from .computer import policy  # the computer's knowledge, loaded when first asked

        return policy()


def _tile_refusal(pos: OchmirPosition, i: int, side: str) -> str:
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


def _step_refusal(board: bytes, src: int, dst: int) -> str | None:
    """Why the tile on src may not step to dst, or None if it may."""
    t = board[src]
    value = VALUE_NAMES[VALUE[t]]
    if board[dst]:
        return f"{NAMES[dst]} is occupied"
    if VALUE[t] == T and dst in ALL[src] and dst not in EDGE[src]:
        return "a thurin moves across a side, not a corner"
    if dst not in ALL[src]:
        if VALUE[t] == T:
            return "a thurin moves one step, to a triangle sharing a side"
        return f"a {value} moves one step, to a triangle touching its own"
    return None


_EMPTY_VIEWS = {True: CellView("▲", "^"), False: CellView("▼", "v")}
_TILE_VIEWS = tuple(
    CellView(COLOUR_SHAPES[c] + VALUES[v], COLOURS[c] + VALUES[v], c, v != F)
    for c in range(3) for v in range(3)
)

@cache
def _layout(flipped: bool, ascii: bool, compact: bool) -> BoardLayout:
    """The same canvas serves every variant; built once per orientation, alphabet and size."""
    return OchmirRules._draw_layout(flipped, ascii, compact)


_PASS_PICK = item("pass", "Pass")
_CELL_PICKS = tuple(cell(name) for name in NAMES)
_TILE_PICKS = tuple(item(f"tile:{TEXT[t]}", f"{TEXT[t]} ({describe(t)})") if t in TILE_CODES
                    else None for t in range(MASKED))
_CHOICE_PICKS = tuple(item(f"choice:{NAMES[c]}={COLOURS[col]}",
                           f"{NAMES[c]}: show {COLOUR_NAMES[col]}")
                      for c in range(CELLS) for col in range(3))

RULES = OchmirRules()
