"""Output folders for the ladder and tournaments: made up front, gone again if left empty,
and write failures told in one line.

The folder is created before any game is played, so a path that cannot be a folder fails at
once rather than after the first game; a run stopped before it wrote anything then removes
the folders it made, so an interrupted start leaves no empty folder behind.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from duelhall.core.errors import DuelhallError
from duelhall.sim.match import make_folder


class OutputFolder:
    """``path`` made (with any missing parents); :meth:`discard_if_empty` undoes that."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # The folders this run creates, deepest first: only these may be removed again.
        self.made: list[Path] = []
        probe = path
        try:
            while not probe.exists() and probe != probe.parent:
                self.made.append(probe)
                probe = probe.parent
        except OSError as e:  # a name too long, say
            raise DuelhallError(
                f"cannot create {path}: {e.strerror}; choose another --out"
            ) from None
        try:
            make_folder(path)
        except DuelhallError:
            self.discard_if_empty()  # the parents made before the failure
            raise

    def discard_if_empty(self) -> None:
        """Remove the folders this run made, as long as nothing is in them."""
        for folder in self.made:
            if not os.path.lexists(folder):  # never made (a failure on the way), or gone
                continue
            try:
                folder.rmdir()
            except OSError:  # not empty: something was written after all
                return
        self.made = []


def write_error(path: Path, error: OSError | sqlite3.Error, *, resume: bool) -> DuelhallError:
    """A failed write (a full disk, a read-only folder) as one line that says what to do."""
    reason = (error.strerror if isinstance(error, OSError) else None) or str(error)
    then = (
        "finished games are kept: make room (or make it writable) and run the same command "
        "to resume, or choose another --out"
        if resume
        else "make room (or make it writable), or choose another --out"
    )
    return DuelhallError(f"cannot write {path}: {reason}; {then}")
