"""Rulebook section 2, Attack & Damage: hit points, one attack per card, the discard pile."""

from __future__ import annotations

from duelhall.games.duel52.engine.board import Kind
from tests.games.duel52.helpers import act, card, discards, illegal, legal, make, row

KEEP = (["2H"], [])  # a card in hand keeps the turn going after the actions under test


def test_s2_attack_deals_one_damage() -> None:
    state = make({2: (["9H"], ["5C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 2b 2B")
    assert card(state, "2B", 0).damage == 1
    assert row(state, 2, 1)[1:] == ["5C"]


def test_s2_attack_cards_have_two_hit_points() -> None:
    state = make({2: (["9H", "10H"], ["5C", "6C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 2b 2B")
    assert row(state, 2, 1)[1:] == ["5C", "6C"]
    act(state, "attack 2c 2B 2C")
    assert row(state, 2, 1)[1:] == ["6C"]  # the 5 took its second damage and died
    assert card(state, "2B", 0).damage == 1


def test_s2_attack_any_opposing_card_in_lane() -> None:
    state = make({2: (["9H"], ["5C", "6C down", "7C"])}, pile=["QC"])
    assert {a for a in legal(state) if a.startswith("attack")} == {
        "attack 2b 2B",
        "attack 2b 2C",
        "attack 2b 2D",
    }


def test_s2_attack_only_cards_in_the_same_lane() -> None:
    state = make({1: (["9H"], []), 2: ([], ["5C"])}, hands=KEEP, pile=["QC"])
    assert illegal(state, "attack 1b 2B").endswith("cards can only attack cards in their own lane")
    assert not any(a.kind == Kind.ATTACK for a in state.legal_actions())


def test_s2_attack_cannot_target_own_cards() -> None:
    state = make({1: (["9H", "5D"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert illegal(state, "attack 1b 1c").endswith("you cannot attack your own cards")


def test_s2_attack_each_card_attacks_once_per_turn() -> None:
    state = make({1: (["9H"], ["5C", "6C"])}, hands=(["2H", "3H"], ["9S"]), pile=["QC", "QD"])
    act(state, "attack 1b 1B")
    assert not any(a.kind == Kind.ATTACK for a in state.legal_actions())
    assert illegal(state, "attack 1b 1C").endswith("that card has already attacked this turn")
    act(state, "play 2H 2", "play 3H 2")
    act(state, "play 9S 3", "play QC 3", "flip 3b")  # the other player's turn
    assert state.current == 0
    act(state, "attack 1b 1C")  # a new turn: it may attack again
    assert card(state, "1C", 0).damage == 1


def test_s2_attack_damaged_card_may_still_attack() -> None:
    state = make({1: (["9H d1"], ["5C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1B", 0).damage == 1


def test_s2_attack_damaged_card_keeps_its_constant_power() -> None:
    state = make({1: (["7H"], ["8C d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 1  # the damaged 8 still retaliated


def test_s2_attack_damage_kept_through_a_flip() -> None:
    state = make({1: (["9H"], ["5C down d1"])}, hands=KEEP, pile=["QC"], actions_left=1)
    act(state, "play 2H 2")
    act(state, "flip 1b")  # the other player flips the damaged card
    assert card(state, "1b").up and card(state, "1b").damage == 1


def test_s2_attack_damaged_facedown_card_dies_to_one_more_after_flip() -> None:
    state = make({1: (["9H"], ["5C down d1"])}, hands=KEEP, pile=["QC"], to_move=1, actions_left=1)
    act(state, "flip 1b")  # its owner flips it: still damaged
    assert state.current == 0
    act(state, "attack 1b 1B")
    assert row(state, 1, 1)[1:] == []


def test_s2_attack_killed_card_is_discarded_face_up() -> None:
    state = make({1: (["9H"], ["5C d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert discards(state) == [("5C", True, 0b11)]
    assert state.view(1)["discard"] == [{"card": "5C", "up": True, "from": "board"}]


def test_s2_attack_killed_facedown_card_discarded_unrevealed() -> None:
    state = make({1: (["9H"], ["5C down d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert discards(state) == [("5C", False, 0b10)]  # known only to its owner
    assert state.view(0)["discard"] == [{"card": None, "up": False, "from": "board"}]
    assert state.view(1)["discard"] == [{"card": "5C", "up": False, "from": "board"}]


def test_s2_attack_killed_facedown_power_does_not_activate() -> None:
    # A face-down 8 does not retaliate; a face-down Ace killed gives nothing.
    state = make({1: (["9H", "10H"], ["8C down d1", "AC down d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1c 1B 1C")
    assert card(state, "1c").damage == 0
    assert discards(state) == [("AC", False, 0b10), ("8C", False, 0b10)]


def test_s2_attack_discard_pile_mixes_face_up_and_face_down() -> None:
    state = make({1: (["9H", "10H"], ["5C d1", "6C down d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1c 1B 1C")
    assert sorted(discards(state)) == [("5C", True, 0b11), ("6C", False, 0b10)]
