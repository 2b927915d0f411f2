"""Lexical rules every position string shares (CLARIFICATIONS §1.5)."""

from __future__ import annotations

import re
from typing import NamedTuple

_FIELD = re.compile(r"[^ \t]+")


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
