"""Golden playthrough: a whole seeded game written out as text and compared with a stored copy.

Regenerate after an intended change and review the diff::

    DUELHALL_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/highlander/test_golden.py
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.state import HighlanderState
from duelhall.games.highlander.view import clash_json

GAME = get_game("highlander")
GOLDEN_DIR = Path(__file__).parent / "golden"
UPDATE = os.environ.get("DUELHALL_UPDATE_GOLDEN") == "1"

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
    assert replay(record).is_over()
    path = GOLDEN_DIR / f"{name}.txt"
    if UPDATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing; run with DUELHALL_UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs from a fresh playthrough; regenerate and review the diff"
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_file_replays_as_a_record(name: str) -> None:
    """The stored actions replay on their own to the stored outcome."""
    path = GOLDEN_DIR / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"{path.name} not generated yet")
    header: dict[str, str] = {}
    actions: list[tuple[int, str]] = []
    outcome = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^round \d+ seat ([01]): (.+)$", line)
        if m:
            actions.append((int(m.group(1)), m.group(2)))
        elif line.startswith("outcome: "):
            outcome = line
        elif ": " in line and not line.startswith((" ", "#")):
            key, value = line.split(": ", 1)
            header[key] = value
    record = Record("highlander", int(header["seed"]), json.loads(header["options"]), actions)
    final = replay(record)
    result = final.outcome()
    assert result is not None
    assert isinstance(final, HighlanderState)
    assert outcome == f"outcome: seat {result.winner} wins ({result.reason}) {final.damage}"
