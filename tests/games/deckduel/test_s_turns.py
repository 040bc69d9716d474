"""Rulebook: Playing / Turns (rage before the flip, one a turn; high card wins)."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.actions import Act
from tests.games.deckduel.helpers import illegal, make, new, rage_step, tops, words


def test_turns_both_players_choose_at_once() -> None:
    state = new(2)
    assert state.to_move() == (0, 1)
    assert words(state, 0) == ["rage", "flip"]
    assert words(state, 1) == ["rage", "flip"]
    assert not state.legal_actions()  # no single seat to move: ask seat by seat


def test_turns_rage_costs_one_action_and_adds_one_rage() -> None:
    state = make(*tops("5", "9"))
    rage_step(state, "rage", "flip")
    assert state.actions[0] == 1
    assert state.combat is not None and state.combat.rage == (1, 0)
    assert state.combat.spent == (True, False)


def test_turns_rage_adds_to_rage_already_in_play() -> None:
    state = make(*tops("5", "9", {"rage": 2}))
    rage_step(state, "rage", "flip")
    assert state.combat is not None and state.combat.rage == (3, 0)


def test_turns_rage_only_once_a_turn() -> None:
    state = make(*tops("5", "9", {"actions": 4}))
    state.apply(Act(0, "rage"))
    assert not state.legal_actions(0)
    reason = illegal(state, Act(0, "rage"))
    assert "already chosen" in reason
    state.apply(Act(1, "flip"))
    assert state.actions[0] == 3  # exactly one point spent


def test_turns_rage_needs_an_action_point() -> None:
    state = make(*tops("5", "9", {"actions": 0}))
    assert words(state, 0) == ["flip"]
    assert "you have none" in illegal(state, Act(0, "rage"))


def test_turns_early_answer_is_secret_until_both_answer() -> None:
    state = new(4)
    blank = state.view(1)
    state.apply(Act(0, "rage"))
    seen = state.view(1)
    assert seen["players"][0]["decided"] is True
    assert seen["players"][0]["rage_choice"] is None
    assert seen["players"][0]["actions"] == blank["players"][0]["actions"]  # not spent yet
    assert seen["players"][0]["rage"] == blank["players"][0]["rage"]
    assert state.legal_actions(1) == new(4).legal_actions(1)
    assert state.view(0)["players"][0]["rage_choice"] is True
    # The leak test: re-sampling what seat 1 cannot see leaves its view unchanged.
    for key in range(5):
        assert state.determinize(1, Rng(key)).view(1) == seen


def test_turns_flip_is_automatic_once_both_answer() -> None:
    state = make(*tops("5 2", "9 3"))
    state.apply(Act(1, "flip"))
    assert state.combat is None
    state.apply(Act(0, "flip"))
    assert state.combat is not None and state.combat.cards == (5, 9)


def test_turns_highest_card_wins() -> None:
    for mine, theirs, winner in (("K", "Q", 0), ("2", "10", 1), ("J", "10", 0), ("3", "A", 0)):
        state = make(*tops(mine, theirs))
        rage_step(state)
        assert state.combat is not None and state.combat.winner == winner, (mine, theirs)


def test_turns_a_turn_ends_and_the_next_begins() -> None:
    state = make(*tops("5 2", "9 3", {"actions": 0}, {"actions": 0}))
    rage_step(state)
    assert state.turn == 2
    assert state.to_move() == (0, 1)
    assert state.health == [9, 10]  # the loser had no action point: no block was asked
