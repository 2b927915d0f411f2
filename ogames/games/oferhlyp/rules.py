"""Oferhlýp, version 1 (John Beers): hex checkers where a piece must be hit twice to go.

The rules in brief (CLARIFICATIONS §2.2 is the full specification):

* **Board.** 35 flat-topped hexes in seven vertical files a–g of 4, 5, 6, 5, 6, 5, 4 cells.
  A cell is named by its file letter and its rank counted from the bottom of that file
  (``a1``–``a4``, ``b1``–``b5``, ``c1``–``c6`` …). Every hex has up to six neighbours.
* **Pieces.** Twelve per side, all *full* at the start. An attacked full piece turns
  *half*; an attacked half piece is removed. Dark sits at the bottom and moves first.
* **A turn** is exactly one of:

  1. a *step* to an adjacent empty hex;
  2. a *friendly jump* over an adjacent piece of one's own colour to the empty hex
     straight beyond it; it ends the turn;
  3. an *attack*: one or more straight jumps over enemy pieces, each landing on an empty
     hex. The direction may change between jumps, the piece may land again on a hex it
     visited (its origin counts as empty once it has left), continuing is optional, and
     no enemy piece may be attacked twice in one turn.

* **One move** is the triple (origin, destination, set of attacked hexes). Two jump orders
  with the same triple are the same move, written in the order whose landing hexes come
  first in cell order.
* **The end.** The player to move loses with at most one piece left (``pieces``) or with no
  legal move (``no moves``). A move that would create a position (board + side to move) for
  the third time is illegal; the shared ``Game`` applies that through ``repetition_limit``.

Internally a cell is an index 0–34 in canonical cell order (a1 … a4, b1 … g4), which is also
the order in which the position string lists the cells. The board is a 35-character string
over ``.DdLl``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field

from ogames.core.board import BoardLayout, CellSpec, CellView, Pick, cell
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from .teaching import ENDINGS

# ----- board geometry (data tables) ------------------------------------------------------

#: file letters, Dark's left to right
FILES = "abcdefg"
#: number of cells in each file a–g
FILE_HEIGHTS = (4, 5, 6, 5, 6, 5, 4)
#: lowest doubled-height y of each file ("doubled height" coordinates, §2.2.1)
YMIN = (2, 1, 0, 1, 0, 1, 2)
#: the six directions as (dx, dy) in doubled-height coordinates: N, NE, SE, S, SW, NW
DIRECTIONS = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))

SIDES = ("Dark", "Light")
SIDE_LETTERS = ("d", "l")
MAX_PIECES = 12

EMPTY = "."
DARK_FULL, DARK_HALF, LIGHT_FULL, LIGHT_HALF = "D", "d", "L", "l"
#: the piece letters of each side (index = side)
OWN_PIECES = ("Dd", "Ll")
#: what an attack does to the piece on the jumped hex: full → half, half → removed
HIT = {DARK_FULL: DARK_HALF, DARK_HALF: EMPTY, LIGHT_FULL: LIGHT_HALF, LIGHT_HALF: EMPTY}

#: the standard start (§2.2.8)
START_TEXT = "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1"

#: accepted attack marks → True when the mark says "removed", False for "flipped to half"
MARKS = {"(-)": False, "(2>1)": False, "(r)": True, "(1>0)": True}

# Cells in canonical order with their doubled-height coordinates.
CELL_NAMES: tuple[str, ...] = tuple(
    f"{FILES[x]}{rank}" for x in range(7) for rank in range(1, FILE_HEIGHTS[x] + 1)
)
CELL_XY: tuple[tuple[int, int], ...] = tuple(
    (x, YMIN[x] + 2 * (rank - 1)) for x in range(7) for rank in range(1, FILE_HEIGHTS[x] + 1)
)
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
_XY_INDEX: dict[tuple[int, int], int] = {xy: i for i, xy in enumerate(CELL_XY)}
NUM_CELLS = len(CELL_NAMES)


def _at(x: int, y: int) -> int | None:
    """The cell at doubled-height (x, y), or None off the board."""
    return _XY_INDEX.get((x, y))


def hex_distance(a: int, b: int) -> int:
    """Number of steps between two cells (doubled-height metric)."""
    (xa, ya), (xb, yb) = CELL_XY[a], CELL_XY[b]
    dx, dy = abs(xa - xb), abs(ya - yb)
    return dx + max(0, (dy - dx) // 2)


def straight_midpoint(a: int, b: int) -> int | None:
    """The hex a straight jump from ``a`` to ``b`` passes over, or None when ``b`` is not
    two steps straight on from ``a`` (e.g. the "60° turn" cells)."""
    (xa, ya), (xb, yb) = CELL_XY[a], CELL_XY[b]
    dx, dy = xb - xa, yb - ya
    if dx % 2 or dy % 2 or (dx // 2, dy // 2) not in DIRECTIONS:
        return None
    return _at(xa + dx // 2, ya + dy // 2)


def _jumps_from(x: int, y: int) -> tuple[tuple[int, int], ...]:
    """(jumped hex, landing hex) of every straight jump from (x, y), by landing hex."""
    pairs = []
    for dx, dy in DIRECTIONS:
        mid, land = _at(x + dx, y + dy), _at(x + 2 * dx, y + 2 * dy)
        if mid is not None and land is not None:
            pairs.append((mid, land))
    return tuple(sorted(pairs, key=lambda pair: pair[1]))


# Neighbour and jump tables, built once at import. Jumps are sorted by landing hex so that a
# depth-first search meets jump orders in canonical (lexicographic) order.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for dx, dy in DIRECTIONS if (n := _at(x + dx, y + dy)) is not None)
    for x, y in CELL_XY
)
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_jumps_from(x, y) for x, y in CELL_XY)


# ----- positions and moves ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A board (35 characters over ``.DdLl`` in canonical cell order), the side to move
    (0 Dark, 1 Light) and the fullmove number (+1 after each Light move)."""

    board: str
    side: int
    fullmove: int = 1


