"""A game's rules (``rules.md`` of the game's package) with its diagrams drawn live by the board
widget, and a table of contents of the sections: ↑/↓ or a click on the contents jumps to
a section, 1–9 too, Tab moves between the contents and the text.

The precise companion (``reference.md``: notation, rulings, perft) is a second part of the
same screen, behind ``r``: a player reading how to play never meets a grammar, and one
who wants the exact ruling is one key away. Each part keeps the section it was left at."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, OptionList, Static

from ...core.errors import OgamesError
from ...core.lessons import has_course
from ...core.rules import Rules
from ...core.rules_text import Diagram as DiagramSpec
from ...core.rules_text import split_diagrams
from ..widgets.diagram import Diagram, path_cells
from ..widgets.fitted import FittedText
from ..widgets.footer import FittedFooter
from .leaving import LeavesOnce
from .room import NeedsRoom, room_css

_HEADING = re.compile(r"^## +(.+?)\s*$", re.M)
#: the contents' width
TOC_WIDTH = 26


@dataclass
class Section:
    title: str
    parts: list[str | DiagramSpec] = field(default_factory=list)


@dataclass
class Part:
    """One of the screen's two texts: its sections, which of them are titled (the
    contents' entries) and the one being read (an index into ``titled``)."""
    key: str
    sections: list[Section]
    current: int = 0

    @property
    def titled(self) -> list[int]:
        return [i for i, s in enumerate(self.sections) if s.title]


def rules_markdown(rules: Rules) -> str:
    return rules.rules_markdown() or (
        f"# {rules.name}\n\n{rules.description}\n\n*The full rules are not written yet.*")


def parts_of(rules: Rules) -> list[Part]:
    """The rules for players, then the reference when the game has one."""
    parts = [Part("rules", sections_of(rules_markdown(rules)))]
    if reference := rules.reference_markdown():
        parts.append(Part("reference", sections_of(reference)))
    return parts


def sections_of(text: str) -> list[Section]:
    """The text cut at its ``## `` headings (a first untitled part for what precedes
    them), each cut again into Markdown and diagrams."""
    cuts = [m.start() for m in _HEADING.finditer(text)]
    chunks = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    out = []
    line = 0  # lines before the chunk: diagrams keep their line in the whole text
    for chunk in chunks:
        match = _HEADING.match(chunk)
        parts = [dataclasses.replace(p, line=p.line + line) if isinstance(p, DiagramSpec)
                 else p for p in split_diagrams(chunk)]
        line += chunk.count("\n")
        if chunk.strip():
            out.append(Section(match.group(1) if match else "", parts))
    return out


class DiagramBox(Vertical):
    """One diagram: the position, the move highlighted, and its caption."""

    DEFAULT_CSS = """
    DiagramBox { height: auto; width: 100%; align-horizontal: center; margin: 0 0 1 0; }
    DiagramBox .caption { width: auto; color: $text-muted; }
    DiagramBox .broken { color: $text-error; }
    """

    def __init__(self, rules: Rules, spec: DiagramSpec, ascii: bool,
                 room: tuple[int, int] = (0, 0)) -> None:
        super().__init__()
        self.rules, self.spec, self.ascii = rules, spec, ascii
        self.error: str | None = None
        #: the position and the move's cells, once read
        self.drawn: tuple[Any, tuple[str, ...]] | None = None
        self.room = room

    def compose(self) -> ComposeResult:
        rules, spec = self.rules, self.spec
        try:
            pos = rules.parse_position(spec.position)
            path: tuple[str, ...] = ()
            if spec.move:
                path = path_cells(rules, pos, rules.parse_move(pos, spec.move))
        except OgamesError as exc:
            self.error = str(exc)
            yield Static(f"(diagram at line {spec.line} not shown: {exc})", classes="broken")
            return
        self.drawn = (pos, path)
        board = Diagram()
        board.draw(rules, pos, path, ascii=self.ascii, compact=self._compact(pos))
        yield board
        if spec.move:
            yield Static(f"Move: {spec.move}", classes="caption")

    def _compact(self, pos: Any) -> bool:
        """Whether the full drawing, with its caption, is larger than ``room`` (columns,
        rows of the text pane): then the compact one is shown, so that a diagram and its
        caption are seen together."""
        full = self.rules.layout(self.rules.variant_of(pos), ascii=self.ascii)
        width, height = self.room
        return full.width > width or full.height + bool(self.spec.move) > height

    def fit(self, room: tuple[int, int]) -> None:
        """The window changed: the drawing that fits ``room``."""
        self.room = room
        if self.drawn is not None and self.is_mounted:
            pos, path = self.drawn
            self.query_one(Diagram).draw(self.rules, pos, path, ascii=self.ascii,
                                         compact=self._compact(pos))


