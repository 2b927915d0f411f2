"""A game clock with an increment (``--clock 10+5``: ten minutes a side, five seconds added
after each of one's own moves, as chess players call Fischer time).

Only the side to move's time runs, and only from the game's first move on: nobody loses
time before the game has begun (the players may still be joining). The clock is a value
with no timer of its own: whoever keeps it (the table of the host) asks it, at the moment
a move arrives or a timer it set fires, whose time is up. A client keeps a copy, set from
the host's figures as they arrive, to show the seconds running down between them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..core.errors import NotationError

_SETTING = re.compile(r"\s*([0-9]{1,3}(?:\.[0-9]+)?)\s*\+\s*([0-9]{1,3})\s*")
#: the longest game clock offered (minutes a side), and the largest increment (seconds)
MOST_MINUTES, MOST_INCREMENT = 600, 600


@dataclass(frozen=True)
class ClockSetting:
    """Minutes a side at the start and seconds added after each move."""

    minutes: float
    increment: int

    @classmethod
    def parse(cls, text: str) -> ClockSetting:
        """``10+5`` → ten minutes a side, five seconds a move. Raises NotationError."""
        found = _SETTING.fullmatch(text or "")
        if not found:
            raise NotationError(f"'{text}' is not a clock: write minutes+seconds, e.g. 10+5 "
                                "(ten minutes a side, five seconds added a move)",
                                field="clock")
        minutes, increment = float(found[1]), int(found[2])
        if not 0 < minutes <= MOST_MINUTES:
            raise NotationError(f"a clock gives each side more than 0 and at most "
                                f"{MOST_MINUTES} minutes", field="clock")
        if increment > MOST_INCREMENT:
            raise NotationError(f"the increment is at most {MOST_INCREMENT} seconds",
                                field="clock")
        return cls(minutes, increment)

    def __str__(self) -> str:
        minutes = int(self.minutes) if self.minutes == int(self.minutes) else self.minutes
        return f"{minutes}+{self.increment}"


def clock_text(seconds: float) -> str:
    """``9:42``, ``1:02:05``; under ten seconds with tenths (``7.3``); never below 0."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"{math.floor(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass
class Clock:
    """Each side's time left (seconds), and whose time is running since when (the times
    come from the keeper's ``Loop.now``)."""

    setting: ClockSetting
    left: list[float]
    running: int | None = None
    since: float = 0.0

    @classmethod
    def new(cls, setting: ClockSetting, sides: int) -> Clock:
        return cls(setting, [setting.minutes * 60.0] * sides)

    def remaining(self, side: int, now: float) -> float:
        """Seconds ``side`` has left at ``now``."""
        left = self.left[side]
        if self.running == side:
            left -= now - self.since
        return left

    def moved(self, side: int, to_move: int | None, now: float) -> None:
        """``side`` has just moved: its time stops and gains the increment (its first move
        too, before which its time did not run); ``to_move``'s starts (None: the game is
        over, nobody's runs)."""
        self.left[side] = self.remaining(side, now) + self.setting.increment
        self.running = None if self.running == side else self.running
        self.start(to_move, now)

    def start(self, side: int | None, now: float) -> None:
        """Run ``side``'s time from ``now`` (None: stop every clock)."""
        if self.running is not None:
            self.left[self.running] = self.remaining(self.running, now)
        self.running, self.since = side, now

    def flagged(self, now: float) -> int | None:
        """The side whose time has run out, if any."""
        if self.running is not None and self.remaining(self.running, now) <= 0:
            return self.running
        return None

    def texts(self, now: float) -> list[str]:
        return [clock_text(self.remaining(side, now)) for side in range(len(self.left))]

    # ----- what a host writes and reads, what a client is told -------------------------

    def state(self, now: float) -> dict:
        """The clock as plain data: milliseconds left per side, and whose time runs."""
        return {"setting": str(self.setting),
                "left_ms": [round(self.remaining(side, now) * 1000)
                            for side in range(len(self.left))],
                "running": self.running}

    @classmethod
    def from_state(cls, data: dict, now: float) -> Clock:
        """A clock from ``state``, running again from ``now`` (time passed while nobody
        kept it, a host restarting, is nobody's)."""
        setting = ClockSetting.parse(str(data["setting"]))
        left = [float(ms) / 1000 for ms in data["left_ms"]]
        running = data.get("running")
        if running is not None and not (isinstance(running, int) and 0 <= running < len(left)):
            raise ValueError("the clock runs for no side of the game")
        return cls(setting, left, running, now)
