"""What every screen that shows one game's board does the same way: flip the board,
switch ASCII drawing, open the rules. The game screen and the replay screen share it."""

from __future__ import annotations


class BoardActions:
    """A mixin for a ``Screen`` with ``rules``, ``flipped``, ``ascii``, ``_set_layout()``
    (apply the engine's layout for the current flip/ASCII state) and ``redraw()``."""

    def redraw(self) -> None:
        raise NotImplementedError

    def action_flip(self) -> None:
        self.flipped = not self.flipped
        self._set_layout()
        self.redraw()

    def set_ascii(self, ascii: bool) -> None:
        self.ascii = ascii
        self._set_layout()
        self.redraw()

    def action_rules(self) -> None:
        from .rules import RulesScreen  # Markdown is slow to import: only when asked

        self.app.push_screen(RulesScreen(self.rules))
