"""The rulings in docs/rulings/deckduel.md, each under its default and its alternative."""

from __future__ import annotations

import pytest

from duelhall.core.errors import OptionError
from duelhall.games.deckduel.engine.state import ACE, KING, SUIT
from tests.games.deckduel.helpers import act, discard_names, make, new, rage_step, tops, words

ALL_BUT = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_r15_reshuffle_all_gathers_the_discard_pile() -> None:
    state = make(*tops("5 A 7", "9 3 4", {"actions": 0}, {"actions": 0}))
    rage_step(state)
    rage_step(state)
    assert sorted(state.decks[0]) == list(SUIT) and state.discards[0] == []


def test_r15_reshuffle_remaining_keeps_played_cards_out() -> None:
    state = make(*tops("5 A 7", "9 3 4", {"actions": 0}, {"actions": 0}), reshuffle="remaining")
    rage_step(state)
    rage_step(state)
    assert discard_names(state, 0) == ["5", "A"]
    assert len(state.decks[0]) == 11 and ACE not in state.decks[0]
    assert state.actions[0] == 2 and state.rounds[0] == 2  # still a new round


def test_r16_empty_deck_is_rebuilt_without_a_new_round() -> None:
    state = make(
        {"deck": ["7"], "discard": [*ALL_BUT[:5], *ALL_BUT[6:], "A"], "actions": 4},
        {"deck_top": ["3"], "actions": 0},
    )
    assert state.decks[0] == [7]
    rage_step(state)
    assert len(state.decks[0]) == 13
    assert state.actions[0] == 4  # rebuilt, but no new round
    assert state.rounds[0] == 1
    assert state.combat is not None and state.combat.reshuffled[0]


def test_r16_empty_deck_new_round_option_resets_actions() -> None:
    state = make(
        {"deck": ["7"], "discard": [*ALL_BUT[:5], *ALL_BUT[6:], "A"], "actions": 4},
        {"deck_top": ["3"], "actions": 0},
        empty_deck="new-round",
    )
    rage_step(state)
    assert state.actions[0] == 2 and state.rounds[0] == 2


def test_r16_discarding_the_ace_by_foresight_delays_the_reshuffle() -> None:
    state = make(*tops("J A", "4 2", {}, {"actions": 0}))
    rage_step(state)
    act(state, "foresight", "discard")
    assert ACE not in state.decks[0]
    assert state.discards[0][0] == (ACE, False)


def test_r8_block_first_then_the_face_card() -> None:
    state = make(*tops("Q", "4"))
    rage_step(state)
    assert state.to_move() == (1,) and words(state) == ["block", "take"]
    act(state, "take")
    assert state.to_move() == (0,) and words(state) == ["heal", "action"]


def test_r8_face_first_option() -> None:
    state = make(*tops("Q", "4"), choice_order="face-first")
    rage_step(state)
    assert state.to_move() == (0,) and words(state) == ["heal", "action"]
    assert state.health == [10, 10]  # no damage yet
    act(state, "heal")
    assert state.to_move() == (1,) and words(state) == ["block", "take"]
    act(state, "block")
    assert state.health == [11, 10]


def test_r8_face_first_the_face_choice_comes_even_if_the_hit_is_lethal() -> None:
    state = make(*tops("Q", "4", {}, {"health": 1, "actions": 0}), choice_order="face-first")
    rage_step(state)
    assert words(state) == ["heal", "action"]
    act(state, "heal")
    assert state.is_over()


def test_r9_block_floor_one_keeps_a_one_point_hit() -> None:
    state = make(*tops("3", "8"), block_floor=1)
    rage_step(state)
    assert state.pending == [] and state.health[0] == 9 and state.actions[0] == 2
    state = make(*tops("3", "8", {}, {"rage": 1}), block_floor=1)
    rage_step(state)
    act(state, "block")
    assert state.health[0] == 9


def test_r11_focus_lasts_the_game_option() -> None:
    state = make(*tops("A", "9", {"focus": True}, {"actions": 0}), focus_lasts="game")
    rage_step(state)
    assert state.focus[0] and KING not in state.decks[0]
    assert len(state.decks[0]) == 12


def test_r5_focused_ace_beats_an_ace() -> None:
    state = make(*tops("A", "A", {"focus": True}, {"actions": 0}))
    rage_step(state)
    assert state.combat is not None and state.combat.winner == 0
    assert state.health[1] == 8


def test_r5_focused_ace_ties_an_ace_option() -> None:
    state = make(*tops("A", "A", {"focus": True}), focused_ace_vs_ace="tie")
    rage_step(state)
    assert state.combat is not None and state.combat.winner is None
    assert state.rage == [1, 1]
    assert not state.focus[0]  # the focused Ace was still played


def test_r5_two_focused_aces_tie() -> None:
    state = make(*tops("A", "A", {"focus": True}, {"focus": True}))
    rage_step(state)
    assert state.combat is not None and state.combat.winner is None
    assert state.focus == [False, False]


def test_r13_foresight_discard_revealed_option() -> None:
    state = make(*tops("J 9", "4 2", {}, {"actions": 0}), foresight_discard="revealed")
    rage_step(state)
    act(state, "foresight", "discard")
    assert state.view(1)["players"][0]["discard"] == ["9", "J"]


def test_r14_action_points_unlimited_option() -> None:
    state = make(*tops("Q", "4", {"actions": 6}, {"actions": 0}), action_die_limit=False)
    rage_step(state)
    act(state, "action")
    assert state.actions[0] == 7


def test_r20_turn_limit_ends_by_health() -> None:
    state = make(*tops("9 2", "4 2", {}, {"actions": 0}), turn_limit=2)
    rage_step(state)
    rage_step(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "turn-limit" and outcome.winner == 0


def test_r20_turn_limit_equal_health_is_a_draw() -> None:
    state = make(*tops("5", "5"), turn_limit=1)
    rage_step(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None and outcome.scores == (0.5, 0.5)


def test_r20_turn_limit_must_not_be_negative() -> None:
    with pytest.raises(OptionError, match="turn_limit"):
        new(1, turn_limit=-3)


def test_r3_no_rage_choice_still_asks_for_the_flip() -> None:
    state = make({"actions": 0}, {"rage": 3})
    assert state.to_move() == (0, 1)
    assert words(state, 0) == ["flip"] and words(state, 1) == ["flip"]
