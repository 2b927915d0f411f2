"""The unfinished games left behind, when there are several: one to resume, or put aside.

Every game being played has its own file among the unfinished games (``core.storage``), so
a player who left a game in one window and started another in a second has two to come
back to. Enter resumes the highlighted one; ``s`` puts it aside among the saved games
(nothing is thrown away), where it can be continued, replayed or deleted like any other.
Dismissed with the chosen file, or None.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.quoting import visible
from ...core.storage import Unfinished, keep_as_is, player_names
from ..widgets.footer import FittedFooter
from .leaving import LeavesOnce


def moves_played(cursor: int, total: int) -> str:
    """How far a game left behind has come, for its Resume button: "3 moves", or, for a
    game left after undo, "0 of 1 move" ("0 moves" alone reads as if nothing would come
    back)."""
    noun = "move" if total == 1 else "moves"
    return f"{cursor} of {total} {noun}" if cursor < total else f"{total} {noun}"


def unfinished_line(entry: Unfinished) -> str:
    """``Ordo · Ann vs Bob · 3 of 4 moves · 2026-12-07 14:12``."""
    game = entry.game
    when = _dt.datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
    if game is None:
        return f"{visible(entry.path.name)} · unreadable · {when}"
    moves = moves_played(game.cursor, len(game.plies))
    return f"{game.rules.name} · {' vs '.join(player_names(game))} · {moves} · {when}"


class ResumeScreen(LeavesOnce, ModalScreen[Path | None]):
    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    ResumeScreen > Vertical {
        width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ResumeScreen #unfinished { height: auto; max-height: 16; }
    ResumeScreen #resume-said { height: auto; color: $text-muted; }
    """

    BINDINGS = [
        Binding("enter", "resume", "resume", key_display="⏎", priority=False),
        Binding("s", "put_aside", "to Saved games"),
        Binding("escape,q", "close", "back"),
    ]

    def __init__(self, games: list[Unfinished]) -> None:
        super().__init__()
        self.games = list(games)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Unfinished games — ⏎ resume · s put aside in Saved games · Esc "
                         "back", markup=False)
            yield OptionList(*(Option(unfinished_line(g), id=str(i))
                               for i, g in enumerate(self.games)), id="unfinished")
            yield Static("", id="resume-said", markup=False)
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#unfinished", OptionList).focus()

    @property
    def chosen(self) -> Unfinished | None:
        index = self.query_one("#unfinished", OptionList).highlighted
        if index is None or not 0 <= index < len(self.games):
            return None
        return self.games[index]

    @on(OptionList.OptionSelected, "#unfinished")
    def action_resume(self) -> None:
        chosen = self.chosen
        if chosen is not None:
            self.dismiss(chosen.path)

    def action_put_aside(self) -> None:
        """Move the highlighted game among the saved games, byte for byte."""
        chosen = self.chosen
        if chosen is None:
            return
        said = self.query_one("#resume-said", Static)
        try:
            kept = keep_as_is(chosen.path)
        except OSError as exc:
            said.update(f"Not moved: {exc.strerror or exc}")
            return
        if kept is None:
            said.update("Not moved: another ogames window is playing it")
            return
        index = self.games.index(chosen)
        self.games.pop(index)
        self.query_one("#unfinished", OptionList).remove_option_at_index(index)
        said.update(f"Put aside in Saved games as {visible(kept.name)}")
        if not self.games:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
