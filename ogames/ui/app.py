"""The ogames app: the picker first (or a game straight away), then game screens on top."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..core.game import Game
from ..core.registry import find_rules
from .screens.game import GameScreen
from .screens.picker import PickerScreen


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
                 ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self.first_game = (build_game(game_id, position=position, seed=seed, variant=variant)
                           if game_id else None)

    def get_default_screen(self) -> Screen:
        return PickerScreen()

    def on_mount(self) -> None:
        if self.first_game is not None:
            self.start_game(self.first_game)

    def start_game(self, game: Game) -> None:
        self.push_screen(GameScreen(game, ascii=self.ascii))

    def new_game(self, game_id: str, players: tuple[str, ...] = ()) -> None:
        """Back on the picker with ``game_id`` chosen (the game screen was dismissed)."""
        picker = self.screen
        if isinstance(picker, PickerScreen):
            picker.choose(game_id, players)

    def action_toggle_ascii(self) -> None:
        self.ascii = not self.ascii
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.set_ascii(self.ascii)

    def action_toggle_dark(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

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
            yield SystemCommand("Undo", "Take back the last move", screen.action_undo)
            yield SystemCommand("Redo", "Play the next move of the history again",
                                screen.action_redo)


def run_app(game_id: str | None = None, *, position: str | None = None,
            seed: int | None = None, variant: str | None = None, ascii: bool = False) -> None:
    """Open the picker, or the game ``game_id`` directly (``ogames play``)."""
    OgamesApp(game_id, position=position, seed=seed, variant=variant, ascii=ascii).run()
