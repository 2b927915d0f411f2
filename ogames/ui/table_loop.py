"""A table's loop in the app (``ogames.table.loop.Loop``): one screen's Textual thread
workers, ``call_later`` and timers. Work started so stops when the screen goes or the app
quits (Textual cancels a screen's workers), and tests wait for it as for any worker."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker, WorkerState, get_current_worker

from ..table.loop import Finished, Task

#: the states in which a worker is over
_ENDED = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)


class ScreenLoop:
    """Runs a table's work on ``screen``; the screen hands every ``Worker.StateChanged``
    it gets to :meth:`worker_changed`."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self._done: dict[Worker, Callable[[Finished], None]] = {}

    def run(self, task: Task, name: str, done: Callable[[Finished], None]) -> Worker:
        def work() -> object:
            worker = get_current_worker()
            return task(lambda: worker.is_cancelled)

        worker = self.screen.run_worker(work, name=name, group="computer", thread=True,
                                        exit_on_error=False)
        self._done[worker] = done
        return worker

    def worker_changed(self, event: Worker.StateChanged) -> None:
        """A worker's state changed: when one of ours is over, say how."""
        if event.state not in _ENDED or event.worker not in self._done:
            return
        done = self._done.pop(event.worker)
        if event.state == WorkerState.SUCCESS:
            done(Finished(result=event.worker.result))
        elif event.state == WorkerState.ERROR:
            done(Finished(error=event.worker.error))
        else:
            done(Finished(cancelled=True))

    def soon(self, callback: Callable[[], None]) -> None:
        self.screen.call_later(callback)

    def later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return self.screen.set_timer(max(0.0, delay), callback)

    def now(self) -> float:
        return time.monotonic()
