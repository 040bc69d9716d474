"""``duelhall serve`` refuses a database it cannot use with one line, before serving."""

from __future__ import annotations

import socket
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


def test_a_port_in_use_is_refused_before_serving(tmp_path: Path) -> None:
    """Said in one line, before "serving on", rather than announced and then failed in
    uvicorn's log with its own exit code."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            cli, ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}"]
        )
    assert result.exit_code == 1
    assert f"port {port} on 127.0.0.1 is in use" in result.output
    assert "serving on" not in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("host", "error"),
    [("999.1.1.1", "not an address of this machine"), ("192.0.2.1", "cannot listen on")],
)
def test_a_host_that_is_not_this_machine_is_refused(tmp_path: Path, host: str, error: str) -> None:
    result = CliRunner().invoke(
        cli, ["serve", "--host", host, "--db", f"sqlite:///{tmp_path / 'x.db'}"]
    )
    assert result.exit_code == 1
    assert error in result.output and "--host" in result.output
    assert "serving on" not in result.output and len(result.output.strip().splitlines()) == 1
