"""Golden playthroughs: whole seeded duels written out as text (every action and what it did)
and compared with stored copies, so a change to the rules shows as a diff.

Regenerate after an intended change and review the diff::

    DUELHALL_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/duelfighters/engine/test_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.terminal.render import new_log
from tests.golden import compare_or_write, outcome_line, read_golden

from .test_properties import _keen

GOLDEN_DIR = Path(__file__).parent / "golden"

GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "tavern": (3, 103, {"scenario": "tavern"}),
    "arena-readings": (
        7,
        107,
        {"scenario": "arena", "reveal": "step", "edge": "ring-out", "move_fractions": 4},
    ),
}


def playthrough(seed: int, chooser: int, options: dict[str, Any]) -> tuple[str, Record]:
    state = INFO.new_state(seed, options)
    lines = [
        "# Duel Fighters golden playthrough; regenerate with DUELHALL_UPDATE_GOLDEN=1",
        f"seed: {seed}",
        f"chooser seed: {chooser}",
        f"options: {json.dumps(INFO.resolve_options(options), sort_keys=True)}",
    ]
    rng = Rng(chooser)
    actions: list[tuple[int, str]] = []
    lines += [f"  {line}" for line in state.view(None)["log"]]
    while not state.is_over():
        seat = state.to_move()[rng.below(len(state.to_move()))]
        action = _keen(state, seat, rng)
        turn = state.view(None)["turn"]
        actions.append((seat, str(action)))
        lines.append(f"turn {turn} seat {seat}: {action}")
        before = state.view(None)
        state.apply(action)
        lines += [f"  {line}" for line in new_log(before, state.view(None))]
    outcome = state.outcome()
    assert outcome is not None
    lines.append(outcome_line(outcome, len(actions)))
    return "\n".join(lines) + "\n", Record("duelfighters", seed, dict(options), actions)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    seed, chooser, options = GAMES[name]
    text, record = playthrough(seed, chooser, options)
    compare_or_write(GOLDEN_DIR / f"{name}.txt", text, record)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_file_replays_as_a_record(name: str) -> None:
    """The stored actions replay on their own to the stored outcome."""
    stored = read_golden(GOLDEN_DIR / f"{name}.txt", "turn")
    final = replay(stored.record("duelfighters"))
    result = final.outcome()
    assert result is not None
    assert stored.outcome == outcome_line(result, len(stored.actions))
