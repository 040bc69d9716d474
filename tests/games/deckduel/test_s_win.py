"""Rulebook: Playing / Turns / Win (1 damage plus rage, rage removed, face-card effect)."""

from __future__ import annotations

from tests.games.deckduel.helpers import act, make, rage_step, tops, words


def test_win_deals_one_damage() -> None:
    state = make(*tops("9", "4", {}, {"actions": 0}))
    rage_step(state)
    assert state.health == [10, 9]


def test_win_adds_rage_to_the_damage_and_removes_it() -> None:
    state = make(*tops("9", "4", {"rage": 2}, {"actions": 0}))
    rage_step(state, "rage")
    assert state.combat is not None and state.combat.damage == 4  # 1 + 3 rage
    assert state.health == [10, 6]
    assert state.rage == [0, 0]


def test_win_damage_is_dealt_even_if_the_winner_has_no_actions() -> None:
    state = make(*tops("9", "4", {"actions": 0, "rage": 1}, {"actions": 0}))
    rage_step(state)
    assert state.health[1] == 8


def test_win_face_card_offers_its_ability_or_an_action() -> None:
    for card, ability in (("K", "focus"), ("Q", "heal"), ("J", "foresight")):
        state = make(*tops(card, "4", {}, {"actions": 0}))
        rage_step(state)
        assert state.to_move() == (0,)
        assert words(state) == [ability, "action"], card


def test_win_number_card_has_no_extra_effect() -> None:
    state = make(*tops("10", "4", {}, {"actions": 0}))
    rage_step(state)
    assert state.pending == []
    assert state.actions == [2, 0] and state.health == [10, 9]


def test_win_plus_one_action() -> None:
    state = make(*tops("Q", "4", {"actions": 1}, {"actions": 0}))
    rage_step(state)
    act(state, "action")
    assert state.actions[0] == 2
    assert state.combat is not None and state.combat.effect == "action"
