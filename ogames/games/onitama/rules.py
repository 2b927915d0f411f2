"""``OnitamaRules``: the shared ``Rules`` interface over the Onitama modules.

Each method hands its work to the module that knows it: text to :mod:`.notation`, the
rules of play to :mod:`.play`, the drawing to :mod:`.drawing`, hints and explanations to
:mod:`.teaching` and the computer's knowledge to :mod:`.computer`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ogames.core.board import BoardLayout, CellView, PanelSection, Pick
from ogames.core.errors import IllegalMoveError
from ogames.core.policy import Policy
from ogames.core.rng import check_seed
from ogames.core.rules import Rules

from . import computer, drawing, lessons, notation, play, teaching
from .about import ABOUT
from .notation import Move, Position, card_name


class OnitamaRules(Rules):
    about = ABOUT
    always_write_setup = True
    hidden_information = False
    repetition_limit = None
    endings = teaching.ENDINGS

    # ----- sides and variants -------------------------------------------------------

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("#ef4444", "#60a5fa")

    def variant_of(self, pos: Position) -> str:
        return "base"

    # ----- positions ----------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        self.parse_variant(variant)
        if seed is None:
            raise ValueError("Onitama's deal needs a seed")
        return play.deal(check_seed(seed))

    def to_move(self, pos: Position) -> int:
        return pos.turn

    def format_position(self, pos: Position) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        if variant is not None:
            self.parse_variant(variant)
        pos = notation.parse_position(text)
        play.check_can_arise(pos, text)
        return pos

    # ----- moves ------------------------------------------------------------------------

    # perft and the search call these at every node: the engine's functions themselves
    moves = staticmethod(play.moves)
    apply = staticmethod(play.apply)
    outcome = staticmethod(play.outcome)

    def move_text(self, pos: Position, move: Move) -> str:
        return notation.format_move(move)

    def move_joins_next_token(self, token: str) -> bool:
        """A saved game writes ``Tiger c1-c3`` as two tokens: a card name starts a move."""
        return card_name(token) is not None

    def parse_move(self, pos: Position, text: str) -> Move:
        missing = teaching.card_missing(pos, text)  # "c2xb3": says which card, or why not
        if missing is not None:
            raise missing
        move = notation.parse_move(text)
        legal = play.moves(pos)
        if move in legal:
            return legal[legal.index(move)]  # the shared move object
        raise IllegalMoveError(f"{notation.format_move(move)}: "
                               f"{play.refusal(pos, move, legal)}")

    def cards_to(self, pos: Position, from_sq: str, to_sq: str) -> tuple[str, ...]:
        """The side to move's cards (alphabetical) that legally move the piece on ``from_sq``
        to ``to_sq`` (square names); empty when none does. The app asks for the card when
        there are two."""
        return play.cards_to(pos, from_sq, to_sq)

    # ----- what the UI draws ----------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        return self.grown_layout(drawing.layout(flipped=flipped, ascii=ascii, compact=compact),
                                 scale, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        return drawing.cell_views(pos)

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        return drawing.side_summary(pos)

    def panel(self, pos: Position, viewer: int | None = None, *,
              turned: bool | None = None) -> Sequence[PanelSection]:
        return drawing.panel(pos, turned)

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        return drawing.pick_paths(move)

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        return teaching.hint(pos, picks)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        return teaching.explain(pos, picks, pick)

    def policy(self) -> Policy:
        return computer.policy()

    def captures(self, pos: Position, move: Move, after: Position) -> bool:
        """The piece landed on an enemy piece and took it.
        The board marks such a target apart from a quiet one."""
        return lessons.captures(pos, move, after)

    def lesson_goals(self) -> Mapping[str, lessons.Check]:
        """The goal checks of the course (``lessons.toml``): capture, pass, student."""
        return lessons.GOALS


RULES = OnitamaRules()
