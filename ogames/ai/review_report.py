"""A review as ``ogames review`` prints it: a table of plies and a summary per player, or
the same as JSON. One place for the words, so the text and the JSON say the same."""

from __future__ import annotations

import textwrap
from typing import Any

from ..core.describe import side_labels
from ..core.game import Game
from .review import MARKS, THRESHOLDS, Review

#: the width the prose lines are wrapped to
WIDTH = 80


def reproducibility(review: Review) -> str:
    """Why running the review again gives the same one (or why not)."""
    head = f"Reviewed at level {review.level}, seed {review.seed}"
    if review.cut:
        return (f"{head}: a search was cut short (time-capped), so another run may differ "
                "slightly.")
    return (f"{head}: the level's iteration budget without its clock, so the same file, "
            "level and seed give this review again.")


def thresholds_text() -> str:
    return "Marks by the drop in the mover's chance: " + ", ".join(
        f"{mark} {least:.2f} or more" for mark, least in THRESHOLDS) + "."


def _chances(shares: tuple[float, ...]) -> list[str]:
    return [f"{s:.2f}" for s in shares]


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
    # each side's chance column as wide as its name ("Yellow", never "Yello")
    chance_widths = [max(4, len(s)) for s in review.sides]
    head = ["ply".rjust(4), "side".ljust(side_width), "move".ljust(width),
            *(s.rjust(w) for s, w in zip(review.sides, chance_widths, strict=True)),
            "preferred".ljust(best_width), "mark"]
    lines += ["", "  ".join(head).rstrip()]
    for p in review.plies:
        row = [str(p.ply).rjust(4), review.sides[p.side].ljust(side_width),
               p.move.ljust(width),
               *(c.rjust(w) for c, w in zip(_chances(p.chances), chance_widths, strict=True)),
               (p.best or "-").ljust(best_width), p.mark]
        lines.append("  ".join(row).rstrip())
    lines.append("")
    for label, (counts, average, moves) in zip(labels, review.summary(), strict=True):
        marks = "  ".join(f"{mark} {counts[mark]}" for mark in MARKS)
        lines.append(f"{label}: {marks}  average drop {average:.3f} over {moves} "
                     f"move{'s' if moves != 1 else ''}")
    return lines


def json_data(review: Review, game: Game, error: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """The review as JSON-ready data (chances in side order, like ``sides``)."""
    summary = [{"side": side, "player": player, "marks": counts, "average_drop": average,
                "moves": moves}
               for side, player, (counts, average, moves)
               in zip(review.sides, game.players, review.summary(), strict=True)]
    return {
        "game": game.rules.id, "variant": game.variant, "sides": list(review.sides),
        "players": list(game.players), "level": review.level, "seed": review.seed,
        "time_capped": review.cut, "knowledge": review.knowledge, "note": review.note,
        "thresholds": dict(THRESHOLDS), "plies_in_game": review.total,
        "complete": review.complete,
        "start": list(review.start) if review.start is not None else None,
        "plies": [{"ply": p.ply, "side": review.sides[p.side], "move": p.move,
                   "chances": list(p.chances), "preferred": p.best,
                   "preferred_chances": list(p.best_chances), "drop": p.drop,
                   "mark": p.mark, "from_file": p.saved} for p in review.plies],
        "summary": summary,
        "error": error,
    }
