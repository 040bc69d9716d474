"""The record a game at the terminal keeps: never replaced, lost or littered quietly."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from duelhall.cli import record_keeper
from duelhall.cli.answers import InputClosed
from duelhall.cli.record_keeper import claim
from duelhall.core.errors import DuelhallError
from duelhall.core.record import Record, load, save
from tests.cli.sessions import make_session, scripted
from tests.cli.test_play import run


def _finished_game(path: Path) -> bytes:
    code, _ = run("play", "--seed", "3", "--record", str(path), input="1\n" * 2000)
    assert code == 0 and load(path).result is not None
    return path.read_bytes()


def test_record_on_an_existing_file_is_refused_without_overwrite(tmp_path: Path) -> None:
    """Issue 11: --record silently replaced a finished game with a new one."""
    path = tmp_path / "game.json"
    kept = _finished_game(path)
    code, out = run("play", "--seed", "4", "--record", str(path), input="1\n" * 2000)
    assert code == 1
    text = " ".join(out.split())
    assert "already exists; give --overwrite to replace it, or choose another --record" in text
    assert "your choice" not in out  # refused before the game
    assert path.read_bytes() == kept
    code, out = run("play", "--seed", "4", "--record", str(path), "--overwrite", input="q\n")
    assert code == 1 and "your choice" in out
    assert load(path).seed == 4


@pytest.mark.parametrize(("answer", "replaced"), [("y", True), ("YES", True), ("", False)])
def test_a_person_at_the_terminal_is_asked_before_the_file_is_replaced(
    tmp_path: Path, answer: str, replaced: bool
) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}")
    questions: list[str] = []

    def ask(question: str) -> str:
        questions.append(question)
        return answer

    record = Record(game="duel52", seed=9)
    if replaced:
        claim(record, path, overwrite=False, ask=ask, interactive=True)
        assert load(path).seed == 9
    else:
        with pytest.raises(DuelhallError, match="already exists"):
            claim(record, path, overwrite=False, ask=ask, interactive=True)
        assert path.read_text() == "{}"
    assert questions == [f"{path} already exists; overwrite? [y/N] "]


def test_a_record_path_that_is_not_a_regular_file_is_refused() -> None:
    code, out = run("play", "--seed", "1", "--record", "/dev/null", "--overwrite", input="q\n")
    assert code == 1
    assert "/dev/null is not a regular file; choose another --record path" in out
    assert Path("/dev/null").is_char_device()


def test_a_record_path_the_system_cannot_look_up_is_refused_in_one_line(tmp_path: Path) -> None:
    too_long = str(tmp_path / ("x" * 300))
    code, out = run("play", "--seed", "1", "--record", too_long, input="q\n")
    assert code == 1
    assert "File name too long; choose another --record path" in out
    assert "Traceback" not in out


def test_the_end_of_input_at_the_question_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}")

    def closed(question: str) -> str:
        raise InputClosed

    with pytest.raises(DuelhallError, match="already exists"):
        claim(Record(game="duel52", seed=9), path, overwrite=False, ask=closed, interactive=True)
    assert path.read_text() == "{}"


def test_a_killed_save_leaves_temporary_files_that_the_next_start_removes(
    tmp_path: Path,
) -> None:
    """Issue 11: a killed save left hidden temporary files beside the record. Only names of
    that record's own pattern are removed."""
    path = tmp_path / "game.json"
    killed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, sys\n"
            "from duelhall.core import record\n"
            "os.fsync = lambda fd: os.kill(os.getpid(), 9)\n"
            "record.write_atomic(sys.argv[1], 'half a record')\n",
            str(path),
        ],
        check=False,
    )
    assert killed.returncode != 0
    stale = [p for p in tmp_path.iterdir() if p.name.startswith(".game.json.")]
    assert len(stale) == 1 and not path.exists()
    others = [".game.json.backup", ".game.json.abcdefghi", ".other.json.abcdefgh", "x.abcdefgh"]
    for name in others:
        (tmp_path / name).write_text("keep me")
    (tmp_path / ".game.json.abcd_fgh").mkdir()
    code, out = run("play", "--seed", "1", "--record", str(path), input="q\n")
    assert code == 1
    assert "Removed 1 temporary file left beside" in " ".join(out.split())
    assert not stale[0].exists()
    assert all((tmp_path / name).read_text() == "keep me" for name in others)
    assert (tmp_path / ".game.json.abcd_fgh").is_dir()


def test_a_failed_write_is_tried_again_after_the_next_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11: one failed write stopped the recording for good."""
    path = tmp_path / "game.json"
    failures = iter([True, True, False])

    def flaky(record: Record, where: Any) -> None:
        if next(failures, False):
            raise OSError(errno.ENOSPC, "No space left on device")
        save(record, where)

    monkeypatch.setattr(record_keeper, "save", flaky)
    session, out = make_session(
        # The second 1 is refused (its choice is gone) and the list numbered afresh.
        "duel52",
        {"first_player": "1"},
        "computer",
        scripted(["1", "1", "1", "q"]),
        record_path=path,
    )
    session.run()
    text = " ".join(out.getvalue().split())
    said = f"Cannot write the record to {path}: No space left on device; trying again"
    assert text.count(said) == 1  # said once, not after every failed try
    assert f"The record is written to {path} again." in text
    assert f"The game so far is recorded in {path}." in text
    assert load(path).actions == session.record.actions


def test_a_record_still_failing_at_the_end_is_said_to_be_out_of_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"

    def full(record: Record, where: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(record_keeper, "save", full)
    session, out = make_session("duel52", {}, "computer", scripted(["1", "q"]), record_path=path)
    session.run()
    text = " ".join(out.getvalue().split())
    assert f"The record in {path} is not up to date: No space left on device." in text
    assert "recorded in" not in text
