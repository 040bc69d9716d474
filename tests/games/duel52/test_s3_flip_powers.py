"""Rulebook section 3, Card Powers: the 2, 4, 5, 6 and 7 (powers that fire when flipped)."""

from __future__ import annotations

from duelhall.games.duel52.engine.board import Kind
from tests.games.duel52.helpers import act, card, discards, hand, illegal, legal, make, row

KEEP = (["2H"], [])

# -- 2: View ---------------------------------------------------------------------------


def test_s3_power_2_draws_a_card_then_discards_one() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=["QC", "QD"])
    act(state, "flip 1b")
    assert hand(state, 0) == ["9H", "QC"]
    assert state.pending == [("discard",)]
    assert legal(state) == {"discard 9H", "discard QC"}
    act(state, "discard 9H")
    assert hand(state, 0) == ["QC"]
    assert [c for c, _, _ in discards(state)] == ["9H"]
    assert state.actions_left == 2


def test_s3_power_2_may_discard_the_drawn_card() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=["QC", "QD"])
    act(state, "flip 1b", "discard QC")
    assert hand(state, 0) == ["9H"]


def test_s3_power_2_discard_comes_before_any_other_action() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=["QC", "QD"])
    act(state, "flip 1b")
    assert illegal(state, "play 9H 2").endswith(
        "first choose a card to discard for the 2 (discard CARD)"
    )


def test_s3_power_2_drawn_card_may_be_played() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=["QC", "QD"])
    act(state, "flip 1b", "discard 9H", "play QC 3")
    assert row(state, 3, 0)[1:] == ["QC"] and not card(state, "3b").up
    assert hand(state, 0) == []


def test_s3_power_2_empty_pile_does_nothing() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=[])
    act(state, "flip 1b")
    assert hand(state, 0) == ["9H"]
    assert state.pending == [] and state.discard == []


# -- 4: Foresight ------------------------------------------------------------------------


