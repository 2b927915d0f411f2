"""A table's loop for tests: nothing runs until the test says so, and time moves only when
the test moves it (``StepLoop``), so the turn flow is checked step by step, never against
the wall clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ogames.table.loop import Finished, Task


@dataclass
class StepWork:
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class StepTimer(StepWork):
    at: float = 0.0
    callback: Callable[[], None] = lambda: None


@dataclass
class StepLoop:
    """``run``'s tasks and ``soon``'s callbacks wait in a queue for ``drain``; ``later``'s
    timers fire when ``advance`` moves the clock past them."""

    time: float = 0.0
    queue: list[Callable[[], None]] = field(default_factory=list)
    timers: list[StepTimer] = field(default_factory=list)
    #: the names of the tasks run so far
    ran: list[str] = field(default_factory=list)

    def run(self, task: Task, name: str, done: Callable[[Finished], None]) -> StepWork:
        work = StepWork()

        def go() -> None:
            if work.cancelled:
                return
            self.ran.append(name)
            result = task(lambda: work.cancelled)
            if not work.cancelled:
                done(Finished(result=result))

        self.queue.append(go)
        return work

    def soon(self, callback: Callable[[], None]) -> None:
        self.queue.append(callback)

    def later(self, delay: float, callback: Callable[[], None]) -> StepTimer:
        timer = StepTimer(at=self.time + delay, callback=callback)
        self.timers.append(timer)
        return timer

    def now(self) -> float:
        return self.time

    def drain(self) -> None:
        while self.queue:
            self.queue.pop(0)()

    def advance(self, seconds: float) -> None:
        """Move the time on, firing the timers that fall due, in order."""
        end = self.time + seconds
        while True:
            due = sorted((t for t in self.timers if not t.cancelled and t.at <= end),
                         key=lambda t: t.at)
            if not due:
                break
            timer = due[0]
            self.timers.remove(timer)
            self.time = max(self.time, timer.at)
            timer.callback()
            self.drain()
        self.time = end
        self.drain()
