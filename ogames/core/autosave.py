"""What goes to the autosave, and when, for one game being played.

The promise to players is that no game is ever lost: the game in progress is in its own
file among the unfinished games after every change (``storage.Claim``), a game that ends is
kept among the saved games by itself, and another game is never overwritten: each game
being played has its own file, held by the app playing it, so two apps on one data folder
never touch each other's game. This module holds that policy over
:mod:`ogames.core.storage`, apart from any screen, so it is tested with plain files; the
game screen calls :meth:`Keeper.sync` after every change and shows the notices it returns,
and :meth:`Keeper.release` when it goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .game import Game
from .savefile import format_game, write_atomic
from .storage import Claim, claim_new, read_text, save_to_library


@dataclass(frozen=True)
class Notice:
    """Something the player should be told about their games (shown as a notification)."""

    title: str
    text: str


class Keeper:
    """The unfinished-game file and the saved-games copies of one game being played.

    ``resumed``: the file of the unfinished game this one was resumed from, held by this
    app (``storage.claim``); a new game gets its file at its first change.
    """

    def __init__(self, game: Game, *, resumed: Claim | None = None) -> None:
        self.game = game
        #: this game's file among the unfinished games, held while it is played here
        self.claim: Claim | None = resumed
        #: where the saved games keep this game since it ended
        self.kept_path: Path | None = None
        #: where Ctrl+S saved this game last (or the file it was continued from)
        self.save_path: Path | None = None
        #: the game has left this app (``release``): nothing more is written for it
        self.released = False

    @property
    def autosave_path(self) -> Path | None:
        """This game's file among the unfinished games (None: nothing written yet)."""
        return self.claim.path if self.claim is not None else None

    def is_mine(self) -> bool:
        """Whether this game has a file among the unfinished games (the menu will offer to
        resume it)."""
        return self.claim is not None and self.claim.path.exists()

    def sync(self, changed: bool = True) -> list[Notice]:
        """Keep this game's file in step with the game: written after every change
        (history, cursor and redo tail), removed when the game is over. ``changed``: the
        history was changed by the player (a move, undo, redo), not only opened or looked
        through; only then does a game get a file of its own. A game that ends is kept
        among the saved games, before its file goes. Raises OSError when the disk
        refuses."""
        game = self.game
        if self.released:
            return []
        if game.outcome() is not None and not game.can_redo:
            # ended here: by a move, or by a resignation or an agreed draw (before any
            # move too); a game opened already over is not kept again
            ended = changed and (bool(game.plies) or game.agreed is not None)
            notices = self._keep_finished_game() if ended else []
            if self.claim is not None:
                self.claim.discard()
                self.claim = None
            return notices
        if not game.plies or not (changed or self.claim is not None):
            return []  # opened or looked through: nothing of it to keep
        if self.claim is None:
            self.claim = claim_new(game)
        self.claim.write(format_game(game))
        return []

    def release(self) -> None:
        """The game leaves this app (its screen goes, the app ends): its file stays among
        the unfinished games, free for any app to resume."""
        self.released = True
        if self.claim is not None:
            self.claim.release()

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

    def save_target(self) -> Path | None:
        """The file Ctrl+S offers: the one saved to last, except the record of an ending
        kept by itself when the game has since gone another way (a new line gets its own
        file)."""
        target = self.save_path
        if target is not None and target == self.kept_path and (
                read_text(target) != format_game(self.game)):
            return None
        return target
