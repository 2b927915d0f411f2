"""The game picker: the games with a one-line description, the player count, the variant,
the players' names and a seed where the game deals or draws at random."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...core.errors import OgamesError
from ...core.game import Game
from ...core.registry import GAME_MODULES, available_ids, get_rules
from ...core.rng import check_seed
from ...core.rules import Rules


def player_counts(rules: Rules) -> str:
    counts = sorted({len(rules.sides(v)) for v in rules.variants})
    return " or ".join(str(c) for c in counts) + " players"


class GameForm(VerticalScroll):
    """The settings of the chosen game: variant, players' names, seed."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rules: Rules | None = None
        self.variant: str | None = None
        self.names: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        rules = self.rules
        if rules is None:
            yield Static("No game engines are installed yet.")
            return
        self.border_title = rules.name
        variant = self.variant or rules.variants[0]
        yield Static(rules.description)
        if len(rules.variants) > 1:
            with Horizontal(classes="row"):
                yield Label("Variant")
                yield Select([(v, v) for v in rules.variants], value=variant,
                             allow_blank=False, id="variant")
        for i, side in enumerate(rules.sides(variant)):
            with Horizontal(classes="row"):
                yield Label(side)
                yield Input(self.names.get(i, ""), placeholder=f"{side}'s name",
                            id=f"name-{i}", classes="name")
        if rules.uses_seed:
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(placeholder="blank = random", id="seed", restrict=r"[0-9]*")
        yield Static("", id="error")
        yield Button("Start", id="start", variant="primary")


class PickerScreen(Screen[None]):
    AUTO_FOCUS = "#games"

    BINDINGS = [
        Binding("q", "app.quit", "quit"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
    ]

    DEFAULT_CSS = """
    PickerScreen #heading { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    PickerScreen #games { width: 44; height: 1fr; border: round $foreground 25%; }
    PickerScreen #games:focus { border: round $accent; }
    PickerScreen #form { width: 1fr; border: round $foreground 25%; padding: 0 1; }
    PickerScreen #form > * { margin-bottom: 1; }
    PickerScreen .row { height: auto; }
    PickerScreen .row Label { width: 14; padding: 1 1 0 0; }
    PickerScreen .row Input, PickerScreen .row Select { width: 1fr; }
    PickerScreen #error { color: $text-error; height: auto; }
    PickerScreen #start { width: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.ids = available_ids()
        self.game_id: str | None = self.ids[0] if self.ids else None
        self.variant: str | None = None
        self.names: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        yield Static("ogames — pick a game (Enter starts it, Tab goes to the settings)",
                     id="heading")
        with Horizontal():
            options = []
            for gid in GAME_MODULES:
                if gid in self.ids:
                    rules = get_rules(gid)
                    prompt = Text.assemble((rules.name, "bold"), f"  {player_counts(rules)}\n",
                                           (rules.description, "dim"))
                    options.append(Option(prompt, id=gid))
                else:
                    options.append(Option(Text(f"{gid} (not installed)", style="dim"),
                                          id=gid, disabled=True))
            yield OptionList(*options, id="games")
            yield GameForm(id="form")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.border_title = "Games"
        if self.game_id is not None:
            games.highlighted = games.get_option_index(self.game_id)
        self._build_form()

    # ----- the form -------------------------------------------------------------------

    @property
    def rules(self) -> Rules | None:
        return get_rules(self.game_id) if self.game_id else None

    def choose(self, game_id: str, players: tuple[str, ...] = ()) -> None:
        """Preselect a game (``n`` on the game screen) and keep the players' names."""
        if game_id not in self.ids:
            return
        self.names = {i: n for i, n in enumerate(players) if n not in ("", "?")}
        self.game_id = game_id
        self.variant = None
        games = self.query_one("#games", OptionList)
        games.highlighted = games.get_option_index(game_id)
        self._build_form()

    def _build_form(self) -> None:
        form = self.query_one(GameForm)
        form.rules = self.rules
        form.variant = self.variant
        form.names = self.names
        form.refresh(recompose=True)

    @on(OptionList.OptionHighlighted, "#games")
    def _game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        gid = event.option.id
        if gid != self.game_id and gid in self.ids:
            self.game_id = gid
            self.variant = None
            self._build_form()

    @on(Select.Changed, "#variant")
    def _variant_changed(self, event: Select.Changed) -> None:
        if event.value != self.variant and isinstance(event.value, str):
            self.variant = event.value
            self._build_form()

    @on(Input.Changed, ".name")
    def _name_changed(self, event: Input.Changed) -> None:
        if event.input.id:
            self.names[int(event.input.id.split("-")[1])] = event.value

    @on(OptionList.OptionSelected, "#games")
    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def start(self) -> None:
        rules = self.rules
        if rules is None:
            return
        variant = self.variant or rules.variants[0]
        seed = None
        seeds = self.query("#seed")
        if seeds:
            text = seeds.first(Input).value.strip()
            try:
                seed = check_seed(int(text)) if text else None
            except ValueError as exc:
                self.query_one("#error", Static).update(str(exc))
                return
        players = tuple(self.names.get(i, "").strip() or "?"
                        for i in range(len(rules.sides(variant))))
        try:
            game = Game.new(rules, variant, seed, players)
        except (OgamesError, ValueError) as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.app.start_game(game)

    def action_rules(self) -> None:
        from .rules import RulesScreen

        if self.rules is not None:
            self.app.push_screen(RulesScreen(self.rules))
