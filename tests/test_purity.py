"""The engines and the shared layer never import Textual or Rich; the command line
imports Textual only for the app."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

from ogames.core.registry import package_of
from tests.conftest import APP_GAME_IDS, TEST_GAMES

CHECK = """
import sys, importlib
for name in {modules!r}:
    getattr(importlib.import_module(name), "RULES", None)  # a game's engine, not just its about
bad = sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r})
print(','.join(bad))
"""


def imported_by(modules: list[str], forbidden: tuple[str, ...]) -> str:
    code = CHECK.format(modules=modules, forbidden=forbidden)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def test_engines_and_core_import_neither_textual_nor_rich() -> None:
    import ogames.core

    core = [f"ogames.core.{m.name}" for m in pkgutil.iter_modules(ogames.core.__path__)]
    assert "ogames.core.rules" in core and "ogames.core.entry" in core
    engines = [package_of(gid) for gid in APP_GAME_IDS] + list(TEST_GAMES.values())
    assert imported_by(core + engines, ("textual", "rich")) == ""


def test_the_table_imports_neither_textual_nor_rich() -> None:
    """The host and ``ogames bot`` drive the table without a screen."""
    import ogames.table

    table = [f"ogames.table.{m.name}" for m in pkgutil.iter_modules(ogames.table.__path__)]
    assert "ogames.table.table" in table
    assert imported_by(table, ("textual", "rich")) == ""


def test_online_play_imports_neither_textual_nor_rich() -> None:
    """``ogames host --no-seat``, ``ogames server`` and ``ogames bot`` run without the app."""
    import ogames.net

    net = [f"ogames.net.{m.name}" for m in pkgutil.iter_modules(ogames.net.__path__)]
    assert {"ogames.net.host", "ogames.net.bot", "ogames.net.client"} <= set(net)
    assert imported_by(net, ("textual", "rich")) == ""


def test_command_line_does_not_load_textual() -> None:
    assert imported_by(["ogames.cli"], ("textual",)) == ""
