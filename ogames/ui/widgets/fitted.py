"""Text that keeps the rows it is given: titles, the status line, the game-over banner.

A line that wrapped onto one more row would push the board down (or cut its last rank in a
window that has no row to spare), and a line cut at the edge of the window reads as a broken
phrase. Instead the text is shortened to the rows and width it has: to its longest
beginning that ends where a phrase ends (a dash, a middle dot, a full stop, a semicolon, a
comma or an opening bracket), else to whole words followed by "…"; a word is cut only when
even the first one is wider than a row.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static

#: where a phrase ends, with how many of its characters stay with the text before it
BREAKS = ((" — ", 0), (" · ", 0), (". ", 1), ("; ", 0), (", ", 0), (" (", 0))
ELLIPSIS = "…"


def rows_of(text: str, width: int) -> int:
    """How many rows ``text`` takes wrapped at spaces to ``width`` cells (a word wider
    than a row counts as the rows it is cut into)."""
    rows, used = 1, 0
    for word in text.split(" "):
        size = cell_len(word)
        if used and used + 1 + size > width:
            rows, used = rows + 1, 0
        used += (1 if used else 0) + size
        while used > width:
            rows, used = rows + 1, used - width
    return rows


def _phrase_ends(text: str) -> list[str]:
    """Every beginning of ``text`` that ends at a phrase break, brackets balanced."""
    out = []
    for sep, keep in BREAKS:
        at = text.find(sep)
        while at > 0:
            head = text[:at + keep].rstrip()
            if head and head.count("(") == head.count(")"):
                out.append(head)
            at = text.find(sep, at + 1)
    return out


#: a bracketed aside with the spaces before it (innermost first, so nested ones go too)
_ASIDE = re.compile(r"\s*\([^()]*\)")


def _without_brackets(text: str) -> str:
    """``text`` without its bracketed asides (" (…)"): "Black (Computer easy) wins" keeps
    its verb where cutting at the bracket would leave "Black"."""
    while True:
        plain = _ASIDE.sub("", text)
        if plain == text:
            return text
        text = plain


def shorten(text: str, width: int, rows: int = 1) -> str:
    """``text`` as it fits in ``rows`` rows of ``width`` terminal cells, never cut inside a
    word (unless its first word alone is wider than all of them): whole, or its longest
    beginning that ends a phrase (when that ends where an aside begins, the text without
    its asides may give a longer one), or whole words and "…"."""
    if width <= 0 or rows <= 0:
        return ""

    def fits(head: str) -> bool:
        return rows_of(head, width) <= rows

    if fits(text):
        return text
    fitting = [head for head in _phrase_ends(text) if fits(head)]
    best = max(fitting, key=len, default=None)
    if best is None or text[len(best):].startswith(" ("):
        # cut where an aside begins ("Black (Computer easy) wins" → "Black"): the text
        # without its asides may keep more of the sentence
        plain = _without_brackets(text)
        if plain != text:
            fitting += [head for head in (plain, *_phrase_ends(plain)) if fits(head)]
    if fitting:
        return max(fitting, key=len)
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n]).rstrip(" ,;:—·(") + ELLIPSIS
        if fits(head):
            return head
    cut = text[:width * rows]
    while cut and cell_len(cut) + 1 > width * rows:
        cut = cut[:-1]
    return cut + ELLIPSIS


class FittedText(Static):
    """A ``Static`` whose text is shortened to the rows and width the widget has (see
    ``shorten``): ``update`` takes the whole text, rendering shortens it for the size of
    the moment, so a larger window shows more of it. One row high unless given more; the
    text is plain (no markup)."""

    DEFAULT_CSS = """
    FittedText { height: 1; }
    """

    def __init__(self, text: str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)
        self.text = text

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        """Show ``content`` (as plain text); the widget keeps its rows, so no layout."""
        text = str(content)
        if text != self.text:
            self.text = text
            self.refresh(layout=layout)

    def render(self) -> Content:
        size = self.content_size
        if size.width <= 0:
            return Content(self.text)
        return Content(shorten(self.text, size.width, max(1, size.height)))
