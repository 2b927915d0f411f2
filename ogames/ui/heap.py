"""Keeping the collector's pauses out of a move's repaint.

CPython's full collection walks every container alive. An app started and a game open are
a few hundred thousand of them; a walk took up to 100 ms, and when it fell between a key
and its repaint the player saw the board stall. Two things keep the walk short: what lives
for the whole run is frozen once (``settle_heap``), and what Textual would keep of widgets
already gone is let go after every move (``drop_dead_widget_caches``).

A full collection still took some 30 ms, and the collector starts one by itself after so
many allocations: often in the middle of a move's repaint (the slowest frames of ``make
bench`` were exactly those). So it is asked to start one far less often, and the
app runs one itself once keys, clicks and moves have paused for a moment (``IdleCollection``).
"""

from __future__ import annotations

import gc

from textual._styles_cache import StylesCache
from textual.message_pump import MessagePump
from textual.timer import Timer

#: whether this process has frozen its heap (once only: what is frozen is never collected,
#: so a second app in the same process, as in the tests, must not freeze the first)
_settled = False


def settle_heap() -> None:
    """Once the first screen of the process is drawn: collect, then move every object alive
    (the modules, classes and widgets of the started app, over a hundred thousand) out of
    the collector's sight. A full collection walks only what was made since."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)


#: middle-generation collections between two full ones the collector starts by itself
#: (CPython's default is 10; ``IdleCollection`` runs the others while nothing is drawn)
FULL_AFTER = 100
#: seconds without a new position before the idle collection runs
QUIET = 1.0


class IdleCollection:
    """A full collection ``QUIET`` seconds after the last ``poke`` (a key, a click, a move
    the computer made): the garbage of a move is collected while the player looks at the
    board, not while the next move is drawn or typed."""

    def __init__(self, owner: MessagePump) -> None:
        self.owner = owner
        self._timer: Timer | None = None

    def poke(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.owner.set_timer(QUIET, self._collect)

    def _collect(self) -> None:
        self._timer = None
        gc.collect()


def drop_dead_widget_caches() -> None:
    """Let go of the drawn lines of widgets that are gone. Textual memoises
    ``StylesCache.get_inner_outer`` per widget (``functools.lru_cache`` on a method keeps
    its instance: up to 1,024 widgets' caches, each some 40 drawn lines with their own
    caches), so every hand-off screen and footer key ever shown stayed reachable: over
    100,000 objects for the collector to walk after a few dozen moves. The memo is cheap
    to fill again (two styles per widget drawn)."""
    memo = getattr(StylesCache, "get_inner_outer", None)
    clear = getattr(memo, "cache_clear", None)
    if callable(clear):
        clear()
