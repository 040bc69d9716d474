"""``duelhall serve`` refuses a database it cannot use with one line, before serving."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli


@pytest.mark.parametrize(
    ("url", "error"),
    [
        ("nonsense", "is not a database URL"),
        ("mysql://x@y/z", "stores games in SQLite or PostgreSQL"),
        ("sqlite:///{missing}/x.db", "cannot open the database"),
    ],
)
def test_a_bad_database_is_refused(tmp_path: Path, url: str, error: str) -> None:
    result = CliRunner().invoke(
        cli, ["serve", "--db", url.format(missing=tmp_path / "no" / "such")]
    )
    assert result.exit_code == 1
    assert error in result.output and len(result.output.strip().splitlines()) == 1
