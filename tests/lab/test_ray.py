"""A small job on a local Ray instance gives the same games as worker processes (Ray takes
several seconds to start, so this is the only Ray test). The job is Duel 52, which both play
on the compiled engine where it is built (``auto``)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from duelhall.lab.backends import ProcessBackend, RayBackend
from tests.lab.helpers import facts_of, run, small_study

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'duelhall[cluster]')")


def test_a_local_ray_instance_equals_the_process_backend(tmp_path: Path) -> None:
    study = small_study("duel52", max_games=4, variant="quick")
    local = run(study, tmp_path / "local", ProcessBackend(2))
    before = signal.getsignal(signal.SIGTERM)
    on_ray = run(study, tmp_path / "ray", RayBackend(2))
    assert not ray.is_initialized()  # the instance we started is gone
    # Ray's own SIGTERM handler (exit at once) is not left behind for later worker processes.
    assert signal.getsignal(signal.SIGTERM) == before
    assert facts_of(on_ray) == facts_of(local)
