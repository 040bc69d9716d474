"""Rulebook section 3, Card Powers: the Queen, King and Ace."""

from __future__ import annotations

from duelhall.games.duel52.engine.board import Kind
from tests.games.duel52.helpers import act, card, illegal, legal, make, row

KEEP = (["2H"], [])

# -- Q: Move -------------------------------------------------------------------------------


def test_s3_power_q_may_move_an_ally_card_from_another_lane_to_hers() -> None:
    state = make(
        {1: (["QC down"], ["5S"]), 2: (["9C d1"], ["6S"]), 3: (["8C down"], [])},
        hands=KEEP,
        pile=["QD"],
    )
    act(state, "flip 1b")
    assert state.pending == [("move", 0)]
    # Played cards of hers in other lanes, face-up or face-down; never enemy cards or Bases.
    assert legal(state) == {"move 2b", "move 3b", "stay"}
    act(state, "move 2b")
    assert row(state, 1, 0)[1:] == ["QC", "9C"]
    assert row(state, 2, 0)[1:] == []
    assert card(state, "1c").damage == 1  # it keeps its damage


def test_s3_power_q_moves_a_face_down_card_face_down() -> None:
    state = make({1: (["QC down"], ["5S"]), 3: (["8C down"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "move 3b")
    moved = card(state, "1c")
    assert not moved.up and moved.known == 0b01
    assert state.view(1)["lanes"][0]["rows"][0][2]["card"] is None


def test_s3_power_q_move_is_optional() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "stay")
    assert row(state, 2, 0)[1:] == ["9C"]
    assert state.pending == [] and state.actions_left == 2


def test_s3_power_q_moved_card_does_not_reactivate_its_flip_power() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["6C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "move 2b")
    assert not card(state, "1B").frozen


def test_s3_power_q_moved_card_keeps_its_constant_power() -> None:
    state = make(
        {1: (["QC down"], ["5S"]), 2: (["JC"], [])},
        hands=(["2H"], ["9S"]),
        pile=["QD"],
        actions_left=1,
    )
    act(state, "flip 1b", "move 2b")
    assert state.current == 1
    # The moved Jack taunts in its new lane.
    assert {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK} == {"attack 1b 1C"}


def test_s3_power_q_moved_card_may_attack_if_an_action_is_available() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "move 2b", "attack 1c 1B")
    assert card(state, "1B").damage == 1


def test_s3_power_q_moves_a_base_card_only_when_pile_empty() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert "move 2a" not in legal(state)
    state = make(
        {1: (["2C base", "QC down"], ["5S"]), 2: (["3C base"], ["3D base"])},
        hands=KEEP,
        pile=[],
        bases=False,
    )
    act(state, "flip 1b")
    assert "move 2a" in legal(state)


def test_s3_power_q_with_nothing_to_move_asks_nothing() -> None:
    state = make({1: (["QC down"], ["5S"])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert state.pending == [] and state.actions_left == 2


def test_s3_power_q_move_must_be_answered_first() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert illegal(state, "play 2H 3").endswith(
        "first choose a card for the Queen to move (move SLOT) or stay"
    )


# -- K: Empower ----------------------------------------------------------------------------


def test_s3_power_k_reactivates_your_face_up_cards_in_lane() -> None:
    state = make(
        {1: (["KC down", "6C", "9C d1", "7C"], ["5S"]), 2: (["8C d1"], [])},
        hands=KEEP,
        pile=["QD"],
    )
    act(state, "flip 1b")
    assert legal(state) == {"resolve 1c", "resolve 1e"}  # the 6 and the 7 wait for an order
    act(state, "resolve 1c")  # the 6 first; the 7, the only one left, follows by itself
    assert card(state, "1B").frozen
    assert card(state, "1d").damage == 0 and card(state, "2b").damage == 0


def test_s3_power_k_does_not_empower_kings_or_constant_powers() -> None:
    state = make(
        {1: (["KC down", "KD", "3C", "8C", "9C", "10C", "JC", "AC"], ["5S"])},
        hands=KEEP,
        pile=["QD"],
    )
    act(state, "flip 1b")
    # Only the Ace reactivates: one more action, one more attack.
    assert state.pending == []
    assert state.actions_left == 3
    assert card(state, "1i").bonus == 1
    assert all(card(state, s).bonus == 0 for s in ("1c", "1d", "1e", "1f", "1g", "1h"))


def test_s3_power_k_does_not_affect_face_down_cards_or_other_lanes() -> None:
    state = make({1: (["KC down", "AC down"], ["5S"]), 2: (["AD"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert state.actions_left == 2
    assert not card(state, "1c").up


def test_s3_power_k_empowered_2_draws_and_discards_again() -> None:
    state = make({1: (["KC down", "2C"], ["5S"])}, hands=KEEP, pile=["QD", "QS"])
    act(state, "flip 1b")
    assert state.pending == [("discard",)]
    act(state, "discard 2H")
    assert len(state.pile) == 1


def test_s3_power_k_empowered_queen_may_move_again() -> None:
    state = make({1: (["KC down", "QC"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "move 2b")
    assert row(state, 1, 0)[1:] == ["KC", "QC", "9C"]


# -- A: Action -----------------------------------------------------------------------------


def test_s3_power_a_gains_one_action_when_flipped() -> None:
    state = make({1: (["AC down"], ["5S"])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert state.actions_left == 3  # three, less the flip, plus one


def test_s3_power_a_extra_action_may_be_used_for_anything() -> None:
    state = make({1: (["AC down"], ["5S"])}, hands=(["2H", "3H", "4H"], []), pile=["QD"])
    act(state, "flip 1b", "play 2H 2", "play 3H 2", "play 4H 3")
    assert state.current == 1


def test_s3_power_a_attacks_twice_first_turn() -> None:
    state = make({1: (["AC down"], ["5S"])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "attack 1b 1B", "attack 1b 1B")
    assert row(state, 1, 1)[1:] == []


def test_s3_power_a_play_flip_attack_attack_from_hand() -> None:
    state = make({1: ([], ["5S"])}, hands=(["AC"], []), pile=["QD"])
    act(state, "play AC 1", "flip 1b", "attack 1b 1B", "attack 1b 1B")
    assert row(state, 1, 1)[1:] == []
    assert state.current == 1


def test_s3_power_a_attacks_once_on_later_turns() -> None:
    state = make({1: (["AC"], ["5S", "6S"])}, hands=KEEP, pile=["QD"])
    act(state, "attack 1b 1B")
    assert illegal(state, "attack 1b 1C").endswith("that card has already attacked this turn")


def test_s3_power_a_kinged_gains_an_action_and_attacks_twice() -> None:
    state = make({1: (["KC down", "AC"], ["5S", "6S"])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert state.actions_left == 3
    act(state, "attack 1c 1B", "attack 1c 1C")
    assert [bc.damage for bc in state.rows[0][1][1:]] == [1, 1]


def test_s3_power_q_moves_only_from_another_lane() -> None:
    state = make({1: (["QC down", "9H"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert legal(state) == {"move 2b", "stay"}
    assert illegal(state, "move 1c").endswith(
        "the Queen brings a card from another lane to hers (lane 1)"
    )
    assert illegal(state, "move 2a").endswith(
        "Base cards can only be moved once the draw pile is empty"
    )


def test_s3_power_k_resolve_names_a_waiting_card() -> None:
    state = make({1: (["KC down", "6C", "7C", "9C"], ["5S"])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert illegal(state, "resolve 1e").endswith("that card's power is not waiting to resolve")
