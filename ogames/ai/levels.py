"""The computer's levels: how long and how widely it thinks. Kept apart from the searches so
that the picker and the seats can name the levels without importing a search (start time)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How hard the computer thinks: iterations (playouts) per move, an optional wall-clock
    cap in seconds, and the playout cut-off in plies (a policy may override it)."""

    name: str
    iterations: int
    time_limit: float | None = None
    playout_depth: int = 20
    exploration: float = 0.8


#: easy plays a few dozen playouts (it sees captures and mates in one, little more); hard
#: thinks for up to 1.7 s: the issue's limit is 2 s a move on a 2-core machine, and the
#: last iteration, the mate-in-one scan and a busy machine add up to a tenth or two
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 40, 0.5, playout_depth=10),
    "medium": Level("medium", 400, 1.0),
    "hard": Level("hard", 12000, 1.7),
}
