"""A golden team game: a fixed deal played by a fixed random chooser must not change.

Any change to the team rules, the deal or the order of legal actions shows up here; if the
change is intended, update the numbers from a run and say why in the change's description.
"""

from __future__ import annotations

import hashlib
import json

from duelhall.core.rng import Rng
from tests.games.duel52.test_s4_teams_helpers import new


def test_s4_teams_golden_random_game() -> None:
    state = new(2026, first_player="1")
    chooser = Rng(7)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        legal = state.legal_actions()
        action = legal[chooser.below(len(legal))]
        actions.append((action.seat, str(action)))
        state.apply(action)
    assert actions[:10] == [
        (0, "play 2S 1"),  # A: one action on the first turn
        (1, "play 9S 1"),  # B: two
        (1, "play 6H 2"),
        (2, "play 3C 3"),  # C: two
        (2, "play 2C 3"),
        (3, "play 3D 1"),  # D: three, and flips its partner's 9S
        (3, "flip 1c"),
        (3, "play QC 1"),
        (0, "play QD 3"),
        (0, "flip 3b"),
    ]
    assert len(actions) == 163
    assert hashlib.sha256(json.dumps(actions).encode()).hexdigest()[:16] == "df82c042aee79109"
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (0.0, 1.0, 0.0, 1.0) and outcome.reason == "two-lanes"
