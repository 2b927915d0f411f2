"""The words Opprimo uses to teach and explain: how a game ends."""

from __future__ import annotations

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "trapped": "the King is trapped",
}
