"""Finding legal moves from typed text, for a move box that lists what still matches.

Game-blind: it knows moves only through ``Rules.move_text`` and ``Rules.parse_move``. The
legal moves come sorted by canonical text (``Rules.legal_moves``), so the moves whose text
starts with what was typed are one run of the list, found by bisection: a keystroke costs a
few dozen texts even when a position has a hundred thousand moves, listed lazily (Ochmir's
side choices). A list short enough to scan is also searched leniently (any letter case, and
from the start of any word, so ``b1-a2`` finds ``Frog b1-a2``). Texts are cached per
position: one finder serves every keystroke of one position.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .errors import OgamesError, refusal_reason
from .rules import Move, Position, Rules

#: the longest move list searched leniently as well as by prefix
SCAN_LIMIT = 5000


@dataclass(frozen=True)
class Match:
    """A legal move and its canonical text."""

    text: str
    move: Move


@dataclass(frozen=True)
class Matches:
    """The answer to one typed text: the first matches (``shown``, the move the text names
    first), how many match in all, and — when none does — why, in the game's words."""

    shown: tuple[Match, ...]
    total: int
    reason: str = ""

    @property
    def more(self) -> int:
        """How many matches are not shown."""
        return self.total - len(self.shown)


class _Texts(Sequence):
    """The canonical texts of a sorted move list, made on demand and kept."""

    def __init__(self, rules: Rules, pos: Position, moves: Sequence[Move]) -> None:
        self.rules, self.pos, self.moves = rules, pos, moves
        self.cache: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, i):  # type: ignore[override]
        text = self.cache.get(i)
        if text is None:
            text = self.cache[i] = self.rules.move_text(self.pos, self.moves[i])
        return text


def _tails(text: str) -> tuple[str, ...]:
    """``text`` from the start of each of its words on (``"a b c"``: itself, ``"b c"``,
    ``"c"``)."""
    words = text.split()
    return tuple(" ".join(words[k:]) for k in range(len(words)))


class MoveFinder:
    """The legal moves of one position, found by typed text.

    ``moves`` are the moves that may be played (history rules applied), sorted by
    canonical text; ``closed`` says why none may (the game is over, the computer's turn);
    ``refusal`` gives the history rule's reason for a move the position allows but the
    game's history bars."""

    def __init__(self, rules: Rules, pos: Position, moves: Sequence[Move], *,
                 closed: str | None = None,
                 refusal: Callable[[Move], str | None] | None = None) -> None:
        self.rules = rules
        self.pos = pos
        self.moves = moves
        self.closed = closed
        self._refusal = refusal
        self._texts = _Texts(rules, pos, moves)
        self._folded: tuple[tuple[str, ...], ...] | None = None

    def text(self, i: int) -> str:
        """The canonical text of the ``i``-th move."""
        return self._texts[i]

    def find(self, typed: str, limit: int = 50) -> Matches:
        """The moves ``typed`` may mean: the move it names when it parses, then the moves
        whose text starts with it (then, in a short list, those that start so in any case
        or at a later word), at most ``limit`` of them shown."""
        if self.closed:
            return Matches((), 0, self.closed)
        typed = " ".join(typed.split())
        parsed, reason = self._parse(typed) if typed else (None, "")
        lo, hi = self._run(typed)
        order: list[int] = []
        if parsed is not None:
            order.append(parsed)
        order += [i for i in range(lo, min(hi, lo + limit + 1)) if i != parsed]
        total = (hi - lo) + (parsed is not None and not lo <= parsed < hi)
        if typed and len(self.moves) <= SCAN_LIMIT:
            extra = [i for i in self._lenient(typed) if i != parsed and not lo <= i < hi]
            order += extra[:limit]
            total += len(extra)
        shown = tuple(Match(self.text(i), self.moves[i]) for i in order[:limit])
        if total:
            return Matches(shown, total)
        return Matches((), 0, reason or f"no legal move starts with {typed!r}")

    def completion(self, typed: str) -> str:
        """The longest text every move starting with ``typed`` starts with (``typed``
        itself when they part at once, "" when no move starts with it)."""
        typed = " ".join(typed.split())
        lo, hi = self._run(typed)
        if lo >= hi:
            return ""
        first, last = self.text(lo), self.text(hi - 1)  # sorted: the two farthest apart
        n = len(typed)
        while n < min(len(first), len(last)) and first[n] == last[n]:
            n += 1
        return first[:n]

    def _run(self, typed: str) -> tuple[int, int]:
        """The run of moves whose text starts with ``typed`` (sorted texts: one run)."""
        lo = bisect_left(self._texts, typed)
        if not typed:
            return lo, len(self.moves)
        # every text with the prefix sorts below the prefix followed by the last code point
        hi = bisect_left(self._texts, typed + "\U0010ffff", lo)
        return lo, hi

    def _lenient(self, typed: str) -> list[int]:
        """Indices of the moves whose text, in any letter case, starts with ``typed`` or
        has a later word that does (a short list only: every text is read once)."""
        if self._folded is None:  # per move: its text from each word on, folded
            self._folded = tuple(_tails(self.text(i).casefold())
                                 for i in range(len(self.moves)))
        want = typed.casefold()
        return [i for i, tails in enumerate(self._folded)
                if any(tail.startswith(want) for tail in tails)]

    def _parse(self, typed: str) -> tuple[int | None, str]:
        """The index of the move ``typed`` names, or None and the game's reason."""
        try:
            move = self.rules.parse_move(self.pos, typed)
        except OgamesError as exc:
            # the reason alone: the box shows the text typed beside it, so neither the
            # field ("move") nor the move text in front of the reason is said twice
            return None, refusal_reason(typed, exc)
        except Exception as exc:  # an engine bug must not stop the player
            return None, f"that is not a move here ({type(exc).__name__}: {exc})"
        index = self.index(move)
        if index is not None:
            return index, ""
        barred = self._refusal(move) if self._refusal is not None else None
        return None, barred or f"{typed} cannot be played here"

    def index(self, move: Move) -> int | None:
        """Where ``move`` stands in the list (by its canonical text), or None."""
        try:
            text = self.rules.move_text(self.pos, move)
        except Exception:
            return None
        i = bisect_left(self._texts, text)
        if i < len(self.moves) and self.text(i) == text and self.moves[i] == move:
            return i
        return None
