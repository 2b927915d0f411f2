"""The one input mechanism: a move is entered as a path of picks.

Every legal move has one or more pick paths (``Rules.pick_paths``): the cells, cards or
hand tiles a player selects, in order. Keyboard and mouse both feed picks into an
``Entry``, which keeps no state of its own: given the picks so far it tells what may be
picked next, whether a move is complete, and why a pick is refused.

- A move stays a candidate while one of its paths starts with the picks.
- When exactly one candidate move remains and the picks complete one of its paths, it is
  played. Picks that only remain to be made on panel items (an Onitama card that is the
  only one reaching the square) are filled in: there is nothing left to choose.
- When the picks complete a path but longer paths go on from it (an Oferhlýp chain that
  may stop or continue), the move is played by selecting the last picked cell again.

Rules-agnostic: nothing here knows which game it is. No Textual import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .board import Pick
from .rules import Move, Position, Rules

Picks = tuple[Pick, ...]


@dataclass(frozen=True)
class Selection:
    """The result of one selection: the picks afterwards, and a move when one is complete.

    ``refusal`` is set (and ``picks`` unchanged) when the pick was not accepted."""

    picks: Picks
    move: Move | None = None
    refusal: str | None = None


class Entry:
    """Move entry for one position. Build it once per position (it computes every pick
    path of every legal move); then every query is a filter over that list."""

    def __init__(self, rules: Rules, pos: Position, moves: Iterable[Move], *,
                 refusal: Callable[[Move], str | None] | None = None,
                 closed: str | None = None) -> None:
        self.rules = rules
        self.pos = pos
        self.moves = tuple(moves)
        #: why every pick is refused (e.g. "the game is over"), or None
        self.closed = closed
        self._refusal = refusal
        self.paths: tuple[tuple[Picks, Move], ...] = tuple(
            (tuple(path), move) for move in self.moves for path in rules.pick_paths(pos, move)
        )
        self._labels = {p: p.label for path, _ in self.paths for p in path if p.label}
        self._cache: dict[Picks, tuple[tuple[Picks, Move], ...]] = {}

    @classmethod
    def from_game(cls, game) -> Entry:
        """The entry for a ``core.game.Game`` at its cursor (history rules applied)."""
        over = game.outcome() is not None
        return cls(game.rules, game.position, () if over else game.legal_moves(),
                   refusal=game.repetition_refusal, closed="the game is over" if over else None)

    # ----- queries --------------------------------------------------------------------

    def candidates(self, picks: Picks) -> tuple[tuple[Picks, Move], ...]:
        """(path, move) pairs whose path starts with ``picks``."""
        found = self._cache.get(picks)
        if found is None:
            n = len(picks)
            found = tuple(pm for pm in self.paths if pm[0][:n] == picks)
            self._cache[picks] = found
        return found

    def next_picks(self, picks: Picks = ()) -> frozenset[Pick]:
        """Everything that may be picked after ``picks`` (to highlight)."""
        n = len(picks)
        return frozenset(path[n] for path, _ in self.candidates(picks) if len(path) > n)

    def movable(self) -> frozenset[Pick]:
        """The first picks of all legal moves: the pieces (and tiles) that can move."""
        return self.next_picks(())

    def complete(self, picks: Picks) -> Move | None:
        """The move whose path is exactly ``picks``, if any."""
        if not picks:
            return None
        for path, move in self.candidates(picks):
            if path == picks:
                return move
        return None

    def waiting(self, picks: Picks) -> Move | None:
        """A complete move that could also be extended (play it by selecting the last
        pick again), or None."""
        move = self.complete(picks)
        return move if move is not None and self.next_picks(picks) else None

    def ready(self, picks: Picks) -> Move | None:
        """The move to play now: exactly one candidate move remains, and the picks
        complete one of its paths or only item picks are left on it."""
        if not picks:
            return None
        cands = self.candidates(picks)
        if not cands or any(m != cands[0][1] for _, m in cands):
            return None
        n = len(picks)
        for path, move in cands:
            if all(p.kind == "item" for p in path[n:]):
                return move
        return None

    def label(self, pick: Pick) -> str:
        """What to show for an item pick (its label from the engine, else its key)."""
        return self._labels.get(pick, pick.key)

    # ----- the one action -------------------------------------------------------------

    def select(self, picks: Picks, pick: Pick) -> Selection:
        """Add ``pick`` to ``picks``.

        - ``pick`` repeats the last pick: play the complete move, else take the pick back;
        - ``pick`` is a legal next pick: extend (and play the move when it is ready);
        - ``pick`` starts another move (another piece): start over from it;
        - otherwise: refused, with the reason (history rule or ``Rules.explain``).
        """
        if self.closed:
            return Selection(picks, refusal=self.closed)
        if picks and pick == picks[-1]:
            move = self.complete(picks)
            if move is not None:
                return Selection(picks, move)
            return Selection(picks[:-1])
        if pick in self.next_picks(picks):
            new = (*picks, pick)
            return Selection(new, self.ready(new))
        if picks and pick in self.movable():
            new = (pick,)
            return Selection(new, self.ready(new))
        return Selection(picks, refusal=self.explain(picks, pick))

    def explain(self, picks: Picks, pick: Pick) -> str:
        """Why ``pick`` cannot follow ``picks``."""
        reason = self._history_refusal((*picks, pick))
        if reason:
            return reason
        try:
            return self.rules.explain(self.pos, picks, pick)
        except Exception as exc:  # an engine bug must not stop the player
            return f"that is not a legal choice here ({type(exc).__name__}: {exc})"

    def _history_refusal(self, picks: Picks) -> str | None:
        """The history rule's reason when a positionally legal move starts with ``picks``
        but the game's history forbids it."""
        if self._refusal is None or self.rules.repetition_limit is None:
            return None
        legal = set(self.moves)
        n = len(picks)
        for move in self.rules.legal_moves(self.pos):
            if move in legal:
                continue
            if any(tuple(path[:n]) == picks for path in self.rules.pick_paths(self.pos, move)):
                reason = self._refusal(move)
                if reason:
                    return reason
        return None

    def hint(self, picks: Picks) -> str:
        """What to do next (status line)."""
        if self.closed:
            return self.closed
        try:
            text = self.rules.hint(self.pos, picks)
        except Exception as exc:
            text = f"(hint failed: {exc})"
        if self.waiting(picks) is not None:
            text += " — or select the last cell again (Enter) to stop here"
        return text
