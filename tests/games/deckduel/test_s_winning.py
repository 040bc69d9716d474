"""Rulebook: Object and Winning (the first to bring the other below 1 health wins)."""

from __future__ import annotations

from tests.games.deckduel.helpers import act, make, new, rage_step, tops


def test_winning_reduce_the_opponent_below_one() -> None:
    state = make(*tops("9", "4", {"rage": 2}, {"health": 3, "actions": 1}))
    rage_step(state)
    act(state, "take")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.reason == "health"


def test_winning_a_block_can_save_the_game() -> None:
    state = make(*tops("9", "4", {"rage": 2}, {"health": 3, "actions": 1}))
    rage_step(state)
    act(state, "block")
    assert not state.is_over() and state.health[1] == 1


def test_winning_the_game_ends_before_the_winners_face_card() -> None:
    state = make(*tops("K", "4", {}, {"health": 1, "actions": 0}))
    rage_step(state)
    assert state.is_over() and state.pending == []


def test_winning_every_game_ends() -> None:
    for seed in range(40):
        state = new(seed)
        while not state.is_over():
            for seat in state.to_move():
                state.apply(state.legal_actions(seat)[-1])
        outcome = state.outcome()
        assert outcome is not None and outcome.winner is not None
        assert min(state.health) == 0
