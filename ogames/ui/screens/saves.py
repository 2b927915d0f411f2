"""The saved games: game, players, date, result and length, sortable, with a preview of the
final position drawn by the board widget. Enter (or a click on the chosen row) replays,
``c`` continues the game, ``d`` deletes it after a confirmation, ``f`` opens any file."""

from __future__ import annotations

import dataclasses
import datetime as _dt
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ...core.describe import moves_numbered, outcome_text
from ...core.errors import SaveFileError
from ...core.game import Game
from ...core.quoting import visible
from ...core.savefile import EXTENSION
from ...core.storage import (
    SaveEntry,
    delete_save,
    load_saved_game,
    player_names,
    read_entry,
    saves_dir,
)
from ..widgets.diagram import Diagram, path_cells
from ..widgets.fitted import FittedText, shorten
from ..widgets.footer import FittedFooter
from .badfile import BadFileScreen, valid_prefix
from .confirm import ConfirmScreen
from .leaving import LeavesOnce

#: the columns in order: key, title, and whether sorting by it puts the largest first
SORTS: dict[str, tuple[str, bool]] = {
    "game": ("Game", False),
    "players": ("Players", False),
    "result": ("Result", False),
    "length": ("Moves", True),
    "date": ("Date", True),
}
ORDER_WORDS = {"date": "newest first", "game": "by game", "length": "longest first",
               "players": "by players", "result": "by result"}
CYCLE = ("date", "game", "length")
#: the narrowest preview pane worth its place beside the list (it says what the game is)
PREVIEW_MIN = 30
#: the preview pane's border, left and right together (the board goes up to it: a
#: padding cost one game its board beside the list at 120 columns)
PANE_GUTTER = 2


def entry_key(entry: SaveEntry, sort: str) -> Any:
    game = entry.game
    if sort == "date":
        return entry.modified
    if sort == "game":
        return (game.rules.name if game else "~", -entry.modified)
    if sort == "length":
        return entry.length
    if sort == "players":
        return (" ".join(player_names(game)).casefold() if game else "~", -entry.modified)
    return (entry.result, -entry.modified)


def result_cell(entry: SaveEntry) -> str:
    if entry.error is not None:
        return "broken"
    return entry.result


def row_cells(entry: SaveEntry) -> dict[str, str]:
    """An entry's row in the list, by column key (the players' names whole)."""
    game = entry.game
    when = _dt.datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
    return {"game": game.rules.name if game else visible(entry.path.name),
            "result": result_cell(entry), "length": str(moves_numbered(game) if game else 0),
            "date": when,
            "players": " vs ".join(player_names(game)) if game else "?"}


def copy_game(game: Game) -> Game:
    """A game of its own (the list keeps its copy untouched)."""
    return dataclasses.replace(game, plies=list(game.plies))


class SavesTable(DataTable):
    """The list of saves: Home/End go to the first/last row (one row is one game)."""

    BINDINGS = [Binding("home", "scroll_top", "first", show=False),
                Binding("end", "scroll_bottom", "last", show=False),
                # the table's own Enter (which the screen's replay key never reached)
                # shown in the footer: it selects the row, and a selected row replays
                Binding("enter", "select_cursor", "replay", key_display="⏎")]


