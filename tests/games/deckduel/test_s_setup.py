"""Rulebook: Setup and Playing / Start (own suit, shuffle, cut, health 10, actions 2)."""

from __future__ import annotations

from duelhall.games.deckduel.engine.state import SUIT
from tests.games.deckduel.helpers import new


def test_setup_each_player_has_a_whole_suit_of_13() -> None:
    state = new(5)
    for seat in (0, 1):
        assert sorted(state.decks[seat]) == list(SUIT)
        assert state.discards[seat] == []


def test_start_decks_are_shuffled_by_the_seed() -> None:
    a, b, c = new(5), new(5), new(6)
    assert a.decks == b.decks
    assert a.decks != c.decks
    assert a.decks[0] != a.decks[1] or a.decks[0] != sorted(a.decks[0])
    # Over many seeds the top card takes every rank: a real shuffle, not a fixed order.
    assert {new(seed).decks[0][-1] for seed in range(200)} == set(SUIT)


def test_start_opponents_cut_is_not_a_decision() -> None:
    # Ruling R1: a cut of a random shuffle changes nothing, so the game asks for none;
    # the first decision of the game is the rage question.
    state = new(5)
    assert state.to_move() == (0, 1)
    assert {str(a) for a in state.legal_actions(0)} == {"rage", "flip"}


def test_start_health_is_10_actions_2_no_rage() -> None:
    state = new(5)
    assert state.health == [10, 10]
    assert state.actions == [2, 2]
    assert state.rage == [0, 0]
    assert state.focus == [False, False]
    assert state.rounds == [1, 1]
