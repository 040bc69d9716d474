"""The command's answer when its output cannot be written: a closed pipe, a full disk.

Handled once, around the whole command, so no print needs to think about it."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable

# Why a write can fail that the person can do something about, with what to do.
_HINTS = {
    errno.ENOSPC: "free some space or send the output elsewhere",
    errno.EDQUOT: "free some space or send the output elsewhere",
    errno.EFBIG: "send the output elsewhere",
    errno.EIO: "send the output elsewhere",
}


def run_guarded(command: Callable[[], object]) -> None:
    """Run ``command`` (which ends by raising SystemExit, as click's commands do); if the
    standard output fails, end with one line on standard error instead of a traceback, or
    quietly for a closed pipe (the reader has all it wanted, as with ``| head``)."""
    if sys.stdout is None:
        # Started with it closed (``>&-``): everything printed would vanish without a word.
        _say(
            "duelhall: error: the standard output is closed; give the command somewhere to "
            "write (>/dev/null to throw the output away)"
        )
        sys.exit(1)
    try:
        try:
            command()
        finally:
            # Output still buffered would otherwise fail at exit, reported by Python itself.
            sys.stdout.flush()
    except BrokenPipeError:
        _drop_output()
        sys.exit(1)
    except OSError as e:
        # A file the command opened is named in its error, and the command reports those.
        if e.errno not in _HINTS or e.filename is not None:
            raise
        _drop_output()
        _say(f"duelhall: error: cannot write the output: {e.strerror}; {_HINTS[e.errno]}")
        sys.exit(1)


def _drop_output() -> None:
    """Point the standard output at nothing: what is left in its buffer would fail again
    when Python flushes it on the way out."""
    if sys.stdout is None:
        return
    nothing = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(nothing, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a replaced stream): nothing to flush
        pass
    finally:
        os.close(nothing)


def _say(line: str) -> None:
    # Standard error may be gone as well; then the exit status alone tells.
    with contextlib.suppress(OSError, AttributeError):
        print(line, file=sys.stderr, flush=True)