@dataclass(frozen=True, slots=True)
class Move:
    """One move: origin, destination and the set of attacked hexes (empty for a step or a
    friendly jump). ``path`` is the canonical sequence of landing hexes of an attack; it is
    not part of the move's identity (two jump orders are the same move)."""

    origin: int
    dest: int
    attacked: frozenset[int] = frozenset()
    path: tuple[int, ...] = field(default=(), compare=False)

    @property
    def kind(self) -> str:
        """``"step"``, ``"friendly"`` or ``"attack"``."""
        if self.attacked:
            return "attack"
        return "step" if self.dest in ADJACENT[self.origin] else "friendly"


# Every step and friendly jump exists once, built at import time, so move generation for
# them allocates nothing.
STEP_MOVES: tuple[tuple[tuple[int, Move], ...], ...] = tuple(
    tuple((n, Move(i, n)) for n in ADJACENT[i]) for i in range(NUM_CELLS)
)
JUMP_MOVES: tuple[tuple[tuple[int, int, Move], ...], ...] = tuple(
    tuple((mid, land, Move(i, land)) for mid, land in JUMPS[i]) for i in range(NUM_CELLS)
)


def _chains(board: str, origin: int, enemy: str) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every attack chain of the piece on ``origin``, as (landing hexes, attacked bitmask),
    in lexicographic order of the landing hexes.

    The origin counts as empty once the piece has left. An attacked piece is never jumped
    again (the bitmask), so the board itself need not change during the chain: landings lie
    on origin + 2·lattice and jumped hexes never do (§2.2.4), so a piece removed during the
    turn never matters for a later landing.
    """

    def extend(cur: int, mask: int, path: tuple[int, ...]):
        for mid, land in JUMPS[cur]:
            if (
                board[mid] in enemy
                and not mask >> mid & 1
                and (board[land] == EMPTY or land == origin)
            ):
                nmask = mask | 1 << mid
                npath = path + (land,)
                yield npath, nmask
                yield from extend(land, nmask, npath)

    return extend(origin, 0, ())


def _mask_cells(mask: int) -> frozenset[int]:
    return frozenset(i for i in range(NUM_CELLS) if mask >> i & 1)


def _attack_moves(board: str, origin: int, enemy: str, out: list[Move]) -> None:
    """Append one move per distinct (destination, attacked set) of the piece on ``origin``.

    A depth-first search in landing order meets the canonical jump order of each move
    first; a state (current hex, attacked set) already met has all its continuations met
    too, so it is pruned.
    """
    seen: set[tuple[int, int]] = set()

    def extend(cur: int, mask: int, path: tuple[int, ...]) -> None:
        for mid, land in JUMPS[cur]:
            if (
                board[mid] in enemy
                and not mask >> mid & 1
                and (board[land] == EMPTY or land == origin)
            ):
                nmask = mask | 1 << mid
                key = (land, nmask)
                if key in seen:
                    continue
                seen.add(key)
                npath = path + (land,)
                out.append(Move(origin, land, _mask_cells(nmask), npath))
                extend(land, nmask, npath)

    extend(origin, 0, ())


def _count(board: str, side: int) -> int:
    own = OWN_PIECES[side]
    return board.count(own[0]) + board.count(own[1])


# ----- position text ----------------------------------------------------------------------


_DIGITS = "0123456789"


def _parse_board(text: str, start: int) -> str:
    """The board field: seven files, each listed from rank 1 upwards."""
    files = text.split("/")
    if len(files) != 7:
        col = start + 1 + (
            len("/".join(files[:7])) if len(files) > 7 else len(text)
        )
        raise NotationError(
            f"the board has {len(files)} files; it needs 7 (a–g) separated by '/'",
            field="board",
            column=col,
        )
    cells: list[str] = []
    offset = start
    for x, ftext in enumerate(files):
        fname = f"file {FILES[x]}"
        height = FILE_HEIGHTS[x]
        count = 0
        i = 0
        while i < len(ftext):
            ch = ftext[i]
            col = offset + i + 1
            if ch in "DdLl":
                if count >= height:
                    raise NotationError(
                        f"{fname} has more than {height} hexes; it has exactly {height}",
                        field=fname,
                        column=col,
                    )
                cells.append(ch)
                count += 1
                i += 1
            elif ch in _DIGITS:
                j = i
                while j < len(ftext) and ftext[j] in _DIGITS:
                    j += 1
                digits = ftext[i:j]
                if digits[0] == "0":
                    raise NotationError(
                        "a number of empty hexes must be at least 1, without leading zero",
                        field=fname,
                        column=col,
                    )
                run = int(digits) if len(digits) <= 3 else 1000
                if count + run > height:
                    raise NotationError(
                        f"{fname} would have {count + run} hexes; it has exactly {height}",
                        field=fname,
                        column=col,
                    )
                cells.extend(EMPTY * run)
                count += run
                i = j
            else:
                raise NotationError(
                    f"unknown character {ch!r} in {fname}; use D, d (Dark full, half), "
                    "L, l (Light full, half) or a number of empty hexes",
                    field=fname,
                    column=col,
                )
        if count != height:
            raise NotationError(
                f"{fname} describes {count} hexes; it has exactly {height}",
                field=fname,
                column=offset + len(ftext) + 1,
            )
        offset += len(ftext) + 1
    return "".join(cells)


# ----- the rules engine -------------------------------------------------------------------


class OferhlypRules(Rules):
    id = "oferhlyp"
    name = "Oferhlýp"
    aliases = ("oferhlýp",)
    description = "Hex checkers: jump in six directions; a piece falls only on its second hit"
    variants = ("v1",)
    uses_seed = False
    always_write_setup = False
    hidden_information = False
    repetition_limit = 2
    endings = ENDINGS

    # ----- sides and variants ---------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        return SIDES

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("#e0a050", "bright_white")

    def variant_of(self, pos: Position) -> str:
        return "v1"

    # ----- positions ------------------------------------------------------------------

    def start(self, variant: str = "v1", seed: int | None = None) -> Position:
        self.parse_variant(variant)
        return self.parse_position(START_TEXT)

    def to_move(self, pos: Position) -> int:
        return pos.side

    def format_position(self, pos: Position) -> str:
        files = []
        i = 0
        for height in FILE_HEIGHTS:
            out = []
            run = 0
            for ch in pos.board[i : i + height]:
                if ch == EMPTY:
                    run += 1
                    continue
                if run:
                    out.append(str(run))
                    run = 0
                out.append(ch)
            if run:
                out.append(str(run))
            files.append("".join(out))
            i += height
        return f"{'/'.join(files)} {SIDE_LETTERS[pos.side]} {pos.fullmove}"

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        if variant is not None:
            self.parse_variant(variant)
        fields = [(f.column - 1, f.text) for f in split_fields(text)]
        if len(fields) < 2:
            raise NotationError(
                "a position is '<files a–g separated by /> <side d or l> [<move number>]', "
                f"e.g. '{START_TEXT}'",
                field="side" if fields else "board",
                column=(fields[0][0] + len(fields[0][1]) + 1) if fields else 1,
            )
        if len(fields) > 3:
            raise NotationError(
                "unexpected extra field after the move number",
                field="position",
                column=fields[3][0] + 1,
            )
        board = _parse_board(fields[0][1], fields[0][0])
        sstart, stext = fields[1]
        if stext not in SIDE_LETTERS:
            raise NotationError(
                f"side to move must be 'd' (Dark) or 'l' (Light), not {stext!r}",
                field="side",
                column=sstart + 1,
            )
        side = SIDE_LETTERS.index(stext)
        fullmove = 1
        if len(fields) == 3:
            mstart, mtext = fields[2]
            for k, ch in enumerate(mtext):
                if ch not in _DIGITS:
                    raise NotationError(
                        f"the move number must be a whole number ≥ 1; {ch!r} is not a digit",
                        field="move number",
                        column=mstart + k + 1,
                    )
            if mtext[0] == "0":
                raise NotationError(
                    "the move number must be at least 1, without leading zero",
                    field="move number",
                    column=mstart + 1,
                )
            fullmove = int(mtext)
        for s in (0, 1):
            n = _count(board, s)
            if n > MAX_PIECES:
                raise NotationError(
                    f"{SIDES[s]} has {n} pieces; a side has at most {MAX_PIECES}",
                    field="board",
                    column=fields[0][0] + 1,
                )
        other = 1 - side
        n = _count(board, other)
        if n <= 1:
            raise NotationError(
                f"{SIDES[other]} has {n} piece{'' if n == 1 else 's'} but is not to move: "
                f"{SIDES[other]} would already have lost, so this position cannot occur",
                field="board",
                column=fields[0][0] + 1,
            )
        return Position(board, side, fullmove)

    # ----- moves --------------------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        board = pos.board
        own = OWN_PIECES[pos.side]
        enemy = OWN_PIECES[1 - pos.side]
        if board.count(own[0]) + board.count(own[1]) <= 1:
            return []
        out: list[Move] = []
        for i in range(NUM_CELLS):
            if board[i] not in own:
                continue
            for n, m in STEP_MOVES[i]:
                if board[n] == EMPTY:
                    out.append(m)
            can_attack = False
            for mid, land, m in JUMP_MOVES[i]:
                t = board[mid]
                if t == EMPTY or board[land] != EMPTY:
                    continue
                if t in own:
                    out.append(m)
                else:
                    can_attack = True
            if can_attack:
                _attack_moves(board, i, enemy, out)
        return out

    def _has_move(self, pos: Position) -> bool:
        """Whether the side to move has any move (a step or any first jump)."""
        board = pos.board
        own = OWN_PIECES[pos.side]
        for i in range(NUM_CELLS):
            if board[i] not in own:
                continue
            for n in ADJACENT[i]:
                if board[n] == EMPTY:
                    return True
            for mid, land in JUMPS[i]:
                if board[mid] != EMPTY and board[land] == EMPTY:
                    return True
        return False

    def apply(self, pos: Position, move: Move) -> Position:
        cells = list(pos.board)
        piece = cells[move.origin]
        cells[move.origin] = EMPTY
        for h in move.attacked:
            cells[h] = HIT[cells[h]]
        cells[move.dest] = piece
        return Position("".join(cells), 1 - pos.side, pos.fullmove + pos.side)

    def outcome(self, pos: Position) -> Outcome | None:
        if _count(pos.board, pos.side) <= 1:
            return Outcome.loss(pos.side, 2, "pieces")
        if not self._has_move(pos):
            return Outcome.loss(pos.side, 2, "no moves")
        return None

    def repetition_key(self, pos: Position) -> Hashable:
        """Board and side to move (§2.2.7); the move number does not count."""
        return (pos.board, pos.side)

    # ----- move text ----------------------------------------------------------------------

    def move_text(self, pos: Position, move: Move) -> str:
        o, d = CELL_NAMES[move.origin], CELL_NAMES[move.dest]
        kind = move.kind
        if kind == "step":
            return f"{o}-{d}"
        if kind == "friendly":
            return f"{o}~{d}"
        return o + "".join("x" + CELL_NAMES[h] for h in move.path)

    def parse_move(self, pos: Position, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError("move text must be a string")
        src = text.strip()
        if not src:
            raise NotationError("empty move text; write e.g. c2-c3, c2~e3 or c2xc4xe3")
        origin, i = _read_cell(src, 0)
        if i >= len(src):
            raise NotationError(
                f"'{src}' is only a hex; write a move such as {src}-… (step), "
                f"{src}~… (friendly jump) or {src}x… (attack)",
                column=i + 1,
            )
        sep = src[i]
        if sep in "-~":
            dest, j = _read_cell(src, i + 1)
            if j != len(src):
                raise NotationError(
                    f"unexpected {src[j]!r} after the move", column=j + 1
                )
            return self._parse_simple(pos, src, origin, dest, sep == "~")
        if sep != "x":
            raise NotationError(
                f"expected '-' (step), '~' (friendly jump) or 'x' (attack), not {sep!r}",
                column=i + 1,
            )
        landings: list[tuple[int, bool | None]] = []
        while i < len(src):
            if src[i] != "x":
                raise NotationError(
                    f"expected 'x' before the next landing hex, not {src[i]!r}", column=i + 1
                )
            land, i = _read_cell(src, i + 1)
            mark: bool | None = None
            if i < len(src) and src[i] == "(":
                close = src.find(")", i)
                token = src[i : close + 1] if close >= 0 else src[i:]
                if token not in MARKS:
                    raise NotationError(
                        f"unknown mark {token!r}; the marks are (-) or (2>1) for a piece "
                        "flipped to half and (r) or (1>0) for a removed piece",
                        column=i + 1,
                    )
                mark = MARKS[token]
                i = close + 1
            landings.append((land, mark))
        return self._parse_attack(pos, src, origin, landings)

    def _check_turn(self, pos: Position, src: str, origin: int) -> None:
        """Reasons common to every move: the game is over, the origin is not ours."""
        out = self.outcome(pos)
        if out is not None:
            raise IllegalMoveError(f"{src}: the game is over ({SIDES[pos.side]} has lost)")
        ch = pos.board[origin]
        name = CELL_NAMES[origin]
        if ch == EMPTY:
            raise IllegalMoveError(f"{src}: there is no piece on {name}")
        if ch not in OWN_PIECES[pos.side]:
            raise IllegalMoveError(
                f"{src}: the piece on {name} is {SIDES[1 - pos.side]}'s, not your piece"
            )

    def _parse_simple(
        self, pos: Position, src: str, origin: int, dest: int, friendly: bool
    ) -> Move:
        """A step (``-``) or a friendly jump (``~``), with a reason when illegal."""
        self._check_turn(pos, src, origin)
        board = pos.board
        dname = CELL_NAMES[dest]
        if not friendly:
            if dest not in ADJACENT[origin]:
                raise IllegalMoveError(f"{src}: a step goes to an adjacent hex")
            if board[dest] != EMPTY:
                raise IllegalMoveError(f"{src}: {dname} is occupied")
            return STEP_MOVES[origin][ADJACENT[origin].index(dest)][1]
        mid = straight_midpoint(origin, dest)
        if mid is None:
            if hex_distance(origin, dest) == 2:
                raise IllegalMoveError(f"{src}: a jump must go straight on: no 60° turns")
            raise IllegalMoveError(
                f"{src}: a friendly jump goes over an adjacent piece of yours to the hex "
                "straight beyond it"
            )
        mname = CELL_NAMES[mid]
        if board[mid] == EMPTY:
            raise IllegalMoveError(f"{src}: there is no piece on {mname} to jump over")
        if board[mid] not in OWN_PIECES[pos.side]:
            raise IllegalMoveError(
                f"{src}: {mname} holds an enemy piece; jumping it is an attack, "
                f"written {CELL_NAMES[origin]}x{dname}"
            )
        if board[dest] != EMPTY:
            raise IllegalMoveError(f"{src}: {dname} is occupied")
        for _, land, m in JUMP_MOVES[origin]:
            if land == dest:
                return m
        raise IllegalMoveError(f"{src} is not a legal move here")  # pragma: no cover

    def _parse_attack(
        self,
        pos: Position,
        src: str,
        origin: int,
        landings: list[tuple[int, bool | None]],
    ) -> Move:
        """Replay the jumps in the order written; map the result to the move."""
        self._check_turn(pos, src, origin)
        board = pos.board
        own = OWN_PIECES[pos.side]
        cur = origin
        attacked: set[int] = set()
        path = []
        for k, (land, mark) in enumerate(landings):
            reason = _jump_refusal(board, own, origin, cur, land, attacked, k > 0)
            if reason:
                raise IllegalMoveError(f"{src}: {reason}")
            mid = straight_midpoint(cur, land)
            assert mid is not None
            removed = board[mid] in "dl"
            if mark is not None and mark != removed:
                state = "half, so it is removed: mark (r) or (1>0)" if removed else (
                    "full, so it turns half: mark (-) or (2>1)"
                )
                raise IllegalMoveError(
                    f"{src}: wrong mark for the piece on {CELL_NAMES[mid]}; it is {state}"
                )
            attacked.add(mid)
            path.append(land)
            cur = land
        wanted = Move(origin, cur, frozenset(attacked))
        for m in self.moves(pos):
            if m == wanted:
                return m
        raise IllegalMoveError(f"{src} is not a legal move here")  # pragma: no cover

    # ----- what the UI draws ----------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False) -> BoardLayout:
        """Hex outlines in ASCII either way (so ``ascii`` changes nothing). The full drawing
        is 48×27 with each hex's name inside it; the compact one is 31×15, a hex two lines
        tall showing its piece over its rank, the file letters above and below (its top)::

                    ___     ___
                ___/ ○ \\___/ ○ \\___
            ___/ ○ \\_6_/ ○ \\_6_/ ○ \\___
           / ○ \\_5_/ ○ \\_5_/ ○ \\_5_/ ○ \\
           \\_4_/ ○ \\_5_/ ○ \\_5_/ ○ \\_4_/
        """
        return _layout(flipped, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        return {name: _VIEWS[pos.board[i]] for i, name in enumerate(CELL_NAMES)}

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        b = pos.board
        return tuple(f"{b.count(full)} full · {b.count(half)} half" for full, half in OWN_PIECES)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        if not move.attacked:
            return ((cell(CELL_NAMES[move.origin]), cell(CELL_NAMES[move.dest])),)
        orders = []
        enemy = OWN_PIECES[1 - pos.side]
        full = 0
        for h in move.attacked:
            full |= 1 << h
        for path, mask in _chains(pos.board, move.origin, enemy):
            if mask == full and path[-1] == move.dest:
                orders.append(path)
        return tuple(
            (cell(CELL_NAMES[move.origin]),) + tuple(cell(CELL_NAMES[h]) for h in p)
            for p in orders
        )

    def _paths(self, pos: Position) -> list[tuple[str, ...]]:
        """Every pick path of every legal move, as tuples of cell names."""
        out = []
        for m in self.moves(pos):
            for p in self.pick_paths(pos, m):
                out.append(tuple(pk.key for pk in p))
        return out

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        keys = tuple(p.key for p in picks)
        if not keys:
            return "select one of your pieces"  # the status line names the mover
        n = len(keys)
        paths = self._paths(pos)
        longer = [p for p in paths if len(p) > n and p[:n] == keys]
        if not longer:
            if keys in paths:
                return "select this hex again to stop here"
            return "select a highlighted hex"
        if n >= 2:
            return "select the next hex to jump to, or select this hex again to stop here"
        origin = CELL_INDEX[keys[0]]
        kinds = set()
        for p in longer:
            d = CELL_INDEX[p[1]]
            if d in ADJACENT[origin]:
                kinds.add(0)
            elif pos.board[straight_midpoint(origin, d)] in OWN_PIECES[pos.side]:
                kinds.add(1)
            else:
                kinds.add(2)
        parts = [
            text
            for k, text in (
                (0, "an empty hex next to it to step to"),
                (1, "a hex beyond one of your pieces for a friendly jump"),
                (2, "a hex beyond an enemy piece to attack it"),
            )
            if k in kinds
        ]
        return "select " + ", or ".join(parts)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        if pick.kind != "cell" or pick.key not in CELL_INDEX:
            return "select a hex of the board"
        board = pos.board
        own = OWN_PIECES[pos.side]
        target = CELL_INDEX[pick.key]
        keys = tuple(p.key for p in picks)
        if any(k not in CELL_INDEX for k in keys):
            return "that is not a legal choice here"
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
            if target == origin:
                return "select where this piece goes"
            if board[target] != EMPTY:
                return "that hex is occupied"
            if target in ADJACENT[origin]:
                return "that piece cannot step there"  # pragma: no cover
            return _jump_refusal(board, own, origin, origin, target, set(), False) or (
                "that is not a legal choice here"
            )
        second = CELL_INDEX[keys[1]]
        if second in ADJACENT[origin]:
            return "a step ends the turn"
        mid = straight_midpoint(origin, second)
        if mid is not None and board[mid] in own:
            return "a friendly jump ends the turn"
        # an attack chain so far: replay it to know the attacked pieces
        attacked: set[int] = set()
        cur = origin
        for k in keys[1:]:
            land = CELL_INDEX[k]
            if _jump_refusal(board, own, origin, cur, land, attacked, cur != origin):
                return "that is not a legal choice here"
            m = straight_midpoint(cur, land)
            assert m is not None
            attacked.add(m)
            cur = land
        if target == cur:
            return "that is not a legal choice here"  # pragma: no cover
        if target in ADJACENT[cur]:
            if board[target] == EMPTY or target == origin:
                return "an attack cannot be followed by a step"
            return "that hex is occupied"
        return _jump_refusal(board, own, origin, cur, target, attacked, True) or (
            "that is not a legal choice here"
        )

    def policy(self) -> Policy:
        from .computer import policy  # the computer's knowledge, loaded when first asked

        return policy()


def _read_cell(src: str, i: int) -> tuple[int, int]:
    """Read a cell name at ``src[i:]``; return (cell index, index after it)."""
    if i >= len(src):
        raise NotationError("a hex name (e.g. c2) is missing at the end", column=i + 1)
    letter = src[i]
    if not ("a" <= letter <= "z"):
        raise NotationError(
            f"expected a hex name such as c2, not {letter!r}", column=i + 1
        )
    j = i + 1
    while j < len(src) and src[j] in _DIGITS:
        j += 1
    name = src[i:j]
    if j == i + 1:
        raise NotationError(f"the hex name {name!r} lacks its rank number", column=i + 1)
    if name not in CELL_INDEX:
        if letter not in FILES:
            raise NotationError(f"{name} is not a hex: the files are a–g", column=i + 1)
        height = FILE_HEIGHTS[FILES.index(letter)]
        raise NotationError(
            f"{name} is not a hex: file {letter} has ranks 1–{height}", column=i + 1
        )
    return CELL_INDEX[name], j


def _jump_refusal(
    board: str,
    own: str,
    origin: int,
    cur: int,
    land: int,
    attacked: set[int],
    in_chain: bool,
) -> str | None:
    """Why a jump of an attack from ``cur`` to ``land`` is illegal, or None if it is legal.
    ``attacked`` holds the hexes already attacked this turn; ``origin`` counts as empty."""
    lname = CELL_NAMES[land]
    mid = straight_midpoint(cur, land)
    if mid is None:
        if land == cur:
            return "a jump must move the piece"
        if hex_distance(cur, land) == 2:
            return "a jump must go straight on: no 60° turns"
        if land in ADJACENT[cur]:
            return (
                "an attack cannot be followed by a step"
                if in_chain
                else "an attack jumps over the adjacent piece to the hex straight beyond it"
            )
        return "too far: a jump goes over one adjacent piece to the hex straight beyond it"
    mname = CELL_NAMES[mid]
    if board[mid] == EMPTY:
        return f"there is no piece on {mname} to jump over"
    if mid in attacked:
        return f"that piece ({mname}) was already attacked this turn"
    if board[mid] in own:
        if in_chain:
            return "a chain attack jumps only enemy pieces: no friendly jump after an attack"
        return (
            f"{mname} holds your own piece: that is a friendly jump, written "
            f"{CELL_NAMES[cur]}~{lname}"
        )
    if board[land] != EMPTY and land != origin:
        return f"that hex ({lname}) is occupied"
    return None


# ----- drawing ------------------------------------------------------------------------

_VIEWS: dict[str, CellView] = {
    EMPTY: CellView("·", ".", None, False),
    DARK_FULL: CellView("●", "D", 0, True),
    DARK_HALF: CellView("◐", "d", 0, False),
    LIGHT_FULL: CellView("○", "L", 1, True),
    LIGHT_HALF: CellView("◌", "l", 1, False),
}

@dataclass(frozen=True)
class _Drawing:
    """One way to draw the board: the picture of one hex, repeated at every cell.

    In ``picture`` a space is transparent (it leaves the neighbours' strokes alone), the run
    of ``#`` is the cell rectangle and ``{}`` takes the hex's label. The first line is the
    hex's top edge; it is drawn only where no hex sits directly above, since otherwise it is
    the bottom edge of that hex. Files lie ``step_x`` columns apart and a half-hex step
    (one unit of doubled height) takes ``step_y`` lines.
    """

    picture: tuple[str, ...]
    step_x: int
    step_y: int
    margin_x: int
    #: label a hex with its rank alone (the file letter is above and below its file)
    rank_only: bool


#: §2.2.1's flat-topped hex outlines, a hex five lines tall: the piece on its middle line and
#: its name on the line below
_FULL = _Drawing(
    picture=(
        "  ____  ",
        " /    \\ ",
        "/ #### \\",
        "\\  {}  /",
        " \\____/ ",
    ),
    step_x=6,
    step_y=2,
    margin_x=2,
    rank_only=False,
)

#: the compact drawing (80×24 terminals): the same tiling with a hex two lines tall, the
#: piece on its upper line and its rank on its bottom edge, so that a hex's six neighbours
#: are its six nearest cells (two lines above and below, one line and four columns aside)
_COMPACT = _Drawing(
    picture=(
        " ___ ",
        "/###\\",
        "\\_{}_/",
    ),
    step_x=4,
    step_y=1,
    margin_x=1,
    rank_only=True,
)

#: lines above the board (the file-letter row), and as many below
_TOP = 1


def _layout(flipped: bool, compact: bool = False) -> BoardLayout:
    """The board drawn with ``_FULL`` or ``_COMPACT`` hexes; file letters run along the top
    and bottom edges. Flipped, the board is turned through 180° (labels stay upright)."""
    d = _COMPACT if compact else _FULL
    pic_w, pic_h = len(d.picture[0]), len(d.picture)
    width = d.margin_x * 2 + d.step_x * 6 + pic_w
    height = _TOP * 2 + d.step_y * 10 + pic_h
    grid = [[" "] * width for _ in range(height)]

    def put(row: int, col: int, text: str) -> None:
        for k, ch in enumerate(text):
            if ch != " ":
                grid[row][col + k] = ch

    def screen(x: int, y: int) -> tuple[int, int]:
        return (6 - x, 10 - y) if flipped else (x, y)

    on_screen = {screen(x, y) for x, y in CELL_XY}
    cell_line = next(line for line in d.picture if "#" in line)
    glyph_col = cell_line.index("#") + (cell_line.count("#") - 1) // 2
    specs = []
    for i, (x, y) in enumerate(CELL_XY):
        sx, sy = screen(x, y)
        top = _TOP + (10 - sy) * d.step_y
        left = d.margin_x + d.step_x * sx
        label = CELL_NAMES[i][1:] if d.rank_only else CELL_NAMES[i]
        for k, line in enumerate(d.picture):
            if k == 0 and (sx, sy + 2) in on_screen:
                continue
            if "#" in line:
                specs.append(CellSpec(CELL_NAMES[i], top + k, left + line.index("#"),
                                      line.count("#"), 1, "hex"))
                line = line.replace("#", " ")
            put(top + k, left, line.format(label))
    for sx in range(7):
        letter = FILES[6 - sx] if flipped else FILES[sx]
        col = d.margin_x + d.step_x * sx + glyph_col
        put(0, col, letter)
        put(height - 1, col, letter)
    background = tuple("".join(row) for row in grid)
    return BoardLayout(width, height, background, tuple(specs))


RULES = OferhlypRules()
