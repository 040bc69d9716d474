"""Rulebook section 1, Overview & Setup."""

from __future__ import annotations

import pytest

from tests.games.duel52.helpers import act, illegal, legal, make, new, row


def test_s1_setup_one_facedown_base_card_per_lane_per_player() -> None:
    state = new()
    for lane in state.rows:
        for seat_row in lane:
            assert len(seat_row) == 1
            assert seat_row[0].base and not seat_row[0].up


def test_s1_setup_base_cards_unknown_to_both_players() -> None:
    state = new()
    for lane in state.rows:
        for seat_row in lane:
            assert seat_row[0].known == 0


@pytest.mark.parametrize(("variant", "removed"), [("standard", 10), ("quick", 16), ("long", 0)])
def test_s1_setup_removed_cards_by_variant(variant: str, removed: int) -> None:
    state = new(variant=variant)
    assert len(state.removed) == removed
    # 6 bases + 10 dealt + removed + pile, with the first player's first draw taken.
    assert len(state.pile) == 52 - 6 - 10 - removed - 1
    assert state.card_counts() == 52


def test_s1_setup_five_cards_each_hand_before_first_draw() -> None:
    state = new(first_player="1")
    assert len(state.hands[0]) == 6  # five dealt plus the first turn's draw
    assert len(state.hands[1]) == 5


def test_s1_setup_deck_is_52_cards_without_jokers() -> None:
    state = new(seed=7)
    every = [bc.card for lane in state.rows for row in lane for bc in row]
    every += state.hands[0] + state.hands[1] + state.pile + state.removed
    assert sorted(every) == list(range(52))


def test_s1_setup_same_seed_same_deal() -> None:
    a, b = new(seed=11), new(seed=11)
    assert a.to_position() == b.to_position()
    assert new(seed=12).to_position() != a.to_position()


def test_s1_setup_removed_cards_are_not_used() -> None:
    state = new(seed=5)
    view = state.view(state.current)
    assert view["removed"] == 10
    assert "removed_cards" not in view


def test_s1_lanes_three_lanes() -> None:
    state = new()
    assert len(state.rows) == 3
    assert len(state.view(0)["lanes"]) == 3


def test_s1_lanes_cards_may_only_attack_cards_in_the_same_lane() -> None:
    state = make({1: (["9H"], ["5C"]), 2: ([], ["6C"])}, hands=(["2H"], []), pile=["QC"])
    assert {str(a) for a in state.legal_actions() if a.kind == "attack"} == {"attack 1b 1B"}
    assert illegal(state, "attack 1b 2B").endswith("cards can only attack cards in their own lane")


def test_s1_lanes_played_cards_stay_in_their_lane() -> None:
    state = make({1: (["9H"], ["5C"])}, hands=(["2H"], []), pile=["QC"])
    act(state, "play 2H 2")
    # Only a Queen moves cards: no main action takes a card out of its lane.
    assert {a.kind for a in state.legal_actions()} <= {"flip", "attack"}
    assert row(state, 2, 0)[1:] == ["2H"]


def test_s1_lanes_each_lane_begins_with_a_base_card() -> None:
    state = new(seed=2)
    for lane in range(3):
        for seat in (0, 1):
            assert state.rows[lane][seat][0].base


def test_s1_lanes_base_cards_only_activated_or_attacked_once_pile_empty() -> None:
    state = make({1: (["9H"], [])}, hands=(["2H"], []), pile=["QC"])
    assert "flip 1a" not in legal(state)
    assert "attack 1b 1A" not in legal(state)
    state = make(
        {1: (["4H base", "9H"], ["5C base"]), 2: (["4D base"], ["2S base"])},
        hands=(["2H"], []),
        pile=[],
        bases=False,
    )
    assert {"flip 1a", "attack 1b 1A"} <= legal(state)


def test_s1_lanes_lane_won_by_killing_all_opposing_cards_once_they_cannot_play() -> None:
    # "killed all of your opponent's cards in that lane, and they cannot play any more cards"
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["4H base"], ["2S base"]), 3: (["4D base"], ["3S base"])},
        hands=(["2H"], []),
        pile=[],
        bases=False,
    )
    assert state.lane_winner == [None, None, None]
    act(state, "attack 1a 1A")
    assert state.lane_winner == [0, None, None]
    assert state.outcome() is None


def test_s1_lanes_lane_not_won_while_the_opponent_can_still_play_cards() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["4H base"], ["2S base"]), 3: (["4D base"], ["3S base"])},
        hands=(["2H"], ["6S"]),
        pile=[],
        bases=False,
        actions_left=1,
    )
    act(state, "attack 1a 1A")
    assert state.lane_winner == [None, None, None]
    assert state.current == 1
    assert "play 6S 1" in legal(state)
    act(state, "play 6S 3")  # the last card goes elsewhere: now they cannot play any more
    assert state.lane_winner == [0, None, None]


def test_s1_lanes_lane_won_closed_option_shuts_it_to_the_opponent() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["4H base"], ["2S base"]), 3: (["4D base"], ["3S base"])},
        hands=(["2H"], ["6S"]),
        pile=[],
        bases=False,
        actions_left=1,
        lane_win="closed",
    )
    assert state.lane_winner == [None, None, None]
    act(state, "attack 1a 1A")
    assert state.lane_winner == [0, None, None]
    assert state.outcome() is None
    assert state.current == 1
    assert "play 6S 1" not in legal(state)
    assert illegal(state, "play 6S 1").endswith(
        "lane 1 is lost to you; you may not play cards into it"
    )


def test_s1_win_two_lanes_wins_the_game() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["4H base"], []), 3: (["4D base"], ["3S base"])},
        hands=(["2H"], []),
        pile=[],
        bases=False,
    )
    assert state.lane_winner == [None, 0, None]
    act(state, "attack 1a 1A")
    result = state.outcome()
    assert result is not None
    assert result.winner == 0 and result.reason == "two-lanes"
    assert result.scores == (1.0, 0.0)
    assert state.legal_actions() == []


def test_s1_win_two_lanes_waits_while_the_opponent_can_still_play() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["4H base"], []), 3: (["4D base"], ["3S base"])},
        hands=(["2H"], ["6S"]),
        pile=[],
        bases=False,
        actions_left=1,
    )
    assert state.lane_winner == [None, None, None]
    act(state, "attack 1a 1A")
    assert state.outcome() is None
    act(state, "play 6S 3")  # their last card: lanes 1 and 2 are now both won
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "two-lanes"


def test_s1_win_two_lanes_closed_option_wins_at_once() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["4H base"], []), 3: (["4D base"], ["3S base"])},
        hands=(["2H"], ["6S"]),
        pile=[],
        bases=False,
        lane_win="closed",
    )
    assert state.lane_winner == [None, 0, None]
    act(state, "attack 1a 1A")
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "two-lanes"
