"""The ogames app: the picker first (or a game straight away), then game screens on top."""

from __future__ import annotations

import datetime as _dt
import textwrap
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual import events
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.content import Content
from textual.errors import NoWidget
from textual.markup import MarkupError
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets._toast import ToastHolder  # not exported; its CSS is in ogames.tcss

from ..core.errors import SaveFileError
from ..core.game import Game
from ..core.registry import find_rules
from ..core.storage import Claim, adopt_old_autosave, remove_stale_temporaries
from ..table.seats import seats_from_players
from .heap import IdleCollection, settle_heap
from .settings import load_settings, save_settings
from .widgets.fitted import shorten

if TYPE_CHECKING:  # the searches and online play load when first asked for (start time)
    from ..ai.exercise import Exercise
    from ..net.client import ClientTable
    from .online import HostStart, JoinStart, OnlineSession

#: the columns a notice takes besides its text (a padding column a side, its left edge)
NOTICE_FRAME = 3
#: a notice too long for one row wraps onto at most this many (its whole text, on the
#: right of the window, is read again in the palette's "Messages")
NOTICE_ROWS = 4
#: the seconds a notice of one row stays, and those each further row adds (time to read)
NOTICE_SECONDS = (5.0, 2.5)
#: seconds after the start when the heap is settled (``heap.settle_heap``: a full
#: collection, some 30 ms, which must not delay the first frame)
SETTLE_AFTER = 0.5
#: the width of the palette's keys panel, over the right of the screen
HELP_WIDTH = 36
#: the keys that move an option list by a page (``OgamesApp.takes_input``)
PAGING_KEYS = frozenset({"pageup", "pagedown"})


def build_game(game_id: str, *, position: str | None = None, seed: int | None = None,
               variant: str | None = None) -> Game:
    """The game ``ogames play`` asks for. Raises the core's typed errors on bad input."""
    rules = find_rules(game_id)
    if position is not None:
        pos = rules.parse_position(position, rules.parse_variant(variant) if variant else None)
        return Game.from_position(rules, pos)
    return Game.new(rules, variant, seed)


class BaseScreen(Screen[None]):
    """What lies under the first screen when ``ogames play``, ``replay`` or ``learn``
    opens one: nothing. Composing the picker there delayed that screen's first frame;
    the picker takes the first screen's place when it goes (``OgamesApp.pop_screen``)."""


def _picker(game_id: str | None = None) -> Screen:
    """The picker, ``game_id`` chosen (None: the first game)."""
    from .screens.picker import PickerScreen  # not before it is to be seen (start time)

    picker = PickerScreen()
    picker.game_id = game_id
    return picker


