"""Output that cannot be written (a full disk, a closed pipe) ends the command without a
traceback: one line saying why, or quietly for a pipe whose reader has gone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Output through click (games, rules) and through rich (a game's table, until input ends).
COMMANDS = [
    ["games"],
    ["rules", "duel52"],
    ["play", "deckduel", "--seed", "1", "--opponent", "random"],
]


def _run(args: list[str], stdout: IO[Any] | int | None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "duelhall", *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_full_disk_is_one_line_and_a_failure(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _run(args, full)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "duelhall: error: cannot write the output: No space left on device; "
        "free some space or send the output elsewhere"
    ]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    reading, writing = os.pipe()
    os.close(reading)  # the reader is gone before the first write: every write fails
    try:
        done = _run(args, writing)
    finally:
        os.close(writing)
    assert done.returncode != 0
    assert done.stderr == ""


def test_a_closed_standard_output_is_refused() -> None:
    # Without a standard output Python prints nowhere; the command must not pretend it did.
    done = subprocess.run(
        [sys.executable, "-m", "duelhall", "games"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "duelhall: error: the standard output is closed; give the command somewhere to write "
        "(>/dev/null to throw the output away)"
    ]
