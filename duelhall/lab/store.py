"""The lab's store: every game played, by content, in one SQLite file (``balance.sqlite``).

A game is stored under its task's key (see :mod:`duelhall.lab.tasks`), with its facts and its
full record, one transaction per game. A question asks the store first and plays only what
is missing, so asking again (or another question needing the same games) replays nothing,
and a run stopped by Ctrl-C or a kill resumes with the same command. One run at a time may
use a folder; a run that stored nothing leaves no folder behind.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.lab.tasks import GameFacts, Played, Task
from duelhall.sim.folders import OutputFolder
from duelhall.sim.locks import close_games_db, lock_folder, remove_files, seed_to_sql, sql_errors

KIND = "duelhall-balance-1"
FILE = "balance.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, agents TEXT NOT NULL,
    seed INTEGER NOT NULL, facts TEXT NOT NULL, record TEXT NOT NULL
);
"""


class BalanceStore:
    """The folder's store, locked while open; use as a context manager."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE
        self._out = OutputFolder(folder)
        self._lock: int | None = None
        self._db: sqlite3.Connection | None = None
        self._new = not self.path.exists()
        try:
            self._lock = lock_folder(folder, "balance study")
            with self._sql():
                self._db = sqlite3.connect(self.path)
                self._check_kind()
        except BaseException:
            self.close()
            raise

    def _sql(self) -> AbstractContextManager[None]:
        return sql_errors(self.path, "balance store")

    def _check_kind(self) -> None:
        db = self.db
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            with db:
                db.executescript(SCHEMA)
                db.execute("INSERT INTO meta VALUES ('kind', ?)", (KIND,))
            return
        kind = None
        if "meta" in tables:
            row = db.execute("SELECT value FROM meta WHERE key = 'kind'").fetchone()
            kind = row[0] if row else None
        if kind != KIND or "games" not in tables:
            raise DuelhallError(
                f"{self.path} is not a balance store (a ladder's, or another program's file); "
                "choose another --out"
            )

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise DuelhallError(f"the balance store in {self.folder} is closed")
        return self._db

    def have(self, keys: Iterable[str]) -> set[str]:
        wanted = set(keys)
        with self._sql():
            stored = {r[0] for r in self.db.execute("SELECT key FROM games")}
        return wanted & stored

    def add(self, task: Task, played: Played) -> None:
        with self._sql(), self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    task.key,
                    task.game,
                    json.dumps(task.option_map, sort_keys=True),
                    json.dumps(list(task.agents)),
                    seed_to_sql(task.seed),
                    json.dumps(played.facts.to_json(), sort_keys=True),
                    json.dumps(played.record, sort_keys=True),
                ),
            )

    def facts(self, keys: Iterable[str]) -> dict[str, GameFacts]:
        """The stored facts of those of ``keys`` that were played."""
        wanted = sorted(set(keys))
        out: dict[str, GameFacts] = {}
        with self._sql():
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                for key, text in self.db.execute(
                    f"SELECT key, facts FROM games WHERE key IN ({marks})", chunk
                ):
                    out[key] = self._read(key, text)
        return out

    def _read(self, key: str, text: str) -> GameFacts:
        try:
            data: Any = json.loads(text)
            return GameFacts.from_json(key, data)
        except (ValueError, KeyError, TypeError):
            raise DuelhallError(
                f"{self.path} holds a damaged game ({key}); delete that file or choose "
                "another --out"
            ) from None

    def count(self) -> int:
        with self._sql():
            row = self.db.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(row[0])

    def close(self) -> None:
        """Close the file and free the folder; a new store that holds no game is removed."""
        empty = close_games_db(self._db)
        self._db = None
        if empty and self._new:
            remove_files([self.path])
            self._out.discard_if_empty()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def __enter__(self) -> BalanceStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
