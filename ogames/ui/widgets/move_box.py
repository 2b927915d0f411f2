"""The move box (``:``): a move typed in the game's notation, for players who would rather
type than point — a keyboard-only player, a screen reader's user, anyone who knows the
notation.

It lists the legal moves that still match what is typed (``core.typed_moves``), as many
as its rows hold and how many more there are; ↑/↓ choose one, Tab completes, and the one
chosen is shown on the board by the screen (``Previewed``). Enter asks the screen to play
it (``Chosen``) through the same path a click takes; a text that matches no legal move
says why, in the game's words. It knows no game: only the finder's texts and moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from ...core.rules import Move
from ...core.typed_moves import Matches, MoveFinder
from .fitted import rows_of, shorten

#: the most matches fetched per keystroke (the rest are counted, not listed)
LIMIT = 60
#: the room the count of the matches not shown takes at the end of a page
MORE_WIDTH = len("  +999,999 more")
#: the input's width, and the least it keeps beside a reason too long for the list's room
#: (it narrows to the text typed, so that the reason reads whole)
INPUT_WIDTH, INPUT_LEAST = 30, 10
#: the columns around the input and the list: the prompt's, and the list's padding
BOX_FRAME = 2 + 2
#: the box's keys besides Enter, and what each does (``MoveBox``'s actions)
BOX_KEYS = {"down": "choose(1)", "up": "choose(-1)", "tab": "complete", "escape": "close"}


def pages(texts: Sequence[str], width: int, rows: int) -> list[list[list[int]]]:
    """``texts`` laid out in lines of ``width`` columns (two spaces between), ``rows``
    lines a page: each page a list of lines, each line the indices of its texts."""
    lines: list[list[int]] = []
    used = 0
    for i, text in enumerate(texts):
        need = cell_len(text)
        if lines and used + 2 + need <= width:
            lines[-1].append(i)
            used += 2 + need
        else:  # a new line (one text too long for a line has it alone, cut short)
            lines.append([i])
            used = need
    rows = max(1, rows)
    return [lines[k:k + rows] for k in range(0, len(lines), rows)] or [[]]


class MatchList(Widget):
    """The matches of what is typed, laid out for the width the list has when it is drawn
    (so a list drawn while the box opens, or after a resize, is never laid out for another
    width): the page that holds the chosen match, it highlighted, and how many more match
    beyond the page; or why nothing matches."""

    DEFAULT_CSS = """
    MatchList { width: 1fr; height: auto; padding: 0 1; }
    MatchList.refused { color: $text-warning; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.matches = Matches((), 0)
        self.chosen = 0
        self.reason = ""
        #: the most lines the list may take
        self.rows = 1

    def show(self, matches: Matches, chosen: int, reason: str, rows: int) -> None:
        """Show other matches. The list keeps the height of its ``rows`` while the box is
        open, whatever it holds: a keystroke repaints the list alone, and neither the
        board above it jumps nor is the screen laid out again (which repaints every
        widget, the board and the move list too)."""
        resized = rows != self.rows
        self.matches, self.chosen, self.reason, self.rows = matches, chosen, reason, rows
        self.set_class(bool(reason), "refused")
        self.refresh(layout=resized)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, self.rows)

    def _page(self, width: int) -> list[list[int]]:
        texts = [m.text for m in self.matches.shown]
        laid = pages(texts, max(12, width) - MORE_WIDTH, self.rows)
        return next((p for p in laid if any(self.chosen in line for line in p)), laid[0])

    def render(self) -> Text:
        if self.reason:  # wrapped over the list's rows, never cut inside a word
            width = max(1, self.content_size.width)
            return Text(shorten(self.reason, width, max(1, self.rows)))
        shown, width = self.matches.shown, self.content_size.width
        page = self._page(width)
        out = Text(no_wrap=True, overflow="ellipsis")
        if page and page[0] and page[0][0] > 0:
            out.append("… ", style="italic")  # matches on the pages before
        for n, line in enumerate(page):
            if n:
                out.append("\n")
            for k, i in enumerate(line):
                out.append("  " if k else "")
                out.append(shown[i].text, style="reverse bold" if i == self.chosen else "")
        last = page[-1][-1] if page and page[-1] else -1
        beyond = self.matches.total - (last + 1)
        if beyond > 0:
            out.append(f"  +{beyond:,} more", style="italic")
        return out


