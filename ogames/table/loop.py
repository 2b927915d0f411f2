"""Where a table's work runs: the computer's thinking in a thread, callbacks soon or later.

A table never starts a thread or a timer itself: its owner hands it a :class:`Loop`. The
app's game screen gives one made of Textual's thread workers and timers (so quitting or
leaving the screen stops the work, and tests can wait for the workers); the host and
``ogames bot`` give :class:`AsyncioLoop`, an executor thread and the running asyncio loop.
Every callback a loop makes (a worker's end, a timer) comes in the loop's own thread, so a
table is only ever touched from one thread.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

#: a computation for a worker thread: it is given a function that says whether it was
#: cancelled, and should return soon after it says so
Task = Callable[[Callable[[], bool]], Any]


@dataclass(frozen=True)
class Finished:
    """How a worker ended: its result, the exception it raised, or cancelled."""

    result: Any = None
    error: BaseException | None = None
    cancelled: bool = False


class Work(Protocol):
    """Work started by a loop (a thread's computation, a timer): it can be cancelled."""

    def cancel(self) -> Any: ...


class Loop(Protocol):
    """What a table needs of the event loop it lives in."""

    def run(self, task: Task, name: str, done: Callable[[Finished], None]) -> Work:
        """Run ``task`` in a worker thread; ``done`` is called in the loop's thread when it
        ends (not at all when it was cancelled before it ended)."""

    def soon(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` in the loop's thread once the current handler is done."""

    def later(self, delay: float, callback: Callable[[], None]) -> Work:
        """Call ``callback`` in the loop's thread after ``delay`` seconds (cancellable)."""

    def now(self) -> float:
        """Seconds on a clock that never goes back (``time.monotonic``)."""


class _Thread:
    """A task running in an executor thread: cancelling it makes its ``cancelled`` true."""

    def __init__(self) -> None:
        self.flag = threading.Event()

    def cancel(self) -> None:
        self.flag.set()


#: one pool for every table of a process: the computer thinks for a few seats at a time
_POOL: ThreadPoolExecutor | None = None


def shared_pool() -> Executor:
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ogames-computer")
    return _POOL


class AsyncioLoop:
    """A :class:`Loop` on a running asyncio event loop (the host, ``ogames bot``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None,
                 executor: Executor | None = None) -> None:
        self.loop = loop or asyncio.get_running_loop()
        self.executor = executor

    def run(self, task: Task, name: str, done: Callable[[Finished], None]) -> Work:
        handle = _Thread()
        future: asyncio.Future = self.loop.run_in_executor(
            self.executor or shared_pool(), task, handle.flag.is_set)

        def ended(fut: asyncio.Future | Future) -> None:
            if handle.flag.is_set():
                return
            if fut.cancelled():
                done(Finished(cancelled=True))
            elif fut.exception() is not None:
                done(Finished(error=fut.exception()))
            else:
                done(Finished(result=fut.result()))

        future.add_done_callback(ended)
        return handle

    def soon(self, callback: Callable[[], None]) -> None:
        self.loop.call_soon(callback)

    def later(self, delay: float, callback: Callable[[], None]) -> Work:
        return self.loop.call_later(max(0.0, delay), callback)

    def now(self) -> float:
        return time.monotonic()
