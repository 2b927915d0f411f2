"""Pictures to share: a position of a saved game rendered as SVG by Rich."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.padding import Padding

from .core.game import Game
from .core.savefile import write_atomic
from .render import board_text, status_line


def export_svg(game: Game, ply: int, output: Path, *, flipped: bool = False) -> Path:
    rules = game.rules
    pos = game.position_at(ply)
    highlight: set[str] = set()
    if ply > 0:
        before = game.position_at(ply - 1)
        move = game.plies[ply - 1].move
        highlight = {p.key for p in rules.pick_paths(before, move)[0] if p.kind == "cell"}
    board = board_text(rules, pos, flipped=flipped, highlight=highlight)
    width = max(len(line) for line in board.plain.splitlines()) + 4
    console = Console(record=True, width=max(width, 40), file=io.StringIO(),
                      force_terminal=True, color_system="truecolor")
    console.print(Padding(board, (1, 2)))
    title = f"{rules.name} · {' vs '.join(game.players)} · ply {ply}"
    console.print(Padding(f"{status_line(rules, pos)}", (0, 2)), highlight=False)
    return write_atomic(output, console.export_svg(title=title))
