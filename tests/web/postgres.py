"""A throwaway PostgreSQL server for tests: initdb in a temporary folder, started on a free
loopback port, stopped at the end (PostgreSQL refuses to run as root: it runs as postgres)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _binaries() -> Path | None:
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A fresh PostgreSQL server on a free loopback port, as a database URL; stopped and
    removed at the end. Raises LookupError when no PostgreSQL binaries are installed."""
    binaries = _binaries()
    if binaries is None:
        raise LookupError(
            "no PostgreSQL binaries (initdb) on this machine: apt-get install postgresql"
        )
    # Not under pytest's temporary folder: only root may enter that, and the server is not root.
    folder = Path(tempfile.mkdtemp(prefix="duelhall-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    run = {"check": True, "capture_output": True}
    initdb = [str(binaries / "initdb"), "-D", str(data), "-U", "duelhall", "--auth=trust"]
    subprocess.run(_as_postgres(initdb), **run)  # type: ignore[call-overload]
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
    pg_ctl = str(binaries / "pg_ctl")
    # The server's output goes to a log file: a pipe would stay open while it runs.
    start = [pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"]
    subprocess.run(_as_postgres(start), **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql+psycopg://duelhall@127.0.0.1:{port}/postgres"
    finally:
        stop = [pg_ctl, "-D", str(data), "-m", "immediate", "stop"]
        subprocess.run(_as_postgres(stop), **run)  # type: ignore[call-overload]
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    try:
        server = throwaway_postgres()
        url = server.__enter__()
    except LookupError as e:
        pytest.skip(str(e))
    try:
        yield url
    finally:
        server.__exit__(None, None, None)
