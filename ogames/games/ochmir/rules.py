"""``OchmirRules``: the shared ``Rules`` interface over the Ochmir modules, each method a
call to the module that does the work (the map is in the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ogames.core.board import (
    BoardLayout,
    CellView,
    MoveKind,
    PanelItem,
    PanelSection,
    Pick,
    PickOptions,
)
from ogames.core.errors import NotationError
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rules import Rules

from . import computer, drawing, entry, lessons, notation, play, seat, teaching
from .about import ABOUT
from .notation import Move, Position
from .tiles import players_of


class OchmirRules(Rules):
    about = ABOUT
    always_write_setup = False
    hidden_information = True
    repetition_limit = None
    endings = teaching.ENDINGS

    # ----- sides and variants -----------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        """Two or three sides by the variant's first letter (flags may follow: ``3pt``)."""
        return play.SIDES[:players_of(variant)]

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return drawing.SIDE_COLOURS[:players_of(variant)]

    def parse_variant(self, text: str | None) -> str:
        """``2``/``3`` with flags ``p r t`` in any order; canonical order out."""
        if text is None or not text.strip():
            return self.variants[0]
        return notation.canonical_variant(text, any_case=True)

    def variant_of(self, pos: Position) -> str:
        return pos.variant

    def ply_bound(self, variant: str) -> int | None:
        return play.ply_bound(players_of(variant))

    # ----- positions ----------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> Position:
        return play.start(self.parse_variant(variant), seed)

    def to_move(self, pos: Position) -> int:
        return pos.to_move

    def format_position(self, pos: Position) -> str:
        return notation.format_position(pos)

    def parse_position(self, text: str, variant: str | None = None) -> Position:
        pos = notation.read_position(text)
        if variant is not None and self.parse_variant(variant) != pos.variant:
            raise NotationError(f"the position is of variant {pos.variant}, not "
                                f"{self.parse_variant(variant)}", field="variant", column=1)
        return pos

    def position_warnings(self, pos: Position) -> tuple[str, ...]:
        return teaching.position_warnings(pos)

    def seed_of(self, pos: Position) -> int | None:
        return pos.seed

    # ----- moves ------------------------------------------------------------------------------

    # perft and the search call these at every node: the engine's functions themselves
    moves = staticmethod(play.generate)
    count_moves = staticmethod(play.count_moves)
    apply = staticmethod(play.apply)

    def legal_moves(self, pos: Position) -> list[Move]:
        return play.legal_moves(pos)  # type: ignore[return-value]

    def outcome(self, pos: Position) -> Outcome | None:
        return play.outcome(pos)

    def move_text(self, pos: Position, move: Move) -> str:
        return move.text or notation.move_text(move.tile, move.src, move.dst, move.choices)

    def public_move_text(self, pos: Position, move: Move, viewer: int | None) -> str:
        """A placement shows the placed tile's reverse face to its mover only."""
        if viewer is None or not move.tile or viewer == pos.to_move:
            return self.move_text(pos, move)
        return notation.masked_move_text(move)

    def parse_move(self, pos: Position, text: str) -> Move:
        return play.parse_move(pos, text)

    # ----- the end, resignation, tags, hidden information -----------------------------------

    def resign_outcome(self, pos: Position, side: int) -> Outcome:
        return play.resign_outcome(pos, side)

    def extra_tags(self, pos: Position, outcome: Outcome | None) -> Mapping[str, str]:
        if outcome is None:
            return {}
        return {"Score": "-".join(str(s) for s in play.scores(pos.board, pos.players))}

    def view(self, pos: Position, side: int) -> Position:
        return play.view(pos, side)

    def seat_world(self, pos: Position, side: int) -> Position:
        return seat.seat_world(pos, side)

    # ----- drawing ------------------------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        """The hexagon of triangles (see ``drawing``); a larger ``scale`` draws the full
        one larger, with every triangle outlined (``drawing.grown_layout``)."""
        if scale > 1:
            return None if compact else drawing.grown_layout(flipped, ascii, scale)
        return drawing.layout(flipped, ascii, compact)

    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        return drawing.cell_views(pos)

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        return drawing.side_summary(pos)

    def panel(self, pos: Position, viewer: int | None = None, *,
              turned: bool | None = None) -> Sequence[PanelSection]:
        return drawing.panel(pos, viewer)

    def picked_items(self, pos: Position, picks: tuple[Pick, ...]) -> Mapping[str, PanelItem]:
        return drawing.picked_items(pos, picks)

    # ----- entering moves, teaching ---------------------------------------------------------------

    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        return entry.pick_paths(move, pos.to_move)

    def pick_options(self, pos: Position, moves: Sequence[Move],
                     picks: tuple[Pick, ...]) -> PickOptions | None:
        return entry.pick_options(pos, moves, picks)

    def pick_kinds(self, pos: Position, moves: Sequence[Move],
                   picks: tuple[Pick, ...]) -> Mapping[Pick, MoveKind] | None:
        return entry.pick_kinds(pos, picks, lambda move: self.move_kind(pos, move))

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        return teaching.hint(pos, picks)

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        return teaching.explain(pos, picks, pick)

    def private_note(self, before: Position, after: Position, side: int) -> str:
        return teaching.private_note(before, after, side)

    def policy(self) -> Policy:
        return computer.policy()

    def captures(self, pos: Position, move: Move, after: Position) -> bool:
        """At least one tile was turned to the mover's colour.
        The board marks such a target apart from a quiet one."""
        return lessons.captures(pos, move, after)

    def lesson_goals(self) -> Mapping[str, lessons.Check]:
        return lessons.GOALS


RULES = OchmirRules()
