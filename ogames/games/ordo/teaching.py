"""The words Ordo uses to teach and explain: how a game ends."""

from __future__ import annotations

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "goal": "a piece reached the goal row",
    "no pieces": "no pieces left",
    "cannot reconnect": "the group cannot reconnect",
}
