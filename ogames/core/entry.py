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
- An engine whose moves are too many to list answers ``Rules.pick_options`` instead, one
  prefix of picks at a time, with the same three answers.

Rules-agnostic: nothing here knows which game it is. No Textual import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .board import Pick, PickOptions
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
    """Move entry for one position. Build it once per position; answers are cached per
    prefix of picks.

    Usually it lists every pick path of every legal move and filters that list. An engine
    whose moves are too many to list (``Rules.pick_options`` answers) is asked directly,
    prefix by prefix, and its move list is never iterated."""

    def __init__(self, rules: Rules, pos: Position, moves: Iterable[Move], *,
                 refusal: Callable[[Move], str | None] | None = None,
                 closed: str | None = None) -> None:
        self.rules = rules
        self.pos = pos
        self.moves: Sequence[Move] = moves if isinstance(moves, Sequence) else tuple(moves)
        #: why every pick is refused (e.g. "the game is over"), or None
        self.closed = closed
        self._refusal = refusal
        self._barred_moves: tuple[tuple[Picks, str, str], ...] | None = None
        self._options: dict[Picks, PickOptions] = {}
        self._labels: dict[Pick, str] = {}
        first = rules.pick_options(pos, self.moves, ()) if self.moves else None
        #: True when the engine answers move entry itself (no path list)
        self.direct = first is not None
        self.paths: tuple[tuple[Picks, Move], ...] = () if self.direct else tuple(
            (tuple(path), move) for move in self.moves for path in rules.pick_paths(pos, move)
        )
        self._labels.update((p, p.label) for path, _ in self.paths for p in path if p.label)
        self._cache: dict[Picks, tuple[tuple[Picks, Move], ...]] = {}
        if first is not None:
            self._remember((), first)

    @classmethod
    def from_game(cls, game) -> Entry:
        """The entry for a ``core.game.Game`` at its cursor (history rules applied)."""
        over = game.outcome() is not None
        return cls(game.rules, game.position, () if over else game.legal_moves(),
                   refusal=game.repetition_refusal, closed="the game is over" if over else None)

    # ----- queries --------------------------------------------------------------------

    def candidates(self, picks: Picks) -> tuple[tuple[Picks, Move], ...]:
        """(path, move) pairs whose path starts with ``picks`` (empty in direct mode)."""
        found = self._cache.get(picks)
        if found is None:
            n = len(picks)
            found = tuple(pm for pm in self.paths if pm[0][:n] == picks)
            self._cache[picks] = found
        return found

    def options(self, picks: Picks) -> PickOptions:
        """What may follow ``picks``: the next picks, the move they complete, the move to
        play at once."""
        found = self._options.get(picks)
        if found is None:
            if self.direct:
                found = self.rules.pick_options(self.pos, self.moves, picks)
                found = found or PickOptions(frozenset())
            else:
                found = self._enumerated(picks)
            self._remember(picks, found)
        return found

    def _remember(self, picks: Picks, found: PickOptions) -> None:
        self._options[picks] = found
        self._labels.update((p, p.label) for p in found.next if p.label)

    def _enumerated(self, picks: Picks) -> PickOptions:
        cands = self.candidates(picks)
        n = len(picks)
        following = frozenset(path[n] for path, _ in cands if len(path) > n)
        complete = next((m for path, m in cands if path == picks), None) if picks else None
        ready = None
        # exactly one candidate move: play it when the picks complete one of its paths
        # or only item picks are left on it (nothing left to choose)
        if picks and cands and all(m == cands[0][1] for _, m in cands):
            if any(all(p.kind == "item" for p in path[n:]) for path, _ in cands):
                ready = cands[0][1]
        return PickOptions(following, complete, ready)

    def next_picks(self, picks: Picks = ()) -> frozenset[Pick]:
        """Everything that may be picked after ``picks`` (to highlight)."""
        return self.options(picks).next

    def movable(self) -> frozenset[Pick]:
        """The first picks of all legal moves: the pieces (and tiles) that can move."""
        return self.next_picks(())

    def complete(self, picks: Picks) -> Move | None:
        """The move whose path is exactly ``picks``, if any."""
        return self.options(picks).complete if picks else None

    def waiting(self, picks: Picks) -> Move | None:
        """A complete move that could also be extended (play it by selecting the last
        pick again), or None."""
        opts = self.options(picks)
        return opts.complete if picks and opts.complete is not None and opts.next else None

    def ready(self, picks: Picks) -> Move | None:
        """The move to play now, if the picks leave nothing more to choose."""
        return self.options(picks).ready if picks else None

    def label(self, pick: Pick) -> str:
        """What to show for an item pick (its label from the engine, else its key)."""
        return self._labels.get(pick, pick.key)

    def items_after(self, picks: Picks, pick: Pick) -> frozenset[Pick]:
        """The item picks still to come on the moves that continue ``picks`` with ``pick``
        (the cards that take a piece to a square): the board can show them on the cell.
        Empty where the engine answers entry itself (its paths are not listed)."""
        if self.direct:
            return frozenset()
        n = len(picks) + 1
        return frozenset(p for path, _ in self.candidates((*picks, pick)) for p in path[n:]
                         if p.kind == "item")

    # ----- the one action -------------------------------------------------------------

    def select(self, picks: Picks, pick: Pick) -> Selection:
        """Add ``pick`` to ``picks``.

        - ``pick`` repeats the last pick: play the complete move, else take the pick back;
        - ``pick`` is a legal next pick: extend (and play the move when it is ready);
        - ``pick`` starts another move (another piece): start over from it, unless the
          engine reads it as a failed continuation (``Rules.keeps_selection``): refused;
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
            kept = self._kept(picks, pick)
            if kept:
                return Selection(picks, refusal=kept)
            new = (pick,)
            return Selection(new, self.ready(new))
        return Selection(picks, refusal=self.explain(picks, pick))

    def _kept(self, picks: Picks, pick: Pick) -> str | None:
        """The engine's reason to keep ``picks`` rather than start over from ``pick``."""
        try:
            return self.rules.keeps_selection(self.pos, picks, pick)
        except Exception:  # an engine bug must not stop the player: start over as usual
            return None

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
        n = len(picks)
        return next((reason for path, _, reason in self._barred() if path[:n] == picks), None)

    def hint(self, picks: Picks) -> str:
        """What to do next (status line), and which moves that go on from ``picks`` the
        history rule bars: the cursor keys never reach them, so they are named."""
        if self.closed:
            return self.closed
        try:
            text = self.rules.hint(self.pos, picks)
        except Exception as exc:  # an engine bug must not stop the player
            return f"(no hint: {type(exc).__name__}: {exc})"
        n = len(picks)
        barred = sorted({t for path, t, _ in self._barred() if len(path) > n
                         and tuple(path[:n]) == picks})
        if barred:
            reason = next(r for _, t, r in self._barred() if t == barred[0])
            text += f"; {', '.join(barred)} barred: {reason}"
        return text

    def _barred(self) -> tuple[tuple[Picks, str, str], ...]:
        """(path, text, reason) of each move the position allows and the history bars."""
        if self._barred_moves is None:
            found = []
            if self._refusal is not None and self.rules.repetition_limit is not None \
                    and not self.direct:
                legal = set(self.moves)
                for move in self.rules.legal_moves(self.pos):
                    reason = None if move in legal else self._refusal(move)
                    if reason:
                        text = self.rules.move_text(self.pos, move)
                        found += [(tuple(p), text, reason)
                                  for p in self.rules.pick_paths(self.pos, move)]
            self._barred_moves = tuple(found)
        return self._barred_moves
