"""The command runs as a module too, for a checkout that is not installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["duelhall", "duelhall.cli.main"])
def test_python_dash_m_runs_the_command(module: str) -> None:
    # python -m duelhall.cli.main used to import the command and exit 0 having done nothing.
    done = subprocess.run(
        [sys.executable, "-m", module, "games"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "duel52: Duel 52" in done.stdout
