"""A position drawn by the one board widget, sized to its board: the rules screen's
diagrams and the saved-games preview. It shows everything (no hidden parts) and may
highlight a move: its first picked cell as selected, the rest of its path as the last move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.rules import Rules
from .board import BoardView, Marks


class Diagram(BoardView, can_focus=False):
    DEFAULT_CSS = """
    Diagram { width: auto; height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id)
        if classes:
            self.add_class(*classes.split())
        self.rules: Rules | None = None
        self.position: Any = None
        #: whether the compact drawing is shown
        self.compact = False

    def draw(self, rules: Rules, pos: Any, path: Sequence[str] = (), *, ascii: bool = False,
             last: Sequence[str] = (), compact: bool = False) -> None:
        """Show ``pos``; ``path`` are the cells of a move to highlight (in pick order);
        ``last`` the cells of the move that led here; ``compact``: in the small drawing
        the game screen uses in a small window."""
        variant = rules.variant_of(pos)
        if self.rules is not rules or self.layout_ is None or self.ascii != ascii or (
                self.compact != compact) or (
                self.position is not None and rules.variant_of(self.position) != variant):
            layout = rules.layout(variant, ascii=ascii, compact=compact)
            self.compact = compact
            self.set_layout(layout, rules.side_colours(variant), ascii)
            self.styles.width = layout.width
            self.styles.height = layout.height
        self.rules, self.position = rules, pos
        selected = frozenset(path[:1])
        self.show(dict(rules.cell_views(pos, None)),
                  Marks(None, selected, frozenset(), frozenset(path[1:]) | frozenset(last)))

    def clear(self) -> None:
        self.rules = self.position = None
        self.layout_ = None
        self.styles.width = 0
        self.styles.height = 0
        self.refresh()


def path_cells(rules: Rules, pos: Any, move: Any) -> tuple[str, ...]:
    """The cells of a move's canonical pick path, in order."""
    paths = rules.pick_paths(pos, move)
    return tuple(p.key for p in (paths[0] if paths else ()) if p.kind == "cell")
