"""The lab plays base two-player Duel 52 on the compiled engine (``auto``), and the games are
the reference's, so stored games stay valid whichever engine played them."""

from __future__ import annotations

from pathlib import Path

import pytest

from duelhall.games.duel52.fast import core
from duelhall.games.duel52.fast.state import FastDuel52State
from duelhall.lab import facts
from duelhall.lab.backends import ProcessBackend
from tests.lab.helpers import facts_of, run, small_study

pytestmark = pytest.mark.skipif(core() is None, reason="the fast Duel 52 engine is not built")


def test_auto_plays_duel52_on_the_compiled_engine_with_the_same_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: set[type] = set()
    referee = facts.referee_state

    def watching(state: object) -> object:
        seen.add(type(state))
        return referee(state)

    monkeypatch.setattr(facts, "referee_state", watching)
    study = small_study("duel52", max_games=4, variant="quick")
    fast = run(study, tmp_path / "fast", ProcessBackend(1, "auto"))
    assert seen == {FastDuel52State}  # the evaluator was asked of compiled states
    seen.clear()
    reference = run(study, tmp_path / "reference", ProcessBackend(1, "reference"))
    assert FastDuel52State not in seen
    assert facts_of(fast) == facts_of(reference)
    assert all(g["evals"] and g["features"][0] for g in facts_of(fast))


def test_auto_leaves_the_player_variants_to_the_reference(tmp_path: Path) -> None:
    study = small_study("duel52", max_games=3, players=3)
    result = run(study, tmp_path, ProcessBackend(1, "auto"))
    assert len(facts_of(result)) == 3
