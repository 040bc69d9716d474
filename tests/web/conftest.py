"""Fixtures for the web server's tests: an app on a fresh SQLite file, computers in a thread."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tests.web.toy_web  # noqa: F401  (registers the toy game with a board)
from duelhall.web.app import create_app


def make_client(db: Path, **kwargs: object) -> TestClient:
    # Computers decide in a thread here: worker processes would not know the toy games.
    app = create_app(f"sqlite:///{db}", decider=lambda: ThreadPoolExecutor(2), **kwargs)  # type: ignore[arg-type]
    return TestClient(app)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c
