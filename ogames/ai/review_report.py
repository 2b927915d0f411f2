"""A review as ``ogames review`` prints it: a table of plies and a summary per player, or
the same as JSON. One place for the words, so the text and the JSON say the same."""

from __future__ import annotations

import textwrap
from typing import Any

from ..core.describe import side_labels
from ..core.game import Game
from .review import MARK_NAMES, MARKS, THRESHOLDS, Forced, Review, percentages

#: the width the prose lines are wrapped to
WIDTH = 80


def reproducibility(review: Review) -> str:
    """Why running the review again gives the same one (or why not)."""
    head = (f"Reviewed by the judge (the hard level's own search), {review.budget}, "
            f"seed {review.seed}")
    if review.cut:
        return f"{head}: a search was cut short, so another run may differ."
    return (f"{head}, without a clock: the same file and seed give this review again, on "
            "any machine.")


def thresholds_text() -> str:
    return "Marks by the drop in the mover's chance: " + ", ".join(
        f"{mark} ({MARK_NAMES[mark]}) {round(100 * least)} points or more"
        for mark, least in THRESHOLDS) + "; each checked by a search twice as long."


def _cells(shares: tuple[float, ...], forced: Forced | None) -> list[str]:
    """Each side's chance as a table cell: a percentage, or "wins in N" for the side a
    search proved wins (and "-" for the other)."""
    if forced is not None:
        return [f"wins in {forced.moves}" if side == forced.winner else "-"
                for side in range(len(shares))]
    return [f"{p} %" for p in percentages(shares)]


def text_lines(review: Review, game: Game) -> list[str]:
    """The review as lines of plain text: a header, one row per ply, a summary."""
    rules = game.rules
    labels = side_labels(game)
    variant = f" ({game.variant})" if len(rules.variants) > 1 else ""
    lines = [f"{rules.name}{variant}, {review.total} plies: {' against '.join(labels)}"]
    for prose in (reproducibility(review), review.note, thresholds_text()):
        lines += textwrap.wrap(prose, WIDTH)
    if not review.complete:
        lines.append(f"Reviewed: {len(review.plies)} of {review.total} plies.")
    width = max([len(p.move) for p in review.plies] + [len("move")])
    best_width = max([len(p.best or "") for p in review.plies] + [len("preferred")])
    side_width = max(len(s) for s in review.sides)
    rows = [_cells(p.chances, p.forced) for p in review.plies]
    cell = max([len(c) for row in rows for c in row] + [len(s[:9]) for s in review.sides])
    head = ["ply".rjust(4), "side".ljust(side_width), "move".ljust(width),
            *(s[:9].rjust(cell) for s in review.sides), "preferred".ljust(best_width), "mark"]
    lines += ["", "  ".join(head).rstrip()]
    for p, cells in zip(review.plies, rows, strict=True):
        row = [str(p.ply).rjust(4), review.sides[p.side].ljust(side_width),
               p.move.ljust(width), *(c.rjust(cell) for c in cells),
               (p.best or "-").ljust(best_width), p.mark]
        lines.append("  ".join(row).rstrip())
    lines.append("")
    for label, player in zip(labels, review.summary(), strict=True):
        marks = "  ".join(f"{mark} {player.marks[mark]}" for mark in MARKS)
        lines.append(f"{label}: accuracy {player.accuracy:.0f} %, mean drop "
                     f"{100 * player.average_drop:.1f} points over {player.moves} "
                     f"move{'s' if player.moves != 1 else ''}; {marks}")
    return lines


def _forced(forced: Forced | None, sides: tuple[str, ...]) -> dict[str, Any] | None:
    if forced is None:
        return None
    return {"winner": sides[forced.winner], "plies": forced.plies, "moves": forced.moves}


def json_data(review: Review, game: Game, error: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """The review as JSON-ready data (chances in side order, like ``sides``)."""
    sides = review.sides
    summary = [{"side": side, "player": name, "marks": player.marks,
                "average_drop": player.average_drop, "accuracy": player.accuracy,
                "moves": player.moves}
               for side, name, player in zip(sides, game.players, review.summary(),
                                             strict=True)]
    return {
        "game": game.rules.id, "variant": game.variant, "sides": list(sides),
        "players": list(game.players), "budget": review.budget, "seed": review.seed,
        "cut_short": review.cut, "knowledge": review.knowledge, "note": review.note,
        "thresholds": dict(THRESHOLDS), "plies_in_game": review.total,
        "complete": review.complete,
        "start": list(review.start) if review.start is not None else None,
        "start_forced": _forced(review.start_forced, sides),
        "plies": [{"ply": p.ply, "side": sides[p.side], "move": p.move,
                   "chances": list(p.chances), "forced": _forced(p.forced, sides),
                   "preferred": p.best, "preferred_chances": list(p.best_chances),
                   "preferred_forced": _forced(p.best_forced, sides), "drop": p.drop,
                   "mark": p.mark, "from_file": p.saved} for p in review.plies],
        "summary": summary,
        "error": error,
    }
