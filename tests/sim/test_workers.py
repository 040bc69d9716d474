"""Worker processes: they report failures, and none outlives the ladder that started it."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.errors import DuelhallError
from duelhall.sim.ladder import LadderConfig, LadderStore, check_config
from duelhall.sim.workers import WorkerPool, usable_cpus


def square_or_fail(n: int) -> int:
    if n == 3:
        raise DuelhallError("three is refused")
    if n == 4:
        raise ZeroDivisionError("a bug")
    if n == 5:
        os._exit(7)
    if n == 6:
        os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl-C at the terminal reaches every process
    return n * n


def test_a_pool_returns_every_result() -> None:
    with WorkerPool(square_or_fail, 2) as pool:
        assert len(pool.pids) == 2
        assert sorted(pool.imap_unordered([1, 2, 6, 7])) == [1, 4, 36, 49]  # 6: Ctrl-C ignored


@pytest.mark.parametrize(
    ("task", "error", "words"),
    [
        (3, DuelhallError, "three is refused"),
        (4, RuntimeError, "ZeroDivisionError: a bug"),
        (5, DuelhallError, r"stopped unexpectedly \(exit code 7\)"),
    ],
)
def test_a_failing_or_dying_worker_is_reported_not_waited_for(
    task: int, error: type[Exception], words: str
) -> None:
    with WorkerPool(square_or_fail, 2) as pool, pytest.raises(error, match=words):
        list(pool.imap_unordered([1, task, 2]))
    assert pool.workers == []


# A parent whose SIGTERM handler raises (as the ladder's does), stopping pools the moment
# they start: each worker is told to stop while it may still hold the inherited handler.
STOP_AT_ONCE = """
import signal
from duelhall.sim.workers import WorkerPool

def stop(signum, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGTERM, stop)
for _ in range(20):
    with WorkerPool(abs, 2):
        pass
print("all stopped")
"""


def test_a_worker_stopped_as_it_starts_ends_quietly() -> None:
    # Before the fix a stop between the fork and the worker's own handlers raised in the
    # worker (a traceback) or was lost (a worker alive for ever, its parent waiting).
    run = subprocess.run(
        [sys.executable, "-c", STOP_AT_ONCE], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "all stopped"
    assert "Traceback" not in run.stderr


def gone(pid: int, timeout: float) -> bool:
    """Whether process ``pid`` has ended within ``timeout`` seconds (a zombie has ended)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([fd], [], [], timeout)
        return bool(readable)
    finally:
        os.close(fd)


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


AGENTS = ("ismcts:3000", "heuristic")  # games of minutes: a worker must not finish one


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.skipif(usable_cpus() < 2, reason="one processor: the ladder starts no workers")
@pytest.mark.parametrize(
    "stop", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name
)
def test_a_stopped_or_killed_ladder_leaves_no_worker_running(
    tmp_path: Path, stop: signal.Signals
) -> None:
    out = tmp_path / "lad"
    # Ctrl-C as at a terminal, even if this test runs where SIGINT is ignored.
    start = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from duelhall.cli.main import main; main()"
    )
    args = ["ladder", "duel52", "--agents", ",".join(AGENTS), "--games", "400", "--jobs", "2"]
    ladder = subprocess.Popen(
        [sys.executable, "-c", start, *args, "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert ladder.stdout is not None
        first = ladder.stdout.readline()
        assert first.startswith("Playing 400 games on 2 worker processes"), first
        workers = children(ladder.pid)
        assert len(workers) == 2
        # While it runs, the folder is its own: another ladder there is refused.
        result = CliRunner().invoke(cli, [*args, "--out", str(out)])
        assert result.exit_code == 1 and "another ladder is running" in result.stderr
        ladder.send_signal(stop)
        code = ladder.wait(timeout=60)
        if stop == signal.SIGKILL:
            # Nobody could stop the workers but the kernel: they die with their parent.
            assert all(gone(pid, timeout=30) for pid in workers)
        else:
            assert all(gone(pid, timeout=0) for pid in workers)  # ended before the ladder did
        rest = ladder.stdout.read()
    finally:
        ladder.kill()
        ladder.wait()
    if stop == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        assert code == 128 + stop
        told = " ".join(rest.split())
        assert (
            "Stopped before any game finished; nothing was written." in told
            or "Stopped: finished games are kept; run the same command to resume." in told
        ), told
        assert "Traceback" not in rest
    if out.exists():  # a stop before the first game removes the folder
        # What finished is consistent: the lines file agrees with the database.
        store = LadderStore(out, check_config(LadderConfig("duel52", AGENTS, 400)))
        done = store.done()
        store.close()
        found = (out / "games.jsonl").read_text().splitlines()
        assert sorted((d["a"], d["b"], d["index"]) for d in map(json.loads, found)) == sorted(done)
