"""A footer that shows whole keys only: in a narrow window it drops the least important.

Textual's footer lays its keys out in one row and lets the window cut the row wherever it
ends, so at 80 columns the game screen's footer ended in "? r" — half a key, which reads as
a key that does not exist. This footer measures its keys first: when they do not all fit
it switches to the compact style (less space around each key), and when they still do not
fit it leaves out whole keys, least important first, as the screen ranks them in its
``FOOTER_PRIORITY``. A key left out still works, and the command palette's Keys panel
(``^p``, always kept) lists every key.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # not exported: the keys to measure

#: the cells a key takes besides its key and description: in the normal style, a space
#: each side of the key and one after the description; in the compact style, one space
#: between them and one after
GAP = {False: 3, True: 2}
#: the palette key's extra cells (its left edge, and its padding in the normal style)
PALETTE_EXTRA = {False: 2, True: 1}


def key_width(key: FooterKey, compact: bool) -> int:
    """The cells ``key`` takes in the footer (a key without description shows its key
    only)."""
    if not key.description:
        return cell_len(key.key_display) + (0 if compact else 2)
    width = cell_len(key.key_display) + cell_len(key.description) + GAP[compact]
    if key.has_class("-command-palette"):
        width += PALETTE_EXTRA[compact]
    return width


def rank(keys: Sequence[FooterKey], priority: Sequence[str]) -> list[FooterKey]:
    """``keys``, most important first: those whose action ``priority`` names, in its
    order, then the others from left to right (so the rightmost is dropped first)."""
    order = {action: i for i, action in enumerate(priority)}
    positions = {id(key): i for i, key in enumerate(keys)}
    return sorted(keys, key=lambda k: (order.get(k.action, len(order)), positions[id(k)]))


def fitting(keys: Sequence[FooterKey], priority: Sequence[str], width: int,
            compact: bool) -> set[int]:
    """The ids of the keys kept in ``width`` cells: the palette key first, then the others
    by rank while they fit (a key that does not fit is skipped, a narrower one after it may
    still fit)."""
    kept: set[int] = set()
    used = 0
    palette = [k for k in keys if k.has_class("-command-palette")]
    others = [k for k in keys if not k.has_class("-command-palette")]
    for key in [*palette, *rank(others, priority)]:
        size = key_width(key, compact)
        if used + size <= width:
            kept.add(id(key))
            used += size
    return kept


class FittedFooter(Footer):
    """A ``Footer`` that never cuts a key: normal style when every key fits, else compact,
    leaving out the least important keys (the screen's ``FOOTER_PRIORITY``: action names,
    most important first; keys it does not name come after, rightmost first)."""

    #: the width the keys were last chosen for
    _fitted_width = -1

    #: what the keys were last composed from (``_shown``); None: not composed yet
    _composed: tuple | None = None

    def _shown(self) -> tuple:
        """The keys the screen offers now and the width they are fitted to: composing
        again for the same ones would draw the same footer."""
        keys = tuple((binding.key, binding.action, binding.description, enabled, tooltip)
                     for _, binding, enabled, tooltip in self.screen.active_bindings.values()
                     if binding.show)
        return keys, self.size.width or self.app.size.width

    def bindings_changed(self, screen: Screen) -> None:
        """Compose again only when the keys offered changed: Textual's footer composes on
        every bindings signal (a screen's resume, a focus change), and a new screen's
        footer took three compositions, each mounting every key again, before it settled."""
        if (self._bindings_ready and screen is self.screen and self.is_attached
                and self._composed == self._shown()):
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        self._drop_stale_watchers()
        self._composed = self._shown() if self._bindings_ready else None
        widgets = list(super().compose())
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        # before its first layout a footer has no size: it will be the window's width (a
        # footer spans the screen), so the keys are chosen once, not again on the resize
        width = self._fitted_width = self.size.width or self.app.size.width
        if not keys or width <= 0:
            self.compact = False
            yield from widgets
            return
        priority: Sequence[str] = getattr(self.screen, "FOOTER_PRIORITY", ())
        compact = sum(key_width(k, False) for k in keys) > width
        self.compact = compact
        kept = fitting(keys, priority, width, compact)
        yield from self._kept(widgets, kept)

    def _drop_stale_watchers(self) -> None:
        """Forget the keys of the last composition. Each ``FooterKey`` binds itself to the
        footer's ``compact`` (``data_bind``), which puts it in the footer's watcher list;
        Textual drops closed widgets from that list only when ``compact`` changes
        (Textualize/textual#6666), so a footer whose keys change on every move kept every
        key it ever showed: some 20 widgets a move, and collections that paused a repaint
        for longer and longer. Textual keeps the list under this name (``reactive._watch``)."""
        watchers = getattr(self, "__watchers", None)
        if isinstance(watchers, dict):
            for name, bound in watchers.items():
                watchers[name] = [(node, callback) for node, callback in bound
                                  if not getattr(node, "_closing", False)
                                  and (node is self or node.parent is not None)]

    @staticmethod
    def _kept(widgets: Iterable[Widget], kept: set[int]) -> Iterable[Widget]:
        for widget in widgets:
            if not isinstance(widget, FooterKey) or id(widget) in kept:
                yield widget

    async def on_resize(self, event: events.Resize) -> None:
        """Choose again for a new width (Textual's footer composes only when the
        bindings change)."""
        if event.size.width != self._fitted_width:
            await self.recompose()
