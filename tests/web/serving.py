"""``duelhall serve`` started as a real process on a loopback port, for tests and the load
benchmark."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def server(db_url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """The server on ``port`` until the block ends (it is killed then, if still running)."""
    command = [sys.executable, "-c", "from duelhall.cli.main import main; main()"]
    process = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--db", db_url],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        _wait_for(port, process)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def _wait_for(port: int, process: subprocess.Popen[bytes]) -> None:
    """Until the port answers (the server imports and migrates first)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "duelhall serve exited at start"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)  # polling for readiness, not waiting for an outcome
    raise AssertionError("duelhall serve did not start listening")
