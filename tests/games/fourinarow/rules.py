"""``FourInARowRules``: the shared ``Rules`` interface over the Four in a Row modules. Each
method hands its question to the module that knows the answer: text to :mod:`.notation`,
play to :mod:`.play`, the board's look to :mod:`.drawing`, words to :mod:`.teaching`, the
computer's knowledge to :mod:`.computer`, the lessons' checks to :mod:`.lessons`.

Every method the interface marks abstract is here; of the others, only those this game
needs are overridden (``ply_bound``: a game lasts at most one drop per cell).
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
from .notation import VARIANT_SIZES, Move, Position, cell_name


class FourInARowRules(Rules):
    about = ABOUT
    endings = teaching.ENDINGS

    # ----- sides and variants ---------------------------------------------------------

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("red", "yellow")

    def variant_of(self, pos: Position) -> str:
        return next(v for v, size in VARIANT_SIZES.items() if size == (pos.width, pos.height))

    # ----- positions ------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        return play.start_position(self.parse_variant(variant))

    def to_move(self, pos: Position) -> int:
        return pos.turn

    def format_position(self, pos: Position) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        wanted = VARIANT_SIZES[self.parse_variant(variant)] if variant else None
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
        return notation.move_text(move)

    def parse_move(self, pos: Position, text: str) -> Move:
        return play.move_from_text(pos, notation.read_move(pos.width, pos.height, text))

    def ply_bound(self, variant: str) -> int | None:
        width, height = VARIANT_SIZES[variant]
        return width * height

    # ----- what the UI draws ----------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        """Cells of 6 columns × 3 lines (4 × 2 compact), column letters above and below,
        row numbers at both sides; the background is letters, digits and spaces, so
        ``ascii`` changes nothing. A larger ``scale`` stretches the full drawing."""
        width, height = VARIANT_SIZES[self.parse_variant(variant)]
        size = drawing.COMPACT_CELL if compact else drawing.FULL_CELL
        return self.grown_layout(drawing.board_layout(width, height, flipped, size), scale,
                                 compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> dict[str, CellView]:
        return drawing.cell_views(pos)

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        return drawing.side_summary(pos)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        """One pick: the cell the disc lands on (the canonical path, shown in hints), or
        any other cell of its column, since a player points at a column. A cell belongs
        to one column, so no path is shared by two moves."""
        landing = len(pos.columns[move.column])
        rows = [landing, *(r for r in range(pos.height) if r != landing)]
        return tuple((cell(cell_name(move.column, r)),) for r in rows)

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        return teaching.hint_text(pos, picks)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        return teaching.explain_text(pos, picks, pick)

    # ----- what the game tells the computer and the course --------------------------------

    def policy(self) -> Policy:
        return computer.policy()

    def lesson_goals(self) -> dict[str, lessons.Check]:
        return lessons.GOALS


RULES = FourInARowRules()
