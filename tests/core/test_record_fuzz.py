"""Fuzzing records: a damaged record file replays or is refused with a DuelhallError, and
``duelhall replay`` says what is wrong in one line, never with a traceback.

The examples are derandomized so the suite is repeatable; set DUELHALL_FUZZ=N to run N
random examples of each test instead (as the fuzz pass of issue 11 did).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.errors import DuelhallError
from duelhall.core.record import load, replay
from tests import fuzzing as F


def _damaged_file(data: st.DataObject, path: Path) -> Path:
    """A record (or, now and then, a position: replay must name the command that takes
    it), mutated and written to ``path``."""
    docs = [*F.records(), *(docs[0] for docs in F.positions().values())]
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="record"), F.all_keys(docs))
    path.write_bytes(F.file_bytes(data, doc))
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


@F.fuzz_settings(200)
@given(data=st.data())
def test_a_damaged_record_replays_or_is_refused(folder: Path, data: st.DataObject) -> None:
    path = _damaged_file(data, folder / "record.json")
    with contextlib.suppress(DuelhallError):  # refused is fine; any other error is not
        replay(load(path))


@F.fuzz_settings(60)
@given(data=st.data())
def test_replaying_a_damaged_record_exits_cleanly(folder: Path, data: st.DataObject) -> None:
    path = _damaged_file(data, folder / "shown.json")
    view = data.draw(st.sampled_from([[], ["--view", "1"], ["--view", "2"]]), label="view")
    F.assert_clean(F.run_cli(["replay", str(path), *view]), errors_only=True)
