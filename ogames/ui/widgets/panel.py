"""Beside the board: the players, the game's own panel (cards, hands) and pending item
choices (side choices), all drawn generically from what the engine returns.

Selectable items are numbered 1–9 in panel order; a click or the digit picks them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rich.text import Text
from textual.app import ComposeResult
from textual.color import Color
from textual.containers import Grid, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ...core.board import PanelItem, PanelSection, Run
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
    """The players, each with the engine's summary, the turn arrow and the winner's star.

    What it shows is drawn when it is painted, from the players last given to ``show``:
    there is no second copy to fall behind. A theme change or a resize only paints again
    (an earlier way re-showed the players it had been given when a style update was
    queued, so the move that ended a game, which restyles the screen, was overwritten by
    the turn before it)."""

    DEFAULT_CSS = """
    PlayersView { height: auto; border: round $foreground 25%; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Players"
        self._players: tuple[Player, ...] = ()
        #: the lines the players take (one each, or two when summaries go below names)
        self.rows = 0

    @property
    def players(self) -> tuple[Player, ...]:
        """The players shown (as the last ``show`` gave them)."""
        return self._players

    def on_resize(self) -> None:
        self._measure()  # the names' room depends on the width

    def notify_style_update(self) -> None:
        """A new theme: painted again, the side colours made readable on the new paper."""
        super().notify_style_update()
        self.refresh()

    def show(self, players: Sequence[Player]) -> None:
        self._players = tuple(players)
        self._measure()
        self.refresh()

    def _measure(self) -> None:
        """Note the rows the players take at this width (a layout pass when it changes)."""
        rows = players_text(self._players, self.content_region.width)[1]
        if rows != self.rows:
            self.rows = rows
            self.refresh(layout=True)

    def render(self) -> Text:
        return players_text(self._players, self.content_region.width,
                            self.background_colors[1])[0]


def players_text(players: Sequence[Player], width: int,
                 paper: Color | None = None) -> tuple[Text, int]:
    """The players' lines at ``width`` columns (0: not laid out yet) on ``paper``, and how
    many rows they take: a name that does not fit beside the summaries puts every summary on
    a line below the names."""
    paper = paper or Color(0, 0, 0)
    text = Text()
    names = [p.name if p.name not in ("", "?") else "" for p in players]
    side_w = max(len(p.side) for p in players) if players else 0
    # names get the room the summaries leave (12 before the first layout)
    summary_w = max((len(p.summary) for p in players), default=0)
    room = width - 2 - side_w - 1 - 2 - summary_w if width else 12
    longest = max(map(len, names), default=0)
    # the summaries go below the names when a line does not hold them whole beside the
    # side and the name (a narrow column, 70×20: "7 soldiers · 0 knights" wrapped in the
    # middle of a phrase); a name is cut with "…" only when even its own line is too short
    below = bool(width) and summary_w > 0 and (
        longest > room if longest else 2 + side_w + 2 + summary_w > width)
    name_w = min(max(8, width - 2 - side_w - 1) if below else max(0, room), longest)
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
        text.append(f"\n  {p.summary}" if below else f"  {p.summary}", style=summary_style)
    return text, len(players) * (2 if below else 1)


class ItemBox(Static):
    """One panel item (a card, a tile, a choice): its number to pick it by (0: none), its
    title and lines in its owner's colour, drawn when painted (see ``PlayersView``). Click
    to pick it."""

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

    def __init__(self, item: PanelItem, colour: str | None = None, number: int = 0,
                 classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.key = item.key
        self.item, self.colour, self.number = item, colour, number

    def set_item(self, item: PanelItem, colour: str | None, number: int) -> None:
        """Show ``item`` (a layout pass only when its text may take other rows)."""
        if (item, colour, number) == (self.item, self.colour, self.number):
            return
        resized = text_measure(item) != text_measure(self.item)
        self.key = item.key
        self.item, self.colour, self.number = item, colour, number
        self.refresh(layout=resized)

    def notify_style_update(self) -> None:
        """A new theme: painted again, the owner's colour made readable on the new paper."""
        super().notify_style_update()
        self.refresh()

    def render(self) -> Text:
        paper = self.background_colors[1]
        it, colour = self.item, self.colour
        text = Text()
        text.append(f"{self.number}" if 0 < self.number < 10 else " ", style="bold reverse")
        text.append(" ")
        if it.runs:  # several sides' colours in one item (see ``PanelItem``)
            append_runs(text, it.runs, self._side_colours(), paper,
                        getattr(self.app, "ascii", False))
            return text
        text.append(it.title, style=f"bold {ink(colour, paper)}")
        for line in it.lines:
            text.append("\n" + line, style=ink(colour, paper))
        return text

    def _side_colours(self) -> tuple[str, ...]:
        """Every side's colour, for an item drawn in several (``PanelItem.runs``)."""
        return next((node.side_colours for node in self.ancestors
                     if isinstance(node, PanelView)), ())

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.key))


def item_boxes(items: Sequence[PanelItem], looks: Sequence[tuple]) -> list[ItemBox]:
    """New boxes for ``items``, each with its look (ink, number, classes)."""
    return [ItemBox(it, colour, number, classes=classes)
            for it, (colour, number, classes) in zip(items, looks, strict=True)]


