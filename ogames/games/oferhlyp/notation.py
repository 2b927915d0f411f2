"""Oferhlýp positions and moves as values, and their text (CLARIFICATIONS §2.2.1, §2.2.8–9).

The board is 35 flat-topped hexes in seven vertical files a–g of 4, 5, 6, 5, 6, 5, 4 cells.
A cell is named by its file letter and its rank counted from the bottom of that file
(``a1``–``a4``, ``b1``–``b5``, ``c1``–``c6`` …). Internally a cell is an index 0–34 in
canonical cell order (a1 … a4, b1 … g4), which is also the order in which the position
string lists the cells; the board is a 35-character string over ``.DdLl``.

Position text, two or three fields::

    <file a>/<file b>/…/<file g> <side d or l> [<move number>]
    D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1

Move text: ``c2-c3`` (step), ``c2~e3`` (friendly jump), ``c2xc4xe3`` (attack; a mark such
as ``(-)`` or ``(r)`` may follow a landing hex). Reading the text checks its form only;
whether the move is legal is :mod:`.play`'s question.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ogames.core.errors import NotationError
from ogames.core.notation import compress_empty, expand_empty, parse_number, split_fields

from .about import SIDES

# ----- the board's cells and pieces ---------------------------------------------------------

#: file letters, Dark's left to right
FILES = "abcdefg"
#: number of cells in each file a–g
FILE_HEIGHTS = (4, 5, 6, 5, 6, 5, 4)
#: lowest doubled-height y of each file ("doubled height" coordinates, §2.2.1)
YMIN = (2, 1, 0, 1, 0, 1, 2)

SIDE_LETTERS = ("d", "l")
MAX_PIECES = 12

EMPTY = "."
DARK_FULL, DARK_HALF, LIGHT_FULL, LIGHT_HALF = "D", "d", "L", "l"
#: the piece letters of each side (index = side)
OWN_PIECES = ("Dd", "Ll")

#: the standard start (§2.2.8)
START_TEXT = "D2L/DD1LL/DD2LL/DD1LL/DD2LL/DD1LL/D2L d 1"

#: accepted attack marks → True when the mark says "removed", False for "flipped to half"
MARKS = {"(-)": False, "(2>1)": False, "(r)": True, "(1>0)": True}

#: the rules set no upper limit on the move number (§2.2.8); Python reads whole numbers of
#: at most 4,300 digits, so reading stops there
MOVE_NUMBER_DIGITS = 4300

# Cells in canonical order with their doubled-height coordinates.
CELL_NAMES: tuple[str, ...] = tuple(
    f"{FILES[x]}{rank}" for x in range(7) for rank in range(1, FILE_HEIGHTS[x] + 1)
)
CELL_XY: tuple[tuple[int, int], ...] = tuple(
    (x, YMIN[x] + 2 * (rank - 1)) for x in range(7) for rank in range(1, FILE_HEIGHTS[x] + 1)
)
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
NUM_CELLS = len(CELL_NAMES)

_DIGITS = "0123456789"


def count_pieces(board: str, side: int) -> int:
    """How many pieces (full or half) ``side`` has on ``board``."""
    own = OWN_PIECES[side]
    return board.count(own[0]) + board.count(own[1])


# ----- positions and moves ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A board (35 characters over ``.DdLl`` in canonical cell order), the side to move
    (0 Dark, 1 Light) and the fullmove number (+1 after each Light move)."""

    board: str
    side: int
    fullmove: int = 1

    def __repr__(self) -> str:
        return format_position(self)


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
        """``"step"``, ``"friendly"`` or ``"attack"``. A step goes to a neighbour: one hex
        away is two units of doubled-height coordinates (``|dx| + |dy| == 2``), a jump
        four."""
        if self.attacked:
            return "attack"
        (xa, ya), (xb, yb) = CELL_XY[self.origin], CELL_XY[self.dest]
        return "step" if abs(xa - xb) + abs(ya - yb) == 2 else "friendly"

    def __repr__(self) -> str:
        return format_move(self)


# ----- position text ----------------------------------------------------------------------


def format_position(pos: Position) -> str:
    """The canonical position text: each file from rank 1 upwards, empty runs as digits."""
    files = []
    i = 0
    for height in FILE_HEIGHTS:
        files.append(compress_empty(pos.board[i : i + height], EMPTY))
        i += height
    return f"{'/'.join(files)} {SIDE_LETTERS[pos.side]} {pos.fullmove}"


def parse_position(text: str) -> Position:
    """Read position text (§2.2.8); a NotationError names the field and column of the
    first fault. Besides the form, a position the rules can never reach is refused: more
    than 12 pieces of a side, or the side *not* to move already beaten (one piece or
    none)."""
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
    side = _parse_side(*fields[1])
    fullmove = _parse_move_number(*fields[2]) if len(fields) == 3 else 1
    _check_reachable(board, side, fields[0][0] + 1)
    return Position(board, side, fullmove)


def _parse_board(text: str, start: int) -> str:
    """The board field: seven files, each listed from rank 1 upwards. ``start`` is the
    0-based column of the field in the whole text."""
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
        cells.extend(_parse_file(x, ftext, offset))
        offset += len(ftext) + 1
    return "".join(cells)


