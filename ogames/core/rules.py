"""The one interface every rules engine implements.

A ``Rules`` object is stateless: positions are immutable values created and consumed by
its methods; moves are small hashable values. Nothing outside an engine looks inside its
positions or moves: the shared layer, the UI and the command line go through this class.

An engine subclasses ``Rules`` and implements every method marked *abstract*; the others
have sensible defaults that an engine may override.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence, Sized
from typing import Any, ClassVar

from .about import GameAbout
from .board import (
    BoardLayout,
    CellView,
    MoveKind,
    PanelItem,
    PanelSection,
    Pick,
    PickOptions,
    scaled_layout,
)
from .errors import IllegalMoveError, NotationError
from .outcome import GENERIC_ENDINGS, Outcome
from .policy import DEFAULT, Policy

Position = Any  # an engine's own immutable, hashable position value
Move = Any  # an engine's own immutable, hashable move value


class Rules(ABC):
    #: what the picker shows of the game, read without importing the engine: an engine
    #: sets it, and the six attributes below are taken from it (``__init_subclass__``)
    about: ClassVar[GameAbout | None] = None
    #: game id as in CLARIFICATIONS §1.1 (``ordo``)
    id: str = ""
    #: the name shown to players (``Oferhlýp``)
    name: str = ""
    #: other names the registry accepts (matched after NFC + casefold)
    aliases: tuple[str, ...] = ()
    #: one line for the game picker
    description: str = ""
    #: the variants offered in the picker; the first is the default
    variants: tuple[str, ...] = ("standard",)
    #: True when the start position is dealt/drawn from a seed (Onitama, Ochmir)
    uses_seed: bool = False
    #: True when a saved game always writes its start in a ``Setup`` tag (Onitama)
    always_write_setup: bool = False
    #: True when positions hold private information (Ochmir hands and reverse faces)
    hidden_information: bool = False
    #: a move is illegal in a game if the position it produces has already occurred this
    #: many times (Oferhlýp: 2). None: no history rule. Perft and bare positions ignore it.
    repetition_limit: int | None = None
    #: Termination keyword → the words players read (``"trapped"`` → "the King is
    #: trapped"), for this game's own ways of ending; the shared ones (resigned, no moves,
    #: draw agreed) have words in ``core.outcome``
    endings: Mapping[str, str] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        about = cls.__dict__.get("about")
        if about is not None:
            cls.id, cls.name, cls.aliases = about.id, about.name, about.aliases
            cls.description, cls.variants = about.description, about.variants
            cls.uses_seed = about.uses_seed

    # ----- sides and variants -------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        """Side names in side order (``("White", "Black")``); by default the ``about``'s."""
        if self.about is None:
            raise NotImplementedError(f"{type(self).__name__} names no sides")
        return self.about.sides(variant)

    @abstractmethod
    def side_colours(self, variant: str) -> tuple[str, ...]:
        """A colour name per side for the UI (e.g. ``("yellow", "red")``), plain strings."""

    def parse_variant(self, text: str | None) -> str:
        """The canonical variant for user text (None → the default). Raises NotationError."""
        if text is None or text == "":
            return self.variants[0]
        for v in self.variants:
            if v.casefold() == text.strip().casefold():
                return v
        raise NotationError(
            f"unknown variant '{text}' for {self.name}; choose one of {', '.join(self.variants)}",
            field="variant",
        )

    @abstractmethod
    def variant_of(self, pos: Position) -> str:
        """The canonical variant a position belongs to."""

    # ----- positions ------------------------------------------------------------------

    @abstractmethod
    def start(self, variant: str, seed: int | None = None) -> Position:
        """The standard start. Engines with ``uses_seed`` require a seed."""

    @abstractmethod
    def to_move(self, pos: Position) -> int:
        """Index (in side order) of the side to move."""

    @abstractmethod
    def format_position(self, pos: Position) -> str:
        """Canonical position text."""

    @abstractmethod
    def parse_position(self, text: str, variant: str | None = None) -> Position:
        """Read position text (validity checks included). Raises NotationError naming the
        field and 1-based column. ``variant``, when given, must agree with the text."""

    def position_warnings(self, pos: Position) -> tuple[str, ...]:
        """Things that are allowed but odd (e.g. an unusual piece count)."""
        return ()

    def seed_of(self, pos: Position) -> int | None:
        """The seed a position's deal/bag came from, when the position says so."""
        return None

    # ----- moves --------------------------------------------------------------------

    @abstractmethod
    def moves(self, pos: Position) -> Iterable[Move]:
        """All legal moves, in any order (the fast path used by perft). A finished position
        has none. History rules are not applied here."""

    def count_moves(self, pos: Position) -> int:
        """How many moves ``moves`` lists: perft's leaves are counted so (§1.3). A game may
        count them without building them."""
        moves = self.moves(pos)
        return len(moves) if isinstance(moves, Sized) else sum(1 for _ in moves)

    def legal_moves(self, pos: Position) -> list[Move]:
        """All legal moves sorted by canonical text (code-point order)."""
        return sorted(self.moves(pos), key=lambda m: self.move_text(pos, m))

    @abstractmethod
    def apply(self, pos: Position, move: Move) -> Position:
        """The position after a legal move; ``pos`` is left untouched."""

    @abstractmethod
    def outcome(self, pos: Position) -> Outcome | None:
        """None while the game goes on; otherwise shares per side and the reason."""

    @abstractmethod
    def move_text(self, pos: Position, move: Move) -> str:
        """Canonical text of a legal move in ``pos``."""

    def public_move_text(self, pos: Position, move: Move, viewer: int | None) -> str:
        """The text of ``move`` (legal in ``pos``) as ``viewer`` may read it in a move list:
        what only the mover may know is masked. ``viewer`` None: everything may be shown;
        a side index: that side's view; any other number (e.g. -1): a spectator who sees
        nothing private. Default: the canonical text (no hidden information)."""
        return self.move_text(pos, move)

    @abstractmethod
    def parse_move(self, pos: Position, text: str) -> Move:
        """Read move text (canonical or an accepted alternative) and return the legal move.
        Raises NotationError for text that is not a move, IllegalMoveError (with a reason
        a player can act on) for a well-formed move that is not legal here."""

    def find_move(self, pos: Position, text: str) -> Move:
        """Helper for engines: the legal move whose canonical text equals ``text``."""
        for m in self.moves(pos):
            if self.move_text(pos, m) == text:
                return m
        raise IllegalMoveError(f"{text} is not a legal move here")

    def move_joins_next_token(self, token: str) -> bool:
        """Saved games: True when ``token`` starts a move written as two tokens (an
        Onitama card name)."""
        return False

    # ----- history-dependent rules (applied by core.game.Game) -----------------------

    def repetition_key(self, pos: Position) -> Hashable:
        """What counts as "the same position" for ``repetition_limit``."""
        return pos

    def ply_bound(self, variant: str) -> int | None:
        """The most plies any game of ``variant`` can last, when the rules alone force an
        end (a supply of tiles that runs out, a stall rule); None when a game may go on
        forever under the rules (play or a draw agreement ends it). Tests play random games
        up to this bound and fail if one does not end."""
        return None

    def no_move_outcome(self, pos: Position) -> Outcome:
        """The outcome when history rules leave the side to move without a legal move."""
        return Outcome.loss(self.to_move(pos), len(self.sides(self.variant_of(pos))), "no moves")

    def resign_outcome(self, pos: Position, side: int) -> Outcome:
        """The outcome when ``side`` resigns (two sides: the other one wins)."""
        n = len(self.sides(self.variant_of(pos)))
        if n == 2:
            return Outcome.loss(side, 2, "resigned")
        raise NotImplementedError("engines with more than two sides define resign_outcome")

    def extra_tags(self, pos: Position, outcome: Outcome | None) -> Mapping[str, str]:
        """Additional saved-game tags for a final position (Ochmir's ``Score``)."""
        return {}

    # ----- what the UI draws --------------------------------------------------------

    @abstractmethod
    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False, scale: int = 1) -> BoardLayout | None:
        """The board canvas. ``flipped`` turns it through 180° (coordinates stay readable);
        ``ascii`` uses only ASCII in the background; ``compact`` draws the same cells, under
        the same names and with coordinates, as small as they stay clear (within
        ``board.COMPACT_CANVAS``), for a window of 80×24.

        ``scale`` (issue 16, a big window): the full drawing about ``scale`` times larger,
        the same cells under the same names, each cell's rectangle larger so that a piece
        is drawn large in it; None when the game cannot draw it so (a compact drawing never
        grows). At 1, the default, there is always a drawing. ``grown_layout`` is the
        default, which serves a board of squares."""

    def grown_layout(self, full: BoardLayout, scale: int,
                     compact: bool = False) -> BoardLayout | None:
        """``layout`` at ``scale`` for an engine whose board is made of squares: ``full``
        (its drawing at scale 1) stretched ``scale`` times (``board.scaled_layout``, None
        when it has anything but squares and straight lines); None for a ``compact``
        drawing above scale 1. An engine with diagonal outlines draws its own larger
        drawing instead."""
        if scale <= 1:
            return full
        return None if compact else scaled_layout(full, scale)

    @abstractmethod
    def cell_views(self, pos: Position, viewer: int | None = None) -> Mapping[str, CellView]:
        """What every cell shows. ``viewer`` None shows everything; a side index hides what
        that side may not see (hidden-information games); any other number (-1) is a
        spectator, who sees nothing private (a hand-off between two people)."""

    def panel(self, pos: Position, viewer: int | None = None, *,
              turned: bool | None = None) -> Sequence[PanelSection]:
        """The game's own panel beside the board (cards, hands); ``viewer`` as for
        ``cell_views`` (a spectator is shown no hand). ``turned``: None draws each item
        as its holder reads it; True or False draws every item in the board's orientation
        (the table view), the board turned through 180° when True (as ``layout``'s
        ``flipped``). Default: none."""
        return ()

    def picked_items(self, pos: Position, picks: tuple[Pick, ...]) -> Mapping[str, PanelItem]:
        """Panel items as the picks so far leave them, by key: the panel shows each in the
        place of the item of that key (Ochmir: a tile turned over before it is placed shows
        its other face up). Default: none, every item stays as ``panel`` drew it."""
        return {}

    def side_summary(self, pos: Position) -> tuple[str, ...]:
        """One short line per side for the players panel (``"18 pieces"``, ``"score 42"``)."""
        return tuple("" for _ in self.sides(self.variant_of(pos)))

    @abstractmethod
    def pick_paths(self, pos: Position, move: Move) -> tuple[tuple[Pick, ...], ...]:
        """Every way a player may enter ``move`` as a sequence of selections; the first is
        the canonical one (shown in hints). No path belongs to two different legal moves.
        Usually one path; Oferhlýp gives one per jump order, Ordo one per end order."""

    def pick_options(self, pos: Position, moves: Sequence[Move],
                     picks: tuple[Pick, ...]) -> PickOptions | None:
        """Answer move entry directly instead of by enumerating every move's paths.

        ``None`` (the default) lets ``core.entry.Entry`` enumerate ``pick_paths`` of every
        move, which is right for every game whose move list is small. An engine whose
        legal moves can be too many to list (Ochmir's side choices make 2^n moves of one
        action) returns the options for ``picks`` here, for every prefix including ``()``.
        """
        return None

    # ----- what a move does, for the board's target marks ----------------------------

    def move_kind(self, pos: Position, move: Move) -> MoveKind:
        """What ``move`` (legal in ``pos``) does, for the board's marks: ``"win"`` when the
        game ends at once with the mover its only winner, ``"capture"`` when it takes,
        converts, attacks or turns something of another side's (``captures``), else
        ``"quiet"``. The win is found for every game alike: the move is applied and the
        outcome read."""
        after = self.apply(pos, move)
        ended = self.outcome(after)
        if ended is not None and ended.winners == (self.to_move(pos),):
            return "win"
        return "capture" if self.captures(pos, move, after) else "quiet"

    def captures(self, pos: Position, move: Move, after: Position) -> bool:
        """Whether ``move`` (from ``pos`` to ``after``) takes, converts, attacks or turns
        something of another side's: each game says what counts. Default: nothing does."""
        return False

    def pick_kinds(self, pos: Position, moves: Sequence[Move],
                   picks: tuple[Pick, ...]) -> Mapping[Pick, MoveKind] | None:
        """For an engine that answers move entry itself (``pick_options``): the strongest
        ``move_kind`` of the moves each next pick after ``picks`` leads to (quiet ones may
        be left out). None (the default): ``core.move_kinds`` works it out from the pick
        paths, or marks nothing where there are none."""
        return None

    def hint(self, pos: Position, picks: tuple[Pick, ...]) -> str:
        """What the player should do next, given the picks so far (status line)."""
        return "select a highlighted cell" if not picks else "select a highlighted target"

    def explain(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
        """Why ``pick`` cannot follow ``picks`` (status line), in the player's terms."""
        return "that is not a legal choice here"

    def keeps_selection(self, pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str | None:
        """``pick`` could start a move of its own, but the player most likely meant it to
        go on from ``picks`` (the other end of an Ordo row that cannot move, a piece
        clicked in the middle of an Oferhlýp chain): the reason it cannot, shown while the
        selection stays as it was. None (the default): the selection starts over from
        ``pick``."""
        return None

    def private_note(self, before: Position, after: Position, side: int) -> str:
        """A line only ``side`` may read after its own move, shown before the hand-off
        (Ochmir: the tiles it drew). Default: nothing."""
        return ""

    def view(self, pos: Position, side: int) -> Position:
        """The position as ``side`` may know it (hidden parts removed or replaced by a
        canonical placeholder). Games without hidden information return ``pos``."""
        return pos

    def seat_world(self, pos: Position, side: int) -> Position:
        """What a seat elsewhere is sent of ``pos`` (online play): a position that can be
        played, holding only what ``side`` may know. What it may not see is filled with
        fixed stand-ins, never read from ``pos``; whatever its own legal moves depend on
        when it is to move is as in ``pos``, so that the moves it can enter there are
        exactly its legal moves in ``pos``. The outcome, the summaries and everything
        drawn for ``side`` are those of ``pos``. ``side`` -1 is a spectator, who may know
        nothing private. Games without hidden information return ``pos``."""
        return pos

    # ----- what the game tells players and the computer ----------------------------

    def ending_words(self, reason: str) -> str:
        """The words for a Termination keyword (``"stone"`` → "the Master was captured").
        The game names its own endings; an unknown keyword is shown as it is."""
        return self.endings.get(reason) or GENERIC_ENDINGS.get(reason, reason)

    def rules_markdown(self) -> str:
        """The player's rules text: ``rules.md`` in the engine's own package ("" when none
        is written)."""
        return self._package_text("rules.md")

    def reference_markdown(self) -> str:
        """The precise companion of the rules text, kept apart so that the player's text
        can stay friendly: notation, positions, every ruling and the perft counts, from
        ``reference.md`` in the engine's own package ("" when none is written)."""
        return self._package_text("reference.md")

    def _package_text(self, name: str) -> str:
        from importlib import resources  # when a text is first read (start time)

        package = sys.modules[type(self).__module__].__package__ or ""
        try:
            return resources.files(package).joinpath(name).read_text("utf-8")
        except (FileNotFoundError, OSError, ModuleNotFoundError, TypeError):
            return ""

    def policy(self) -> Policy:
        """What the computer player may know of this game (evaluation, move priority,
        dealing hidden tiles). Default: nothing, so the search plays random playouts."""
        return DEFAULT

    def lesson_goals(self) -> Mapping[str, Callable[[Position, Move, Position], bool]]:
        """The checks a lesson's goal may name in the game's ``lessons.toml`` (see
        ``core.lessons``), by name: each is given the position before, the move and the
        position after, and says whether the move did what the name says ("capture").
        Default: none (a course then uses accepted moves and the shared conditions:
        "wins", "position: TEXT", "safe")."""
        return {}