def test_s3_power_4_looks_at_any_face_down_card() -> None:
    state = make({1: (["4C down", "9D down"], ["5S down", "6S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert state.pending == [("look",)]
    # Every face-down card its owner does not already know, Base cards included, either side.
    assert legal(state) == {
        "look 1a",
        "look 1A",
        "look 1B",
        "look 2a",
        "look 2A",
        "look 3a",
        "look 3A",
    }


def test_s3_power_4_look_is_known_to_the_looker_only() -> None:
    state = make({1: (["4C down"], ["5S down"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b", "look 1B")
    assert card(state, "1B").known == 0b11  # its owner knew it already
    assert state.view(0)["lanes"][0]["rows"][1][1]["card"] == "5S"


def test_s3_power_4_may_look_at_a_base_card_not_shown_to_opponent() -> None:
    state = make({1: (["4C down"], ["5S"])}, hands=KEEP, pile=["QC"])
    base = state.rows[1][1][0]
    act(state, "flip 1b", "look 2A")
    assert base.known == 0b01
    assert state.view(0)["lanes"][1]["rows"][1][0]["card"] is not None
    assert state.view(1)["lanes"][1]["rows"][1][0]["card"] is None  # not even its owner


def test_s3_power_4_own_base_card_known_to_owner_only() -> None:
    state = make({1: (["4C down"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b", "look 1a")
    assert card(state, "1a").known == 0b01
    assert state.view(1)["lanes"][0]["rows"][0][0]["card"] is None


def test_s3_power_4_with_nothing_to_look_at_does_nothing() -> None:
    state = make({1: (["4C down"], ["5S"])}, hands=KEEP, pile=[], bases=False)
    act(state, "flip 1a")
    assert state.pending == []
    assert state.actions_left == 2


# -- 5: Flip -------------------------------------------------------------------------------


def test_s3_power_5_flips_all_your_face_down_cards_in_its_lane() -> None:
    state = make(
        {1: (["5C down", "9D down", "10D down"], ["9S down"]), 2: (["9H down"], [])},
        hands=KEEP,
        pile=["QC"],
    )
    act(state, "flip 1b")
    assert all(card(state, s).up for s in ("1b", "1c", "1d"))
    assert not card(state, "1a").up  # the Base card waits for the empty pile
    assert not card(state, "2b").up  # other lanes are untouched
    assert not card(state, "1B").up  # so are the opponent's cards
    assert card(state, "1c").known == 0b11
    assert state.actions_left == 2  # one action for the whole lane


def test_s3_power_5_flips_frozen_cards() -> None:
    state = make({1: (["5C down", "9D down frozen"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1c").up


def test_s3_power_5_flipped_powers_activate_in_chosen_order() -> None:
    state = make(
        {1: (["5C down", "2D down", "7D down"], ["5S"]), 2: (["9H d1"], [])},
        hands=KEEP,
        pile=["QC", "QD"],
    )
    act(state, "flip 1b")
    assert legal(state) == {"resolve 1c", "resolve 1d"}
    act(state, "resolve 1d")  # the 7 first
    assert card(state, "2b").damage == 0
    assert state.pending == [("discard",)]  # then the 2, with nothing left to choose
    act(state, "discard 2H")
    assert hand(state, 0) == ["QC"]


def test_s3_power_5_flipped_cards_can_attack() -> None:
    state = make({1: (["5C down", "9D down"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b", "attack 1c 1B")
    assert state.rows[0][1][1].damage == 1


def test_s3_power_5_flips_base_card_when_pile_empty() -> None:
    state = make({1: (["9H base", "5C down"], ["5S"])}, hands=KEEP, pile=[], bases=False)
    act(state, "flip 1b")
    assert card(state, "1a").up


# -- 6: Freeze -----------------------------------------------------------------------------


def test_s3_power_6_freezes_all_enemy_cards_in_lane() -> None:
    state = make(
        {1: (["6C down", "9D"], ["5S", "7S down"]), 2: ([], ["8S"])}, hands=KEEP, pile=["QC"]
    )
    act(state, "flip 1b")
    assert [bc.frozen for bc in state.rows[0][1]] == [True, True, True]  # Base included
    assert not state.rows[1][1][1].frozen  # other lanes
    assert not any(bc.frozen for bc in state.rows[0][0])  # own cards


def test_s3_power_6_frozen_cards_cannot_attack() -> None:
    state = make({1: (["5S"], ["9D frozen"])}, hands=(["2H"], ["3D"]), pile=["QC"], to_move=1)
    assert not any(a.kind == Kind.ATTACK for a in state.legal_actions())
    assert illegal(state, "attack 1b 1B").endswith("that card is frozen this turn")


def test_s3_power_6_frozen_cards_cannot_flip_themselves() -> None:
    state = make({1: (["5S"], ["9D down frozen"])}, hands=(["2H"], ["3D"]), pile=["QC"], to_move=1)
    assert "flip 1b" not in legal(state)
    assert illegal(state, "flip 1b").endswith(
        "that card is frozen and cannot flip itself this turn"
    )


def test_s3_power_6_frozen_may_be_flipped_by_a_5() -> None:
    state = make({1: (["5C down", "7C down frozen"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1c").up and card(state, "1c").frozen
    assert illegal(state, "attack 1c 1B").endswith("that card is frozen this turn")


def test_s3_power_6_frozen_may_be_healed_by_a_7() -> None:
    state = make({1: (["7C down", "9C d1 frozen"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1c").damage == 0


def test_s3_power_6_frozen_may_be_moved_by_a_queen() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C frozen"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert "move 2b" in legal(state)
    act(state, "move 2b")
    assert card(state, "1c").frozen


def test_s3_power_6_frozen_may_be_activated_by_a_king() -> None:
    state = make({1: (["KC down", "7C frozen", "9C d1"], ["5S"])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert card(state, "1d").damage == 0


def test_s3_power_6_cannot_freeze_a_9() -> None:
    state = make({1: (["6C down"], ["9S", "9D p1", "9H p1"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert [bc.frozen for bc in state.rows[0][1]] == [True, False, False, False]


def test_s3_power_6_new_cards_may_be_played_into_the_lane_unfrozen() -> None:
    state = make(
        {1: (["6C down"], ["5S"])}, hands=(["2H"], ["9D", "8D"]), pile=["QC"], actions_left=1
    )
    act(state, "flip 1b")
    assert state.current == 1
    act(state, "play 9D 1")
    assert card(state, "1c").frozen is False
    act(state, "flip 1c", "attack 1c 1B")
    assert state.rows[0][0][1].damage == 1


def test_s3_power_6_freeze_lasts_one_turn() -> None:
    state = make(
        {1: (["6C down", "9C"], ["5S"])},
        hands=(["2H"], ["9D", "8D", "7D"]),
        pile=["QC", "QD"],
        actions_left=1,
    )
    act(state, "flip 1b")
    assert card(state, "1b").frozen  # the other player's 5, during their own turn
    act(state, "play 9D 2", "play 8D 2", "play 7D 2")
    assert state.current == 0
    assert not state.rows[0][1][1].frozen  # thawed at the end of its owner's turn


# -- 7: Heal -------------------------------------------------------------------------------


def test_s3_power_7_heals_all_your_damaged_cards_in_all_lanes() -> None:
    state = make(
        {1: (["7C down", "9C d1"], ["5S d1"]), 2: (["8C down d1"], []), 3: (["JC d2"], [])},
        hands=KEEP,
        pile=["QC"],
    )
    act(state, "flip 1b")
    assert card(state, "1c").damage == 0  # face-up, same lane
    assert card(state, "2b").damage == 0  # face-down, other lane
    assert card(state, "3b").damage == 0  # a Jack healed to full
    assert card(state, "1B").damage == 1  # not the enemy's


def test_s3_power_7_with_no_damaged_cards_does_nothing() -> None:
    state = make({1: (["7C down", "9C"], ["5S d1"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert state.pending == [] and state.actions_left == 2
    assert card(state, "1B").damage == 1


def test_s3_power_4_cannot_look_at_face_up_or_known_cards() -> None:
    state = make({1: (["4C down", "9D down"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert illegal(state, "look 1B").endswith("the 4 looks only at face-down cards")
    assert illegal(state, "look 1c").endswith(
        "you already know that card; look at one you do not know"
    )
