"""Textual's OptionList, safe in a window too small to show any of its rows.

Textual (8.x) maps options to screen lines only while the list has rows on screen; squeezed
to no height (a window 3 or 4 rows high), PageUp/PageDown looked the highlighted option up
in that empty map and the app died of a KeyError. Here the paging keys do nothing while no
row is shown: there is no page to move by.
"""

from __future__ import annotations

from textual.widgets import OptionList


class PagingOptionList(OptionList):
    """An OptionList whose PageUp/PageDown wait for a row on screen."""

    @property
    def shows_rows(self) -> bool:
        """Whether any row of the list is on screen (it has a content area)."""
        return bool(self.scrollable_content_region)

    def action_page_up(self) -> None:
        if self.shows_rows:
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.shows_rows:
            super().action_page_down()
