"""Rulebook: Rage (at most 3, at most 5 damage a turn, cleared after a turn that is not a tie)."""

from __future__ import annotations

from duelhall.games.deckduel.engine.actions import Act
from tests.games.deckduel.helpers import illegal, make, rage_step, tops, words


def test_rage_never_greater_than_three_from_ties() -> None:
    state = make(*tops("5 2", "5 3", {"rage": 3}, {"rage": 3}))
    rage_step(state)
    assert state.rage == [3, 3]


def test_rage_cannot_be_bought_at_three() -> None:
    state = make(*tops("5 2", "5 3", {"rage": 3}))
    assert words(state, 0) == ["flip"]
    assert "already 3" in illegal(state, Act(0, "rage"))


def test_rage_bought_at_two_then_a_tie_stays_at_three() -> None:
    state = make(*tops("5 2", "5 3", {"rage": 2}))
    rage_step(state, "rage")
    assert state.rage[0] == 3


def test_rage_maximum_damage_is_five() -> None:
    state = make(*tops("A", "K", {"focus": True, "rage": 3}, {"actions": 0, "health": 12}))
    rage_step(state)
    assert state.combat is not None and state.combat.damage == 5
    assert state.health[1] == 7


def test_rage_cleared_after_a_turn_that_is_not_a_tie() -> None:
    state = make(*tops("9", "4", {"rage": 1}, {"rage": 2, "actions": 0}))
    rage_step(state)
    assert state.rage == [0, 0]
