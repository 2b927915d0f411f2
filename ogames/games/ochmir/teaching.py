"""The words Ochmir uses to teach and explain: how a game ends."""

from __future__ import annotations

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "board full": "the board is full",
    "no tiles": "no tiles left",
    "144": "one colour shows on 144 tiles",
    "stall": "no tile was placed for too long",
}
