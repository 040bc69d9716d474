"""Rulebook: Playing / Turns / Loss (health falls, one block for one action, rage removed)."""

from __future__ import annotations

from duelhall.games.deckduel.engine.actions import Act
from tests.games.deckduel.helpers import act, illegal, make, rage_step, tops, words


def test_loss_reduces_health_by_the_damage() -> None:
    state = make(*tops("3", "8", {"actions": 0}, {"rage": 2}))
    rage_step(state)
    assert state.health == [7, 10]


def test_loss_block_spends_an_action_to_take_one_less() -> None:
    state = make(*tops("3", "8", {"actions": 2}, {"rage": 2}))
    rage_step(state)
    assert state.to_move() == (0,)
    assert words(state) == ["block", "take"]
    act(state, "block")
    assert state.health[0] == 8  # 3 damage, one blocked
    assert state.actions[0] == 1


def test_loss_take_keeps_the_action_point() -> None:
    state = make(*tops("3", "8", {"actions": 2}))
    rage_step(state)
    act(state, "take")
    assert state.health[0] == 9
    assert state.actions[0] == 2


def test_loss_only_one_action_point_may_block() -> None:
    state = make(*tops("3", "8", {"actions": 5}, {"rage": 3}))
    rage_step(state)
    act(state, "block")
    assert state.health[0] == 7  # 4 damage, one blocked: never more than one
    assert state.actions[0] == 4
    assert state.pending == []


def test_loss_block_needs_an_action_point() -> None:
    state = make(*tops("3", "8", {"actions": 0}))
    rage_step(state)
    assert state.pending == []  # nothing to decide: the damage is simply taken
    assert state.health[0] == 9


def test_loss_block_can_cancel_a_one_point_hit() -> None:
    # Ruling R9 (default block_floor 0).
    state = make(*tops("3", "8"))
    rage_step(state)
    act(state, "block")
    assert state.health[0] == 10


def test_loss_rage_of_the_loser_is_removed() -> None:
    state = make(*tops("3", "8", {"rage": 2, "actions": 0}))
    rage_step(state)
    assert state.rage == [0, 0]


def test_loss_below_one_health_ends_the_game() -> None:
    state = make(*tops("3", "8", {"health": 2, "actions": 0}, {"rage": 1}))
    rage_step(state)
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1
    assert outcome.scores == (0.0, 1.0)
    assert state.health[0] == 0
    assert not state.legal_actions(0) and state.to_move() == ()


def test_loss_health_one_is_still_alive() -> None:
    state = make(*tops("3", "8", {"health": 2}, {"rage": 1}))
    rage_step(state)
    act(state, "block")
    assert state.health[0] == 1 and not state.is_over()


def test_loss_the_winner_cannot_block() -> None:
    state = make(*tops("3", "8"))
    rage_step(state)
    assert "player 1 must decide" in illegal(state, Act(1, "block"))
