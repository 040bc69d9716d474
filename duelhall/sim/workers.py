"""Worker processes that never outlive the program that started them.

``concurrent.futures``' process pool let a killed ladder's workers play on, forked every
worker at the first task and, when the system refused one process, left the others waiting
for work forever, so the program hung at exit. This pool is small on purpose:

- each worker is started on its own, so a refused start just means fewer workers;
- a worker gets one task at a time over its own pipe, so a stop loses at most the game each
  worker was playing, and a worker that dies is noticed at once (its sentinel) instead of
  leaving its task waiting;
- workers ignore Ctrl-C, which the terminal sends to every process of the program: the parent
  decides how to stop, and a worker's interrupted traceback would only be noise;
- a worker dies with its parent, even when the parent is killed outright: Linux's parent-death
  signal, and elsewhere a check of the parent between tasks;
- Ctrl-C and SIGTERM are blocked from the fork until the worker has its own handlers: a fork
  inherits the parent's Python handler, and a stop that came in between either raised in the
  worker (a traceback) or was swallowed when the handler was replaced (a worker that never
  ended, and a parent waiting for it forever).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

from duelhall.core.errors import DuelhallError

T = TypeVar("T")
R = TypeVar("R")

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def usable_cpus() -> int:
    """The processors this process may run on (a container or taskset may allow fewer)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _die_with(parent: int) -> None:
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    # The parent may have died before the signal was asked for: then nobody would send it.
    if os.getppid() != parent:
        os._exit(1)


_STOPS = {signal.SIGINT, signal.SIGTERM}
_MASKS = hasattr(signal, "pthread_sigmask")


def _serve(conn: Connection, work: Callable[[Any], Any], parent: int) -> None:
    """A worker's life: answer each task with ``(True, result)`` or ``(False, error)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked child inherits the parent's
    if _MASKS:  # a stop held back since the fork is delivered now, to these handlers
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
    _die_with(parent)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            reply: tuple[bool, Any] = (True, work(task))
        except DuelhallError as e:
            reply = (False, DuelhallError(str(e)))  # always picklable, unlike a subclass
        except Exception:
            reply = (False, RuntimeError("a worker process failed:\n" + traceback.format_exc()))
        conn.send(reply)
        if os.getppid() != parent:
            return


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection


class WorkerPool(Generic[T, R]):
    """Up to ``jobs`` processes that run ``work``; use as a context manager.

    ``refused`` says why fewer than ``jobs`` started (the system's reason), if they did.
    """

    def __init__(self, work: Callable[[T], R], jobs: int) -> None:
        # Fork where it is safe and cheap (Linux): a worker then starts in milliseconds
        # instead of importing duelhall again.
        context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
        self.workers: list[_Worker] = []
        self.refused: str | None = None
        try:
            for _ in range(jobs):
                try:
                    ours, theirs = context.Pipe()
                except OSError as e:
                    self.refused = e.strerror or str(e)
                    break
                process = context.Process(
                    target=_serve, args=(theirs, work, os.getpid()), daemon=True
                )
                try:
                    _start(process)
                except OSError as e:
                    ours.close()
                    theirs.close()
                    self.refused = e.strerror or str(e)
                    break
                theirs.close()  # the worker's end: with it closed here, a dead worker's pipe ends
                self.workers.append(_Worker(process, ours))
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers if w.process.pid is not None]

    def imap_unordered(self, tasks: Iterable[T]) -> Iterator[R]:
        """Each task's result, in the order they finish."""
        queue = iter(tasks)
        idle = list(self.workers)
        busy: dict[Connection, _Worker] = {}
        while True:
            while idle:
                task = next(queue, None)
                if task is None:
                    break
                worker = idle.pop()
                try:
                    worker.conn.send(task)
                except OSError:
                    raise _died(worker) from None
                busy[worker.conn] = worker
            if not busy:
                return
            sentinels = {w.process.sentinel: w for w in busy.values()}
            ready = set(wait([*busy, *sentinels]))
            for conn in [c for c in busy if c in ready]:  # results before deaths
                worker = busy.pop(conn)
                try:
                    ok, value = conn.recv()
                except (EOFError, OSError):
                    raise _died(worker) from None
                if not ok:
                    raise value
                idle.append(worker)
                yield value
            for sentinel, worker in sentinels.items():
                if sentinel in ready and worker.conn in busy:
                    raise _died(worker)

    def close(self) -> None:
        """Stop every worker (a game in progress is dropped) and wait until each is gone."""
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join()
            worker.conn.close()
        self.workers = []

    def __enter__(self) -> WorkerPool[T, R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _start(process: BaseProcess) -> None:
    """Start ``process`` with Ctrl-C and SIGTERM held back until it sets its own handlers."""
    if not _MASKS:
        process.start()
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _died(worker: _Worker) -> DuelhallError:
    worker.process.join()
    code = worker.process.exitcode
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
    return DuelhallError(
        f"worker process {worker.process.pid} stopped unexpectedly ({how}); finished games "
        "are kept: run the same command to resume"
    )
