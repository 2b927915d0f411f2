"""The rules of Four in a Row: the lines of four, the legal moves, making a move, how the
game ends, and which positions cannot arise in a game. Start here to learn the game.

Red and Yellow drop discs in turn; a disc falls to the lowest empty cell of its column.
Four discs of one side in a line (along a row, a column or a diagonal) win; a full board
without such a line is a draw.
"""

from __future__ import annotations

from functools import cache

from ogames.core.errors import IllegalMoveError
from ogames.core.outcome import Outcome

from .notation import DISC_LETTERS, FILES, VARIANT_SIZES, Move, Position, WrittenMove, cell_name

#: how many in a line win
LINE = 4
#: the Termination keywords of the two ways a game ends
FOUR, FULL = "four", "board full"
#: the four directions of a line: along a row, up a column, and the two diagonals
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@cache
def lines(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Every line of four cells on the board, each as indices into ``Position.grid``
    (69 on the 7×6 board)."""
    out = []
    for r in range(height):
        for c in range(width):
            for dc, dr in DIRECTIONS:
                ends = (c + dc * (LINE - 1), r + dr * (LINE - 1))
                if 0 <= ends[0] < width and 0 <= ends[1] < height:
                    out.append(tuple((r + dr * k) * width + c + dc * k for k in range(LINE)))
    return tuple(out)


@cache
def lines_through(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell (a ``grid`` index), the lines of four it is part of."""
    through: list[list[tuple[int, ...]]] = [[] for _ in range(width * height)]
    for line in lines(width, height):
        for index in line:
            through[index].append(line)
    return tuple(tuple(ls) for ls in through)


def start_position(variant: str) -> Position:
    """The empty board of ``variant``, Red to drop first."""
    width, height = VARIANT_SIZES[variant]
    return Position(width, height, ("",) * width, 0)


# ----- the end ----------------------------------------------------------------------------------


def fours(pos: Position) -> list[tuple[int, ...]]:
    """The lines of four that one side fills (a finished game has one or more, all the
    last mover's)."""
    grid = pos.grid
    return [line for line in lines(pos.width, pos.height)
            if grid[line[0]] >= 0 and all(grid[i] == grid[line[0]] for i in line)]


def is_full(pos: Position) -> bool:
    return all(len(col) == pos.height for col in pos.columns)


def outcome(pos: Position) -> Outcome | None:
    """A four wins for its side (``four``); a full board without one is a draw (``board
    full``); otherwise the game goes on."""
    found = fours(pos)
    if found:
        return Outcome.win(pos.grid[found[0][0]], 2, FOUR)
    if is_full(pos):
        return Outcome.shared((0, 1), 2, FULL)
    return None


# ----- moves --------------------------------------------------------------------------------------


def generate_moves(pos: Position) -> list[Move]:
    """A drop into every column that is not full; none once the game is over."""
    if outcome(pos) is not None:
        return []
    return [Move(c) for c, col in enumerate(pos.columns) if len(col) < pos.height]


def landing_row(pos: Position, column: int) -> int | None:
    """The row a disc dropped into ``column`` lands on, or None when the column is full."""
    n = len(pos.columns[column])
    return n if n < pos.height else None


def apply_move(pos: Position, move: Move) -> Position:
    """The position after dropping a disc of the side to move into the move's column."""
    columns = list(pos.columns)
    columns[move.column] += DISC_LETTERS[pos.turn]
    return Position(pos.width, pos.height, tuple(columns), 1 - pos.turn)


def move_from_text(pos: Position, written: WrittenMove) -> Move:
    """The legal move a written move names, or IllegalMoveError saying why it is not one."""
    if outcome(pos) is not None:
        raise IllegalMoveError(f"{written.text}: the game is over")
    row = landing_row(pos, written.column)
    if row is None:
        raise IllegalMoveError(f"{written.text}: column {FILES[written.column]} is full")
    if written.row is not None and written.row != row:
        raise IllegalMoveError(f"{written.text}: a disc dropped into column "
                               f"{FILES[written.column]} lands on "
                               f"{cell_name(written.column, row)}")
    return Move(written.column)


def winning_drops(pos: Position, side: int) -> list[int]:
    """The columns where a disc of ``side`` dropped now would make four (a threat when it
    is the opponent's)."""
    grid, width = pos.grid, pos.width
    through = lines_through(pos.width, pos.height)
    out = []
    for c, col in enumerate(pos.columns):
        if len(col) == pos.height:
            continue
        index = len(col) * width + c
        if any(all(grid[i] == side for i in line if i != index) for line in through[index]):
            out.append(c)
    return out


# ----- positions that cannot arise -----------------------------------------------------------------


def unreachable_reason(pos: Position) -> str | None:
    """Why no game can reach ``pos``, or None. Red drops first, so Red has as many discs
    as Yellow (Red to move) or one more (Yellow to move); a four belongs to the side that
    has just moved, and all its fours share the disc it dropped last (the top of its
    column), since the game ended as soon as there was one."""
    red, yellow = pos.discs(0), pos.discs(1)
    if red - yellow != pos.turn:
        to_move = "Red" if pos.turn == 0 else "Yellow"
        return (f"{red} red and {yellow} yellow discs with {to_move} to move: Red drops "
                "first, so Red has as many discs as Yellow, or one more when Yellow is to move")
    found = fours(pos)
    if not found:
        return None
    if any(pos.grid[line[0]] == pos.turn for line in found):
        return "the side to move already has four in a line"
    shared = set.intersection(*(set(line) for line in found))
    if not any(i // pos.width == len(pos.columns[i % pos.width]) - 1 for i in shared):
        return "these fours could not all have been made by the last disc dropped"
    return None
