"""Where games are played: worker processes on this machine (the default) or a Ray cluster.

Both play the same tasks with the same seeds, and a game's result depends on its task alone,
so they give the same facts to the bit; only the order in which games finish differs, and
the runner never lets order matter (see :mod:`duelhall.lab.runner`).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import signal
import threading
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from duelhall.core.errors import DuelhallError
from duelhall.lab.tasks import Played, Task, play_task
from duelhall.sim.workers import WorkerPool, usable_cpus

BACKENDS = ("process", "ray")
RAY_OBJECT_STORE = 512 * 1024**2  # bytes; results are small, and the machine is shared


class Backend(Protocol):
    note: str

    def play(self, tasks: Sequence[Task]) -> Iterator[Played]:
        """Each task's game, in the order they finish."""
        ...

    def close(self) -> None: ...


class ProcessBackend:
    """Worker processes (:class:`duelhall.sim.workers.WorkerPool`), started at the first game
    and kept for the rounds that follow; one job plays in this process. ``engine`` is
    :mod:`duelhall.core.engines`' choice, passed with each game rather than inherited."""

    def __init__(self, jobs: int, engine: str = "auto") -> None:
        self._play = partial(play_task, engine=engine)
        self.jobs = max(1, min(jobs, usable_cpus()))
        self.note = f"{self.jobs} worker process{'es' if self.jobs > 1 else ''}"
        if self.jobs == 1:
            self.note = "this process"
        self._pool: WorkerPool[Task, Played] | None = None

    def play(self, tasks: Sequence[Task]) -> Iterator[Played]:
        if self.jobs == 1 or len(tasks) == 1:
            yield from map(self._play, tasks)
            return
        if self._pool is None:
            self._pool = WorkerPool(self._play, self.jobs)
            if self._pool.refused is not None:
                self.note = (
                    f"{len(self._pool.workers)} worker processes (the system refused more: "
                    f"{self._pool.refused})"
                )
        if not self._pool.workers:
            yield from map(self._play, tasks)
            return
        yield from self._pool.imap_unordered(tasks)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None


class RayBackend:
    """Ray tasks: a local instance bound to loopback (``address`` None), or a running cluster.

    A local instance is started with the settings docs/balance.md explains (loopback only, no
    dashboard, a capped object store, no token written) and stopped again by :meth:`close`.
    A cluster's workers need duelhall installed, at the same version as here.
    """

    def __init__(self, jobs: int, address: str | None = None, engine: str = "auto") -> None:
        self._engine = engine
        if address is None or _on_loopback(address):
            # Read when Ray is imported. Unset, Ray swaps a loopback address for this
            # machine's own, where a head started on loopback (the way to run one here) does
            # not listen, and waits on; set, every socket of a local instance binds loopback.
            os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
        try:
            import ray
        except ImportError:
            raise DuelhallError(
                "--backend ray needs Ray: pip install 'duelhall[cluster]' (or 'ray[default]')"
            ) from None
        self._ray: Any = ray
        self._started = False
        # ray.init replaces the SIGTERM handler with one that exits at once, and leaves it
        # there: put back ours, which stops a study as Ctrl-C does (games kept, a message),
        # and which forked worker processes later inherit.
        previous = signal.getsignal(signal.SIGTERM)
        try:
            self._connect(ray, jobs, address)
        finally:
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGTERM, previous)
        self._remote: Any = ray.remote(play_task)

    def _connect(self, ray: Any, jobs: int, address: str | None) -> None:
        if address is None:
            # Keep Ray from writing a token under $HOME.
            os.environ.setdefault("RAY_AUTH_MODE", "disabled")
            # Workers must import this duelhall, not another one installed beside it.
            source = str(Path(__file__).resolve().parents[2])
            path = os.pathsep.join(p for p in (source, os.environ.get("PYTHONPATH")) if p)
            try:
                ray.init(
                    num_cpus=max(1, jobs),
                    include_dashboard=False,
                    object_store_memory=RAY_OBJECT_STORE,
                    runtime_env={"env_vars": {"PYTHONPATH": path}},
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                )
            except Exception as e:
                raise DuelhallError(f"could not start a local Ray instance: {e}") from None
            self._started = True
            self.note = f"a local Ray instance ({max(1, jobs)} CPUs, loopback only)"
        else:
            try:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
            except Exception as e:
                raise DuelhallError(
                    f"could not join the Ray cluster at {address}: {e}; check --address"
                ) from None
            self.note = f"the Ray cluster at {address}"

    def play(self, tasks: Sequence[Task]) -> Iterator[Played]:
        ray = self._ray
        pending = [self._remote.remote(t, self._engine) for t in tasks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    try:
                        result: Played = ray.get(ref)
                    except ray.exceptions.RayTaskError as e:
                        cause = e.as_instanceof_cause()
                        if isinstance(cause, DuelhallError):
                            raise DuelhallError(str(cause)) from None
                        raise
                    yield result
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def _on_loopback(address: str) -> bool:
    host = address.rpartition(":")[0].strip("[]") or address
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: whatever it resolves to is the cluster's affair


def open_backend(name: str, jobs: int, address: str | None, engine: str = "auto") -> Backend:
    if name == "process":
        if address is not None:
            raise DuelhallError("--address is for --backend ray")
        return ProcessBackend(jobs, engine)
    if name == "ray":
        return RayBackend(jobs, address, engine)
    raise DuelhallError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
