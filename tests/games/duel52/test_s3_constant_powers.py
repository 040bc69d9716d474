"""Rulebook section 3, Card Powers: the constant powers of the 3, 8, 9, 10 and Jack."""

from __future__ import annotations

from duelhall.games.duel52.engine.board import Kind
from tests.games.duel52.helpers import act, card, discards, illegal, legal, make, row

KEEP = (["2H"], [])


def attacks(state: object) -> set[str]:
    from duelhall.games.duel52.duel.state import Duel52State

    assert isinstance(state, Duel52State)
    return {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}


# -- 3: Trap -------------------------------------------------------------------------------


def test_s3_power_3_killed_face_down_returns_to_play_face_up() -> None:
    state = make({1: (["9H"], ["3C down d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    trap = card(state, "1B")
    assert row(state, 1, 1)[1:] == ["3C"]
    assert trap.up and trap.damage == 0 and trap.known == 0b11  # two fresh hit points
    assert state.discard == []


def test_s3_power_3_trap_is_a_live_card_ready_to_attack() -> None:
    state = make({1: (["9H"], ["3C down d1"])}, hands=KEEP, pile=["QC"], actions_left=1)
    act(state, "attack 1b 1B")
    assert state.current == 1
    assert "attack 1b 1B" in legal(state)


def test_s3_power_3_trap_springs_against_a_twinstrike() -> None:
    state = make({1: (["10H"], ["3C down d1", "5C d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B 1C")
    assert row(state, 1, 1)[1:] == ["3C"]
    assert card(state, "1B").up


def test_s3_power_3_face_up_3_dies_normally() -> None:
    state = make({1: (["9H"], ["3C d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert row(state, 1, 1)[1:] == []
    assert discards(state) == [("3C", True, 0b11)]


def test_s3_power_3_flipped_by_owner_is_an_ordinary_card() -> None:
    state = make({1: (["3C down"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1b").up and state.pending == [] and state.actions_left == 2


# -- 8: Retaliate --------------------------------------------------------------------------


def test_s3_power_8_retaliates_against_its_attacker() -> None:
    state = make({1: (["7H"], ["8C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 1
    assert card(state, "1B").damage == 1


def test_s3_power_8_retaliation_can_kill_the_attacker() -> None:
    state = make({1: (["7H d1"], ["8C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert row(state, 1, 0)[1:] == []
    assert discards(state) == [("7H", True, 0b11)]


def test_s3_power_8_does_not_retaliate_against_a_9() -> None:
    state = make({1: (["9H"], ["8C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 0


def test_s3_power_8_face_down_8_does_not_retaliate() -> None:
    state = make({1: (["7H"], ["8C down"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 0


def test_s3_power_8_retaliate_when_paired_damages_both_attackers() -> None:
    state = make({1: (["7H p1", "7D p1"], ["8C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert card(state, "1b").damage == 1 and card(state, "1c").damage == 1
    assert row(state, 1, 1)[1:] == []  # two damage killed the 8


def test_s3_power_8_paired_eights_deal_two_damage_to_a_single_card() -> None:
    state = make({1: (["8H p1", "8D p1"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert card(state, "1B").damage == 2


def test_s3_power_8_paired_eights_take_damage_separately() -> None:
    state = make({1: (["7H"], ["8C p1", "8D p1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1C")
    assert card(state, "1B").damage == 0 and card(state, "1C").damage == 1
    assert card(state, "1b").damage == 1  # only the 8 struck retaliates


def test_s3_power_8_ten_striking_two_eights_takes_two_damage() -> None:
    state = make({1: (["10H"], ["8C", "8D"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B 1C")
    assert row(state, 1, 0)[1:] == []  # one damage from each 8 killed the 10


# -- 9: Nimble -----------------------------------------------------------------------------


def test_s3_power_9_cannot_be_frozen() -> None:
    state = make({1: (["6C down"], ["9S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert not card(state, "1B").frozen


def test_s3_power_9_takes_no_damage_attacking_an_8() -> None:
    state = make({1: (["9H"], ["8C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 0 and card(state, "1B").damage == 1


def test_s3_power_9_cannot_be_struck_by_twinstrike_with_another_card() -> None:
    state = make({1: (["10H"], ["9C", "5C", "6C"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B", "attack 1b 1C 1D"}
    assert illegal(state, "attack 1b 1B 1C").endswith(
        "a 10 cannot strike a 9 together with another card"
    )


def test_s3_power_9_can_still_be_attacked_alone_by_a_10() -> None:
    state = make({1: (["10H"], ["9C", "5C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1B").damage == 1 and card(state, "1C").damage == 0


def test_s3_power_9_deals_two_damage_to_a_jack() -> None:
    state = make({1: (["9H"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1B").damage == 2


def test_s3_power_9_deals_one_damage_to_other_cards() -> None:
    state = make({1: (["9H"], ["QC"])}, hands=KEEP, pile=["QD"])
    act(state, "attack 1b 1B")
    assert card(state, "1B").damage == 1


def test_s3_power_9_when_paired_cannot_be_frozen() -> None:
    state = make({1: (["6C down"], ["9S p1", "9D p1"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert not card(state, "1B").frozen and not card(state, "1C").frozen


def test_s3_power_9_when_paired_kills_an_8_without_damage() -> None:
    state = make({1: (["9H p1", "9D p1"], ["8C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert row(state, 1, 1)[1:] == []
    assert card(state, "1b").damage == 0 and card(state, "1c").damage == 0


def test_s3_power_9_when_paired_deals_three_damage_to_a_jack() -> None:
    state = make({1: (["9H p1", "9D p1"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert row(state, 1, 1)[1:] == []


# -- 10: Twinstrike ------------------------------------------------------------------------


def test_s3_power_10_deals_one_damage_each_to_two_cards() -> None:
    state = make({1: (["10H"], ["5C", "6C", "7C"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B 1D")  # not next to each other
    assert [bc.damage for bc in state.rows[0][1][1:]] == [1, 0, 1]
    assert state.actions_left == 2


def test_s3_power_10_cannot_strike_past_jack() -> None:
    state = make({1: (["10H"], ["5C", "JC"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1C"}
    act(state, "attack 1b 1C")
    assert card(state, "1C").damage == 1 and card(state, "1B").damage == 0


def test_s3_power_10_strikes_two_jacks() -> None:
    state = make({1: (["10H"], ["5C", "JC", "JD"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1C 1D"}


def test_s3_power_10_cannot_damage_a_9_and_another_card() -> None:
    state = make({1: (["10H"], ["9C", "5C"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B", "attack 1b 1C"}


def test_s3_power_10_pair_deals_two_to_the_first_and_one_to_the_second() -> None:
    state = make({1: (["10H p1", "10D p1"], ["JC", "JD"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b+1c 1B 1C", "attack 1b+1c 1C 1B"}
    act(state, "attack 1b+1c 1C 1B")
    assert card(state, "1B").damage == 1 and card(state, "1C").damage == 2


def test_s3_power_10_kills_two_damaged_cards_played_from_hand() -> None:
    state = make({1: ([], ["5C d1", "6C d1"])}, hands=(["10H"], []), pile=["QC"])
    act(state, "play 10H 1", "flip 1b", "attack 1b 1B 1C")
    assert row(state, 1, 1)[1:] == []


# -- J: Taunt ------------------------------------------------------------------------------


def test_s3_power_j_must_be_killed_first() -> None:
    state = make({1: (["9H", "7H"], ["5C", "JC", "6C down"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1C", "attack 1c 1C"}
    assert illegal(state, "attack 1c 1B").endswith(
        "a face-up Jack in that lane has to die before anything else there can be attacked"
    )


def test_s3_power_j_other_cards_attackable_once_jack_dies() -> None:
    state = make({1: (["9H", "7H"], ["5C", "JC d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1C")
    assert row(state, 1, 1)[1:] == ["5C"]
    act(state, "attack 1c 1B")
    assert card(state, "1B").damage == 1


def test_s3_power_j_has_three_hit_points() -> None:
    state = make({1: (["7H", "7D", "7S"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B", "attack 1c 1B")
    assert row(state, 1, 1)[1:] == ["JC"] and card(state, "1B").damage == 2
    act(state, "attack 1d 1B")
    assert row(state, 1, 1)[1:] == []


def test_s3_power_j_paired_jacks_take_damage_individually() -> None:
    state = make({1: (["7H p1", "7D p1"], ["JC p1", "JD p1"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b+1c 1B", "attack 1b+1c 1C"}
    act(state, "attack 1b+1c 1B")
    assert card(state, "1B").damage == 2 and card(state, "1C").damage == 0


def test_s3_power_j_jacks_protect_only_their_own_lane() -> None:
    state = make({1: (["9H"], ["5C"]), 2: ([], ["JC"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B"}


def test_s3_power_10_single_ten_targets_in_either_order() -> None:
    state = make({1: (["10H"], ["5C", "6C", "7C"])}, hands=KEEP, pile=["QC"])
    assert state.parse_action("attack 1b 1D 1B") == state.parse_action("attack 1b 1B 1D")
    act(state, "attack 1b 1D 1B")
    assert [bc.damage for bc in state.rows[0][1][1:]] == [1, 0, 1]


def test_s3_power_10_only_a_pair_attacks_with_two_cards() -> None:
    state = make({1: (["10H", "10D"], ["5C", "6C"])}, hands=KEEP, pile=["QC"])
    assert illegal(state, "attack 1b+1c 1B 1C").endswith(
        "only the two cards of a pair attack together; pair them first"
    )
