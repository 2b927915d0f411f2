"""What the player sees of an Onitama game: the board drawing (full and compact), what
stands on each square, the one-line summary of each side, the card panel, and the picks
(squares and cards) that enter a move. Nothing here decides how a game goes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ogames.core.board import (
    BoardLayout,
    CellSpec,
    CellView,
    PanelItem,
    PanelSection,
    Pick,
    cell,
    item,
)

from .notation import (
    ARCH,
    BLUE,
    CARD_BY_NAME,
    EMPTY,
    FILES,
    MASTER,
    OWN,
    RED,
    SIDE_NAMES,
    SIZE,
    SQUARES,
    STUDENT,
    Card,
    Move,
    Position,
)
from .play import outcome

#: board character → (glyph, ascii): filled shapes are Red, hollow ones Blue; a diamond is a
#: master, a disc a student, so owner and rank differ by shape as well as colour
GLYPHS = {
    "R": ("◆", "R"),
    "r": ("●", "r"),
    "B": ("◇", "B"),
    "b": ("○", "b"),
}
SQ_W, SQ_H = 9, 4  # a square on the canvas: 9 columns × 4 lines (about square)
#: a square in the compact drawing: 5 columns × 2 lines (still about square on a terminal,
#: wide enough for a glyph with the cursor's brackets, ``[◆]``)
COMPACT_SQ_W, COMPACT_SQ_H = 5, 2
BOARD_LEFT, BOARD_TOP = 4, 2  # where square a5 (unflipped) starts


def layout(*, flipped: bool = False, ascii: bool = False, compact: bool = False) -> BoardLayout:
    """The board in a box frame, file letters above and below, rank numbers left and
    right, the two temple arches shaded as zones. Full: squares of 9 columns × 4 lines
    (53 × 24). Compact: the same drawing with squares of 5 columns × 2 lines (33 × 14),
    each piece on the upper line of its square, beside its rank number."""
    sq_w, sq_h = (COMPACT_SQ_W, COMPACT_SQ_H) if compact else (SQ_W, SQ_H)
    width = BOARD_LEFT + SIZE * sq_w + 4
    height = BOARD_TOP + SIZE * sq_h + 2
    h, v, corners = ("-", "|", "++++") if ascii else ("─", "│", "┌┐└┘")
    grid = [[" "] * width for _ in range(height)]
    right = BOARD_LEFT + SIZE * sq_w  # the right border column
    bottom = BOARD_TOP + SIZE * sq_h  # the bottom border line
    for c in range(BOARD_LEFT, right):
        grid[BOARD_TOP - 1][c] = h
        grid[bottom][c] = h
    for r in range(BOARD_TOP, bottom):
        grid[r][BOARD_LEFT - 1] = v
        grid[r][right] = v
    grid[BOARD_TOP - 1][BOARD_LEFT - 1], grid[BOARD_TOP - 1][right] = corners[0], corners[1]
    grid[bottom][BOARD_LEFT - 1], grid[bottom][right] = corners[2], corners[3]
    cells = []
    for sq, name in enumerate(SQUARES):
        file, rank = sq % SIZE, sq // SIZE + 1
        col_index = SIZE - 1 - file if flipped else file
        row_index = rank - 1 if flipped else SIZE - rank
        col = BOARD_LEFT + col_index * sq_w
        row = BOARD_TOP + row_index * sq_h
        if sq == ARCH[RED]:
            shade = "zone0"
        elif sq == ARCH[BLUE]:
            shade = "zone1"
        else:
            shade = "dark" if (file + rank) % 2 == 1 else "light"  # a1 dark, as in chess
        cells.append(CellSpec(name, row, col, sq_w, sq_h, "square", shade))
        if rank == 1:  # file letters above and below
            centre = col + sq_w // 2
            grid[0][centre] = grid[height - 1][centre] = FILES[file]
        if file == 0:  # rank numbers left and right
            middle = row + (sq_h - 1) // 2  # the line the pieces stand on
            grid[middle][1] = grid[middle][right + 2] = str(rank)
    return BoardLayout(width, height, tuple("".join(line) for line in grid), tuple(cells))


def cell_views(pos: Position) -> Mapping[str, CellView]:
    """What each square shows: a piece, an empty temple arch (``∩``), or nothing."""
    views = {}
    for sq, ch in enumerate(pos.board):
        if ch != EMPTY:
            glyph, ascii_glyph = GLYPHS[ch]
            side = RED if ch in OWN[RED] else BLUE
            views[SQUARES[sq]] = CellView(glyph, ascii_glyph, side, ch.isupper())
        elif sq in ARCH:
            views[SQUARES[sq]] = CellView("∩", "^", ARCH.index(sq))
        else:
            views[SQUARES[sq]] = CellView(" ", " ")
    return views


def side_summary(pos: Position) -> tuple[str, ...]:
    """Per side: its master and how many students it has left."""
    out = []
    for side in (RED, BLUE):
        students = pos.board.count(STUDENT[side])
        if MASTER[side] not in pos.board:
            out.append("master captured")
        elif students == 0:
            out.append("master alone")
        else:
            out.append(f"master + {students} student{'s' if students != 1 else ''}")
    return tuple(out)


def card_grid(card: Card, upside_down: bool = False) -> tuple[str, ...]:
    """The card's 5×5 picture as its holder sees it (forward up): ``o`` the piece, ``#`` a
    target, ``.`` nothing; the same picture whichever side holds the card. Upside down:
    as the player across the table sees it (the table view)."""
    rows = [["."] * SIZE for _ in range(SIZE)]
    rows[2][2] = "o"
    for dx, dy in card.offsets:
        rows[2 - dy][2 + dx] = "#"
    if upside_down:
        rows = [row[::-1] for row in rows[::-1]]
    return tuple(" ".join(row) for row in rows)


def _card_item(name: str, owner: int | None, user: int, bottom: int | None) -> PanelItem:
    """A card in the panel held by ``owner`` (the side card: None, naming its stamp), to
    be used next by ``user``: drawn as ``user`` reads it, or, in the table view, as the
    side at the ``bottom`` of the board reads it (upside down for the other side's)."""
    card = CARD_BY_NAME[name]
    title = name if owner is not None else f"{name} · {SIDE_NAMES[card.stamp]} stamp"
    grid = card_grid(card, bottom is not None and user != bottom)
    return PanelItem(f"card:{name}", title, grid, owner)


def panel(pos: Position, turned: bool | None = None) -> Sequence[PanelSection]:
    """Blue's hand, the side card, Red's hand (top to bottom, as seen with Red at the
    bottom). Every card is drawn as its holder sees it; the side card as the side to move
    sees it, since it joins that hand next. In the table view (``turned`` not None) every
    card is drawn as the board is: as the side at its bottom sees it (Red, or Blue when
    ``turned``), so the other side's cards are upside down, as across a real table. Only
    the side card names its stamp: the stamp says who starts, read off the side card at
    the deal (and a hand's titles stay short enough to stand side by side in a small
    window)."""
    mover = SIDE_NAMES[pos.turn]
    over = outcome(pos) is not None  # then nobody takes it any more
    bottom = None if turned is None else (BLUE if turned else RED)
    return (
        PanelSection("Blue's cards", tuple(_card_item(n, BLUE, BLUE, bottom)
                                           for n in pos.blue_hand)),
        PanelSection("Side card", (_card_item(pos.side_card, None, pos.turn, bottom),),
                     note="" if over else f"{mover} takes it next"),
        PanelSection("Red's cards", tuple(_card_item(n, RED, RED, bottom)
                                          for n in pos.red_hand)),
    )


def pick_paths(move: Move) -> tuple[tuple[Pick, ...], ...]:
    """A move is entered as piece, target, card (the card is asked for only when both
    reach the target); a player may also pick the card first. A pass is the card alone."""
    card = item(f"card:{move.card}", move.card)
    if move.origin is None:
        return ((card,),)
    origin, target = cell(SQUARES[move.origin]), cell(SQUARES[move.target])
    return ((origin, target, card), (card, origin, target))
