"""What the folders of resumable runs (the ladder, the balance lab) share: a lock that keeps a
second run out of a folder, and 64-bit seeds kept in SQLite's signed integers."""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from duelhall.core.errors import DuelhallError
from duelhall.sim.folders import write_error


def lock_folder(folder: Path, what: str) -> int | None:
    """Lock ``folder`` for one run of ``what`` (a ladder, a balance study), or refuse: two
    runs in one folder would both play every game. The lock is on the folder itself, so no
    lock file is left behind, and the system drops it when the process ends, however it ends."""
    if sys.platform == "win32":
        return None
    import fcntl

    for _ in range(3):
        fd = os.open(folder, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DuelhallError(
                f"another {what} is running in {folder}; wait for it to finish or stop it, "
                "or choose another --out"
            ) from None
        except OSError:  # a file system without locks: play on, unguarded
            return fd
        # The ladder before us may have removed the (empty) folder just as we opened it.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(folder))
        except OSError:
            same = False
        if same:
            return fd
        os.close(fd)
        folder.mkdir(parents=True, exist_ok=True)
    raise DuelhallError(f"{folder} keeps changing under this {what}; choose another --out")


# SQLite integers are signed 64-bit; seeds use all 64 bits, so the upper half is stored
# negative (two's complement).
def seed_to_sql(seed: int) -> int:
    return seed - (1 << 64) if seed > (1 << 63) - 1 else seed


def seed_from_sql(value: int) -> int:
    return value + (1 << 64) if value < 0 else value


@contextmanager
def sql_errors(path: Path, what: str) -> Iterator[None]:
    """SQLite's errors as one line each: a damaged file, or a write the disk refused."""
    try:
        yield
    except sqlite3.DatabaseError as e:
        if e.sqlite_errorname in ("SQLITE_NOTADB", "SQLITE_CORRUPT"):
            raise DuelhallError(
                f"{path} is not a {what} database ({e}); choose another --out"
            ) from None
        raise write_error(path, e, resume=True) from None


def close_games_db(db: sqlite3.Connection | None) -> bool:
    """Close a run's database; whether its ``games`` table held no game (then the files the
    run created may go: see :func:`remove_files`)."""
    if db is None:
        return True
    try:
        empty = db.execute("SELECT 1 FROM games LIMIT 1").fetchone() is None
    except sqlite3.Error:
        empty = False
    db.close()
    return empty


def remove_files(paths: list[Path]) -> None:
    """Remove files a run created (and SQLite journals beside them), as far as possible."""
    for path in paths:
        for leftover in (path, path.with_name(path.name + "-journal")):
            with suppress(OSError):
                leftover.unlink(missing_ok=True)
