"""Rulebook section 2, Turns & Actions: three actions per turn, play, flip, draw."""

from __future__ import annotations

import pytest

from duelhall.core.errors import IllegalActionError
from duelhall.games.duel52.engine.board import MAIN_KINDS
from tests.games.duel52.helpers import act, card, hand, illegal, legal, make, new, row


def test_s2_actions_three_actions_per_turn() -> None:
    state = make(hands=(["7H", "8H", "9H", "10H"], ["KC"]), pile=["QC", "QD"])
    for left in (3, 2, 1):
        assert state.current == 0 and state.actions_left == left
        act(state, f"play {hand(state, 0)[0]} 1")
    assert state.current == 1
    assert state.actions_left == 3
    assert hand(state, 0) == ["9H"]


def test_s2_actions_first_player_has_two_actions_on_first_turn() -> None:
    state = new(seed=3, first_player="2")
    assert state.current == 1 and state.turn == 1
    assert state.actions_left == 2
    act(state, f"play {hand(state, 1)[0]} 1")
    act(state, f"play {hand(state, 1)[0]} 2")
    assert state.current == 0 and state.turn == 2
    assert state.actions_left == 3


def test_s2_actions_any_combination_attack_attack_attack() -> None:
    state = make({1: (["7H", "8C", "9D"], ["5C down", "6D"])}, pile=["QC"])
    act(state, "attack 1b 1B", "attack 1c 1B")  # the face-down 5 dies; the 6 moves up
    act(state, "attack 1d 1B")
    assert row(state, 1, 1)[1:] == ["6D"]
    assert card(state, "1B", 0).damage == 1
    assert state.current == 1


def test_s2_actions_must_use_all_actions() -> None:
    state = make(hands=(["7H", "8H"], ["KC"]), pile=["QC"])
    act(state, "play 7H 1")
    # No "pass" or "end turn" exists while an action is legal: the turn goes on.
    assert state.current == 0 and state.actions_left == 2
    assert all(a.kind in MAIN_KINDS for a in state.legal_actions())
    assert legal(state) == {"flip 1b", "play 8H 1", "play 8H 2", "play 8H 3"}


def test_s2_play_card_is_played_face_down_into_any_lane() -> None:
    state = make(hands=(["KH"], ["KC"]), pile=["QC"])
    assert legal(state) == {"play KH 1", "play KH 2", "play KH 3"}
    act(state, "play KH 2")
    bc = state.rows[1][0][-1]
    assert bc.card == card(state, "2b", 0).card
    assert not bc.up and not bc.base
    # Inactive: a face-down King empowers nothing and costs one action.
    assert state.actions_left == 2


def test_s2_play_owner_may_look_at_own_played_cards() -> None:
    state = make(hands=(["KH", "2H"], ["KC"]), pile=["QC"])
    act(state, "play KH 2")
    assert card(state, "2b", 0).known == 0b01
    assert state.view(0)["lanes"][1]["rows"][0][1]["card"] == "KH"
    assert state.view(1)["lanes"][1]["rows"][0][1]["card"] is None


def test_s2_play_facedown_card_cannot_attack() -> None:
    state = make({1: (["9H down"], ["5C"])}, hands=(["7H"], []), pile=["QC"])
    assert not any(a.kind == "attack" for a in state.legal_actions())
    assert illegal(state, "attack 1b 1B").endswith("face-down cards cannot attack; flip it first")


def test_s2_play_facedown_card_may_be_attacked_and_killed() -> None:
    state = make({1: (["9H", "10H"], ["5C down"])}, hands=(["7H"], []), pile=["QC"])
    act(state, "attack 1b 1B", "attack 1c 1B")
    assert len(state.rows[0][1]) == 1  # only the Base card is left


def test_s2_flip_activates_power() -> None:
    state = make({1: (["7H down", "9H d1"], ["5C"])}, hands=(["8D"], []), pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1b").up
    assert card(state, "1c").damage == 0  # the 7 healed
    assert state.actions_left == 2


def test_s2_flip_card_can_attack_the_same_turn() -> None:
    state = make({1: (["9H down"], ["5C"])}, hands=(["8D"], []), pile=["QC"])
    act(state, "flip 1b", "attack 1b 1B")
    assert card(state, "1B", 0).damage == 1
    assert state.actions_left == 1


def test_s2_flip_a_face_up_card_is_illegal() -> None:
    state = make({1: (["9H"], ["5C"])}, pile=["QC"])
    assert illegal(state, "flip 1b").endswith("that card is already face-up")


def test_s2_draw_one_card_at_start_of_turn() -> None:
    state = make(hands=(["7H"], ["KC"]), pile=["QC", "QD"], actions_left=1)
    act(state, "play 7H 1")
    assert state.current == 1
    assert hand(state, 1) == ["KC", "QC"]
    assert len(state.pile) == 1


def test_s2_draw_never_from_empty_pile() -> None:
    state = make(hands=(["7H"], ["KC"]), pile=[], actions_left=1)
    act(state, "play 7H 1")
    assert state.current == 1
    assert hand(state, 1) == ["KC"]
    assert state.pile == []


def test_s2_actions_only_the_player_to_move_acts() -> None:
    state = make({1: (["9H"], ["5C"])}, hands=(["7H"], ["8S"]), pile=["QC"])
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action("play 8S 1", seat=1))
    assert str(info.value).endswith("it is player 1's turn")


def test_s2_actions_only_your_own_cards_flip_or_attack() -> None:
    state = make({1: (["9H"], ["5C down"])}, hands=(["7H"], []), pile=["QC"])
    assert illegal(state, "flip 1B").endswith("1B is not your card")


def test_s2_actions_answers_need_a_pending_choice() -> None:
    state = make({1: (["9H"], ["5C"])}, hands=(["7H"], []), pile=["QC"])
    assert illegal(state, "discard 7H").endswith(
        "there is no pending choice to answer; play, flip, attack or pair"
    )


def test_s2_actions_nothing_is_legal_once_the_game_is_over() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["3C base"], []), 3: (["3H base"], ["3S base"])},
        hands=(["7H"], []),
        pile=[],
        bases=False,
    )
    act(state, "attack 1a 1A")
    assert state.is_over() and state.legal_actions() == []
    assert illegal(state, "play 7H 1").endswith("the game is over")