class MoveInput(Input):
    """The line a move is typed on. Its keys act on the box: Enter asks to play the move
    chosen, ↑/↓ choose another (an input scrolls with them otherwise), Tab completes, Esc
    closes. All of them act as the key arrives (``_on_key``); the bindings name them in
    the footer."""

    BINDINGS = [
        Binding("enter", "submit", "play", key_display="⏎"),
        Binding("down", f"box('{BOX_KEYS['down']}')", "choose", key_display="↑↓"),
        Binding("up", f"box('{BOX_KEYS['up']}')", "previous", show=False),
        Binding("tab", f"box('{BOX_KEYS['tab']}')", "complete", key_display="tab"),
        Binding("escape", f"box('{BOX_KEYS['escape']}')", "close", key_display="esc"),
    ]

    async def _on_key(self, event: events.Key) -> None:
        """Keys typed after Enter, while the screen plays the move, wait for it (``held``):
        typed into the old text they would change the move being played, or make a typed
        ``:`` part of it instead of opening the next move. Enter itself is taken here (the
        ``enter`` binding stays for the footer). ``:`` where a move cannot start (nothing
        typed, or a refused text, which stays selected) starts afresh: a player who
        presses ``:`` again means to type a new move, not to add ``:`` to the old one
        ("d3-c3:d3xg3"). No move starts with ``:``."""
        box = self.parent
        if isinstance(box, MoveBox) and box.waiting:
            event.stop()
            event.prevent_default()
            box.held.append((event.key, event.character))
            return
        if event.key == "enter":
            # here, in the order of the keys: as a binding it would be run only once the
            # key has bubbled up to the screen, after the keys typed behind it
            event.stop()
            event.prevent_default()
            self.action_submit()
            return
        action = BOX_KEYS.get(event.key)
        if action is not None:  # the box's other keys, in their order too
            event.stop()
            event.prevent_default()
            await self.action_box(action)
            return
        if event.character == ":" and (not self.value or self.selection == (0, len(self.value))):
            event.stop()
            event.prevent_default()
            self.value = ""
            return
        await super()._on_key(event)

    def _on_hide(self, event: events.Hide) -> None:
        """Textual takes the focus from a widget that is hidden (its ``Widget._on_hide``,
        run after this one), but the news can come after the box has opened again (Esc
        and ``:`` typed at once): the focus would then leave the open box for the move
        list, and the keys typed next go astray. It leaves only while the box is still
        closed; else Textual's own handler is not run."""
        box = self.parent
        if isinstance(box, MoveBox) and box.is_open:
            event.prevent_default()

    def action_submit(self) -> None:
        """Enter: decided at once, on the text as it stands (a ``Submitted`` message would
        be read after the keys already typed behind it)."""
        if isinstance(self.parent, MoveBox):
            self.parent.submit()

    async def action_box(self, action: str) -> None:
        if isinstance(self.parent, MoveBox):
            await self.parent.run_action(action)

    def watch_value(self, value: str) -> None:
        """The matches found as the text changes, not when the box hears of it (its
        ``Changed`` message): the list is then drawn in the keystroke's own frame, not
        one frame (some 20 ms) after the text."""
        if isinstance(self.parent, MoveBox):
            self.parent.text_changed()


