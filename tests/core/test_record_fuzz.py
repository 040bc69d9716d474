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


def _documents() -> list[object]:
    # A few positions among the records: replay must name the command that takes them.
    return [*F.records(), *(docs[0] for docs in F.positions().values())]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


@F.fuzz_settings(60)
@given(data=st.data())
def test_a_damaged_record_replays_or_is_refused(folder: Path, data: st.DataObject) -> None:
    docs = _documents()
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="record"), F.all_keys(docs))
    path = folder / "record.json"
    path.write_bytes(F.file_bytes(data, doc))
    with contextlib.suppress(DuelhallError):  # refused is fine; any other error is not
        replay(load(path))


@F.fuzz_settings(20)
@given(data=st.data())
def test_replaying_a_damaged_record_exits_cleanly(folder: Path, data: st.DataObject) -> None:
    docs = _documents()
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="record"), F.all_keys(docs))
    path = folder / "shown.json"
    path.write_bytes(F.file_bytes(data, doc))
    view = data.draw(st.sampled_from([[], ["--view", "1"], ["--view", "2"]]), label="view")
    F.assert_clean(F.run_cli(["replay", str(path), *view]), errors_only=True)
