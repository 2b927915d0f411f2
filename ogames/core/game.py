"""A played game: a start position, the moves made, and the cursor of undo/redo.

Positions are immutable, so history is just a list of them: undo and redo move a
cursor, replay walks it, saving writes the moves. History-dependent legality (a
``repetition_limit``) is applied here, once, for every game that declares it.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from dataclasses import dataclass, field, replace

from .errors import IllegalMoveError
from .outcome import TIME_FORFEIT, Outcome
from .rules import Move, Position, Rules


@dataclass(frozen=True)
class Ply:
    """One move made: the move, its canonical text, and the position it produced.
    ``comment``: what a saved game writes in braces after the move, the annotations of a
    review (``[%chance 0.62,0.38] [%best d4-d5]``); a new move has none."""

    move: Move
    text: str
    position: Position
    comment: str = ""


@dataclass
class Game:
    rules: Rules
    start: Position
    seed: int | None = None
    players: tuple[str, ...] = ()
    date: str = field(default_factory=lambda: _dt.date.today().isoformat())
    plies: list[Ply] = field(default_factory=list)
    #: number of plies in effect; plies beyond it are the redo tail
    cursor: int = 0
    #: an ending by resignation or agreement, in effect at the end of the history
    agreed: Outcome | None = None
    resigned_side: int | None = None
    #: the side whose time ran out (a game clock's ending), in effect with ``agreed``
    flagged_side: int | None = None

    def __post_init__(self) -> None:
        if not self.players:
            self.players = tuple("?" for _ in self.sides)

    # ----- construction ----------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, variant: str | None = None, seed: int | None = None,
            players: tuple[str, ...] = ()) -> Game:
        from .rng import random_seed

        variant = rules.parse_variant(variant)
        if rules.uses_seed and seed is None:
            seed = random_seed()
        start = rules.start(variant, seed if rules.uses_seed else None)
        return cls(rules, start, seed if rules.uses_seed else None, players)

    @classmethod
    def from_position(cls, rules: Rules, pos: Position, players: tuple[str, ...] = ()) -> Game:
        return cls(rules, pos, rules.seed_of(pos), players)

    # ----- state ---------------------------------------------------------------------

    @property
    def variant(self) -> str:
        return self.rules.variant_of(self.start)

    @property
    def sides(self) -> tuple[str, ...]:
        return self.rules.sides(self.variant)

    @property
    def position(self) -> Position:
        return self.position_at(self.cursor)

    def position_at(self, ply: int) -> Position:
        return self.start if ply == 0 else self.plies[ply - 1].position

    @property
    def moves_played(self) -> list[Ply]:
        return self.plies[: self.cursor]

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0 or self.agreed is not None

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.plies)

    def _occurrences(self) -> Counter:
        key = self.rules.repetition_key
        counts = Counter(key(self.position_at(i)) for i in range(self.cursor + 1))
        return counts

    def legal_moves(self) -> list[Move]:
        """Legal moves in the current position, history rules included."""
        if self.outcome() is not None:
            return []
        return self._history_legal()

    def _history_legal(self) -> list[Move]:
        pos = self.position
        moves = self.rules.legal_moves(pos)
        limit = self.rules.repetition_limit
        if limit is None:
            return moves
        counts = self._occurrences()
        key = self.rules.repetition_key
        return [m for m in moves if counts[key(self.rules.apply(pos, m))] < limit]

    def repetition_refusal(self, move: Move) -> str | None:
        """Why ``move`` is refused by the history rule, or None."""
        limit = self.rules.repetition_limit
        if limit is None:
            return None
        child = self.rules.apply(self.position, move)
        if self._occurrences()[self.rules.repetition_key(child)] >= limit:
            return (f"that would repeat a position for the {limit + 1}{'rd' if limit == 2 else 'th'}"
                    " time; perpetual repetition is illegal")
        return None

    def outcome(self) -> Outcome | None:
        if self.agreed is not None and self.cursor == len(self.plies):
            return self.agreed
        pos = self.position
        result = self.rules.outcome(pos)
        if result is not None:
            return result
        if self.rules.repetition_limit is not None and not self._history_legal():
            return self.rules.no_move_outcome(pos)
        return None

    # ----- changes ---------------------------------------------------------------------

    def play(self, move: Move) -> Ply:
        """Play a legal move at the cursor; the redo tail is discarded."""
        if self.outcome() is not None:
            raise IllegalMoveError("the game is over")
        if move not in self.rules.moves(self.position):
            raise IllegalMoveError("that move is not legal here")
        return self._append(move)

    def play_text(self, text: str) -> Ply:
        """Parse and play move text (NotationError / IllegalMoveError on failure)."""
        if self.outcome() is not None:
            raise IllegalMoveError("the game is over")
        # parse_move returns only legal moves, so no second legality check is needed
        return self._append(self.rules.parse_move(self.position, text))

    def _append(self, move: Move) -> Ply:
        refusal = self.repetition_refusal(move)
        if refusal:
            raise IllegalMoveError(refusal)
        pos = self.position
        ply = Ply(move, self.rules.move_text(pos, move), self.rules.apply(pos, move))
        del self.plies[self.cursor:]
        self.agreed = None
        self.resigned_side = self.flagged_side = None
        self.plies.append(ply)
        self.cursor += 1
        return ply

    def undo(self) -> bool:
        if self.agreed is not None and self.cursor == len(self.plies):
            self.agreed = None
            self.resigned_side = self.flagged_side = None
            return True
        if self.cursor == 0:
            return False
        self.cursor -= 1
        return True

    def redo(self) -> bool:
        if self.cursor >= len(self.plies):
            return False
        self.cursor += 1
        return True

    def annotate(self, ply: int, comment: str) -> None:
        """Give ply number ``ply`` (1-based, redo tail included) the saved-game comment
        ``comment`` (see ``Ply``); the move and its position stay as they are."""
        self.plies[ply - 1] = replace(self.plies[ply - 1], comment=comment)

    def goto(self, ply: int) -> None:
        self.cursor = max(0, min(ply, len(self.plies)))

    def truncate(self) -> None:
        """Forget the redo tail (play on from the cursor)."""
        del self.plies[self.cursor:]

    def resign(self, side: int) -> None:
        self.truncate()
        self.agreed = self.rules.resign_outcome(self.position, side)
        self.resigned_side = side
        self.flagged_side = None

    def flag(self, side: int) -> None:
        """``side``'s time ran out (a game clock): the game ends as if it had resigned,
        under its own Termination, ``time forfeit``."""
        self.truncate()
        shares = self.rules.resign_outcome(self.position, side).shares
        self.agreed = Outcome(shares, TIME_FORFEIT)
        self.flagged_side = side
        self.resigned_side = None

    def agree_draw(self) -> None:
        from fractions import Fraction

        self.truncate()
        n = len(self.sides)
        self.agreed = Outcome(tuple(Fraction(1, n) for _ in range(n)), "draw agreed")
        self.resigned_side = self.flagged_side = None
