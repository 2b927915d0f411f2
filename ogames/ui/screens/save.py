"""Ctrl+S: where to save the game. The default is a readable name in the saves directory;
the player may type another path. The write is atomic; an existing file is replaced only
when it is a readable saved game and the player confirms, never when it is anything else."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from ...core.errors import OgamesError
from ...core.game import Game
from ...core.savefile import EXTENSION, load_game
from ...core.storage import readable_name, save_as, saves_dir, unused_path
from .leaving import LeavesOnce


def target_path(text: str, default_name: str) -> Path:
    """What the player typed as a path: a bare file name goes to the saves directory, ``~``
    is expanded (RuntimeError for an unknown user), a folder (an existing one, or one written with a trailing slash, ``.`` or
    ``..``) gets ``default_name`` inside it, and ``.ogame`` is added when there is no
    extension."""
    text = text.strip()
    path = Path(text).expanduser()
    if len(path.parts) == 1 and not text.startswith(("~", ".", "/")) and not text.endswith("/"):
        path = saves_dir() / path
    if text.endswith("/") or path.name in ("", ".", "..") or path.is_dir():
        path = path / default_name
    if not path.suffix:
        path = path.with_name(path.name + EXTENSION)
    return path


def overwrite_refusal(path: Path) -> str | None:
    """Why ``path`` must not be replaced (it is not a readable saved game), or None."""
    if path.is_dir():
        return f"{path} is a folder"
    try:
        load_game(path)
    except OSError as exc:
        return f"{path} cannot be read ({exc.strerror or exc}); it is left alone"
    except OgamesError as exc:
        return f"{path} is not a readable saved game ({exc}); it is never overwritten"
    return None


class SaveScreen(LeavesOnce, ModalScreen[Path | None]):
    DEFAULT_CSS = """
    SaveScreen { align: center middle; }
    SaveScreen > Vertical {
        width: 90; max-width: 100%; height: auto; border: thick $accent; background: $surface;
        padding: 0 1;
    }
    SaveScreen #save-error { color: $text-error; height: auto; }
    SaveScreen Horizontal { height: auto; align-horizontal: center; }
    SaveScreen Button { margin: 0 2; }
    """

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, game: Game, default: Path | None = None) -> None:
        super().__init__()
        self.game = game
        try:
            self.default = default or unused_path(saves_dir(), readable_name(game))
        except OSError:  # the saves folder cannot be looked at: the save will say why
            self.default = saves_dir() / readable_name(game)
        #: the name a typed folder gets inside it
        self.default_name = self.default.name
        #: the existing file the player was warned about (a second Save replaces it)
        self.confirmed: Path | None = default if default is not None else None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save this game as (Enter saves, Esc cancels):")
            yield Input(str(self.default), id="save-path")
            yield Static("", id="save-error")
            with Horizontal():
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.save()
        else:
            self.dismiss(None)

    def on_input_submitted(self) -> None:
        self.save()

    def error(self, text: str) -> None:
        self.query_one("#save-error", Static).update(text)

    def save(self) -> None:
        text = self.query_one("#save-path", Input).value
        if not text.strip():
            self.error("type a file name")
            return
        try:
            path = target_path(text, self.default_name)
            exists = path.exists()
        except (OSError, RuntimeError) as exc:
            self.error(f"cannot save there: {getattr(exc, 'strerror', None) or exc}")
            return
        if exists:
            refusal = overwrite_refusal(path)
            if refusal:
                self.error(refusal)
                return
        if exists and path != self.confirmed:
            self.confirmed = path
            self.error(f"{path.name} exists: press Save again to replace it")
            return
        try:
            save_as(self.game, path)
        except OgamesError as exc:
            self.error(str(exc))
            return
        except OSError as exc:
            self.error(f"cannot write {path}: {exc.strerror or exc}")
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