class MoveBox(Widget):
    """An input line and the legal moves that match it, beside it (wrapping below it when
    the box has rows to spare)."""

    DEFAULT_CSS = """
    MoveBox { height: auto; layout: horizontal; background: $boost; }
    MoveBox > #prompt { width: 2; padding: 0 0 0 1; text-style: bold; }
    MoveBox > MoveInput { height: 1; border: none; padding: 0 1; background: $surface; }
    MoveBox > MoveInput:focus { border: none; background-tint: $foreground 6%; }
    """

    class Previewed(Message):
        """The move chosen in the list changed (None: none is)."""

        def __init__(self, move: Move | None) -> None:
            super().__init__()
            self.move = move

    class Chosen(Message):
        """Enter on a move: the screen plays it (and says why not, with ``refuse``)."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    class Closed(Message):
        """The box was closed (Esc)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.finder: MoveFinder | None = None
        self.matches = Matches((), 0)
        #: the index in ``matches.shown`` of the move chosen
        self.chosen = 0
        #: whether ↑/↓ chose it (else it is the first match of what is typed)
        self.browsed = False
        #: the most lines the list may take (set by the screen to the rows it can spare)
        self.rows = 1
        self._refusal = ""
        #: Enter chose a move and the screen has not yet played or refused it
        self.waiting = False
        #: the keys (name, character) typed meanwhile, pressed again once it has
        self.held: list[tuple[str, str | None]] = []
        #: opened (``open``) and not yet closed by the screen (``close``)
        self.is_open = False

    def compose(self) -> ComposeResult:
        yield Static(":", id="prompt")
        yield MoveInput(placeholder="type a move", id="move-input")
        yield MatchList(id="matches")

    @property
    def input(self) -> MoveInput:
        return self.query_one(MoveInput)

    @property
    def move(self) -> Move | None:
        """The move chosen in the list, if any."""
        shown = self.matches.shown
        return shown[self.chosen].move if 0 <= self.chosen < len(shown) else None

    # ----- what the screen does ------------------------------------------------------

    def open(self, finder: MoveFinder, rows: int = 1) -> None:
        """Start typing (afresh) in the position ``finder`` searches, on ``rows`` rows (the
        status line's: the box takes its place, so the board above stays where it is)."""
        self.rows = max(1, rows)
        self.input.value = ""
        self.is_open = True
        self.follow(finder)
        # at once, not after the next refresh: keys typed right after ``:`` go in too
        self.screen.set_focus(self.input)

    def follow(self, finder: MoveFinder) -> None:
        """Search another position (a move was played meanwhile), keeping the text."""
        self.finder = finder
        if len(finder.moves):
            self.input.placeholder = f"type a move, e.g. {finder.text(0)}"
        self._find()

    def refuse(self, reason: str) -> None:
        """Say why the move chosen could not be played; the text stays, selected, so that
        what is typed next (or ``:`` again) starts a new one, and an arrow key edits it."""
        self._refusal = reason
        self.input.select_all()
        self._draw()

    # ----- keys ----------------------------------------------------------------------

    def text_changed(self) -> None:
        self._find()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()  # already found (``MoveInput.watch_value``)

    def submit(self) -> None:
        """Enter: ask the screen to play the move chosen; until it has (``settle``), keys
        wait."""
        move = self.move
        if move is None or not (self.input.value.strip() or self.browsed):
            # nothing typed nor chosen: Enter must not play the first move listed
            self.refuse(self.matches.reason or "type a move, or choose one with ↑/↓")
            return
        self.waiting = True
        self.post_message(self.Chosen(move))

    def settle(self) -> None:
        """The screen has played or refused the move, or closed the box: the keys typed
        meanwhile are pressed again, in order, on whatever has the focus now (the board,
        or this box when the move was refused). When another screen has come up over this
        one (a hand-off between players who must not see each other's hands), they are
        dropped: typed before it showed, they were meant for none of its choices."""
        self.waiting = False
        held, self.held = self.held, []
        if self.app.screen is not self.screen:
            return
        for key, character in held:
            self.app.post_message(events.Key(key, character))

    def action_complete(self) -> None:
        """Fill in what every move matching the text has in common; when that adds
        nothing, the whole text of the move chosen."""
        if self.finder is None:
            return
        typed = self.input.value
        common = self.finder.completion(typed)
        text = common if len(common) > len(" ".join(typed.split())) else ""
        if not text and self.move is not None:
            text = self.matches.shown[self.chosen].text
        if text and text != typed:
            self.input.value = text
            self.input.cursor_position = len(text)

    def action_choose(self, step: int) -> None:
        if not self.matches.shown:
            return
        chosen = max(0, min(len(self.matches.shown) - 1, self.chosen + step))
        self.browsed = True
        if chosen != self.chosen:
            self.chosen = chosen
            self._refusal = ""
            self._draw()
            self.post_message(self.Previewed(self.move))

    def close(self) -> None:
        """The screen closed the box (it hides it)."""
        self.is_open = False

    def action_close(self) -> None:
        """Esc: ask the screen to close the box; until it has (``settle``), keys wait, or
        the next move's text would go into the closed box's."""
        self.waiting = True
        self.post_message(self.Closed())

    # ----- drawing -------------------------------------------------------------------

    def _find(self) -> None:
        if self.finder is None:
            return
        self.matches = self.finder.find(self.input.value, LIMIT)
        self.chosen = 0
        self.browsed = False
        self._refusal = ""
        self._draw()
        self.post_message(self.Previewed(self.move))

    def set_rows(self, rows: int) -> None:
        """The rows the box has (the status line's, after a resize)."""
        if max(1, rows) != self.rows:
            self.rows = max(1, rows)
            self._draw()

    def _draw(self) -> None:
        reason = self._refusal or ("" if self.matches.shown else self.matches.reason)
        self._fit_input(reason)
        self.query_one(MatchList).show(self.matches, self.chosen, reason, self.rows)

    def _fit_input(self, reason: str) -> None:
        """The input at its width; narrowed to the text typed while a reason too long for
        the list's room beside it is shown, so that the whole reason reads."""
        width = INPUT_WIDTH
        room = (self.size.width or self.app.size.width) - BOX_FRAME
        if reason and rows_of(reason, max(1, room - width)) > self.rows:
            typed = cell_len(self.input.value) + 3  # the padding and the cursor
            width = max(INPUT_LEAST, min(INPUT_WIDTH, typed))
        if self.input.styles.width is None or self.input.styles.width.value != width:
            self.input.styles.width = width
