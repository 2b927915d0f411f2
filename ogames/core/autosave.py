"""What goes to the autosave, and when, for one game being played.

The promise to players is that no game is ever lost: the game in progress is in the
autosave after every change, a game that ends is kept among the saved games by itself, and
an earlier unfinished game is never overwritten unseen. This module holds that policy over
:mod:`ogames.core.storage`, apart from any screen, so it is tested with plain files; the
game screen calls :meth:`Keeper.sync` after every change and shows the notices it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .describe import moves_numbered
from .game import Game
from .savefile import format_game, write_atomic
from .storage import (
    autosave_path,
    clear_autosave,
    keep_autosave_as_is,
    load_autosave,
    read_autosave_text,
    read_text,
    save_to_library,
)


@dataclass(frozen=True)
class Notice:
    """Something the player should be told about their games (shown as a notification)."""

    title: str
    text: str


class Keeper:
    """The autosave and the saved-games copies of one game being played.

    ``written`` is the text this game last wrote to the autosave (for a resumed game, the
    text it came from): the autosave is "mine" while the file still holds it, since another
    window or another game may have written it since.
    """

    def __init__(self, game: Game, *, resumed: bool = False) -> None:
        self.game = game
        self.written: str | None = read_autosave_text() if resumed else None
        #: where the saved games keep this game since it ended
        self.kept_path: Path | None = None
        #: where Ctrl+S saved this game last (or the file it was continued from)
        self.save_path: Path | None = None

    def is_mine(self) -> bool:
        """Whether the autosave file holds what this game wrote last."""
        return self.written is not None and read_autosave_text() == self.written

    def sync(self, changed: bool = True) -> list[Notice]:
        """Keep the autosave in step with the game: written after every change (history,
        cursor and redo tail), removed when the game is over. ``changed``: the history was
        changed by the player (a move, undo, redo), not only opened or looked through; only
        then does this game take over the autosave from an earlier unfinished game, which
        is then kept among the saved games. A game that ends is kept there too, before its
        autosave goes. Raises OSError when the disk refuses."""
        game = self.game
        mine = self.is_mine()
        if game.outcome() is not None and not game.can_redo:
            # ended here: by a move, or by a resignation or an agreed draw (before any
            # move too); a game opened already over is not kept again
            ended = changed and (bool(game.plies) or game.agreed is not None)
            notices = self._keep_finished_game() if ended else []
            if mine:
                clear_autosave()
                self.written = None
            return notices
        if not game.plies or not (changed or mine):
            return []  # opened or looked through: the autosave stays whose it is
        notices = [] if mine else self._keep_earlier_game()
        self.written = format_game(game)
        write_atomic(autosave_path(), self.written)
        return notices

    def _keep_finished_game(self) -> list[Notice]:
        """A finished game goes to the saved games by itself (once: taken back and ended
        again, it replaces its own copy), so no ending is lost for want of Ctrl+S."""
        text = format_game(self.game)
        if self.kept_path is not None and self.kept_path.exists():
            write_atomic(self.kept_path, text)
            return []
        if self.save_path is not None and read_text(self.save_path) == text:
            return []  # ended as its own file has it (opened, taken back, played again)
        self.kept_path = save_to_library(self.game)
        if self.save_path is None:
            self.save_path = self.kept_path  # Ctrl+S now updates that file, not a new one
        return [Notice("Game over", f"Kept in Saved games as {self.kept_path.name}")]

    def _keep_earlier_game(self) -> list[Notice]:
        """Move the unfinished game this one replaces as the autosave into the saved games."""
        earlier = load_autosave()
        if earlier is None:
            path = keep_autosave_as_is()  # unreadable (or over): its bytes, untouched
            if path is None:
                return []
            return [Notice("Earlier game kept",
                           f"The earlier autosave is kept in Saved games as {path.name}")]
        path = save_to_library(earlier)
        n = moves_numbered(earlier)  # as its move list numbers them
        return [Notice("Earlier game kept",
                       f"The unfinished {earlier.rules.name} game ({n} move"
                       f"{'' if n == 1 else 's'}) is kept in Saved games as {path.name}")]

    def save_target(self) -> Path | None:
        """The file Ctrl+S offers: the one saved to last, except the record of an ending
        kept by itself when the game has since gone another way (a new line gets its own
        file)."""
        target = self.save_path
        if target is not None and target == self.kept_path and (
                read_text(target) != format_game(self.game)):
            return None
        return target
