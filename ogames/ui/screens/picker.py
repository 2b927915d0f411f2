"""The game picker: the games with a one-line description, the player count, the variant,
the players' names (or the computer and its level, per seat) and a seed where the game
deals or draws at random."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...core.about import GameAbout
from ...core.errors import OgamesError
from ...core.game import Game
from ...core.progress import Progress, load_progress
from ...core.quoting import visible
from ...core.registry import available_ids, get_about, get_rules
from ...core.rng import check_seed
from ...core.rules import Rules
from ...table.seats import LEVEL_NAMES, is_computer_name, split_players
from ...table.table import ELSEWHERE
from ..widgets.fitted import FittedText, rows_of
from ..widgets.footer import FittedFooter
from .leaving import LeavesOnce
from .resume import moves_played
from .room import NeedsRoom, room_css

#: who plays a seat, in the order its list shows them: a person here (None), a person
#: on another machine (online play), or the computer at a level
SEAT_CHOICES: tuple[str | None, ...] = (None, ELSEWHERE, *LEVEL_NAMES)
#: a seat's value in its list when a person here plays it
PERSON = "person"
#: the settings form's columns: a row's label, the least a name needs to show a typed
#: name whole, a seat's choice ("Computer medium" with the list's arrow and its edges)
LABEL_WIDTH, NAME_LEAST, SEAT_WIDTH = 14, 20, 23
#: the games list's width, and what the form's border and padding take of the rest
GAMES_WIDTH, FORM_FRAME = 44, 4
#: the rows of a control with its borders (the compact form has one row each)
TALL = 3
#: the least width of a button (Textual's)
BUTTON_LEAST = 16


def seat_label(level: str | None) -> str:
    if level == ELSEWHERE:
        return "Person elsewhere"
    return "Person" if level is None else f"Computer {level}"


def game_prompt(about: GameAbout, progress: Progress | None = None) -> Text:
    """A game's row in the list: its name, players, how much of its course is done
    ("learned 5/14", when it has one) and its one line."""
    from ...core.course_index import course_counts  # when the picker is first shown

    counts = course_counts(about, progress)
    learned = f"  learned {counts[0]}/{counts[1]}" if counts else ""
    return Text.assemble((about.name, "bold"), f"  {player_counts(about)}", (learned, "cyan"),
                         "\n", (about.description, "dim"))


def player_counts(about: GameAbout) -> str:
    counts = sorted({len(about.sides(v)) for v in about.variants})
    return " or ".join(str(c) for c in counts) + " players"


@dataclass(frozen=True)
class FormShape:
    """How the settings form is laid out in the room it has. ``narrow``: a seat's button
    goes on a row of its own, under the name (beside it, the name had four columns and
    the button cut its label in half at 80 columns); ``compact``: one row per control,
    without their borders, and no description (the games list shows it), when the tall
    controls would make the form scroll and hide the Start button."""

    narrow: bool = False
    compact: bool = False


def form_shape(about: GameAbout, variant: str, width: int, height: int) -> FormShape:
    """The roomiest shape of the settings form of the game ``about`` describes (in
    ``variant``) that fits ``width`` × ``height`` cells inside its border and padding."""
    narrow = width < LABEL_WIDTH + NAME_LEAST + SEAT_WIDTH + 1
    seats = len(about.sides(variant))
    rows = (rows_of(about.description, max(1, width)) + 1
            + (TALL + 1 if len(about.variants) > 1 else 0)
            + seats * ((2 * TALL if narrow else TALL) + 1)
            + (TALL + 1 if about.uses_seed else 0)
            + TALL)
    return FormShape(narrow=narrow, compact=rows > height)


class GameForm(VerticalScroll, can_focus=False):
    """The settings of the chosen game: variant, players' names, seed."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.about: GameAbout | None = None
        self.variant: str | None = None
        self.names: dict[int, str] = {}
        #: computer seats: side index → level
        self.seats: dict[int, str] = {}
        self.seed = ""
        self.shape = FormShape()

    def compose(self) -> ComposeResult:
        about = self.about
        if about is None:
            yield Static("No game engines are installed yet.")
            return
        self.border_title = about.name
        compact = self.shape.compact
        self.set_class(compact, "compact")
        self.set_class(self.shape.narrow, "narrow")
        variant = self.variant or about.variants[0]
        if not compact:
            yield Static(about.description, id="description")
        if len(about.variants) > 1:
            with Horizontal(classes="row"):
                yield Label("Variant")
                yield Select([(about.variant_name(v), v) for v in about.variants],
                             value=variant, allow_blank=False, id="variant", compact=compact)
        for i, side in enumerate(about.sides(variant)):
            yield from self._seat(i, side)
        if about.uses_seed:
            with Horizontal(classes="row"):
                yield Label("Seed")
                # named by its game: the seed typed is that game's, even if the form
                # is rebuilt for another one before its Changed message comes
                yield Input(self.seed, placeholder="blank = random", id="seed",
                            name=about.id, restrict=r"[0-9]*", compact=compact)
        yield Static("", id="error")
        with Horizontal(id="start-row"):
            yield Button("Start", id="start", variant="primary", compact=compact)
            yield Button("Play online (p)", id="online", compact=compact,
                         tooltip="Host this game for people on other machines, or join "
                                 "a game someone hosts")

    def _seat(self, i: int, side: str) -> ComposeResult:
        """A seat: its side, the player's name and who plays it (on a row of its own,
        under the name, in a narrow form)."""
        compact = self.shape.compact
        name = Input(self.names.get(i, ""), placeholder=f"{side}'s name", id=f"name-{i}",
                     classes="name", disabled=i in self.seats, compact=compact)
        # a list that shows its choices when opened (a button that cycled through them
        # said nothing of the others)
        seat = Select([(seat_label(level), level or PERSON) for level in SEAT_CHOICES],
                      value=self.seats.get(i) or PERSON, allow_blank=False, id=f"seat-{i}",
                      classes="seat", tooltip="Who plays this seat: a person here, a person on another machine, or the computer",
                      compact=compact)
        if not self.shape.narrow:
            with Horizontal(classes="row"):
                yield Label(side)
                yield name
                yield seat
            return
        with Vertical(classes="seat-pair"):
            with Horizontal(classes="row"):
                yield Label(side)
                yield name
            with Horizontal(classes="row"):
                yield Label("")
                yield seat


