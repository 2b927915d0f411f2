"""What every search that runs in worker processes needs (the review, the hard level):
how many cores it may use, a way to start processes from inside the Textual app, and
:func:`run`, which runs one job per process for one search and leaves none behind.

Game-blind and free of the searches themselves, so all of them can import it without
importing each other.

**The jobs.** :func:`run` starts a fresh set of processes, one per job, forked from
multiprocessing's fork server (never a fork of the threaded app itself: the server is a
fresh interpreter that has imported what the workers need, :mod:`ogames.ai.preload`, and
forks a worker in about 0.02 s where spawning one took 0.13-0.3 s; "spawn" where the
platform has no fork server), each calling ``job(*args, should_stop)`` where
``should_stop`` reads a flag shared by all of them (a plain byte: no lock a killed
process could hold). A process sends back what its job returned, or a :class:`Failed`
when the job raised; the parent collects the answers until every process has answered, the caller's ``should_stop`` says
to stop (the flag is set, and the processes get ``GRACE`` seconds to answer with what they
found so far), or the deadline is ``LATE`` seconds past. Whatever happened, every process
is joined (or, past half a ``GRACE``, killed) before :func:`run` returns. The processes
are daemonic: a parent that exits mid-search ends them at its exit, and those of a parent
that is killed end at their deadline, finding nobody to answer.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import resource_tracker
from multiprocessing.connection import wait
from typing import Any

from ..core import registry

log = logging.getLogger("ogames.ai")

#: seconds between two looks of the parent at ``should_stop`` and at its processes
POLL = 0.01
#: after a cancel, how long the processes get to report and exit before they are killed
GRACE = 0.06
#: past the deadline, how long a process may still take to report (a busy machine)
LATE = 1.0
#: what the fork server imports once for every worker it forks (see :func:`workers_context`)
PRELOAD = ("ogames.ai.preload",)


def cores() -> int:
    """The cores this process may run on (those it is allowed, else ``os.cpu_count()``)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def start_tracker() -> None:
    """Start multiprocessing's resource tracker on the real stderr. It hands stderr's file
    descriptor to its own process, and inside a Textual app stderr is a capture whose
    ``fileno()`` is -1, which would make starting any worker process fail."""
    try:
        valid = sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        valid = True  # a stream without a descriptor is skipped by the tracker itself
    if valid or sys.__stderr__ is None:
        return
    captured = sys.stderr
    sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured


def workers_context() -> Any:
    """The multiprocessing context the workers start from: the fork server, which imports
    ``PRELOAD`` once and then forks each worker from that clean, single-threaded state
    (the server outlives the search, like multiprocessing's resource tracker, and exits
    with this process); "spawn" where there is no fork server."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    forkserver = multiprocessing.get_context("forkserver")
    forkserver.set_forkserver_preload(list(PRELOAD))
    return forkserver


# ----- one job, in a worker process --------------------------------------------------------------


@dataclass(frozen=True)
class Failed:
    """What a process sends instead of its answer when its job raised."""

    reason: str


def work(conn: Any, stop: Any, job: Callable[..., Any], args: tuple,
         games: tuple[str, ...] = ()) -> None:
    """A worker process: run ``job`` until it returns or the shared ``stop`` flag is set,
    and send back its answer (or a :class:`Failed`). ``games``: the packages of the games
    the parent added with ``registry.register`` (a fresh process knows only those of
    ``ogames/games/``), added here too before the job looks its game up by id."""
    try:
        for package in games:
            registry.register(package)
        conn.send(job(*args, lambda: bool(stop.value)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which carries on
        try:
            conn.send(Failed(f"{type(exc).__name__}: {exc}"))
        except BaseException:  # noqa: BLE001 - the parent is gone or stopped listening
            pass
    finally:
        conn.close()


# ----- the jobs, from the parent ---------------------------------------------------------------


def run(job: Callable[..., Any], jobs: Sequence[tuple], deadline: float | None,
        should_stop: Callable[[], bool] | None, label: str = "parallel search",
        name: str = "ogames-search") -> dict[int, Any]:
    """Run ``job(*args, should_stop)`` for every ``args`` of ``jobs``, each in its own
    process, until ``deadline`` (``time.monotonic``, the same clock in every process);
    the answers by job index (a job that failed, or did not answer in time, is logged
    under ``label`` and missing). Every process is gone on return. Raises when the
    processes cannot start (a sandbox without semaphores): the caller searches alone."""
    start_tracker()
    context = workers_context()
    stop = context.RawValue("b", 0)  # a plain shared byte: no lock a killed process could hold
    procs: list[Any] = []
    conns: dict[Any, int] = {}
    try:
        for i, args in enumerate(jobs):
            receive, send = context.Pipe(duplex=False)
            proc = context.Process(target=work, name=f"{name}-{i}", daemon=True,
                                   args=(send, stop, job, args,
                                         registry.registered_packages()))
            proc.start()
            send.close()  # the child holds the other copy: EOF when it exits
            procs.append(proc)
            conns[receive] = i
        return _gather(conns, stop, deadline, should_stop, label)
    finally:
        stop.value = 1
        for conn in conns:
            conn.close()
        reap(procs)


def _gather(conns: dict[Any, int], stop: Any, deadline: float | None,
            should_stop: Callable[[], bool] | None, label: str) -> dict[int, Any]:
    """The answers as they come, until all came, a cancel's grace ran out or the
    deadline's lateness did. ``conns`` keeps the connections still waited for."""
    answers: dict[int, Any] = {}
    cancelled_at: float | None = None
    while conns:
        now = time.monotonic()
        if cancelled_at is None and should_stop is not None and should_stop():
            stop.value = 1
            cancelled_at = now
        if cancelled_at is not None and now - cancelled_at > GRACE:
            break
        if deadline is not None and now > deadline + LATE:
            log.warning("%s: %d process(es) did not report in time", label, len(conns))
            break
        for conn in wait(list(conns), timeout=POLL):
            index = conns.pop(conn)
            try:
                got = conn.recv()
            except (EOFError, OSError):
                got = Failed("exited without an answer")
            conn.close()
            if isinstance(got, Failed):
                log.error("%s: part %d failed: %s", label, index, got.reason)
            else:
                answers[index] = got
    return answers


def reap(procs: Sequence[Any]) -> None:
    """Join the processes; those still running after a short grace are killed."""
    end = time.monotonic() + GRACE / 2
    for proc in procs:
        proc.join(max(0.0, end - time.monotonic()))
    for proc in procs:
        if proc.is_alive():
            proc.kill()
    for proc in procs:
        proc.join()
        proc.close()
