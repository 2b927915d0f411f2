"""Typed errors. Each carries a message a player can act on."""

from __future__ import annotations

from .quoting import visible


class OgamesError(Exception):
    """Base of every error ogames raises on purpose."""


class UnknownGameError(OgamesError):
    """A game id or alias that no engine answers to."""


class NotationError(OgamesError):
    """Position or move text that cannot be read.

    ``field`` names the part of the text (e.g. "rank 3", "side"), ``column`` is the
    1-based character position in the whole text when known.
    """

    def __init__(self, message: str, *, field: str | None = None, column: int | None = None):
        self.field = field
        self.column = column
        parts = []
        if field:
            parts.append(field)
        if column is not None:
            parts.append(f"the {ordinal(column)} character")
        prefix = f"{', '.join(parts)}: " if parts else ""
        super().__init__(prefix + message)
        self.reason = message


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``: where a character stands."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class IllegalMoveError(OgamesError):
    """A well-formed move that the rules do not allow in this position."""


class SaveFileError(OgamesError):
    """A saved game that cannot be read past some point.

    ``line``/``column`` are 1-based; ``game`` is the game as far as the last good move
    (or None when not even the headers could be read).
    """

    def __init__(self, message: str, line: int, column: int, game: object | None = None):
        self.line = line
        self.column = column
        self.game = game
        # the message quotes the file (a move, a tag), which may hold an escape sequence
        message = visible(message)
        self.reason = message
        super().__init__(f"line {line}, column {column}: {message}")


def refusal_reason(text: str, exc: Exception) -> str:
    """Why the move ``text`` was refused, for a message that already quotes the move
    (``move 2 'd6-e9' is refused: <this>``): without the field and column of a
    NotationError and without the move text that engines put in front of the reason, so
    nothing is said twice."""
    reason = exc.reason if isinstance(exc, NotationError) else str(exc)
    head, colon, rest = reason.partition(": ")
    if colon and _words(head.strip("'")) == _words(text):
        return rest
    return reason


def _words(text: str) -> str:
    """Move text compared as a person means it: any case, any spacing."""
    return " ".join(text.split()).casefold()
