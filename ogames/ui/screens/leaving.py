"""Screens that leave once: keys faster than screens settle must not dismiss one twice.

Textual's ``Screen.dismiss`` hands its result to the screen's waiting callback and pops
whatever screen is on top. A second dismissal of the same screen, from a key that arrived
while the first was still under way (``q`` twice on a hand-off, Esc then Enter on a
dialog), then set a result that was already set (the app died of ``InvalidStateError``), or
popped the screen below it. Every screen of the app mixes this in before Textual's class:
a screen dismisses itself only while it is the screen on top; otherwise the dismissal has
already happened, or belongs to a screen that has gone, and nothing is done.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class LeavesOnce:
    """``dismiss`` acts only on the screen on top (see the module's text), after
    ``before_leaving``."""

    def before_leaving(self) -> None:
        """What the screen lets go of as it leaves, before the screen below is shown again
        (which may look for it at once: a game's file, free to resume)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self.app.screen is not self:  # type: ignore[attr-defined]
            return AwaitComplete()
        self.before_leaving()
        return super().dismiss(result)  # type: ignore[misc]
