"""Beside the board: the players, the game's own panel (cards, hands) and pending item
choices (side choices), all drawn generically from what the engine returns.

Selectable items are numbered 1–9 in panel order; a click or the digit picks them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.color import Color
from textual.containers import Grid, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ...core.board import PanelItem, PanelSection
from .board import parse_colour, readable


def ink(colour: str | None, paper: Color) -> str:
    """A side colour made readable on ``paper``, as a Rich colour string."""
    if not colour:
        return ""
    return readable(parse_colour(colour), paper).hex


@dataclass(frozen=True)
class Player:
    side: str
    name: str
    colour: str
    summary: str
    to_move: bool
    winner: bool = False


class PlayersView(Static):
    DEFAULT_CSS = """
    PlayersView { height: auto; border: round $foreground 25%; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Players"
        self._players: Sequence[Player] = ()
        #: the lines the players take (one each, or two when summaries go below names)
        self.rows = 0

    def on_resize(self) -> None:
        if self._players:
            self.show(self._players)  # the names' room depends on the width

    def notify_style_update(self) -> None:
        """A new theme: the side colours are made readable on the new background. The
        players are read when the refresh is over, not now: a move made in between (the
        computer's first, the last of a game) must not be overwritten by the turn before."""
        super().notify_style_update()
        if self._players:
            self.call_after_refresh(self._show_latest)

    def _show_latest(self) -> None:
        self.show(self._players)

    def show(self, players: Sequence[Player]) -> None:
        self._players = players
        paper = self.background_colors[1]
        text = Text()
        names = [p.name if p.name not in ("", "?") else "" for p in players]
        side_w = max(len(p.side) for p in players) if players else 0
        # names get the room the summaries leave (12 before the first layout), cut with "…"
        summary_w = max((len(p.summary) for p in players), default=0)
        width = self.content_region.width
        room = max(8, width - 2 - side_w - 1 - 2 - summary_w) if width else 12
        longest = max(map(len, names), default=0)
        # a name that does not fit beside the summaries puts every summary on a line below
        below = bool(width) and longest > room and summary_w > 0
        name_w = min(max(8, width - 2 - side_w - 1) if below else room, longest)
        for i, p in enumerate(players):
            if i:
                text.append("\n")
            mark = "▶ " if p.to_move else ("★ " if p.winner else "  ")
            text.append(mark, style="bold")
            text.append(f"{p.side:<{side_w}}", style=f"bold {ink(p.colour, paper)}")
            if name_w:
                name = names[i] if len(names[i]) <= name_w else names[i][:name_w - 1] + "…"
                text.append(f" {name}" if below else f" {name:<{name_w}}")
            summary_style = "" if p.to_move else "dim"
            if below:
                text.append(f"\n  {p.summary}", style=summary_style)
            else:
                text.append(f"  {p.summary}", style=summary_style)
        self.rows = len(players) * (2 if below else 1)
        self.update(text)


class ItemBox(Static):
    """One panel item (a card, a tile, a choice). Click to pick it."""

    DEFAULT_CSS = """
    ItemBox { height: auto; width: 1fr; padding: 0 1; background: $boost; }
    ItemBox.selectable { background: $success-muted; }
    ItemBox.picked { background: $accent; text-style: bold; }
    ItemBox.dim { color: $text-muted; }
    """

    class Clicked(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key
        self.shown: Text | None = None

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.key))


def section_heading(section: PanelSection) -> Text:
    """A section's title in bold and its note after it, on one line when they fit (a small
    window has no row to spare), wrapped when not."""
    text = Text(section.title, style="bold")
    if section.note:
        text.append(" — ")
        text.append(section.note, style="dim")
    return text


def item_widths(items: Sequence[PanelItem]) -> tuple[int, int]:
    """The width a section's widest item needs, and the least it needs with its title
    wrapped (a box holds its number, a space, the text and one column of padding a side;
    a title may wrap so that a section's drawings stand side by side)."""
    wide = 4 + max((len(t) for i in items for t in (i.title, *i.lines)), default=1)
    least = 4 + max((len(t) for i in items for t in (i.lines or (i.title,))), default=1)
    return wide, least


