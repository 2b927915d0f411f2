"""The ogames app: the picker first (or a game straight away), then game screens on top."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..core.errors import SaveFileError
from ..core.game import Game
from ..core.registry import find_rules
from ..core.storage import remove_stale_temporaries
from .computer import seats_from_players
from .screens.game import GameScreen
from .screens.picker import PickerScreen
from .settings import load_settings, save_settings


def build_game(game_id: str, *, position: str | None = None, seed: int | None = None,
               variant: str | None = None) -> Game:
    """The game ``ogames play`` asks for. Raises the core's typed errors on bad input."""
    rules = find_rules(game_id)
    if position is not None:
        pos = rules.parse_position(position, rules.parse_variant(variant) if variant else None)
        return Game.from_position(rules, pos)
    return Game.new(rules, variant, seed)


class OgamesApp(App[None]):
    TITLE = "ogames"
    CSS_PATH = "ogames.tcss"

    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=True)]

    def __init__(self, game_id: str | None = None, *, position: str | None = None,
                 seed: int | None = None, variant: str | None = None,
                 ascii: bool = False, replay: Game | None = None, replay_name: str = "",
                 replay_error: SaveFileError | None = None,
                 computer: Mapping[int, str] | None = None,
                 replay_path: Path | None = None) -> None:
        super().__init__()
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

    def get_default_screen(self) -> Screen:
        return PickerScreen()

    def on_mount(self) -> None:
        if self.first_game is not None:
            self.start_game(self.first_game, computer=self.computer)
        if self.replay is not None:
            from .screens.replay import ReplayScreen

            game, name, error = self.replay
            self.push_screen(ReplayScreen(game, name=name, error=error, ascii=self.ascii,
                                          path=self.replay_path))

    def start_game(self, game: Game, save_path: Path | None = None,
                   computer: Mapping[int, str] | None = None, resumed: bool = False) -> None:
        """Open a game screen; ``save_path``: the file it came from (Ctrl+S offers it);
        ``computer``: the computer's seats (side index → level; None: the seats named so in
        the players' names, as a resumed or replayed game has them); ``resumed``: the game
        is the autosave's (else the autosave still belongs to the game left before)."""
        seats = seats_from_players(game.players) if computer is None else computer
        self.variants_played[game.rules.id] = game.variant
        screen = GameScreen(game, ascii=self.ascii, computer=seats, resumed=resumed)
        screen.save_path = save_path
        self.push_screen(screen)

    def new_game(self, game_id: str, players: tuple[str, ...] = (),
                 variant: str | None = None) -> None:
        """Back on the picker with ``game_id`` chosen (the game screen was dismissed), in
        ``variant``: by default the variant of the game of ``game_id`` last started, the
        one just played (game screens never lie on one another)."""
        picker = self.screen
        if isinstance(picker, PickerScreen):
            picker.choose(game_id, players, variant or self.variants_played.get(game_id))

    def action_toggle_ascii(self) -> None:
        self.ascii = not self.ascii
        for screen in self.screen_stack:
            if hasattr(screen, "set_ascii"):
                screen.set_ascii(self.ascii)
        self.settings.ascii = self.ascii
        save_settings(self.settings)

    def action_toggle_dark(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"
        self.settings.theme = self.theme
        save_settings(self.settings)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("ASCII board", "Draw boards with ASCII only (on/off)",
                            self.action_toggle_ascii)
        yield SystemCommand("Light/dark", "Switch between the light and dark theme",
                            self.action_toggle_dark)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Resign", "The player to move resigns", screen.action_resign)
            yield SystemCommand("Offer draw", "The player to move offers a draw",
                                screen.action_offer_draw)
            yield SystemCommand("New game", "Back to the picker for a new game",
                                screen.action_new_game)
            yield SystemCommand("Flip board", "Turn the board through 180°",
                                screen.action_flip)
            yield SystemCommand("Rules", "Show this game's rules", screen.action_rules)
            yield SystemCommand("Save game", "Save this game to a file (Ctrl+S)",
                                screen.action_save)
            yield SystemCommand("Undo", "Take back the last move", screen.action_undo)
            yield SystemCommand("Redo", "Play the next move of the history again",
                                screen.action_redo)


def run_app(game_id: str | None = None, *, position: str | None = None,
            seed: int | None = None, variant: str | None = None, ascii: bool = False,
            replay: Game | None = None, replay_name: str = "",
            replay_error: SaveFileError | None = None,
            computer: Mapping[int, str] | None = None, replay_path: Path | None = None) -> int:
    """Open the picker, the game ``game_id`` directly (``ogames play``), or a replay of
    ``replay`` (``ogames replay FILE``; ``replay_error``: where its file is broken, when
    ``replay`` is the part before). ``computer``: the computer's seats in the game
    ``game_id`` (side index → level, ``ogames play --vs computer``). Returns the exit
    status: non-zero after an unexpected error, reported as ``crash.run_reporting`` says."""
    from .crash import run_reporting

    return run_reporting(OgamesApp(game_id, position=position, seed=seed, variant=variant,
                                   ascii=ascii, replay=replay, replay_name=replay_name,
                                   replay_error=replay_error, computer=computer,
                                   replay_path=replay_path))
