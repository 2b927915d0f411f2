"""What a seat elsewhere is sent of an Ochmir position (online play, ``Rules.seat_world``).

A player's view (``play.view``) cannot be played: its board hides every reverse face, and
the other hands and the bag are counts. The seat's own app must still list its legal
moves, mark which of them capture, and tell when the game is over, so it is sent a
playable position made from the view alone: every hidden face, hand tile and bag tile is
one fixed stand-in (a ferrorn reverse; the set's first tile), never read from the real
position. Nothing of those can leak, whatever the position.

The one exception is what the seat's own moves depend on, sent only when it is to move:
three-handed, whether a tile carries the mover's colour decides what a capture turns and
which tiles it leaves loose, and a loose tile's choice is between its two colours (§2.5.7,
§2.5.8). So the reverse colour (not the value) of each tile in a hexagon that a move could
complete this turn (one with at most one empty triangle) is the real one: exactly what
entering those moves shows a player at the shared keyboard. Two-handed, every tile carries
both colours, and no reverse face is sent at all.
"""

from __future__ import annotations

from .geometry import HEX_CELLS
from .notation import Position
from .play import outcome, view
from .tiles import EXPOSED, HIDDEN, MASKED, REVERSE, VALUE, code, tile_set

#: the value every reverse face the seat may not know is given
STAND_IN_VALUE = 0  # ferrorn


def seat_world(pos: Position, side: int) -> Position:
    """``pos`` as ``side`` may know it, made playable (see the module's text)."""
    shown = view(pos, side)
    filler = tile_set(pos.variant)[0]
    players = pos.players
    real = (movable_reverses(pos.board)
            if players == 3 and side == pos.to_move and outcome(pos) is None else frozenset())
    board = bytearray(shown.board)
    for cell, tile in enumerate(board):
        if not MASKED <= tile < HIDDEN:
            continue
        colour = EXPOSED[tile]
        if players == 2:
            reverse = 1 - colour
        elif cell in real:
            reverse = REVERSE[pos.board[cell]]
        else:
            reverse = (colour + 1) % 3
        board[cell] = code(colour, VALUE[tile], reverse, STAND_IN_VALUE)
    hands = tuple((filler,) * len(hand) if hand and hand[0] == HIDDEN else hand
                  for hand in shown.hands)
    return Position(pos.variant, bytes(board), pos.to_move, hands, (filler,) * pos.bag_size,
                    None, 0, pos.streak, pos.ply)


def movable_reverses(board: bytes) -> frozenset[int]:
    """The cells of every hexagon with at most one empty triangle: only such a hexagon can
    be complete after this move, and so won, turned or left loose."""
    cells: set[int] = set()
    for six in HEX_CELLS:
        if sum(1 for c in six if board[c] == 0) <= 1:
            cells.update(six)
    return frozenset(cells)