def columns_for(width: int, count: int, wide: int, least: int) -> int:
    """How many of ``count`` items stand side by side in ``width`` columns (one between)."""
    columns = min(count, (width + 1) // (wide + 1))
    if columns < count:
        columns = min(count, (width + 1) // (least + 1))
    return max(1, columns)


def as_seated(sections: Sequence[PanelSection], flipped: bool) -> tuple[PanelSection, ...]:
    """The sections in the order to show them. An engine lists them for the board as it
    stands, side 1 at the top; with the board turned, the sections that each belong to one
    side (Onitama's cards) trade places, so every player's cards stay at their own edge of
    the board. Sections of no single side (a side card, a mixed hand, the bag) keep theirs."""
    sections = tuple(sections)
    if not flipped:
        return sections
    owned = [i for i, s in enumerate(sections)
             if s.items and s.items[0].owner is not None
             and all(it.owner == s.items[0].owner for it in s.items)]
    if len({sections[i].items[0].owner for i in owned}) < 2:
        return sections
    out = list(sections)
    for here, there in zip(owned, reversed(owned), strict=True):
        out[here] = sections[there]
    return tuple(out)


def panel_height(sections: Sequence[PanelSection], width: int) -> int:
    """The rows ``sections`` take at ``width`` columns, all shown: the screen asks a window
    that tall, so that no card or tile has to be scrolled to."""
    rows = 0
    for section in sections:
        rows += len(textwrap.wrap(section_heading(section).plain, max(1, width - 2))) or 1
        items = section.items
        if not items:
            continue
        columns = columns_for(width, len(items), *item_widths(items))
        text = max(1, (width - columns + 1) // columns - 2)
        tall = max(-(-(2 + len(i.title)) // text) + len(i.lines) for i in items)
        lines = -(-len(items) // columns)
        rows += lines * tall + lines - 1
    return rows


class PanelView(VerticalScroll):
    """The engine's panel sections and the pending choices."""

    DEFAULT_CSS = """
    PanelView { height: auto; }
    PanelView > .section-title { height: auto; margin: 0 1; }
    PanelView > Grid { grid-size: 2; grid-rows: auto; height: auto; grid-gutter: 1 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.can_focus = False
        self._shape: tuple = ()
        self.order: list[str] = []
        #: each item grid, its number of items, the width its widest item needs and the width
        #: it needs with its title wrapped
        self._grids: list[tuple[Grid, int, int, int]] = []
        #: the selectable items last scrolled into view
        self._in_view: list[str] = []
        #: what the items were last filled with (filled again, as it was, for a new theme)
        self._filled: tuple | None = None
        #: the items picked so far, and the item picks pending that are on no panel
        self._picked: list[str] = []
        self._pending: list[str] = []

    def compose(self) -> ComposeResult:
        return iter(())

    def show(self, sections: Sequence[PanelSection], colours: Sequence[str],
             selectable: Sequence[str], picked: Sequence[str],
             choices: Sequence[tuple[str, str]]) -> None:
        """Draw ``sections`` and a "Choose" section for item picks not on any panel
        (``choices``: key, label). ``selectable`` keys are numbered in panel order."""
        sections = list(sections)
        if choices:
            sections.append(PanelSection("Choose", tuple(PanelItem(k, lab) for k, lab in choices)))
        shape = tuple((s.title, s.note, tuple(i.key for i in s.items)) for s in sections)
        if shape != self._shape:
            self._shape = shape
            self.remove_children()
            widgets = []
            self._grids = []
            for s in sections:
                widgets.append(Static(section_heading(s), classes="section-title"))
                grid = Grid(*(ItemBox(i.key) for i in s.items))
                self._grids.append((grid, len(s.items), *item_widths(s.items)))
                widgets.append(grid)
            self._fit_columns()
            self.mount_all(widgets)
            # the items are filled once mounted, with what is shown then (see ``_refill``)
            self._filled = (sections, colours, selectable, picked)
            self.call_after_refresh(self._refill)
        else:
            self._fill(sections, colours, selectable, picked)
        keys = [i.key for s in sections for i in s.items]
        self.order = [k for k in keys if k in set(selectable)]
        self.display = bool(sections)
        self._picked = list(picked)
        self._pending = [k for k, _ in choices]

    def on_item_box_clicked(self, event: ItemBox.Clicked) -> None:
        """A second click on the item just picked goes on with the one pick that follows
        it on no panel (a tile picked is turned over: "turn it over") rather than
        taking it back; with no such pick (or several) the click is the screen's."""
        pending = self._pending
        if (self._picked and event.key == self._picked[-1] and len(pending) == 1
                and pending[0] not in self._picked):
            event.stop()
            self.post_message(ItemBox.Clicked(pending[0]))

    def on_resize(self) -> None:
        self._fit_columns()
        self.call_after_refresh(self._scroll_to_selectable)

    def notify_style_update(self) -> None:
        """A new theme: the items' inks are made readable on the new background."""
        super().notify_style_update()
        if self._filled is not None:
            self.call_after_refresh(self._refill)

    def _refill(self) -> None:
        """Fill the items again with what was last shown (read now: a show in between
        must not be overwritten by an older one)."""
        if self._filled is not None:
            self._fill(*self._filled)

    def _fit_columns(self) -> None:
        """As many items side by side as the width holds (before the first layout the
        width is unknown: then the side panel's usual width is assumed)."""
        width = self.scrollable_content_region.width or 46
        for grid, count, wide, least in self._grids:
            columns = columns_for(width, count, wide, least)
            if grid.styles.grid_size_columns != columns:
                grid.styles.grid_size_columns = columns

    def _fill(self, sections: Sequence[PanelSection], colours: Sequence[str],
              selectable: Sequence[str], picked: Sequence[str]) -> None:
        self._filled = (sections, colours, selectable, picked)
        boxes = list(self.query(ItemBox))
        items = [i for s in sections for i in s.items]
        sel = set(selectable)
        order = [i.key for i in items if i.key in sel]
        paper = self.background_colors[1]
        for box, it in zip(boxes, items, strict=False):
            text = Text()
            number = order.index(it.key) + 1 if it.key in sel else 0
            colour = colours[it.owner] if it.owner is not None and it.owner < len(colours) else None
            text.append(f"{number}" if 0 < number < 10 else " ", style="bold reverse")
            text.append(" ")
            text.append(it.title, style=f"bold {ink(colour, paper)}")
            for line in it.lines:
                text.append("\n" + line, style=ink(colour, paper))
            if text != box.shown:  # same size: no layout pass needed after the first
                box.update(text, layout=box.shown is None)
                box.shown = text
            box.set_class(it.key in sel, "selectable")
            box.set_class(it.key in set(picked), "picked")
            box.set_class(bool(sel) and it.key not in sel and it.key not in picked, "dim")
        if order != self._in_view:
            self._in_view = order
            self.call_after_refresh(self._scroll_to_selectable)

    def _scroll_to_selectable(self) -> None:
        """Scroll the items the player may pick into view (with little room, the mover's own
        cards or tiles would otherwise sit below the fold); the rest stays a scroll away."""
        boxes = [box for box in self.query(ItemBox) if box.key in self._in_view]
        if boxes and self.max_scroll_y:
            self.scroll_to_widget(boxes[-1], animate=False)
            self.scroll_to_widget(boxes[0], animate=False)
