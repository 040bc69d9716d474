"""The tournament's ``--out`` folder: write failures in one line, no empty folder left."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import duelhall.cli.tournament_view as view
from duelhall.cli.main import cli

TOURNAMENT = ["tournament", "duel52", "--players", "random,heuristic", "--games", "1"]


def test_a_full_disk_stops_the_tournament_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(record: Any, path: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(view, "save", full)
    out = tmp_path / "t"
    result = CliRunner().invoke(cli, [*TOURNAMENT, "--out", str(out)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr.strip() == (
        f"duelhall: error: cannot write {out / 'game-001.json'}: No space left on device; "
        "make room (or make it writable), or choose another --out"
    )
    assert not out.exists()  # nothing was written, so the folder it made is gone


def test_a_tournament_stopped_before_its_first_game_leaves_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(view, "play_match", interrupted)
    out = tmp_path / "a" / "t"
    result = CliRunner().invoke(cli, [*TOURNAMENT, "--out", str(out)])
    assert result.exit_code == 1  # click's "Aborted!"
    assert list(tmp_path.iterdir()) == []


def test_a_finished_tournament_keeps_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = CliRunner().invoke(cli, [*TOURNAMENT, "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.iterdir())
    assert names[0] == "game-001.json"  # more if the game was drawn (sudden death)
    assert all(re.fullmatch(r"game-\d{3}\.json", name) for name in names)
