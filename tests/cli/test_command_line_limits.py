"""Command-line values that would run forever or cannot name anything are refused at once,
with click's usage message or a one-line error (found by the command-line fuzz)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli


@pytest.mark.parametrize("seconds", ["nan", "NaN", "inf", "1e999", "3601", "0.05"])
def test_bench_refuses_seconds_that_are_not_a_sensible_duration(seconds: str) -> None:
    result = CliRunner().invoke(cli, ["bench", "duel52", "--seconds", seconds])
    assert result.exit_code == 2
    assert "Invalid value for '--seconds'" in result.output


@pytest.mark.parametrize(
    ("args", "option", "limit"),
    [
        (["ladder", "--games", str(10**30)], "--games", "100000"),
        (["tournament", "--games", "1001"], "--games", "1000"),
        (["bench", "--agent", "random", "--positions", "10001"], "--positions", "10000"),
    ],
)
def test_counts_beyond_what_a_run_could_finish_are_refused(
    args: list[str], option: str, limit: str
) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.output and limit in result.output


def test_the_ladder_refuses_a_bad_agent_setting_before_making_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "lad"
    args = ["ladder", "--agents", "random,ismcts:2,rollout=sideways", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "rollout='sideways'" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "game\x00.json"],
        ["play", "--record", "game\x00.json"],
        ["play", "--position", "\x00"],
        ["ladder", "--out", "lad\x00"],
        ["tournament", "--out", "t\x00"],
    ],
)
def test_a_path_with_a_nul_byte_is_refused_by_name(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args, input="q\n")
    assert result.exit_code == 2
    assert "contains a NUL byte" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "game\udcff.json"],
        ["play", "--record", "game\udcff.json"],
        ["play", "--position", "\udcff"],
        ["ladder", "--out", "lad\udcff", "--agents", "random,heuristic", "--games", "2"],
        ["tournament", "--out", "t\udcff", "--players", "random,random"],
    ],
)
def test_a_path_in_bytes_that_are_not_utf8_is_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    # The ladder used to play, write its folder, then fail printing the folder's name.
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args, input="q\n")
    assert result.exit_code == 2
    assert "is not UTF-8 text; choose a name in UTF-8" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["ladder", "tournament"])
def test_an_out_folder_name_too_long_is_a_one_line_error(tmp_path: Path, command: str) -> None:
    out = tmp_path / "new" / ("x" * 300)
    result = CliRunner().invoke(cli, [command, "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"duelhall: error: cannot create {out}: File name too long")
    assert not (tmp_path / "new").exists()
