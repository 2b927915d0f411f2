"""Lexical rules every position string shares (CLARIFICATIONS §1.5)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .errors import NotationError
from .quoting import shown

_FIELD = re.compile(r"[^ \t]+")
_DIGITS = frozenset("0123456789")  # not str.isdigit: int() refuses '²', which it accepts


class Field(NamedTuple):
    """One field of a position string and the 1-based column of its first character."""

    text: str
    column: int


def split_fields(text: str) -> list[Field]:
    """Fields are separated by runs of spaces/tabs; leading and trailing whitespace of any
    kind (a pasted newline) is ignored.

    Columns count from the start of the whole text, so an error can point at the
    offending character.
    """
    lead = len(text) - len(text.lstrip())
    return [Field(m.group(), lead + m.start() + 1) for m in _FIELD.finditer(text.strip())]


def compress_empty(cells: Iterable[str], empty: str) -> str:
    """A row of cell symbols with each run of ``empty`` written as its length, the way
    every row-by-row position string of CLARIFICATIONS §1.5 writes empty cells
    (``["D", ".", ".", "L"]`` → ``"D2L"``)."""
    out: list[str] = []
    run = 0
    for symbol in cells:
        if symbol == empty:
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(symbol)
    if run:
        out.append(str(run))
    return "".join(out)


class Token(NamedTuple):
    """One piece of a row: a symbol, or a run of empty cells (``run`` > 0), and the
    0-based offset in the row text where it starts."""

    symbol: str
    run: int
    offset: int


def expand_empty(text: str, *, field: str, column: int, limit: int) -> Iterator[Token]:
    """The symbols and empty runs of a row written with ``compress_empty``. A run is a
    number from 1 without a leading zero; a number above ``limit`` (the row's length) is
    refused here, before ``int()`` meets a string of any length. ``column`` is the row's
    1-based column in the whole text, for the error."""
    i = 0
    while i < len(text):
        if text[i] not in _DIGITS:
            yield Token(text[i], 0, i)
            i += 1
            continue
        j = i
        while j < len(text) and text[j] in _DIGITS:
            j += 1
        digits = text[i:j]
        if digits[0] == "0":
            raise NotationError("a number of empty cells is at least 1, without a leading zero",
                                field=field, column=column + i)
        if len(digits) > len(str(limit)) or int(digits) > limit:
            raise NotationError(f"{field} has only {limit} cells; '{shown(digits)}' empty "
                                "ones cannot fit", field=field, column=column + i)
        yield Token("", int(digits), i)
        i = j


def parse_number(text: str, *, field: str, column: int | None = None, low: int = 0,
                 high: int = 10**9) -> int:
    """A whole number from position or move text, ``low`` ≤ n ≤ ``high``: ASCII digits
    only, refused by length before ``int()`` sees it (Python will not read more than 4,300
    digits, and no counter of a real game needs more than a few)."""
    if not text or any(ch not in _DIGITS for ch in text):
        raise NotationError(f"'{shown(text)}' is not a number", field=field, column=column)
    if len(text) > len(str(high)) or not low <= int(text) <= high:
        raise NotationError(f"{shown(text)} is out of range ({low} to {high})", field=field,
                            column=column)
    return int(text)
