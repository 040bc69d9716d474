"""Golden playthrough: a whole seeded game written out as text and compared with a stored copy.

Regenerate after an intended change and review the diff::

    DUELHALL_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/highlander/test_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.state import HighlanderState
from duelhall.games.highlander.view import clash_json
from tests.golden import compare_or_write, read_golden

GAME = get_game("highlander")
GOLDEN_DIR = Path(__file__).parent / "golden"

GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "default": (1, 101, {}),
    "alternatives": (
        2,
        202,
        {"kurgan": "2", "unlock": "round", "penalty_ends": True, "reshuffle": "at-once"},
    ),
}


def playthrough(seed: int, chooser: int, options: dict[str, Any]) -> tuple[str, Record]:
    state = GAME.new_state(seed, options)
    assert isinstance(state, HighlanderState)
    lines = [
        "# Highlander golden playthrough; regenerate with DUELHALL_UPDATE_GOLDEN=1",
        f"seed: {seed}",
        f"chooser seed: {chooser}",
        f"options: {json.dumps(GAME.resolve_options(options), sort_keys=True)}",
        f"kurgan: seat {state.kurgan}",
    ]
    rng = Rng(chooser)
    actions: list[tuple[int, str]] = []
    seen = 0
    while not state.is_over():
        picks = [(s, state.legal_actions(s)) for s in state.to_move()]
        chosen = [(s, legal[rng.below(len(legal))]) for s, legal in picks]
        for s, action in chosen:
            actions.append((s, str(action)))
            lines.append(f"round {state.round} seat {s}: {action}")
            state.apply(action)
        for c in state.history[seen:]:
            j = clash_json(state, c)
            lines.append(
                f"  clash {j['clash']}: {j['cards'][0]} v {j['cards'][1]} -> {j['result']} "
                f"penalties {j['penalties']} damage {j['damage']} {' '.join(j['notes'])}".rstrip()
                + f"  (totals {state.damage})"
            )
        seen = len(state.history)
    outcome = state.outcome()
    assert outcome is not None
    lines.append(f"outcome: seat {outcome.winner} wins ({outcome.reason}) {state.damage}")
    return "\n".join(lines) + "\n", Record("highlander", seed, dict(options), actions)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    seed, chooser, options = GAMES[name]
    text, record = playthrough(seed, chooser, options)
    compare_or_write(GOLDEN_DIR / f"{name}.txt", text, record)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_file_replays_as_a_record(name: str) -> None:
    """The stored actions replay on their own to the stored outcome."""
    stored = read_golden(GOLDEN_DIR / f"{name}.txt", "round")
    final = replay(stored.record("highlander"))
    result = final.outcome()
    assert result is not None
    assert isinstance(final, HighlanderState)
    assert stored.outcome == f"outcome: seat {result.winner} wins ({result.reason}) {final.damage}"
