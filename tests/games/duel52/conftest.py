"""The rules' tests read the reference's states (their fields, their classes): they run on
the reference engine, whatever the library's default. The compiled engine is held to the
same rules by the differential tests of ``test_fast_engine.py``, which choose per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from duelhall.core import engines


@pytest.fixture(autouse=True)
def _reference_engine() -> Iterator[None]:
    with engines.using("reference"):
        yield
