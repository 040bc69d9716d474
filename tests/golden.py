"""What every game's golden playthrough test shares: the stored file's comparison (or its
rewriting, with ``DUELHALL_UPDATE_GOLDEN=1``) and the reading of a stored file back into a
record. Each game writes its own playthrough text; the files all have a ``key: value``
header, one line an action (``turn 3 seat 1: rage``) and an ``outcome:`` line.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from duelhall.core.outcome import Outcome
from duelhall.core.record import Record, replay

UPDATE = os.environ.get("DUELHALL_UPDATE_GOLDEN") == "1"


def compare_or_write(path: Path, text: str, record: Record) -> None:
    """Assert the playthrough's own ``record`` replays to the end and its ``text`` is the
    stored file, or write the text there when updating."""
    assert replay(record).is_over(), "the playthrough's own record does not replay"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing; run with DUELHALL_UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs from a fresh playthrough; if the rules change was intended, "
        "regenerate with DUELHALL_UPDATE_GOLDEN=1 and review the diff"
    )


def outcome_line(outcome: Outcome, actions: int) -> str:
    """The last line of a turn-by-turn file (Deck Duel's and Duel 52's)."""
    winner = "draw" if outcome.winner is None else f"seat {outcome.winner} wins"
    return f"outcome: {winner} ({outcome.reason}) after {actions} actions"


@dataclass(frozen=True)
class GoldenFile:
    header: dict[str, str]
    actions: list[tuple[int, str]]
    outcome: str  # the whole ``outcome: ...`` line

    def record(self, game: str) -> Record:
        return Record(
            game=game,
            seed=int(self.header["seed"]),
            options=json.loads(self.header["options"]),
            actions=self.actions,
        )


def read_golden(path: Path, step: str) -> GoldenFile:
    """The stored file at ``path``, whose action lines start with ``step`` and a number
    (``turn 3``, ``round 2``); the test is skipped while the file is not generated yet."""
    if not path.exists():
        pytest.skip(f"{path.name} not generated yet")
    action_line = re.compile(rf"^{step} \d+ seat ([01]): (.+)$")
    header: dict[str, str] = {}
    actions: list[tuple[int, str]] = []
    outcome = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = action_line.match(line)
        if m:
            actions.append((int(m.group(1)), m.group(2)))
        elif line.startswith("outcome: "):
            outcome = line
        elif ": " in line and not line.startswith((" ", "#")):
            key, value = line.split(": ", 1)
            header[key] = value
    return GoldenFile(header, actions, outcome)