class RulesText(VerticalScroll):
    """The rules' text: ↑/↓ scroll it by one line at once (no sliding animation, which
    looked like a fraction of a line per key), Page Up/Down by a page."""

    BINDINGS = [
        Binding("down", "lines(1)", show=False),
        Binding("up", "lines(-1)", show=False),
    ]

    def action_lines(self, n: int) -> None:
        self.scroll_to(y=round(self.scroll_target_y) + n, animate=False, immediate=True)


class RulesScreen(LeavesOnce, NeedsRoom, Screen[None]):
    AUTO_FOCUS = "#rules-text"
    #: the contents whole (26 columns) beside a narrow text, a few rows of each
    MIN_SIZE = (50, 8)
    PURPOSE = "read the rules"
    #: Tab would give the focus to a list or text not shown
    BLIND_ACTIONS = frozenset({"switch"})

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "close"),
        Binding("tab", "switch", "contents/text", show=False),
        Binding("n,right_square_bracket", "step(1)", "next section", key_display="n"),
        Binding("p,left_square_bracket", "step(-1)", "previous", key_display="p"),
        Binding("r", "part('reference')", "reference"),
        Binding("r", "part('rules')", "rules"),
        Binding("t", "try_it", "try it"),
        *[Binding(str(d), f"section({d - 1})", show=False) for d in range(1, 10)],
    ]

    DEFAULT_CSS = f"""
    RulesScreen #rules-title {{ height: 1; padding: 0 1; background: $panel; text-style: bold; }}
    RulesScreen #toc {{ width: {TOC_WIDTH}; height: 1fr; border: round $foreground 25%; }}
    RulesScreen #toc:focus {{ border: round $accent; }}
    RulesScreen #rules-text {{ width: 1fr; border: round $foreground 25%; padding: 0 1; }}
    RulesScreen #rules-text:focus {{ border: round $accent; }}
    RulesScreen .part, RulesScreen .section {{ height: auto; }}
    RulesScreen Markdown {{ margin: 0; }}
    """ + room_css("RulesScreen", ["#rules-title", "#rules-main"])

    def __init__(self, rules: Rules, *, ascii: bool | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.ascii = ascii
        self.parts = parts_of(rules)
        #: the part shown: the rules (0) or the reference (1)
        self.part = self.parts[0]
        #: whether "t" can open the game's course, to try the rules
        self.has_course = has_course(rules)

    @property
    def sections(self) -> list[Section]:
        return self.part.sections

    @property
    def titled(self) -> list[int]:
        """Indices of the part's titled sections, in contents order."""
        return self.part.titled

    @property
    def current(self) -> int:
        """The section shown (index into ``titled``)."""
        return self.part.current

    def compose(self) -> ComposeResult:
        ascii = self.ascii if self.ascii is not None else bool(getattr(self.app, "ascii", False))
        yield FittedText(self.title_text(), id="rules-title")
        with Horizontal(id="rules-main"):
            toc = OptionList(*self.contents(), id="toc")
            toc.border_title = "Contents"
            yield toc
            with RulesText(id="rules-text"):
                for part in self.parts:
                    with Vertical(classes="part", id=f"part-{part.key}") as box:
                        box.display = part is self.part
                        yield from self.compose_part(part, ascii)
        yield self.notice()
        yield FittedFooter()

    def compose_part(self, part: Part, ascii: bool) -> ComposeResult:
        for i, section in enumerate(part.sections):
            with Vertical(classes="section", id=f"{part.key}-section-{i}"):
                for chunk in section.parts:
                    if isinstance(chunk, DiagramSpec):
                        yield DiagramBox(self.rules, chunk, ascii, self.diagram_room())
                    elif chunk.strip():
                        yield Markdown(chunk)

    def title_text(self) -> str:
        keys = f"Esc closes, n/p or 1–{len(self.titled)} jump to a section"
        if self.part.key == "reference":
            return f"Reference for {self.rules.name} — {keys}, r back to the rules"
        more = ", r the reference" if len(self.parts) > 1 else ""
        return f"Rules of {self.rules.name} — {keys}{more}"

    def contents(self) -> list[str]:
        return [f"{k + 1}. {self.sections[i].title}" for k, i in enumerate(self.titled)]

    def section_widget(self, k: int) -> Vertical:
        """The k-th titled section (0-based) of the part shown."""
        return self.query_one(f"#{self.part.key}-section-{self.titled[k]}", Vertical)

    @property
    def diagrams(self) -> list[DiagramBox]:
        """The diagrams of the part shown."""
        return list(self.query_one(f"#part-{self.part.key}").query(DiagramBox))

    def diagram_room(self) -> tuple[int, int]:
        """The columns and rows a diagram has in the text pane at the window's size: the
        window less the contents, the pane's border and padding and its scroll bar; less
        the title, the footer and the pane's border."""
        size = self.app.size
        return (size.width - TOC_WIDTH - 4 - 2, size.height - 2 - 2)

    def show_section(self, k: int) -> None:
        """Scroll the text to the k-th titled section (0-based)."""
        if not 0 <= k < len(self.titled):
            return
        self.query_one("#rules-text", VerticalScroll).scroll_to_widget(
            self.section_widget(k), top=True, animate=False)
        toc = self.query_one("#toc", OptionList)
        if toc.highlighted != k:
            toc.highlighted = k
        self.part.current = k

    def show_current(self) -> None:
        """Scroll to the section being read, as it is once the layout is done (a key
        pressed meanwhile may have chosen another). By then the screen may be leaving,
        its content already taken down (Esc typed right after ``r``): nothing to scroll."""
        if not self.query(f"#part-{self.part.key} .section"):
            return
        self.show_section(self.current)

    def action_part(self, key: str) -> None:
        """Show the rules or the reference, at the section it was left at."""
        self.part = next(p for p in self.parts if p.key == key)
        for part in self.parts:
            self.query_one(f"#part-{part.key}").display = part is self.part
        toc = self.query_one("#toc", OptionList)
        toc.clear_options()
        toc.add_options(self.contents())
        toc.highlighted = self.part.current  # before any event could move the text
        toc.border_title = "Reference" if key == "reference" else "Contents"
        self.query_one("#rules-title", FittedText).update(self.title_text())
        self.refresh_bindings()
        self.call_after_refresh(self.show_current)

    def on_mount(self) -> None:
        self.fit_room()

    def on_screen_resume(self) -> None:
        # the window may have changed under the screen on top; after Textual's own resume
        # (which runs after this handler and focuses AUTO_FOCUS, even a hidden one)
        self.call_later(self.fit_room)

    def on_resize(self) -> None:
        """The text reflows at another width: stay at the section being read (the scroll
        offset alone would land somewhere else)."""
        self.fit_room()
        room = self.diagram_room()
        for box in self.query(DiagramBox):  # the part not shown as well
            box.fit(room)
        self.call_after_refresh(self.show_current)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "try_it" and not self.has_course:
            return False  # no course to try the rules in
        if action == "part" and (parameters[0] == self.part.key
                                 or all(p.key != parameters[0] for p in self.parts)):
            return False  # "r" goes to the other part (none: no reference to go to)
        return self.room_allows(action)

    def action_try_it(self) -> None:
        """Learn the game by playing: its course (back to it, when it is open below)."""
        self.app.open_course(self.rules.id)

    @on(OptionList.OptionHighlighted, "#toc")
    @on(OptionList.OptionSelected, "#toc")
    def _toc_chosen(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.current or isinstance(event, OptionList.OptionSelected):
            self.show_section(event.option_index)

    def action_section(self, k: int) -> None:
        self.show_section(k)

    def action_step(self, delta: int) -> None:
        self.show_section(max(0, min(len(self.titled) - 1, self.current + delta)))

    def action_switch(self) -> None:
        toc = self.query_one("#toc")
        (self.query_one("#rules-text") if toc.has_focus else toc).focus()

    def action_close(self) -> None:
        self.dismiss(None)