def text_measure(item: PanelItem) -> tuple[int, ...]:
    """What decides the rows an item takes at any width: its title's and lines' lengths
    (another card of the same size is only painted again, never laid out)."""
    return (len(item.title), *map(len, item.lines))


def append_runs(text: Text, runs: Sequence[Sequence[Run]], colours: Sequence[str],
                paper: Color, ascii: bool) -> None:
    """An item's title (bold) and lines drawn from its runs, each in its side's colour."""
    for row, line in enumerate(runs):
        if row:
            text.append("\n")
        for run in line:
            colour = colours[run.owner] if run.owner is not None and run.owner < len(
                colours) else None
            style = f"{'bold ' if row == 0 else ''}{'dim ' if run.dim else ''}"
            text.append(run.ascii if ascii and run.ascii is not None else run.text,
                        style=style + ink(colour, paper))


def section_heading(section: PanelSection) -> Text:
    """A section's title in bold and its note after it, on one line when they fit (a small
    window has no row to spare), wrapped when not."""
    text = Text(section.title, style="bold")
    if section.note:
        text.append(" — " if section.title else "")  # a note alone: a key, a legend
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


def as_picked(sections: Sequence[PanelSection],
              items: Mapping[str, PanelItem]) -> tuple[PanelSection, ...]:
    """``sections`` with each item of a key in ``items`` replaced by that one
    (``Rules.picked_items``: an item as the picks so far leave it, a tile turned over)."""
    if not items:
        return tuple(sections)
    return tuple(replace(s, items=tuple(items.get(i.key, i) for i in s.items))
                 if any(i.key in items for i in s.items) else s for s in sections)


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


#: what a hidden item box holds
EMPTY_ITEM = PanelItem("", "")