class OgamesApp(App[None]):
    TITLE = "ogames"
    CSS_PATH = "ogames.tcss"

    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=True),
                Binding("escape", "close_help", "close keys", show=False, priority=True)]

    def __init__(self, game_id: str | None = None, *, position: str | None = None,
                 seed: int | None = None, variant: str | None = None,
                 ascii: bool = False, replay: Game | None = None, replay_name: str = "",
                 replay_error: SaveFileError | None = None,
                 computer: Mapping[int, str] | None = None,
                 replay_path: Path | None = None, learn: str | None = None,
                 online: HostStart | JoinStart | None = None) -> None:
        super().__init__()
        #: ``ogames host`` / ``ogames join``: the online game to open first
        self.online_start = online
        #: the online game being played (hosted or joined), if any
        self.session: OnlineSession | None = None
        #: why the app ended without doing what it was started for (bad input)
        self.failure = ""
        #: ``ogames learn [GAME]``: the course of this game id to open first ("": the
        #: list of the games' courses)
        self.learn = learn
        #: the computer's seats in the first game (side index → level)
        self.computer = dict(computer or {})
        remove_stale_temporaries()  # left by a write that was killed: nothing else would
        adopt_old_autosave()  # an older ogames' one autosave, among the unfinished games
        self.settings = load_settings()
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        #: ``--ascii`` holds for this run; the ASCII setting is what the player last chose
        self.ascii = ascii or self.settings.ascii
        #: ``ogames replay FILE``: the game to watch first (the valid part of a bad file)
        self.replay = (replay, replay_name, replay_error) if replay is not None else None
        #: the file of that game, into which Ctrl+S writes a review
        self.replay_path = replay_path
        self.first_game = (build_game(game_id, position=position, seed=seed, variant=variant)
                           if game_id else None)
        #: the variant of the game last started, per game: a new game (``n``) keeps it
        self.variants_played: dict[str, str] = {}
        #: the collector's full walk, run once keys, clicks and moves have paused
        self.idle_collection = IdleCollection(self)
        #: the app is closing: input is no longer acted on (``takes_input``)
        self.leaving = False
        #: every notice shown so far (time, title, text), for the palette's "Messages"
        self.messages: list[tuple[str, str, str]] = []

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) or (
                isinstance(event, (events.MouseEvent, events.Paste))
                and not event.is_forwarded):
            # a key is asked again when it comes back from the focused widget, unused, for
            # the screen's and the app's bindings: the screen may have changed meanwhile
            if not self.takes_input(event):
                return
            if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
                self.idle_collection.poke()  # not while someone types or clicks
        await super().on_event(event)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.leaving = True
        super().exit(*args, **kwargs)

    def takes_input(self, event: events.Key | events.MouseEvent | events.Paste) -> bool:
        """Whether a key, click or paste can be acted on now; one that arrives while the
        app or a screen is arriving or leaving does nothing (a burst of keys, a click,
        a resize, typed faster than screens settle, once crashed the app each of these
        ways). Not now:

        * the app is closing (``q`` then ``o`` in one burst opened the saved games on a
          closing app, whose screens are never composed);
        * the screen on top is still being composed and mounted (its widgets, a lesson's
          board, do not exist yet);
        * the click lands on a widget already removed whose place the next refresh will
          give to another (a notice replaced by the next; Textual's selection looks up
          its parent, which is gone);
        * a paging key reaches a list squeezed to no rows (a window 3 or 4 rows high:
          Textual's option lists, the command palette's among them, look the page up in
          an empty map of their rows).
        """
        if self.leaving or not self.is_running:
            return False
        screen = self.screen
        if not screen.is_mounted or not screen.is_attached:
            return False
        if isinstance(event, events.MouseEvent):
            try:
                widget, _ = screen.get_widget_at(event.x, event.y)
            except NoWidget:
                return True
            return widget.is_attached
        if isinstance(event, events.Key) and event.key in PAGING_KEYS:
            return not any(lst.display and not lst.scrollable_content_region
                           for lst in screen.query(OptionList))
        return True

    def get_default_screen(self) -> Screen:
        if (self.first_game is None and self.replay is None and self.learn is None
                and self.online_start is None):
            return _picker()
        return BaseScreen()

    def pop_screen(self) -> AwaitComplete:
        """As Textual's, but the first screen opened over the ``BaseScreen`` leaves the
        picker in its place: the picker is made only when it is first to be seen."""
        stack = self.screen_stack
        if len(stack) == 2 and isinstance(stack[0], BaseScreen):
            rules = getattr(stack[1], "rules", None)  # the game left is the one chosen
            return self.switch_screen(_picker(rules.id if rules is not None else None))
        return super().pop_screen()

    def on_mount(self) -> None:
        if self.first_game is not None:
            self.start_game(self.first_game, computer=self.computer)
        if self.replay is not None:
            from .screens.replay import ReplayScreen

            game, name, error = self.replay
            self.push_screen(ReplayScreen(game, name=name, error=error, ascii=self.ascii,
                                          path=self.replay_path))
        if self.learn is not None:
            self.open_course(self.learn or None)
        if self.online_start is not None:
            self.play_online(self.online_start)
            return
        if isinstance(self.screen, BaseScreen):  # nothing opened over it after all
            self.switch_screen(_picker())
        self.set_timer(SETTLE_AFTER, settle_heap)  # the first frame drawn well before

    def open_course(self, game_id: str | None) -> None:
        """Open the course of ``game_id`` (None: the list of every game's course). When
        that course is open already, under the screen asking, go back to it instead of
        opening a second one (the rules' "try it" from inside a lesson)."""
        from .screens.learn import CourseScreen, LearnScreen  # on first use (start time)

        if game_id is None:
            self.push_screen(LearnScreen())
            return
        rules = find_rules(game_id)
        stack = self.screen_stack
        for depth, screen in enumerate(reversed(stack)):
            if isinstance(screen, CourseScreen) and screen.rules.id == rules.id:
                for _ in range(depth):
                    self.pop_screen()
                return
        self.push_screen(CourseScreen(rules))

    def open_exercise(self, exercise: Exercise, ply: int, mark: str,
                      done: Callable[[str | None], None]) -> None:
        """Play a reviewed game's marked move as an exercise (``r`` in a replay, see
        ``screens.mistakes``); ``done`` gets "next" when the player asks for the next one."""
        from .screens.mistakes import MistakeScreen  # on first use (start time)

        screen = MistakeScreen(exercise.game.rules, exercise, ply, mark, ascii=self.ascii)
        self.push_screen(screen, done)

    def start_game(self, game: Game, save_path: Path | None = None,
                   computer: Mapping[int, str] | None = None,
                   resumed: Claim | None = None) -> None:
        """Open a game screen; ``save_path``: the file it came from (Ctrl+S offers it);
        ``computer``: the computer's seats (side index → level; None: the seats named so in
        the players' names, as a resumed or replayed game has them); ``resumed``: the
        unfinished game's file it was resumed from, held by this app (else the game gets a
        file of its own at its first change)."""
        from .screens.game import GameScreen  # on first use: the picker's start is faster

        seats = seats_from_players(game.players) if computer is None else computer
        self.variants_played[game.rules.id] = game.variant
        screen = GameScreen(game, ascii=self.ascii, computer=seats, resumed=resumed)
        screen.save_path = save_path
        self.push_screen(screen)

    # ----- online play ---------------------------------------------------------------------

    def play_online(self, start: HostStart | JoinStart) -> None:
        """Host or join an online game (leaving the one played before, if any)."""
        from .online import OnlineSession

        self.session = OnlineSession(self, start)
        self.run_worker(self.session.begin(), name="online start", group="online")

    def open_online_table(self, table: ClientTable, session: OnlineSession) -> None:
        """A game of the online session begins (the first, or a rematch): its screen
        takes the place of the one before."""
        from .screens.online_game import HostedScreen, OnlineGameScreen

        screen = OnlineGameScreen(table, session, ascii=self.ascii)
        if isinstance(self.screen, OnlineGameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        if session.lines and table.number == 1:
            self.push_screen(HostedScreen(session.lines))

    def online_failed(self, message: str) -> None:
        """The online game could not begin: say why (on the picker, or on the way out
        when it was what the app was started for)."""
        if isinstance(self.screen, BaseScreen):
            self.failure = message  # said on stderr once the app is gone (``run_reporting``)
            self.exit()
            return
        self.notify(message, title="Online", severity="error", markup=False)

    async def leave_online(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            await session.close()

    async def on_unmount(self) -> None:
        await self.leave_online()

    def new_game(self, game_id: str, players: tuple[str, ...] = (),
                 variant: str | None = None) -> None:
        """Back on the picker with ``game_id`` chosen (the game screen was dismissed), in
        ``variant``: by default the variant of the game of ``game_id`` last started, the
        one just played (game screens never lie on one another)."""
        from .screens.picker import PickerScreen

        picker = self.screen
        if isinstance(picker, PickerScreen):
            picker.choose(game_id, players, variant or self.variants_played.get(game_id))

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice is shown over the right of the title row (``ogames.tcss``): its
        title and message on one row when they fit, else the message; a message longer
        than a row wraps at words onto the rows below (``NOTICE_ROWS`` at most), and stays
        a little longer for each (a click takes it away sooner). What every notice said is
        kept for the palette's "Messages". A new notice takes the place of one still shown
        (two would stack onto the rows below)."""
        text = message
        if markup:  # Textual's own notices use markup; ours say markup=False
            try:
                text = Content.from_markup(message).plain
            except MarkupError:
                pass
        self.messages.append((_dt.datetime.now().strftime("%H:%M"), title, text))
        room = max(8, self.size.width - NOTICE_FRAME)
        both = f"{title} — {text}" if title else text
        if cell_len(both) <= room or cell_len(text) <= room:
            lines = [both if cell_len(both) <= room else text]
        else:
            lines = textwrap.wrap(both, room, break_on_hyphens=False) or [""]
            if len(lines) > NOTICE_ROWS:  # the rest is in "Messages"
                lines = textwrap.wrap(shorten(both, room, NOTICE_ROWS), room,
                                      break_on_hyphens=False)[:NOTICE_ROWS]
        if timeout is None:
            timeout = NOTICE_SECONDS[0] + NOTICE_SECONDS[1] * (len(lines) - 1)
        super().notify("\n".join(lines), severity=severity, timeout=timeout, markup=False)

    def action_messages(self) -> None:
        """The palette's "Messages": every notice of this session again, newest first."""
        from .screens.messages import MessagesScreen

        self.push_screen(MessagesScreen(list(reversed(self.messages))))

    def on_notify(self, event: Notify) -> None:
        """One notice at a time: the notices shown go, with the rows that hold them, before
        the new one is added (Textual calls this handler before the ``App``'s own, which
        adds it; left to itself it would take a toast away and leave its row)."""
        self.clear_notifications()
        for screen in self.screen_stack:
            for holder in screen.query(ToastHolder):
                holder.remove()

    def action_show_help_panel(self) -> None:
        """The keys panel, over the right of the screen (see ``ogames.tcss``); Esc or the
        palette's "Keys" again hides it."""
        from textual.widgets import HelpPanel

        if self.screen.query(HelpPanel):
            return
        panel = HelpPanel()
        width = min(HELP_WIDTH, self.size.width)
        panel.styles.width = width
        panel.styles.height = self.size.height
        panel.styles.offset = (self.size.width - width, 0)
        self.screen.mount(panel)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_help":  # Esc goes on to the screen unless the keys are shown
            return bool(self.screen.query("HelpPanel"))
        return super().check_action(action, parameters)

    def action_close_help(self) -> None:
        self.action_hide_help_panel()

    def action_toggle_ascii(self) -> None:
        self.ascii = not self.ascii
        for screen in self.screen_stack:
            if hasattr(screen, "set_ascii"):
                screen.set_ascii(self.ascii)
        self.settings.ascii = self.ascii
        save_settings(self.settings)

    def action_toggle_table_view(self) -> None:
        """Cards drawn as the board faces (the table view), or each as its holder reads it."""
        self.settings.table_view = not self.settings.table_view
        save_settings(self.settings)
        for screen in self.screen_stack:
            if hasattr(screen, "redraw_panel"):
                screen.redraw_panel()

    def action_toggle_dark(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"
        self.settings.theme = self.theme
        save_settings(self.settings)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from .screens.game import GameScreen
        from .screens.learn import LessonScreen

        yield from super().get_system_commands(screen)
        yield SystemCommand("ASCII board", "Draw boards with ASCII only (on/off)",
                            self.action_toggle_ascii)
        yield SystemCommand("Light/dark", "Switch between the light and dark theme",
                            self.action_toggle_dark)
        yield SystemCommand("Table view", "Draw cards as the board faces, or each as its "
                            "holder reads it (on/off)", self.action_toggle_table_view)
        yield SystemCommand("Messages", "Read again the notices shown so far",
                            self.action_messages)
        if isinstance(screen, GameScreen) and not isinstance(screen, LessonScreen):
            for title, help_text, callback in screen.palette_commands():
                yield SystemCommand(title, help_text, callback)

def run_app(game_id: str | None = None, *, position: str | None = None,
            seed: int | None = None, variant: str | None = None, ascii: bool = False,
            replay: Game | None = None, replay_name: str = "",
            replay_error: SaveFileError | None = None,
            computer: Mapping[int, str] | None = None, replay_path: Path | None = None,
            learn: str | None = None, online: HostStart | JoinStart | None = None) -> int:
    """Open the picker, the game ``game_id`` directly (``ogames play``), or a replay of
    ``replay`` (``ogames replay FILE``; ``replay_error``: where its file is broken, when
    ``replay`` is the part before). ``computer``: the computer's seats in the game
    ``game_id`` (side index → level, ``ogames play --vs computer``); ``learn``: the course
    of that game id first (``ogames learn GAME``; "": the list of courses). Returns the exit
    status: non-zero after an unexpected error, reported as ``crash.run_reporting`` says."""
    from .crash import run_reporting

    return run_reporting(OgamesApp(game_id, position=position, seed=seed, variant=variant,
                                   ascii=ascii, replay=replay, replay_name=replay_name,
                                   replay_error=replay_error, computer=computer,
                                   replay_path=replay_path, learn=learn, online=online))