class SavesScreen(LeavesOnce, Screen[None]):
    AUTO_FOCUS = "#saves"

    BINDINGS = [
        Binding("enter", "replay", "replay", key_display="⏎", priority=False),
        Binding("c", "continue", "continue"),
        Binding("d,delete", "delete", "delete"),
        Binding("s", "sort", "sort"),
        Binding("f", "open_file", "open a file"),
        Binding("escape,q", "close", "back"),
    ]

    DEFAULT_CSS = """
    SavesScreen #saves-heading { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    SavesScreen #saves {
        width: 1fr; height: 1fr; border: round $foreground 25%;
        scrollbar-gutter: stable; scrollbar-size-vertical: 1;
    }
    SavesScreen #saves:focus { border: round $accent; }
    SavesScreen #preview-pane { width: 1fr; height: 1fr; border: round $foreground 25%; }
    SavesScreen #preview-info { width: 100%; height: auto; margin-top: 1; padding: 0 1; }
    SavesScreen #saves-empty { display: none; padding: 1 2; }
    SavesScreen.empty #saves-empty { display: block; }
    SavesScreen.empty #saves-main { display: none; }
    SavesScreen #open-path { display: none; }
    SavesScreen.opening #open-path { display: block; }
    SavesScreen #saves-message { height: auto; padding: 0 1; background: $boost; }
    """

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.sort = "date"
        self.entries: list[SaveEntry] = []
        self._cache: dict[Path, tuple[float, int, SaveEntry]] = {}
        #: the width the list needs to show every column in full, and the width left
        #: inside the preview pane beside it (see ``fit``)
        self.list_width = 0
        self.preview_room = 0
        #: the players column's width, and the width its longest names need
        self.players_room = self.players_whole = 0

    def compose(self) -> ComposeResult:
        yield FittedText(id="saves-heading")
        with Horizontal(id="saves-main"):
            yield SavesTable(id="saves", cursor_type="row", zebra_stripes=True)
            with Vertical(id="preview-pane"):
                yield Diagram(id="preview")
                yield Static(id="preview-info", markup=False)
        yield Static(f"No saved games yet. Ctrl+S in a game saves it in\n{self.where}\n\n"
                     "f opens a saved game from anywhere, Esc goes back.", id="saves-empty",
                     markup=False)
        yield Input(placeholder="path of a saved game (Enter opens it, Esc cancels)",
                    id="open-path")
        yield Static("", id="saves-message", markup=False)
        yield FittedFooter()

    @property
    def where(self) -> Path:
        return self.folder or saves_dir()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        for key, (label, _) in SORTS.items():
            table.add_column(label, key=key)
        self.query_one("#preview-pane").border_title = "Final position"
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_screen_suspend(self) -> None:
        """A message is about what was just done here: with a replay, a game or a dialog
        on top, it would be stale when this screen comes back."""
        self.message("")

    # ----- the list -----------------------------------------------------------------

    def reload(self, keep: Path | None = None) -> None:
        table = self.query_one("#saves", DataTable)
        if keep is None and table.row_count:
            keep = self.selected_path
        self.entries = list_saves_cached(self.where, self._cache)
        _, reverse = SORTS[self.sort]
        self.entries.sort(key=lambda e: entry_key(e, self.sort), reverse=reverse)
        self.query_one("#saves-heading", Static).update(
            f"Saved games ({len(self.entries)}, {ORDER_WORDS[self.sort]}) — ⏎ replay · "
            "c continue · d delete · s or a column title: sort · f open a file")
        table.clear()
        rows = [row_cells(e) for e in self.entries]
        widths = {k: max([cell_len(label), *(cell_len(r[k]) for r in rows)])
                  for k, (label, _) in SORTS.items()}
        # columns, their padding, the border and the scrollbar's gutter
        self.list_width = sum(w + 2 * table.cell_padding for w in widths.values()) + 3
        self.players_whole = widths["players"]
        self.players_room = self._players_room()
        for e, cells in zip(self.entries, rows, strict=True):
            cells["players"] = shorten(cells["players"], self.players_room)
            table.add_row(*(cells[k] for k in SORTS), key=str(e.path))
        self.fit()
        self.set_class(not self.entries, "empty")
        if self.entries:
            paths = [e.path for e in self.entries]
            table.move_cursor(row=paths.index(keep) if keep in paths else 0, animate=False)
            self.show_preview()

    def fit(self) -> None:
        """The list as wide as its columns (never cut off while the window has room for
        it), the preview pane on what is left, if that is at least ``PREVIEW_MIN``: the
        list comes first (``show_preview`` leaves out a board too wide for the room)."""
        table = self.query_one("#saves", DataTable)
        pane = self.query_one("#preview-pane")
        room = self.app.size.width - self.list_width
        pane.display = room >= PREVIEW_MIN
        table.styles.width = self.list_width if pane.display else "1fr"
        self.preview_room = room - PANE_GUTTER if pane.display else 0

    def on_resize(self) -> None:
        if self.entries:
            self.fit()
            self.show_preview()
            if self._players_room() != self.players_room:
                self.reload()  # the players' names shortened to the width, or whole again

    def _players_room(self) -> int:
        """The players column's width: whole, or in a window narrower than the list, what
        the other columns leave (its names give way, shortened at a word: the other columns
        are short, and a date cut off reads as another date)."""
        spare = min(0, self.app.size.width - self.list_width)
        return max(cell_len(SORTS["players"][0]), self.players_whole + spare)

    @property
    def selected(self) -> SaveEntry | None:
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        return self.entries[row] if 0 <= row < len(self.entries) else None

    @property
    def selected_path(self) -> Path | None:
        entry = self.selected
        return entry.path if entry else None

    @on(DataTable.RowHighlighted, "#saves")
    def _highlighted(self) -> None:
        self.show_preview()

    def show_preview(self) -> None:
        entry = self.selected
        board = self.query_one("#preview", Diagram)
        info = self.query_one("#preview-info", Static)
        if entry is None or entry.game is None:
            board.clear()
            info.update(f"{visible(entry.path.name)}\nnot a readable saved game: {entry.error}"
                        if entry else "")
            return
        game = entry.game
        last: tuple[str, ...] = ()
        if game.cursor > 0:
            last = path_cells(game.rules, game.position_at(game.cursor - 1),
                              game.plies[game.cursor - 1].move)
        board.draw(game.rules, game.position, last=last,
                   ascii=bool(getattr(self.app, "ascii", False)))
        wider = board.layout_.width - self.preview_room if board.layout_ else 0
        board.display = wider <= 0
        outcome = game.outcome()
        n = moves_numbered(game)  # as the move list numbers them
        lines = [entry.path.name, f"{game.rules.name} ({game.variant}), {n} "
                 f"move{'' if n == 1 else 's'}",
                 " vs ".join(player_names(game))]
        if outcome is not None:
            lines.append(outcome_text(game.rules, outcome, list(game.sides),
                                      game.sides[game.resigned_side]
                                      if game.resigned_side is not None else None))
        else:
            lines.append("unfinished")
        if entry.error is not None:
            lines.append(f"broken at line {entry.error.line}, column {entry.error.column}: "
                         f"{entry.error.reason}")
        if wider > 0:
            lines.append(f"\n(a window {wider} columns wider shows the final position)")
        info.update("\n".join(lines))

    @on(DataTable.HeaderSelected, "#saves")
    def _header(self, event: DataTable.HeaderSelected) -> None:
        self.sort = str(event.column_key.value)
        self.reload()

    @on(DataTable.RowSelected, "#saves")
    def _row_selected(self) -> None:
        self.action_replay()

    def action_sort(self) -> None:
        i = CYCLE.index(self.sort) if self.sort in CYCLE else -1
        self.sort = CYCLE[(i + 1) % len(CYCLE)]
        self.reload()

    # ----- opening ------------------------------------------------------------------

    def open_replay(self, game: Game, path: Path, error: SaveFileError | None = None) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(game, name=path.name, error=error,
                                          ascii=bool(getattr(self.app, "ascii", False)),
                                          path=path))

    def open_bad(self, path: Path, error: SaveFileError) -> None:
        prefix = valid_prefix(error)

        def answered(yes: bool | None) -> None:
            if yes and prefix is not None:
                self.open_replay(prefix, path, error)

        self.app.push_screen(BadFileScreen(path, error), answered)

    def _readable_selection(self):
        """The selected entry if its file reads cleanly; a bad file opens the bad-file
        dialog instead (and gives None), as does having nothing selected."""
        entry = self.selected
        if entry is not None and entry.error is not None:
            self.open_bad(entry.path, entry.error)
            return None
        return entry if entry is not None and entry.game is not None else None

    def action_replay(self) -> None:
        entry = self._readable_selection()
        if entry is not None:
            self.open_replay(entry.game, entry.path)

    def action_continue(self) -> None:
        entry = self._readable_selection()
        if entry is not None:
            app: Any = self.app
            app.start_game(copy_game(entry.game), save_path=entry.path)

    def action_delete(self) -> None:
        entry = self.selected
        if entry is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                delete_save(entry.path)
                self._cache.pop(entry.path, None)
                self.message(f"deleted {visible(entry.path.name)}")
                self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete {visible(entry.path.name)}?\n"
                                           "This cannot be undone."), answered)

    def action_open_file(self) -> None:
        self.add_class("opening")
        self.query_one("#open-path", Input).focus()

    @on(Input.Submitted, "#open-path")
    def _open_path(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        path = Path(text).expanduser()
        try:
            game = load_saved_game(path)
        except SaveFileError as exc:
            self._close_input()
            self.open_bad(path, exc)
            return
        except OSError as exc:
            self.message(f"{visible(str(path))}: cannot read it ({exc.strerror or exc})")
            return
        self._close_input()
        self.open_replay(game, path)

    def _close_input(self) -> None:
        self.remove_class("opening")
        self.message("")  # "cannot read it" was about the path given up
        self.query_one("#saves", DataTable).focus()

    def message(self, text: str) -> None:
        self.query_one("#saves-message", Static).update(text)

    def action_close(self) -> None:
        if self.has_class("opening"):
            self._close_input()
            return
        self.dismiss(None)


def list_saves_cached(folder: Path, cache: dict[Path, tuple[float, int, SaveEntry]]
                      ) -> list[SaveEntry]:
    """``storage.list_saves``, re-reading only new or changed files."""
    if not folder.is_dir():
        return []
    out = []
    seen = set()
    for path in folder.glob(f"*{EXTENSION}"):
        try:
            st = path.stat()
        except OSError:
            continue
        if not path.is_file():
            continue
        seen.add(path)
        hit = cache.get(path)
        if hit is None or hit[:2] != (st.st_mtime, st.st_size):
            try:
                entry = read_entry(path)
            except OSError:
                continue
            cache[path] = (st.st_mtime, st.st_size, entry)
            hit = cache[path]
        out.append(hit[2])
    for gone in set(cache) - seen:
        del cache[gone]
    return out

