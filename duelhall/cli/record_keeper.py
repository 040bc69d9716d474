"""The record a game at the terminal keeps: claimed before play, rewritten after every action.

Nothing is lost quietly. An existing file is replaced only when the person says so
(``--overwrite``, or a yes at the terminal); what a killed save left beside the record is
cleaned up when the next game starts; and a write that fails is tried again after the next
action, saying so once, and saying when it works again.
"""

from __future__ import annotations

import stat
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from duelhall.cli.answers import ask_yes, read_line
from duelhall.core.errors import DuelhallError
from duelhall.core.record import Record, remove_stale_temps, save


def claim(
    record: Record,
    path: Path,
    *,
    overwrite: bool,
    ask: Callable[[str], str] | None = None,
    interactive: bool | None = None,
) -> list[Path]:
    """Make ``path`` the record's file before play, or refuse with the reason.

    An existing file is replaced only with ``overwrite``, or when a person at the terminal
    (``interactive``: standard input is one) answers yes. Stale temporary files of this
    record are removed (returned), then the empty record is written once, so that a path
    that cannot be written fails before the first move."""
    try:
        found = path.stat()
    except FileNotFoundError:
        found = None
    except OSError as e:  # a name too long, a folder that is a file, no permission...
        raise DuelhallError(
            f"cannot write the record to {path}: {e.strerror or e}; choose another --record path"
        ) from None
    if found is not None and not stat.S_ISREG(found.st_mode):
        # A device or a pipe: replacing it with a file (as write_atomic would) is never meant.
        raise DuelhallError(f"{path} is not a regular file; choose another --record path")
    if found is not None and not overwrite:
        if interactive is None:
            interactive = sys.stdin.isatty()
        question = f"{path} already exists; overwrite?"
        if not interactive or not ask_yes(ask or read_line, question):
            raise DuelhallError(
                f"{path} already exists; give --overwrite to replace it, or choose another "
                "--record path"
            )
    try:
        removed = remove_stale_temps(path)
        save(record, path)
    except OSError as e:
        raise DuelhallError(
            f"cannot write the record to {path}: {e.strerror or e}; choose another --record path"
        ) from None
    return removed


class RecordKeeper:
    """Writes the record after every change; a failed write is tried again at the next."""

    def __init__(self, path: Path, console: Console) -> None:
        self.path = path
        self.console = console
        self.failure: str | None = None  # why the last write failed, while it stands

    def write(self, record: Record) -> None:
        try:
            save(record, self.path)
        except OSError as e:
            reason = e.strerror or str(e)
            if reason != self.failure:  # once, not after every action while it lasts
                self.console.print(
                    Text(
                        f"Cannot write the record to {self.path}: {reason}; trying again "
                        "after the next action.",
                        style="red",
                    )
                )
            self.failure = reason
            return
        if self.failure is not None:
            self.failure = None
            self.console.print(Text(f"The record is written to {self.path} again.", "green"))

    def closing_line(self, finished: bool) -> Text:
        """What the person is told about the file as the game ends or stops."""
        if self.failure is not None:
            return Text(
                f"The record in {self.path} is not up to date: {self.failure}.", style="red"
            )
        if finished:
            return Text(f"Record saved to {self.path}", style="bright_black")
        return Text(f"The game so far is recorded in {self.path}.", style="bright_black")
