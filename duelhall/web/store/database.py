"""Opening the database: SQLite by default, PostgreSQL on request, migrated at start."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from duelhall.core.errors import DuelhallError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def default_url() -> str:
    """A SQLite file in the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "duelhall"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def open_engine(url: str | None) -> Engine:
    """An engine for ``url`` with the schema brought up to date, or a one-line error."""
    url = url or default_url()
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DuelhallError(
            f"--db {url!r} is not a database URL; give sqlite:///PATH or "
            "postgresql+psycopg://USER@HOST:PORT/NAME"
        ) from None
    if parsed.get_backend_name() not in {"sqlite", "postgresql"}:
        raise DuelhallError(f"--db: duelhall stores games in SQLite or PostgreSQL, not {url!r}")
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")  # the driver we depend on
    connect: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        connect["check_same_thread"] = False  # one store thread, never two at once
    engine = create_engine(parsed, connect_args=connect)
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    try:
        migrate(engine)
    except (SQLAlchemyError, OSError) as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise DuelhallError(f"cannot open the database {parsed!r}: {first}") from None
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # Every commit reaches the disk before the move it holds is acknowledged.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
