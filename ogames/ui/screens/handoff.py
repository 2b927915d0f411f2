"""Hot-seat hand-off for games with hidden information: no hand is on screen until the
named player presses Enter.

The hand-off lies over the game screen as a band at the bottom: the board above it shows
what everyone may see (the game screen draws a spectator's view: the position after the
last move, with the cells it placed, moved and changed marked, and no hand), so the player
who moved sees what the move did before passing the keyboard. The band says what the last
move was and who plays next; it is at least two rows high, so that it covers the game
screen's status line (which speaks to the player to move) whole.

A private note for the player who just moved (Ochmir: "You drew …") comes first, on its
own page, so that it is read before the keyboard changes hands.

The keys that reveal nothing work here too: the rules and saving open on top of this
screen; leaving and undoing close it with that choice (``"leave"``, ``"undo"``) for the
game screen to carry out with no hand shown. Only a click on the band itself means ready:
a click on the board (the habit of the player who just moved) must not show the next
player's hand."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style as RichStyle
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Style
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from ..widgets.footer import FittedFooter
from .leaving import LeavesOnce


class ScreenBelow(Visual):
    """The screen under a see-through one, drawn from the strips its widgets already hold.

    Textual draws what shows through a see-through screen by turning the screen below into
    Rich segments, tinting each one (a no-op when the tint is transparent) and cutting them
    into lines again: some 15 ms at 120×40 on every repaint, the frame after each Ochmir move
    among them. This takes the lines as they are, without their click and link data (a
    click on what shows through is the top screen's, as Textual has it)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        size = Size(width, self.screen.size.height if height is None else height)
        plain: dict[RichStyle, RichStyle] = {}  # a screen has a few dozen styles

        def without_meta(style: RichStyle | None) -> RichStyle | None:
            if style is None:
                return None
            if style not in plain:
                plain[style] = style.clear_meta_and_links()
            return plain[style]

        return [Strip([seg._replace(style=without_meta(seg.style)) for seg in strip],
                      strip.cell_length)
                for strip in self.screen._compositor.render_strips(size)]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen.size.height


class HandoffScreen(LeavesOnce, ModalScreen[str | None]):
    DEFAULT_CSS = """
    HandoffScreen { align: left bottom; }
    HandoffScreen #handoff {
        width: 100%; height: auto; min-height: 2; padding: 0 1; background: $accent-muted;
        color: $text; text-style: bold;
    }
    """

    BINDINGS = [
        Binding("enter,space", "ready", "ready", key_display="⏎"),
        Binding("u,ctrl+z", "dismiss('undo')", "undo"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
        Binding("ctrl+s", "save", "save", key_display="^s"),
        Binding("q,escape", "dismiss('leave')", "menu"),
    ]

    def __init__(self, player: str, note: str = "", *, done: str = "",
                 on_rules: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.player = player
        self.note = note
        #: what the last move did, in words anyone may read ("White played …"), or ""
        self.done = done
        #: open the game's rules and save dialog on top of this screen (they show nothing
        #: private); the game screen underneath hands them in
        self.on_rules = on_rules
        self.on_save = on_save

    def tell(self, player: str, note: str = "", *, done: str = "") -> None:
        """What this hand-off says the next time it is shown (the game screen keeps one
        hand-off screen and shows it again after every move: composing a screen and its
        footer anew took some 50 ms after the move's first frame)."""
        self.player, self.note, self.done = player, note, done
        if self.is_mounted:
            self.query_one("#handoff", Static).update(
                self._note_text() if note else self._handoff_text())

    def on_mount(self) -> None:
        # see-through, whatever the app's stylesheet gives every screen: the board below
        # shows the last move's result
        self.styles.background = "transparent"

    def render(self) -> Visual | object:
        """What shows through: the screen below as it is drawn (see ``ScreenBelow``)."""
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0 and self.styles.background.a == 0:
            return ScreenBelow(stack[stack.index(self) - 1])
        return super().render()

    def compose(self) -> ComposeResult:
        yield Static(self._note_text() if self.note else self._handoff_text(), id="handoff",
                     markup=False)
        yield FittedFooter()

    def action_rules(self) -> None:
        if self.on_rules is not None:
            self.on_rules()

    def action_save(self) -> None:
        if self.on_save is not None:
            self.on_save()

    def _note_text(self) -> str:
        return (f"{self.note[0].upper()}{self.note[1:]}.\n"
                f"Press ⏎, then pass the keyboard to {self.player}.")

    def _handoff_text(self) -> str:
        done = f"{self.done}\n" if self.done else ""
        return (f"{done}{self.player} to play: pass the keyboard; {self.player} presses ⏎ "
                "when no one else can see.")

    def action_ready(self) -> None:
        if self.note:
            self.note = ""
            self.query_one("#handoff", Static).update(self._handoff_text())
            return
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "handoff":
            self.action_ready()