@dataclass(eq=False)
class BuiltSection:
    """One section's widgets, kept to be shown again: its heading (and the text it shows),
    its grid and every item box the grid holds (those past the section's items hidden)."""

    heading: Static
    grid: Grid
    boxes: list[ItemBox]
    shown: str


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
        #: every side's colour (``PanelItem.runs`` may use several in one item)
        self.side_colours: tuple[str, ...] = ()
        #: every section's widgets built so far (those past the sections shown are hidden)
        self._built: list[BuiltSection] = []
        #: the item boxes shown, in panel order
        self._boxes: list[ItemBox] = []
        #: the sections shown
        self._sections: list[PanelSection] = []
        #: the items picked so far, and the item picks pending that are on no panel
        self._picked: list[str] = []
        self._pending: list[str] = []

    def compose(self) -> ComposeResult:
        return iter(())

    def show(self, sections: Sequence[PanelSection], colours: Sequence[str],
             selectable: Sequence[str], picked: Sequence[str],
             choices: Sequence[tuple[str, str]]) -> None:
        """Draw ``sections`` and a "Choose" section for item picks not on any panel
        (``choices``: key, label). ``selectable`` keys are numbered in panel order. Every
        box is given what it shows here and now, new boxes when they are built (no box is
        filled later from an older call)."""
        sections = list(sections)
        self.side_colours = tuple(colours)
        if choices:
            sections.append(PanelSection("Choose", tuple(PanelItem(k, lab) for k, lab in choices)))
        items = [i for s in sections for i in s.items]
        sel = set(selectable)
        self.order = [i.key for i in items if i.key in sel]
        looks = [self._look(it, colours, sel, set(picked)) for it in items]
        # the widgets stay while the sections keep their number of items (a card played
        # moves from one section to another: the boxes show other items, nothing is built)
        shape = tuple(len(s.items) for s in sections)
        if shape != self._shape:
            self._shape = shape
            self._reshape(sections, looks)
        self._update(sections, items, looks)
        self.display = bool(sections)
        self._sections = sections
        self._fit_scroll_bar()
        self._picked = list(picked)
        self._pending = [k for k, _ in choices]
        if self.order != self._in_view:
            self._in_view = list(self.order)
            self.call_after_refresh(self._scroll_to_selectable)

    def _look(self, it: PanelItem, colours: Sequence[str], sel: set[str],
              picked: set[str]) -> tuple[str | None, int, str]:
        """An item's ink, its number (0: none) and its classes."""
        colour = colours[it.owner] if it.owner is not None and it.owner < len(colours) else None
        number = self.order.index(it.key) + 1 if it.key in sel else 0
        classes = [name for name, on in (
            ("selectable", it.key in sel), ("picked", it.key in picked),
            ("dim", bool(sel) and it.key not in sel and it.key not in picked)) if on]
        return colour, number, " ".join(classes)

    def _reshape(self, sections: Sequence[PanelSection], looks: Sequence[tuple]) -> None:
        """Headings and item boxes for sections of another shape. What was built stays and
        is shown again or hidden; only what is missing is built. (A hand-off switches the
        panel between a player's shape and a spectator's after every move: after the
        first time nothing is built, so no new widget is mounted and laid out in steps
        while the board already shows the move.)"""
        new: list[Widget] = []
        at = iter(looks)
        for index, section in enumerate(sections):
            section_looks = [next(at) for _ in section.items]
            if index == len(self._built):
                text = section_heading(section)
                boxes = item_boxes(section.items, section_looks)
                built = BuiltSection(Static(text, classes="section-title"), Grid(*boxes),
                                     boxes, text.plain)
                self._built.append(built)
                new += [built.heading, built.grid]
                continue
            built = self._built[index]
            built_count = len(built.boxes)
            fresh = item_boxes(section.items[built_count:], section_looks[built_count:])
            if fresh:
                built.boxes += fresh
                built.grid.mount_all(fresh)
            for box in built.boxes[len(section.items):]:
                self._hide(box)
            for box in built.boxes[:len(section.items)]:
                box.display = True
        for index, built in enumerate(self._built):
            shown = index < len(sections)
            built.heading.display = built.grid.display = shown
            if not shown:
                for box in built.boxes:
                    self._hide(box)
        used = self._built[:len(sections)]
        self._grids = [(b.grid, len(s.items), *item_widths(s.items))
                       for b, s in zip(used, sections, strict=True)]
        self._boxes = [box for b, s in zip(used, sections, strict=True)
                       for box in b.boxes[:len(s.items)]]
        self._fit_columns()
        if new:
            self.mount_all(new)

    @staticmethod
    def _hide(box: ItemBox) -> None:
        """Hidden, and holding nothing: a hand-off hides a player's tiles from the screen,
        and no widget keeps them."""
        box.display = False
        box.set_item(EMPTY_ITEM, None, 0)
        box.set_classes("")

    def _update(self, sections: Sequence[PanelSection], items: Sequence[PanelItem],
                looks: Sequence[tuple]) -> None:
        """The headings and boxes shown given what they show now (``_reshape`` has made
        them match the sections' shape)."""
        for built, section in zip(self._built[:len(sections)], sections, strict=True):
            text = section_heading(section)
            if text.plain != built.shown:
                built.shown = text.plain
                built.heading.update(text)
        for at, (grid, count, *_) in enumerate(self._grids):
            self._grids[at] = (grid, count, *item_widths(sections[at].items))
        for box, it, (colour, number, classes) in zip(self._boxes, items, looks, strict=True):
            box.set_item(it, colour, number)
            for name in ("selectable", "picked", "dim"):
                box.set_class(name in classes, name)
        self._fit_columns()

    def on_item_box_clicked(self, event: ItemBox.Clicked) -> None:
        """A second click on the item just picked goes on with the one pick that follows
        it on no panel (a tile picked is turned over: "turn it over") rather than
        taking it back; with no such pick (or several) the click is the screen's."""
        pending = self._pending
        if (self._picked and event.key == self._picked[-1] and len(pending) == 1
                and pending[0] not in self._picked):
            event.stop()
            self.post_message(ItemBox.Clicked(pending[0]))

    def fit_room(self, rows: int) -> None:
        """Take at most ``rows`` rows; what does not fit scrolls."""
        self.styles.max_height = rows
        self._fit_scroll_bar()

    def _fit_scroll_bar(self) -> None:
        """A scroll bar only when the sections do not fit at the panel's whole width.
        Left to Textual, the bar's two columns could make a heading wrap, and then the
        taller sections kept the bar: a panel that fits could end up with one, or not,
        by the order of the layout passes (a loaded machine's)."""
        width = self.size.width or 46
        room = self.styles.max_height
        rows = room.cells if room is not None else None  # the room fit_room gives
        fits = rows is None or panel_height(self._sections, width) <= rows
        bar = 0 if fits else 2
        if self.styles.scrollbar_size_vertical != bar:
            self.styles.scrollbar_size_vertical = bar

    def on_resize(self) -> None:
        self._fit_scroll_bar()
        self._fit_columns()
        self.call_after_refresh(self._scroll_to_selectable)

    def _fit_columns(self) -> None:
        """As many items side by side as the width holds (before the first layout the
        width is unknown: then the side panel's usual width is assumed)."""
        width = self.scrollable_content_region.width or 46
        for grid, count, wide, least in self._grids:
            columns = columns_for(width, count, wide, least)
            if grid.styles.grid_size_columns != columns:
                grid.styles.grid_size_columns = columns

    def keep_in_view(self, keys: Sequence[str]) -> None:
        """Scroll the items of ``keys`` into view (as the selectable ones are): a screen
        whose panel offers nothing to pick (a replay) shows the mover's items so."""
        if list(keys) != self._in_view:
            self._in_view = list(keys)
            self.call_after_refresh(self._scroll_to_selectable)

    def _scroll_to_selectable(self) -> None:
        """Scroll the items the player may pick into view (with little room, the mover's own
        cards or tiles would otherwise sit below the fold); the rest stays a scroll away."""
        boxes = [box for box in self._boxes if box.key in self._in_view and box.is_mounted]
        if boxes and self.max_scroll_y:
            self.scroll_to_widget(boxes[-1], animate=False)
            self.scroll_to_widget(boxes[0], animate=False)
