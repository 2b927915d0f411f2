"""The move list: one row per ply (and one for the start), the current ply marked.

Clicking a row or moving the highlight with the keys asks to jump there (``Jump``); the
screen answers with ``Game.goto`` and calls ``show`` again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.cache import LRUCache
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


def ply_label(index: int, text: str, sides: int, mover: str = "") -> str:
    """``1. c2-c5`` for the first side of a round, ``1… c7-c6`` for the others; with
    ``mover`` (three sides: ``…`` alone would not say whose move it was) ``1… Blue: …``."""
    number, turn = divmod(index, max(1, sides))
    return f"{number + 1}{'.' if turn == 0 else '…'} {f'{mover}: ' if mover else ''}{text}"


#: rows kept drawn (the tallest move list shows some 50; the highlight draws a row again)
RENDERED_ROWS = 256


class HistoryList(OptionList):
    """Row 0 is the start position; row i is the position after ply i."""

    #: no scroll bar: the list keeps the ply shown in view and its border says which ply of
    #: how many; a scroll bar's thumb, moved by every move, cost a second frame after each
    #: move's repaint (Textual draws it once the layout settles, some 30 ms later)
    DEFAULT_CSS = """
    HistoryList { height: 1fr; border: round $foreground 25%; scrollbar-visibility: hidden; }
    HistoryList:focus { border: round $accent; }
    """

    class Jump(Message):
        def __init__(self, ply: int) -> None:
            super().__init__()
            self.ply = ply

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Moves"
        self._texts: list[str] = []
        self._current = 0
        self._quiet = False
        #: the row of the ending that is no move, if any
        self._ending: int | None = None
        self._bound_render_cache()

    def _bound_render_cache(self) -> None:
        """Keep a few screens' worth of drawn rows, not Textual's 2,048. Every move writes
        new rows (the ▶ moves on), and each row kept holds its drawn strips with their own
        caches: the collector walked some hundred thousand objects and paused a move's
        repaint for up to 100 ms. Textual keeps the rows under this name (OptionList)."""
        cache = getattr(self, "_option_render_cache", None)
        if isinstance(cache, LRUCache):
            self._option_render_cache = LRUCache(maxsize=RENDERED_ROWS)

    def _prompt(self, i: int) -> str:
        mark = "▶ " if i == self._current else "  "
        return mark + self._texts[i]

    def _option(self, i: int) -> str | Option:
        if i == self._ending:
            return Option(f"  {self._texts[i]}", disabled=True)
        return self._prompt(i)

    def show(self, texts: list[str], current: int, sides: int, ending: str = "",
             movers: Sequence[str] = (), marks: Mapping[int, str] | None = None) -> None:
        """Rows for the plies ``texts`` (redo tail included) with ``current`` marked, and a
        last row, not a position, for an ``ending`` that is no move (a resignation);
        ``movers``: who made each ply, when the rows should say it; ``marks``: a review's
        mark (``??``, ``?``, ``?!``) after the move of a ply (1-based)."""
        marks = marks or {}
        rows = ["start"] + [ply_label(i, t, sides, movers[i] if i < len(movers) else "")
                            + (f" {marks[i + 1]}" if marks.get(i + 1) else "")
                            for i, t in enumerate(texts)]
        if ending:
            rows.append(ending)
        self._ending = len(rows) - 1 if ending else None
        keep = 0
        while keep < min(len(rows), len(self._texts)) and rows[keep] == self._texts[keep]:
            keep += 1
        self._quiet = True
        try:
            if len(self._texts) - keep > 1:  # many rows differ (another viewer's words):
                self.clear_options()  # built anew, not taken out one by one (each a pass)
                keep = 0
            elif keep < len(self._texts):
                self.remove_option_at_index(keep)
            old = self._current
            self._texts = rows
            self._current = current
            self.add_options(self._option(i) for i in range(keep, len(rows)))
            for i in {old, current}:
                if i < keep:
                    self.replace_option_prompt_at_index(i, self._prompt(i))
            if self.highlighted != current:
                self.highlighted = current
        finally:
            self._quiet = False
        plies = len(texts)
        self.border_subtitle = f"{current}/{plies}" if plies else ""

    def on_resize(self) -> None:
        # the panel above may change height after a move: keep the current ply in view
        self.scroll_to_highlight()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        # a late event from an earlier ``show`` (moves made in quick succession) is stale
        stale = event.option_index != self.highlighted
        if not self._quiet and not stale and event.option_index != self._current:
            self.post_message(self.Jump(event.option_index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index != self._current:
            self.post_message(self.Jump(event.option_index))
