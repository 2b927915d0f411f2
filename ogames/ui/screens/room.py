"""A screen that needs a least window, and says so in a smaller one.

The board screens size themselves to their board (``BoardActions.fit_window``); the picker
and the rules need a fixed least room: in a window smaller than that (Textual lets a
window be a few rows high), their lists would show no row at all, keys would act on what is
not shown, and the screen would say nothing. Instead its content gives way to one notice,
how large the window must be, and comes back, with the focus, when the window grows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.widgets import Static


def room_css(screen: str, hidden: Sequence[str]) -> str:
    """The CSS of ``screen`` for the notice, shown with the ``tiny`` class in place of the
    widgets ``hidden`` (selectors; the footer stays, and the keys it offers)."""
    hide = ", ".join(f"{screen}.tiny {selector}" for selector in hidden)
    return f"""
    {screen} #toosmall {{ display: none; height: 1fr; content-align: center middle;
                         text-align: center; }}
    {screen}.tiny #toosmall {{ display: block; }}
    {hide} {{ display: none; }}
    """


class NeedsRoom:
    """A mixin for a ``Screen`` that composes ``notice()`` and CSS from ``room_css``, and
    calls ``fit_room()`` when mounted, resized and resumed."""

    #: the least window (columns, rows) in which the screen shows what it is for
    MIN_SIZE: tuple[int, int] = (0, 0)
    #: what the window must be large enough for ("… to pick a game")
    PURPOSE = ""
    #: actions that stay off while the notice is shown (they would act on hidden widgets)
    BLIND_ACTIONS: frozenset[str] = frozenset()

    def notice(self) -> Static:
        return Static(id="toosmall", markup=False)

    @property
    def too_small(self) -> bool:
        screen: Any = self
        return screen.has_class("tiny")

    def fit_room(self) -> None:
        """Show the notice when the window is smaller than ``MIN_SIZE``, the content when
        not. No hidden widget keeps the focus (Textual's own ``AUTO_FOCUS`` gives it to one
        never shown); when the content comes back, the focus goes to ``AUTO_FOCUS`` again."""
        screen: Any = self
        w, h = self.MIN_SIZE
        size = screen.app.size
        tiny = size.width < w or size.height < h
        if tiny != self.too_small:
            screen.set_class(tiny, "tiny")
            screen.refresh_bindings()
            if not tiny and screen.focused is None and screen.AUTO_FOCUS:
                for widget in screen.query(screen.AUTO_FOCUS).results():
                    widget.focus()
                    break
        if tiny and screen.focused is not None:
            screen.set_focus(None)
        if tiny:
            screen.query_one("#toosmall", Static).update(
                f"Make the window at least {w}×{h} to {self.PURPOSE}.\n"
                f"(It is {size.width}×{size.height} now.)")

    def room_allows(self, action: str) -> bool:
        """For ``check_action``: False for a ``BLIND_ACTIONS`` action while too small."""
        return not (action in self.BLIND_ACTIONS and self.too_small)
