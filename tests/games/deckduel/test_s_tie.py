"""Rulebook: Playing / Turns / Tie (both rages rise by one; no damage, no face effects)."""

from __future__ import annotations

from tests.games.deckduel.helpers import make, rage_step, tops


def test_tie_raises_both_rages() -> None:
    state = make(*tops("7 2", "7 3", {"rage": 1}))
    rage_step(state)
    assert state.rage == [2, 1]
    assert state.health == [10, 10]
    assert state.combat is not None and state.combat.winner is None


def test_tie_rage_counter_starts_at_one() -> None:
    state = make(*tops("5 2", "5 3"))
    rage_step(state)
    assert state.rage == [1, 1]


def test_tie_keeps_rage_bought_this_turn() -> None:
    state = make(*tops("5 2", "5 3"))
    rage_step(state, "rage", "flip")
    assert state.rage == [2, 1]
    assert state.actions == [1, 2]


def test_tie_face_cards_do_nothing() -> None:
    for card in ("K", "Q", "J"):
        state = make(*tops(card, card))
        rage_step(state)
        assert state.pending == [] and state.actions == [2, 2] and not state.focus[0]
        assert state.turn == 2


def test_tie_rage_builds_up_into_the_next_win() -> None:
    state = make(*tops("5 9", "5 2", {}, {"actions": 0}))
    rage_step(state)
    rage_step(state)
    assert state.health[1] == 8  # 1 + 1 rage from the tie
    assert state.rage == [0, 0]
