"""Four in a Row's values and their text: the board's sizes, its cells and their names,
the ``Position`` and ``Move`` values, and reading and writing position and move text.
Nothing here knows which moves are legal: that is :mod:`.play`.

Representation. A position keeps each column as a string of the discs in it, bottom
first (``"RRY"``: two red discs under a yellow one): gravity is then the shape of the
value itself, and a drop is one string appended to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ogames.core.errors import NotationError
from ogames.core.notation import compress_empty, expand_empty, split_fields

from .about import VARIANTS

#: the variants, first = default, with their (columns, rows)
VARIANT_SIZES: dict[str, tuple[int, int]] = dict(zip(VARIANTS, ((7, 6), (8, 7)), strict=True))

#: the disc letters of position text, in side order, and the side-to-move letters
DISC_LETTERS = ("R", "Y")
SIDE_LETTERS = ("r", "y")
FILES = "abcdefgh"
EMPTY = "."


def cell_name(column: int, row: int) -> str:
    """``d1`` for the bottom cell of the fourth column (rows count from 1 at the bottom)."""
    return f"{FILES[column]}{row + 1}"


@dataclass(frozen=True)
class Position:
    """The board (its size and each column's discs, bottom first) and the side to move."""

    width: int
    height: int
    columns: tuple[str, ...]
    turn: int

    @cached_property
    def grid(self) -> tuple[int, ...]:
        """The owner of every cell, row by row from the bottom (``row * width + column``):
        a side index, or -1 for an empty cell. Computed once per position."""
        out = [-1] * (self.width * self.height)
        for c, discs in enumerate(self.columns):
            for r, letter in enumerate(discs):
                out[r * self.width + c] = DISC_LETTERS.index(letter)
        return tuple(out)

    def owner(self, column: int, row: int) -> int | None:
        """The side whose disc is on the cell, or None."""
        who = self.grid[row * self.width + column]
        return None if who < 0 else who

    def discs(self, side: int) -> int:
        letter = DISC_LETTERS[side]
        return sum(col.count(letter) for col in self.columns)


@dataclass(frozen=True, order=True)
class Move:
    """A disc dropped into ``column`` (0-based): it falls to the lowest empty cell."""

    column: int


# ----- position text ----------------------------------------------------------------------------


def format_position(pos: Position) -> str:
    """The rows from the top down, each from column a: ``R`` and ``Y`` for discs, a number
    for a run of empty cells; then ``r`` or ``y`` for the side to move."""
    rows = []
    for row in reversed(range(pos.height)):
        cells = (col[row] if row < len(col) else EMPTY for col in pos.columns)
        rows.append(compress_empty(cells, EMPTY))
    return f"{'/'.join(rows)} {SIDE_LETTERS[pos.turn]}"


def parse_position(text: str, wanted: tuple[int, int] | None = None) -> Position:
    """Read position text. ``wanted``: the (columns, rows) the text must have. Raises
    NotationError naming the field and the 1-based column of the offending text."""
    fields = split_fields(text)
    if len(fields) != 2:
        raise NotationError(f"a position has 2 fields (the board, the side to move), not "
                            f"{len(fields)}", field="position", column=1)
    board, side = fields
    rows = _rows(board.text, board.column)
    size = (len(rows[0][1]), len(rows))
    if size not in VARIANT_SIZES.values():
        raise NotationError(f"the board is {size[0]}×{size[1]}; it must be "
                            f"{' or '.join(VARIANT_SIZES)}", field="board", column=board.column)
    if wanted is not None and size != wanted:
        raise NotationError(f"the board is {size[0]}×{size[1]}, not {wanted[0]}×{wanted[1]}",
                            field="board", column=board.column)
    if side.text not in SIDE_LETTERS:
        raise NotationError(f"the side to move is r or y, not '{side.text}'", field="side",
                            column=side.column)
    return Position(size[0], size[1], _columns(rows, size), SIDE_LETTERS.index(side.text))


def _rows(text: str, column: int) -> list[tuple[int, list[str]]]:
    """Each row's 1-based column in the whole text and its cells, top row first."""
    rows = []
    offset = 0
    widest = max(VARIANT_SIZES.values())[0]
    for number, chunk in enumerate(text.split("/"), 1):
        at = column + offset
        cells: list[str] = []
        for token in expand_empty(chunk, field=f"row {number}", column=at, limit=widest):
            if token.run:
                cells.extend(EMPTY * token.run)
            elif token.symbol in DISC_LETTERS:
                cells.append(token.symbol)
            else:
                raise NotationError(f"'{token.symbol}' is not a disc (R or Y) or a number",
                                    field=f"row {number}", column=at + token.offset)
            if len(cells) > widest:
                raise NotationError(f"a row has at most {widest} cells",
                                    field=f"row {number}", column=at)
        if rows and len(cells) != len(rows[0][1]):
            raise NotationError(f"row {number} has {len(cells)} cells, row 1 has "
                                f"{len(rows[0][1])}", field=f"row {number}", column=at)
        rows.append((at, cells))
        offset += len(chunk) + 1
    return rows


def _columns(rows: list[tuple[int, list[str]]], size: tuple[int, int]) -> tuple[str, ...]:
    """Each column's discs from the bottom; a disc above an empty cell is refused (discs
    fall to the bottom)."""
    width, height = size
    columns = []
    for c in range(width):
        bottom_up = [rows[height - 1 - r][1][c] for r in range(height)]
        discs = "".join(bottom_up).rstrip(EMPTY)
        if EMPTY in discs:
            r = discs.index(EMPTY)
            at = rows[height - 1 - r][0]
            raise NotationError(f"{cell_name(c, r)} is empty under a disc: discs fall to the "
                                "bottom of their column", field=f"row {height - r}", column=at)
        columns.append(discs)
    return tuple(columns)


# ----- move text --------------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([a-z])([0-9]{1,2})?")


def move_text(move: Move) -> str:
    """The column's letter: ``d``."""
    return FILES[move.column]


@dataclass(frozen=True)
class WrittenMove:
    """A move as the player wrote it: read, but not yet judged against the position."""

    text: str  # the move text without surrounding whitespace
    column: int
    row: int | None  # the row of a cell written as ``d3`` (0-based), else None


def read_move(width: int, height: int, text: str) -> WrittenMove:
    """The column (and the cell, when one is written) of a move text, or NotationError:
    ``d``, or the cell the disc lands on, ``d1``."""
    stripped = text.strip()
    m = _MOVE_RE.fullmatch(stripped.lower())
    if m is None:
        raise NotationError(f"'{stripped}' is not a Four in a Row move; write the column's "
                            "letter, such as d", field="move")
    column = FILES.find(m[1])
    if column < 0 or column >= width:
        raise NotationError(f"'{stripped}': there is no column {m[1]} (columns "
                            f"a–{FILES[width - 1]})", field="move")
    row = None
    if m[2] is not None:
        row = int(m[2]) - 1
        if not 0 <= row < height:
            raise NotationError(f"'{stripped}': there is no row {m[2]} (rows 1–{height})",
                                field="move")
    return WrittenMove(stripped, column, row)
