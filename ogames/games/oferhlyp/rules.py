"""The Oferhlýp ``Rules`` object: the one face the shared layer, the UI and the command
line see. Its methods only delegate: position and move text to :mod:`.notation`, play to
:mod:`.play`, pictures to :mod:`.drawing`, words to :mod:`.teaching`, the computer's
knowledge to :mod:`.computer`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from ogames.core.board import BoardLayout, CellView, Pick, cell
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from . import computer, drawing, lessons, notation, play, teaching
from .about import ABOUT
from .notation import CELL_NAMES, START_TEXT, Move, Position


class OferhlypRules(Rules):
    about = ABOUT
    always_write_setup = False
    hidden_information = False
    repetition_limit = 2
    endings = teaching.ENDINGS

    # ----- sides and variants ---------------------------------------------------------

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return drawing.SIDE_COLOURS

    def variant_of(self, pos: Position) -> str:
        return "v1"

    # ----- positions ------------------------------------------------------------------

    def start(self, variant: str = "v1", seed: int | None = None) -> Position:
        self.parse_variant(variant)
        return self.parse_position(START_TEXT)

    def to_move(self, pos: Position) -> int:
        return pos.side

    def format_position(self, pos: Position) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        if variant is not None:
            self.parse_variant(variant)
        return notation.parse_position(text)

    # ----- moves --------------------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        return play.moves(pos)

    def apply(self, pos: Position, move: Move) -> Position:
        return play.apply(pos, move)

    def outcome(self, pos: Position) -> Outcome | None:
        return play.outcome(pos)

    def repetition_key(self, pos: Position) -> Hashable:
        """Board and side to move (§2.2.7); the move number does not count."""
        return play.repetition_key(pos)

    # ----- move text ----------------------------------------------------------------------

    def move_text(self, pos: Position, move: Move) -> str:
        return notation.format_move(move)

    def parse_move(self, pos: Position, text: str) -> Move:
        return play.resolve(pos, notation.parse_move_text(text))

    # ----- what the UI draws ----------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        """Hex outlines in ASCII either way (so ``ascii`` changes nothing). The full drawing
        is 48×27 with each hex's name inside it; the compact one is 31×15, a hex two lines
        tall showing its piece over its rank, the file letters above and below (its top)::

                    ___     ___
                ___/ ○ \\___/ ○ \\___
            ___/ ○ \\_6_/ ○ \\_6_/ ○ \\___
           / ○ \\_5_/ ○ \\_5_/ ○ \\_5_/ ○ \\
           \\_4_/ ○ \\_5_/ ○ \\_5_/ ○ \\_4_/

        A larger ``scale`` draws the full hexes with longer sides (``drawing.grown``).
        """
        if scale > 1:
            return None if compact else drawing.board_layout(flipped, scale=scale)
        return drawing.board_layout(flipped, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        return drawing.cell_views(pos)

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        return drawing.side_summary(pos)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        return tuple(tuple(cell(CELL_NAMES[h]) for h in order)
                     for order in play.jump_orders(pos, move))

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        return teaching.hint(pos, picks)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        return teaching.explain(pos, picks, pick)

    def keeps_selection(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str | None:
        return teaching.chain_refusal(pos, picks, pick)

    def policy(self) -> Policy:
        return computer.policy()

    def captures(self, pos: Position, move: Move, after: Position) -> bool:
        """The move hops over enemy pieces: an attack, which hits them.
        The board marks such a target apart from a quiet one."""
        return lessons.attack(pos, move, after)

    def lesson_goals(self) -> Mapping[str, lessons.Check]:
        return lessons.GOALS


RULES = OferhlypRules()