class PickerScreen(LeavesOnce, NeedsRoom, Screen[None]):
    AUTO_FOCUS = "#games"
    #: the games list whole (44 columns) with a game in it, under the heading, above the
    #: buttons and the footer (a note about the last game may take a row or two more)
    MIN_SIZE = (44, 10)
    PURPOSE = "pick a game"

    BINDINGS = [
        Binding("q", "app.quit", "quit"),
        Binding("question_mark,f1", "rules", "rules", key_display="?"),
        Binding("r", "resume", "resume"),
        # r with nothing to resume: not offered in the footer, but says so when pressed
        Binding("r", "nothing_to_resume", "resume", show=False),
        Binding("o", "saves", "saved games"),
        Binding("p", "online", "play online"),
        Binding("L,shift+l", "learn", "learn", key_display="L"),
    ]

    DEFAULT_CSS = f"""
    PickerScreen #games {{ width: {GAMES_WIDTH}; height: 1fr; border: round $foreground 25%; }}
    PickerScreen .row Label {{ width: {LABEL_WIDTH}; padding: 1 1 0 0; }}
    PickerScreen .row Select.seat {{ width: {SEAT_WIDTH}; margin-left: 1; }}
    """ + """
    PickerScreen #heading { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    PickerScreen #games:focus { border: round $accent; }
    PickerScreen #form { width: 1fr; border: round $foreground 25%; padding: 0 1; }
    PickerScreen #form > * { margin-bottom: 1; }
    PickerScreen .row, PickerScreen .seat-pair { height: auto; }
    PickerScreen #form.narrow .row Label { width: 9; }
    PickerScreen #form.compact .row Label { padding: 0 1 0 0; }
    PickerScreen .row Input, PickerScreen .row Select { width: 1fr; }
    PickerScreen #form.narrow .row Select.seat { margin-left: 0; }
    /* a compact button has no edges: a tinted block tells it from the text around it */
    PickerScreen #picker-bar Button.-textual-compact { background: $foreground 12%; }
    PickerScreen #error { color: $text-error; height: auto; display: none; }
    PickerScreen #error.shown { display: block; }
    PickerScreen #start, PickerScreen #online { width: auto; min-width: 11; }
    PickerScreen #start-row { height: auto; }
    PickerScreen #online { margin-left: 1; }
    PickerScreen #picker-bar { height: auto; padding: 0 1; }
    PickerScreen #picker-bar Button { margin-right: 2; }
    PickerScreen.tight-bar #picker-bar Button { margin-right: 1; min-width: 0; }
    PickerScreen #resume { display: none; }
    PickerScreen.can-resume #resume { display: block; }
    PickerScreen #resume-note {
        display: none; height: auto; padding: 0 1; color: $text-warning;
    }
    PickerScreen #resume-note.shown { display: block; }
    """ + room_css("PickerScreen", ["#heading", "#choice", "#resume-note", "#picker-bar"])

    def __init__(self) -> None:
        super().__init__()
        #: the game highlighted (the first, once the picker is filled)
        self.game_id: str | None = None
        #: the variant and the seed (as typed) chosen per game: kept for the session, as
        #: the highlight moves from game to game
        self.variants: dict[str, str] = {}
        self.seeds: dict[str, str] = {}
        self.names: dict[int, str] = {}
        #: computer seats: side index → level (kept when the game or variant changes)
        self.seats: dict[int, str] = {}
        #: where an unfinished game that could not be resumed was kept (the note names it)
        self.kept_autosave: Path | None = None
        #: what the note under the games says ("": no note)
        self.note_text = ""
        #: whether the games and the form were made (``_fill``, when first shown)
        self._filled = False
        #: the resume button's label, and the shorter one it takes where the bar is narrow
        self.resume_labels = ("Resume (r)", "Resume (r)")

    @property
    def composed(self) -> bool:
        """False in a picker made as the app closes (a game opened first left, and Ctrl+Q
        was typed ahead): Textual mounts nothing into a closing screen, and its handlers
        would look for what it holds."""
        return bool(self.query("#games"))

    @cached_property
    def ids(self) -> tuple[str, ...]:
        """The games installed (each engine imported: asked only once the picker is seen)."""
        return available_ids()

    def compose(self) -> ComposeResult:
        yield FittedText("ogames — pick a game (Enter starts it, Tab goes to the settings)",
                      id="heading")
        with Horizontal(id="choice"):
            yield OptionList(id="games")  # filled when first shown (``_fill``)
            yield GameForm(id="form")
        yield Static("", id="resume-note", markup=False)
        with Horizontal(id="picker-bar"):
            yield Button("Resume", id="resume", variant="success")
            yield Button("Saved games (o)", id="saves")
            yield Button("Rules (?)", id="rules")
            yield Button("Learn (L)", id="learn")
        yield self.notice()
        yield FittedFooter()

    def on_mount(self) -> None:
        if not self.composed:
            return
        self.query_one("#games", OptionList).border_title = "Games"
        self.fit_room()  # the games, the form and the resume offer come when it is shown

    def _fill(self) -> None:
        """The games and the chosen game's form, made when the picker is first shown. Under
        ``ogames play GAME`` it lies unseen below the game, and every engine's import and
        every course read for it would only delay the game's first frame."""
        if self._filled:
            return
        self._filled = True
        if self.game_id is None and self.ids:
            self.game_id = self.ids[0]
        games = self.query_one("#games", OptionList)
        progress = load_progress()
        for gid in self.ids:
            games.add_option(Option(game_prompt(get_about(gid), progress), id=gid))
        if self.game_id is not None:
            games.highlighted = games.get_option_index(self.game_id)
        self._build_form()

    async def on_resize(self) -> None:
        if not self.composed:
            return
        self.fit_room()
        self._fit_bar()
        await self._refit_form()

    def _fit_bar(self) -> None:
        """The buttons under the games stay on their row: where it is too narrow for them
        at a button's usual width (16 columns at least, 2 apart), each is as wide as its
        label, 1 apart (else the last was cut: "Lear")."""
        resuming = self.has_class("can-resume")
        buttons = [b for b in self.query("#picker-bar Button").results(Button)
                   if b.id != "resume" or resuming]
        width = self.app.size.width
        if resuming:
            full, short = self.resume_labels
            others = sum(cell_len(str(b.label)) + 3 for b in buttons if b.id != "resume")
            # even tight, the full label ("Resume Oferhlýp (312 of 340 moves)") can push
            # the last button off the row: the game's name alone is enough there
            tight = 2 + others + cell_len(full) + 3
            self.query_one("#resume", Button).label = full if tight <= width else short
        usual = 1 + sum(max(BUTTON_LEAST, cell_len(str(b.label)) + 2) + 2 for b in buttons)
        self.set_class(usual > width, "tight-bar")

    def on_screen_resume(self) -> None:
        if self.app.screen is not self or not self.composed:
            return  # a screen already on top, or the app closing: nothing here is seen
        if not self._filled:
            self._fill()  # with each game's course as it stands
        else:
            self._show_learning()
        self._offer_resume()
        self.fit_room()  # the window may have changed under the screen on top
        if isinstance(self.focused, Input) and not self.too_small:
            # back from a game started by Enter in a name field: the letter keys (r, o, q)
            # would type into the name instead of doing what the footer says
            self.query_one("#games", OptionList).focus()
        # again after Textual's own resume, which runs after this handler and gives the
        # focus to AUTO_FOCUS, even a hidden one
        self.call_later(self.fit_room)

    # ----- resume, saved games, rules ------------------------------------------------

    def _offer_resume(self) -> None:
        """Show "Resume <game> (N moves)" when an unfinished game was left behind, or
        "Resume a game (N)" when several were (and offer ``r`` in the footer only then).
        A game another running ogames is playing is its own, not offered here."""
        from ...core.storage import resumable_games

        self._keep_broken_autosaves()
        if self.kept_autosave is not None and not self.kept_autosave.exists():
            self._note(None)  # deleted in Saved games: nothing left to say
        games = resumable_games()
        self.set_class(bool(games), "can-resume")
        self.refresh_bindings()
        if len(games) == 1 and games[0].game is not None:
            game = games[0].game
            moves = moves_played(game.cursor, len(game.plies))
            self.resume_labels = (f"Resume {game.rules.name} ({moves}) (r)",
                                  f"Resume {game.rules.name} (r)")
        elif games:
            self.resume_labels = (f"Resume a game ({len(games)} left) (r)", "Resume (r)")
        self._fit_bar()

    def _keep_broken_autosaves(self) -> None:
        """An unfinished game whose file cannot be read to its end (damaged, or hand-edited
        into an illegal move) can never be resumed: it moves, byte for byte, to the saved
        games, where it is listed as broken and its valid part can be replayed, and the
        note says so. (Left in place it would be passed over every time.)"""
        from ...core.storage import keep_as_is, left_unfinished

        for broken in left_unfinished():
            if broken.error is None:
                continue
            reason = str(broken.error)
            try:
                kept = keep_as_is(broken.path)
            except OSError as exc:
                self._note(None, f"An unfinished game could not be resumed: {reason}; nor "
                                 f"kept in Saved games: {exc.strerror or exc}")
                continue
            if kept is not None:
                self._note(kept, f"An unfinished game could not be resumed: {reason}; it "
                                 f"is kept as {visible(kept.name)} in Saved games (o)")

    def _note(self, kept: Path | None, text: str = "") -> None:
        self.kept_autosave = kept
        self.note_text = text
        note = self.query_one("#resume-note", Static)
        note.update(text)
        note.set_class(bool(text), "shown")
        self.call_later(self._refit_form)  # the note takes rows from the form

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.has_class("can-resume")
        if action == "nothing_to_resume":
            return not self.has_class("can-resume")
        return True

    def action_nothing_to_resume(self) -> None:
        self.notify("No unfinished game to resume")

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        """Resume the one game left unfinished, or choose among several."""
        from ...core.storage import resumable_games
        from .resume import ResumeScreen

        games = resumable_games()
        if len(games) == 1:
            self.resume(games[0].path)
        elif games:
            self.app.push_screen(ResumeScreen(games), self._chosen)
        else:
            self._offer_resume()

    def _chosen(self, path: Path | None) -> None:
        if path is not None:
            self.resume(path)
        else:
            self._offer_resume()  # some may have been put aside in the list

    def resume(self, path: Path) -> None:
        """Play on the unfinished game of ``path``, held by this app from now on: or say
        why not (another ogames took it up meanwhile, it ended, it became unreadable)."""
        from ...core.storage import claim, load_saved_game

        try:
            held = claim(path)
        except OSError as exc:
            self.notify(f"That game cannot be resumed: {exc.strerror or exc}", markup=False)
            return
        if held is None:
            self.notify("That game is being played in another ogames window", markup=False)
            self._offer_resume()
            return
        try:
            game = load_saved_game(path)
        except (OgamesError, OSError):
            held.release()
            self._offer_resume()  # broken meanwhile: kept aside and said in the note
            return
        self._note(None)
        self.app.start_game(game, resumed=held)

    @on(Button.Pressed, "#saves")
    def action_saves(self) -> None:
        from .saves import SavesScreen

        self.app.push_screen(SavesScreen())

    @on(Button.Pressed, "#rules")
    def _rules_button(self) -> None:
        self.action_rules()

    @on(Button.Pressed, "#learn")
    def action_learn(self) -> None:
        """The course of the highlighted game (a game without one: the list of courses)."""
        about = self.about
        from ...core.course_index import course_counts

        has_course = about is not None and course_counts(about) is not None
        self.app.open_course(about.id if about is not None and has_course else None)

    def _show_learning(self) -> None:
        """Each game's row again, with how much of its course is done now."""
        games = self.query_one("#games", OptionList)
        progress = load_progress()
        for gid in self.ids:
            games.replace_option_prompt(gid, game_prompt(get_about(gid), progress))

    # ----- the form -------------------------------------------------------------------

    @property
    def rules(self) -> Rules | None:
        """The chosen game's engine (imported now, if it was not: to start or explain it)."""
        return get_rules(self.game_id) if self.game_id else None

    @property
    def about(self) -> GameAbout | None:
        """What the picker shows of the chosen game (its engine not imported)."""
        return get_about(self.game_id) if self.game_id else None

    @property
    def variant(self) -> str | None:
        """The chosen game's variant, if one was chosen (else its first)."""
        return self.variants.get(self.game_id) if self.game_id else None

    def choose(self, game_id: str, players: tuple[str, ...] = (),
               variant: str | None = None) -> None:
        """Preselect a game (``n`` on the game screen) and keep the players' names and the
        variant (of the game just played)."""
        if game_id not in self.ids:
            return
        if self._filled:
            self._keep_typed()
        names, self.seats = split_players(players)
        self.names = {i: n for i, n in names.items() if n not in ("", "?")}
        self.game_id = game_id
        if variant in get_about(game_id).variants:
            self.variants[game_id] = variant
        if not self._filled:
            return  # a picker not yet shown (just made): filled with this choice when it is
        games = self.query_one("#games", OptionList)
        games.highlighted = games.get_option_index(game_id)
        self._build_form()

    def _build_form(self) -> None:
        self._fill_form().refresh(recompose=True)

    def _fill_form(self) -> GameForm:
        """The settings form, told the chosen game's settings and its shape for the
        window of the moment (it shows them once it is composed again)."""
        form = self.query_one(GameForm)
        form.about = self.about
        form.variant = self.variant
        form.names = self.names
        form.seats = self.seats
        form.seed = self.seeds.get(self.game_id or "", "")
        form.shape = self._form_shape()
        for button in self.query("#picker-bar Button").results(Button):
            button.compact = form.shape.compact
        return form

    def _form_shape(self) -> FormShape:
        """The shape of the form that fits the window with the picker's other rows: the
        heading, the note (if any), the buttons under the games (three rows each unless
        the form is compact too: then one) and the footer."""
        about = self.about
        if about is None:
            return FormShape()
        size = self.app.size
        note = rows_of(self.note_text, max(1, size.width - 2)) if self.note_text else 0
        width = size.width - GAMES_WIDTH - FORM_FRAME
        height = size.height - 1 - note - TALL - 1 - 2  # 2: the form's border
        return form_shape(about, self.variant or about.variants[0], width, height)

    async def _refit_form(self) -> None:
        """Lay the form out again when the window's size calls for another shape (the
        names and seed as typed are kept, and the focus stays on the control it was on)."""
        form = self.query_one(GameForm)
        if self._form_shape() == form.shape:
            return
        focused = self.focused
        again = focused.id if focused is not None and form in focused.ancestors else None
        self._keep_typed()
        await self._fill_form().recompose()
        if again is not None:
            for widget in form.query(f"#{again}"):
                widget.focus()

    def _keep_typed(self) -> None:
        """The names and the seed as typed in the form now (before it is rebuilt: their
        Changed messages may not have come yet)."""
        for name in self.query(".name").results(Input):
            self._keep_name(name)
        for seed in self.query("#seed").results(Input):
            self._keep_seed(seed)

    @on(OptionList.OptionHighlighted, "#games")
    def _game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        gid = event.option.id
        if gid != self.game_id and gid in self.ids:
            self._keep_typed()
            self.game_id = gid
            self._build_form()

    @on(Select.Changed, "#variant")
    async def _variant_changed(self, event: Select.Changed) -> None:
        """The form is rebuilt (a variant may have another number of seats); the focus goes
        to the new variant control, as it was on the old one (else it fell back to the
        games list, and the next Tab reached the variant again). A change that comes from
        the form of the game chosen before (keys faster than the form is rebuilt) is not
        this game's variant and is passed over."""
        about = self.about
        if (event.value != self.variant and isinstance(event.value, str)
                and about is not None and event.value in about.variants):
            self.variants[self.game_id] = event.value
            focused = self.focused is event.select
            self._keep_typed()
            await self._fill_form().recompose()
            if focused:
                self.query_one("#variant", Select).focus()

    @on(Input.Changed, ".name")
    def _name_changed(self, event: Input.Changed) -> None:
        self._keep_name(event.input)

    def _keep_name(self, name: Input) -> None:
        if name.id:
            self.names[int(name.id.split("-")[1])] = name.value

    @on(Input.Changed, "#seed")
    def _seed_changed(self, event: Input.Changed) -> None:
        self._keep_seed(event.input)

    def _keep_seed(self, seed: Input) -> None:
        if seed.name:
            self.seeds[seed.name] = seed.value

    @on(Select.Changed, ".seat")
    def _seat_changed(self, event: Select.Changed) -> None:
        """A seat goes to a person or to the computer at a level (the computer's name is
        not asked)."""
        if not event.select.id or not isinstance(event.value, str):
            return
        seat = int(event.select.id.split("-")[1])
        if event.value == PERSON:
            self.seats.pop(seat, None)
        else:
            self.seats[seat] = event.value
        for name in self.query(f"#name-{seat}").results(Input):
            name.disabled = seat in self.seats

    @on(Input.Submitted)
    def _next_setting(self, event: Input.Submitted) -> None:
        """Enter in a name or the seed goes on to the next of them, and from the last to
        Start (a first name typed and Enter started the game with the others unnamed)."""
        inputs = [i for i in self.query("#form Input").results(Input) if not i.disabled]
        later = inputs[inputs.index(event.input) + 1:] if event.input in inputs else []
        (later[0] if later else self.query_one("#start", Button)).focus()

    @on(OptionList.OptionSelected, "#games")
    @on(Button.Pressed, "#start")
    def start(self) -> None:
        game = self._form_game()
        if game is None:
            return
        if ELSEWHERE in self.seats.values():
            self.action_online(game, host=True)
            return
        sides = len(game.sides)
        self._note(None)  # about the last game: this one replaces it
        self.app.start_game(game, computer={i: lv for i, lv in self.seats.items() if i < sides})

    @on(Button.Pressed, "#online")
    def action_online(self, game: Game | None = None, host: bool = False) -> None:
        """Play online: host the game of the form (its seats as set), or join one."""
        from .online import HostScreen, OnlineScreen

        game = game or self._form_game()
        if game is None:
            return
        seats = {i: lv for i, lv in self.seats.items() if i < len(game.sides)}
        self._note(None)
        self.app.push_screen(HostScreen(game, seats) if host else OnlineScreen(game, seats))

    def _form_game(self) -> Game | None:
        """The game the form describes, or None (the form says why)."""
        rules = self.rules
        if rules is None:
            return None
        variant = self.variant or rules.variants[0]
        seed = None
        seeds = self.query("#seed")
        if seeds:
            text = seeds.first(Input).value.strip()
            try:
                seed = check_seed(int(text)) if text else None
            except ValueError as exc:
                self._error(str(exc))
                return None
        players = tuple(self.names.get(i, "").strip() or "?"
                        for i in range(len(rules.sides(variant))))
        for i, name in enumerate(players):
            if i not in self.seats and is_computer_name(name):
                side = rules.sides(variant)[i]
                self._error(f"{name!r} is what a computer seat is called: give {side} "
                            f"another name, or make the seat the computer's")
                return None
        try:
            return Game.new(rules, variant, seed, players)
        except (OgamesError, ValueError) as exc:
            self._error(str(exc))
            return None

    def _error(self, text: str) -> None:
        """Say why the game cannot start, under the settings (the row is there only
        while there is something to say)."""
        error = self.query_one("#error", Static)
        error.update(text)
        error.set_class(bool(text), "shown")

    def action_rules(self) -> None:
        from .rules import RulesScreen

        if self.rules is not None:
            self.app.push_screen(RulesScreen(self.rules))
