"""The ogames app: the picker first (or a game straight away), then game screens on top."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.content import Content
from textual.markup import MarkupError
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.widgets._toast import ToastHolder  # not exported; its CSS is in ogames.tcss

from ..core.errors import SaveFileError
from ..core.game import Game
from ..core.registry import find_rules
from ..core.storage import remove_stale_temporaries
from ..table.seats import seats_from_players
from .heap import IdleCollection, settle_heap
from .settings import load_settings, save_settings
from .widgets.fitted import shorten

if TYPE_CHECKING:  # online play is loaded when it is first asked for
    from ..net.client import ClientTable
    from .online import HostStart, JoinStart, OnlineSession

#: the columns a notice takes besides its text (a padding column a side, its left edge)
NOTICE_FRAME = 3
#: seconds after the start when the heap is settled (``heap.settle_heap``: a full
#: collection, some 30 ms, which must not delay the first frame)
SETTLE_AFTER = 0.5
#: the width of the palette's keys panel, over the right of the screen
HELP_WIDTH = 36


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

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
            self.idle_collection.poke()  # not while someone types or clicks
        await super().on_event(event)

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

    def start_game(self, game: Game, save_path: Path | None = None,
                   computer: Mapping[int, str] | None = None, resumed: bool = False) -> None:
        """Open a game screen; ``save_path``: the file it came from (Ctrl+S offers it);
        ``computer``: the computer's seats (side index → level; None: the seats named so in
        the players' names, as a resumed or replayed game has them); ``resumed``: the game
        is the autosave's (else the autosave still belongs to the game left before)."""
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
        """Every notice is one line, shown over the right of the title row (``ogames.tcss``),
        where it covers neither a board nor a status line nor the last move: its title and
        message when they fit together, else the message, shortened at a phrase or a word
        (``fitted.shorten``). A new notice takes the place of one still shown (two would
        stack onto the rows below)."""
        text = message
        if markup:  # Textual's own notices use markup; ours say markup=False
            try:
                text = Content.from_markup(message).plain
            except MarkupError:
                pass
        room = max(8, self.size.width - NOTICE_FRAME)
        both = f"{title} — {text}" if title else text
        line = shorten(both if cell_len(both) <= room else text, room)
        super().notify(line, severity=severity, timeout=timeout, markup=False)

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