def _parse_file(x: int, ftext: str, offset: int) -> list[str]:
    """The cells of file ``x`` (``a`` is 0) from its text, which starts at 0-based column
    ``offset`` of the whole text."""
    fname = f"file {FILES[x]}"
    height = FILE_HEIGHTS[x]
    cells: list[str] = []
    for token in expand_empty(ftext, field=fname, column=offset + 1, limit=height):
        col = offset + token.offset + 1
        if token.run:
            if len(cells) + token.run > height:
                raise NotationError(
                    f"{fname} would have {len(cells) + token.run} hexes; "
                    f"it has exactly {height}",
                    field=fname,
                    column=col,
                )
            cells.extend(EMPTY * token.run)
        elif token.symbol in "DdLl":
            if len(cells) >= height:
                raise NotationError(
                    f"{fname} has more than {height} hexes; it has exactly {height}",
                    field=fname,
                    column=col,
                )
            cells.append(token.symbol)
        else:
            raise NotationError(
                f"unknown character {token.symbol!r} in {fname}; use D, d (Dark full, half), "
                "L, l (Light full, half) or a number of empty hexes",
                field=fname,
                column=col,
            )
    if len(cells) != height:
        raise NotationError(
            f"{fname} describes {len(cells)} hexes; it has exactly {height}",
            field=fname,
            column=offset + len(ftext) + 1,
        )
    return cells


def _parse_side(start: int, text: str) -> int:
    """The side-to-move field: ``d`` → 0 (Dark), ``l`` → 1 (Light)."""
    if text not in SIDE_LETTERS:
        raise NotationError(
            f"side to move must be 'd' (Dark) or 'l' (Light), not {text!r}",
            field="side",
            column=start + 1,
        )
    return SIDE_LETTERS.index(text)


def _parse_move_number(start: int, text: str) -> int:
    """The move-number field: a whole number ≥ 1 without leading zero, of any size Python
    can read (at most ``MOVE_NUMBER_DIGITS`` digits)."""
    for k, ch in enumerate(text):
        if ch not in _DIGITS:
            raise NotationError(
                f"the move number must be a whole number ≥ 1; {ch!r} is not a digit",
                field="move number",
                column=start + k + 1,
            )
    if text[0] == "0":
        raise NotationError(
            "the move number must be at least 1, without leading zero",
            field="move number",
            column=start + 1,
        )
    if len(text) > MOVE_NUMBER_DIGITS:
        raise NotationError(
            f"the move number has {len(text)} digits; at most {MOVE_NUMBER_DIGITS} are read",
            field="move number",
            column=start + 1,
        )
    # The only bound is the length just checked: passing 10**4300 - 1 as ``high`` would
    # cost parse_number a 4,300-digit str() on every position read, and print it whole.
    return parse_number(text, field="move number", column=start + 1, low=1,
                        high=10 ** len(text) - 1)


def _check_reachable(board: str, side: int, column: int) -> None:
    """Refuse a board no game can reach (§1.5 validity principle, §2.2.8): more than
    ``MAX_PIECES`` pieces of a side, or the side not to move with at most one piece (it
    would already have lost). ``column`` is the board field's, for the error."""
    for s in (0, 1):
        n = count_pieces(board, s)
        if n > MAX_PIECES:
            raise NotationError(
                f"{SIDES[s]} has {n} pieces; a side has at most {MAX_PIECES}",
                field="board",
                column=column,
            )
    other = 1 - side
    n = count_pieces(board, other)
    if n <= 1:
        raise NotationError(
            f"{SIDES[other]} has {n} piece{'' if n == 1 else 's'} but is not to move: "
            f"{SIDES[other]} would already have lost, so this position cannot occur",
            field="board",
            column=column,
        )


# ----- move text ----------------------------------------------------------------------


def format_move(move: Move) -> str:
    """The canonical move text: ``c2-c3``, ``c2~e3`` or ``c2xc4xe3`` (the landings of the
    canonical jump order, no marks). It needs no position."""
    o, d = CELL_NAMES[move.origin], CELL_NAMES[move.dest]
    kind = move.kind
    if kind == "step":
        return f"{o}-{d}"
    if kind == "friendly":
        return f"{o}~{d}"
    return o + "".join("x" + CELL_NAMES[h] for h in move.path)


class WrittenMove(NamedTuple):
    """A move as written, its form checked but not yet its legality.

    ``sep`` is ``-`` (step), ``~`` (friendly jump) or ``x`` (attack). ``landings`` are the
    landing hexes in the order written, each with its mark: True "removed", False "flipped
    to half", None unmarked (a step or friendly jump has one unmarked landing)."""

    src: str
    origin: int
    sep: str
    landings: tuple[tuple[int, bool | None], ...]


def parse_move_text(text: str) -> WrittenMove:
    """Read move text (§2.2.9); a NotationError says what is wrong and where."""
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
        return WrittenMove(src, origin, sep, ((dest, None),))
    if sep != "x":
        raise NotationError(
            f"expected '-' (step), '~' (friendly jump) or 'x' (attack), not {sep!r}",
            column=i + 1,
        )
    return WrittenMove(src, origin, sep, _read_landings(src, i))


def _read_landings(src: str, i: int) -> tuple[tuple[int, bool | None], ...]:
    """The ``x``-prefixed landing hexes (each with its optional mark) from ``src[i:]``."""
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
    return tuple(landings)


def _read_cell(src: str, i: int) -> tuple[int, int]:
    """Read a cell name at ``src[i:]``; return (cell index, index after it). The rank is
    looked up with its letter as a name, never converted to a number, so a rank of any
    length is simply not a hex."""
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
