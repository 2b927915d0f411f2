"""``OrdoRules``: the shared ``Rules`` interface over the Ordo modules. Each method hands
its question to the module that knows the answer: text to :mod:`.notation`, play to
:mod:`.play`, the board's look to :mod:`.drawing`, words to :mod:`.teaching`, the
computer's knowledge to :mod:`.computer`.
"""

from __future__ import annotations

from ogames.core.board import BoardLayout, CellView, Pick, cell
from ogames.core.errors import NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from . import computer, drawing, lessons, notation, play, teaching
from .about import ABOUT
from .notation import VARIANT_WIDTHS, Move, Position, square_name


class OrdoRules(Rules):
    about = ABOUT
    always_write_setup = False
    hidden_information = False
    repetition_limit = None
    endings = teaching.ENDINGS

    # ----- sides and variants ---------------------------------------------------------

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("bright_white", "#f59e0b")

    def variant_of(self, pos: Position) -> str:
        return next(v for v, w in VARIANT_WIDTHS.items() if w == pos.width)

    # ----- positions ------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        return play.start_position(self.parse_variant(variant))

    def to_move(self, pos: Position) -> int:
        return pos.turn

    def format_position(self, pos: Position) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        wanted = VARIANT_WIDTHS[self.parse_variant(variant)] if variant else None
        pos = notation.parse_position(text, wanted)
        reason = play.unreachable_reason(pos)
        if reason:
            raise NotationError(reason, field="board", column=split_fields(text)[0].column)
        return pos

    # ----- moves ------------------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        return play.generate_moves(pos)

    def apply(self, pos: Position, move: Move) -> Position:
        return play.apply_move(pos, move)

    def outcome(self, pos: Position) -> Outcome | None:
        return play.outcome(pos)

    def move_text(self, pos: Position, move: Move) -> str:
        return notation.move_text(pos, move)

    def parse_move(self, pos: Position, text: str) -> Move:
        return play.move_from_text(pos, notation.read_move(pos.width, text))

    # ----- what the UI draws ----------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        """Checkered squares, file letters above and below, rank numbers left and right on
        the pieces' line. Full: squares of 6 columns × 3 lines (66 × 26 on 10×8). Compact:
        squares of 4 columns × 2 lines, about square on a terminal, with the piece on the
        top line and the ranks in a 2-column margin (44 × 18 on 10×8, 36 × 18 on 8×8).
        The background is letters, digits and spaces only, so ``ascii`` changes nothing.
        A larger ``scale`` stretches the full drawing (``grown_layout``)."""
        board = drawing.board_layout(VARIANT_WIDTHS[self.parse_variant(variant)], flipped,
                                     drawing.COMPACT_CELL if compact else drawing.FULL_CELL)
        return self.grown_layout(board, scale, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> dict[str, CellView]:
        return drawing.cell_views(pos)

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        return drawing.side_summary(pos)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        frm, to = square_name(move.frm), square_name(move.to)
        if move.last is None:
            return ((cell(frm), cell(to)),)
        last = square_name(move.last)
        other_lands = square_name(move.last + move.to - move.frm)
        # the two ends in either order, then the landing square of either end: a row's
        # two ends never land on one square (STRIDE exceeds every width), so no path is
        # shared by two moves
        return ((cell(frm), cell(last), cell(to)), (cell(last), cell(frm), cell(other_lands)),
                (cell(frm), cell(last), cell(other_lands)), (cell(last), cell(frm), cell(to)))

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        return teaching.hint_text(pos, picks)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        return teaching.explain_text(pos, picks, pick)

    def keeps_selection(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str | None:
        return teaching.row_refusal(pos, picks, pick)

    def policy(self) -> Policy:
        return computer.policy()

    def captures(self, pos: Position, move: Move, after: Position) -> bool:
        """A piece of the opponent's left the board.
        The board marks such a target apart from a quiet one."""
        return lessons.captures(pos, move, after)

    def lesson_goals(self) -> dict[str, lessons.Check]:
        return lessons.GOALS


RULES = OrdoRules()
