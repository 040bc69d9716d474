"""Rulebook: Ace, Ace with focus, Reshuffling (lowest card; A* highest, +2; new round)."""

from __future__ import annotations

from duelhall.games.deckduel.engine.state import ACE, KING, SUIT
from tests.games.deckduel.helpers import act, make, rage_step, tops


def test_ace_is_the_lowest_card() -> None:
    state = make(*tops("A", "2", {"actions": 0}))
    rage_step(state)
    assert state.combat is not None and state.combat.winner == 1


def test_ace_reshuffles_the_deck_at_the_end_of_the_turn() -> None:
    state = make(*tops("5 A 7", "9 3 4", {"actions": 0}, {"actions": 0}))
    rage_step(state)
    rage_step(state)
    assert state.discards[0] == []  # ruling R15: every card goes back in
    assert sorted(state.decks[0]) == list(SUIT)
    assert state.combat is not None and state.combat.reshuffled == (True, False)
    assert state.rounds == [2, 1]


def test_ace_new_round_sets_actions_to_two() -> None:
    for before in (0, 1, 5):
        state = make(*tops("A", "9", {"actions": before}))
        rage_step(state)
        if state.pending:
            act(state, "take")
        assert state.actions[0] == 2, before


def test_ace_tie_reshuffles_both() -> None:
    state = make(*tops("A", "A", {"actions": 0}, {"actions": 5}))
    rage_step(state)
    assert state.rage == [1, 1]
    assert state.actions == [2, 2]
    assert state.rounds == [2, 2]


def test_ace_with_focus_is_the_highest_card_and_deals_two() -> None:
    state = make(*tops("A", "K", {"focus": True}, {"actions": 0}))
    rage_step(state)
    assert state.combat is not None and state.combat.winner == 0
    assert state.combat.damage == 2
    assert state.health[1] == 8


def test_ace_with_focus_also_reshuffles_and_uses_up_focus() -> None:
    state = make(*tops("A", "K", {"focus": True, "actions": 4}, {"actions": 0}))
    rage_step(state)
    assert state.combat is not None and state.combat.new_round == (True, False)
    assert state.actions[0] == 2
    assert not state.focus[0]  # ruling R11: the King rejoins the deck
    assert KING in state.decks[0] and ACE in state.decks[0]
    assert len(state.decks[0]) == 13


def test_reshuffling_only_for_the_player_who_played_the_ace() -> None:
    state = make(*tops("A", "9", {"actions": 0}, {"actions": 1}))
    rage_step(state)
    assert state.actions == [2, 1]
    assert state.rounds == [2, 1]
    assert len(state.decks[1]) == 12
