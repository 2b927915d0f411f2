"""The engines and the shared layer never import Textual or Rich; the command line
imports Textual only for the app."""

from __future__ import annotations

import subprocess
import sys

from ogames.core.registry import GAME_MODULES

CHECK = """
import sys, importlib
for name in {modules!r}:
    importlib.import_module(name)
bad = sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r})
print(','.join(bad))
"""


def imported_by(modules: list[str], forbidden: tuple[str, ...]) -> str:
    code = CHECK.format(modules=modules, forbidden=forbidden)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def test_engines_and_core_import_neither_textual_nor_rich() -> None:
    core = ["ogames.core.board", "ogames.core.errors", "ogames.core.game",
            "ogames.core.outcome", "ogames.core.perft", "ogames.core.registry",
            "ogames.core.rng", "ogames.core.rules", "ogames.core.rules_text",
            "ogames.core.savefile"]
    from ogames.core.registry import available_ids

    engines = [GAME_MODULES[gid] for gid in available_ids()]
    assert imported_by(core + engines, ("textual", "rich")) == ""


def test_command_line_does_not_load_textual() -> None:
    assert imported_by(["ogames.cli"], ("textual",)) == ""
