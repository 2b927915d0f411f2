"""The current game's rules, from ``ogames/rules_text/<id>.md`` when it exists."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from ...core.rules import Rules


def rules_markdown(rules: Rules) -> str:
    try:
        return (resources.files("ogames") / "rules_text" / f"{rules.id}.md").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return f"# {rules.name}\n\n{rules.description}\n\n*The full rules are not written yet.*"


class RulesScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll {
        width: 90%; height: 90%; border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "close")]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(rules_markdown(self.rules))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
