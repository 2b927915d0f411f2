"""``OpprimoRules``: the shared ``Rules`` interface over the Opprimo modules.

The rules of play live in :mod:`.play`, positions, moves and their text in
:mod:`.notation`, the board drawing in :mod:`.drawing`, the hint and refusal words in
:mod:`.teaching` and the computer's knowledge in :mod:`.computer`; this module only ties
them to the names the rest of ogames calls.
"""

from __future__ import annotations

from collections.abc import Mapping

from ogames.core.board import BoardLayout, CellView, Pick, cell
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from . import computer, drawing, lessons, notation, play, teaching
from .about import ABOUT
from .notation import KING, POINT_NAMES, TRIANGLE_NAMES, Move, Position


class OpprimoRules(Rules):
    about = ABOUT
    always_write_setup = False
    hidden_information = False
    repetition_limit = None
    endings = teaching.ENDINGS

    # ----- sides and variants -----------------------------------------------------------

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("#facc15", "#ef4444")

    def variant_of(self, pos: Position) -> str:
        return "standard"

    # ----- positions --------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        self.parse_variant(variant)
        return play.START

    def to_move(self, pos: Position) -> int:
        return pos.side

    def repetition_key(self, pos: Position) -> tuple:
        """The same position for a repetition notice: everything but the move number."""
        return (pos.yellow, pos.red, pos.knights, pos.side, pos.yellow_king, pos.red_king)

    def format_position(self, pos: Position) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        if variant is not None:
            self.parse_variant(variant)
        return notation.parse_position(text)

    def position_warnings(self, pos: Position) -> tuple[str, ...]:
        return play.position_warnings(pos)

    # ----- moves (the hot path: perft and the search call these directly) ---------------

    moves = staticmethod(play.legal_moves)
    count_moves = staticmethod(play.count_moves)
    apply = staticmethod(play.apply)

    def outcome(self, pos: Position) -> Outcome | None:
        return play.outcome(pos)

    def promotes(self, pos: Position, move: Move) -> bool:
        """A Soldier ending its move on one of its own shields (R6)."""
        return play.promotes(pos, move)

    def traps(self, pos: Position, move: Move) -> bool:
        """The move completes the trap of the opponent's King (R8)."""
        return play.traps(pos, move)

    def move_text(self, pos: Position, move: Move) -> str:
        return play.move_text(pos, move)

    def parse_move(self, pos: Position, text: str) -> Move:
        return play.resolve(pos, notation.read_move(text))

    # ----- what the UI draws and says ---------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        """The lattice as text, each rank on its own line with the castle triangles on the
        line of their apex. The full drawing (33 × 29) puts a line of diagonals between
        ranks; the compact one (33 × 15) keeps only the rank lines, so a point's neighbours
        are the nearest points on the lines above and below (NE, NW, SE, SW) and the next
        point two lines away in its column, joined by the file's ``│`` (N, S). A larger
        ``scale`` draws the full lattice with wider triangles (``drawing.grown_layout``)."""
        if scale > 1:
            return None if compact else drawing.grown_layout(flipped, ascii, scale)
        return drawing.layout(flipped, ascii, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        return drawing.cell_views(pos)

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        return drawing.side_summary(pos)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        if move.kind == KING:
            return ((cell(TRIANGLE_NAMES[move.frm]), cell(TRIANGLE_NAMES[move.to])),)
        return ((cell(POINT_NAMES[move.frm]), cell(POINT_NAMES[move.to])),)

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        return teaching.hint(pos, picks)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        return teaching.explain(pos, picks, pick)

    def policy(self) -> Policy:
        return computer.policy()

    def captures(self, pos: Position, move: Move, after: Position) -> bool:
        """A jump converts the enemy piece jumped over.
        The board marks such a target apart from a quiet one."""
        return lessons.converts(pos, move, after)

    def lesson_goals(self) -> Mapping[str, lessons.Check]:
        return lessons.GOALS


RULES = OpprimoRules()
