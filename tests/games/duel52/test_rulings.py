"""The rulings (docs/rulings/duel52.md): one test per ruling, and one per option's alternative."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.board import Kind
from tests.games.duel52.helpers import (
    act,
    card,
    discards,
    hand,
    illegal,
    legal,
    make,
    new,
    row,
)

KEEP: tuple[list[str], list[str]] = (["2H"], [])


def attacks(state: object) -> set[str]:
    assert isinstance(state, Duel52State)
    return {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}


# Endgame lanes: lanes 2 and 3 each hold one Base per side, so only lane 1 is in play.
QUIET = {2: (["3C base"], ["3D base"]), 3: (["3H base"], ["3S base"])}


def lane_1_emptied(
    lane_1: tuple[list[str], list[str]] = (["9H"], ["5C d1"]),
    hands: tuple[list[str], list[str]] = (["2H"], ["6S"]),
    pile: list[str] | None = None,
    **position: Any,
) -> Duel52State:
    """Seat 0's first card in lane 1 attacks seat 1's last card there, which dies (a wounded
    5C, or an 8 that kills its attacker too); only Base cards elsewhere, the pile empty."""
    state = make({1: lane_1, **QUIET}, hands=hands, pile=pile or [], bases=False, **position)
    act(state, "attack 1a 1A")
    return state


BOTH_DIE = (["5H d1"], ["8C d1"])  # the 5H kills the 8C and dies to its retaliation

# -- 1: winning lanes ----------------------------------------------------------------------


def test_ruling_lane_won_once_loser_has_nothing_to_play() -> None:
    # The loser has no cards in the lane, none in hand and the pile is empty.
    state = lane_1_emptied(hands=KEEP)
    assert state.lane_winner == [0, None, None]


def test_ruling_lane_not_won_while_loser_can_still_play() -> None:
    state = lane_1_emptied()
    assert state.rows[0][1] == []
    assert state.lane_winner == [None, None, None]  # 6S is still in the loser's hand


def test_ruling_lane_not_won_while_the_pile_holds_cards() -> None:
    # Only reachable from a position (Base cards protect every lane while the pile lasts),
    # but the rule is the same: the loser will still draw cards to play.
    state = lane_1_emptied(hands=KEEP, pile=["QC"])
    assert state.lane_winner == [None, None, None]


def test_ruling_loser_may_play_into_an_emptied_lane_while_holding_cards() -> None:
    state = lane_1_emptied(actions_left=1)
    assert state.current == 1
    assert {a.lane for a in state.legal_actions() if a.kind == Kind.PLAY} == {0, 1, 2}
    act(state, "play 6S 1")
    assert row(state, 1, 1) == ["6S"]
    assert state.lane_winner == [None, None, None]  # contested again


def test_ruling_lane_won_once_loser_plays_last_card_elsewhere() -> None:
    state = lane_1_emptied(actions_left=1)
    act(state, "play 6S 2")  # the loser's last card goes elsewhere
    assert state.lane_winner == [0, None, None]


def test_ruling_lane_emptied_on_both_sides_is_contested_by_whoever_holds_cards() -> None:
    # The last attacker dies to the 8 it kills: nobody has a card in lane 1.
    state = lane_1_emptied(BOTH_DIE, actions_left=2)
    assert state.rows[0] == [[], []]
    assert state.lane_winner == [None, None, None]
    act(state, "play 2H 1")
    assert state.lane_winner == [None, None, None]  # the opponent still holds 6S
    assert state.current == 1
    act(state, "play 6S 1")
    assert row(state, 1, 1) == ["6S"]


def test_ruling_lane_won_stays_open_to_the_winner() -> None:
    state = lane_1_emptied(hands=KEEP)
    assert "play 2H 1" in legal(state)


@pytest.mark.parametrize("lane_win", ["hand-empty", "closed"])
def test_ruling_lane_won_stays_won_when_the_winners_last_card_leaves(lane_win: str) -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["QC down"], ["6C"]), 3: (["3H base"], ["3S base"])},
        hands=KEEP,
        pile=[],
        bases=False,
        lane_win=lane_win,
    )
    act(state, "attack 1a 1A")
    assert state.lane_winner == [0, None, None]
    act(state, "flip 2a", "move 1a")  # the Queen takes the winner's last card out of lane 1
    assert state.rows[0] == [[], []]
    assert state.lane_winner == [0, None, None]


def test_ruling_lane_emptied_by_a_queen_move_can_be_answered() -> None:
    state = make(
        {1: (["QC down"], ["5C"]), 2: (["9H"], ["6C"]), 3: (["3H base"], ["3S base"])},
        hands=KEEP,
        pile=[],
        bases=False,
    )
    act(state, "flip 1a", "move 2a")
    assert state.rows[1][0] == []
    assert state.lane_winner == [None, None, None]  # the mover still holds 2H
    act(state, "play 2H 2")
    assert row(state, 2, 0) == ["2H"]


def test_ruling_lane_emptied_by_a_queen_move_is_lost_with_nothing_to_play() -> None:
    state = make(
        {1: (["QC down"], ["5C"]), 2: (["9H"], ["6C"]), 3: (["3H base"], ["3S base"])},
        pile=[],
        bases=False,
    )
    act(state, "flip 1a", "move 2a")
    assert state.lane_winner == [None, 1, None]


def test_ruling_lane_win_closed_option_wins_at_once_and_closes_lane_to_loser() -> None:
    state = lane_1_emptied(actions_left=1, lane_win="closed")
    assert state.lane_winner == [0, None, None]
    assert state.current == 1
    assert {a.lane for a in state.legal_actions() if a.kind == Kind.PLAY} == {1, 2}
    assert illegal(state, "play 6S 1").endswith(
        "lane 1 is lost to you; you may not play cards into it"
    )


def test_ruling_lane_win_closed_option_lane_emptied_by_a_queen_move_is_lost() -> None:
    state = make(
        {1: (["QC down"], ["5C"]), 2: (["9H"], ["6C"]), 3: (["3H base"], ["3S base"])},
        hands=KEEP,
        pile=[],
        bases=False,
        lane_win="closed",
    )
    act(state, "flip 1a", "move 2a")
    assert state.lane_winner == [None, 1, None]
    assert "play 2H 2" not in legal(state)


def test_ruling_lane_win_closed_option_first_card_into_a_doubly_emptied_lane_wins_it() -> None:
    state = lane_1_emptied(BOTH_DIE, actions_left=2, lane_win="closed")
    assert state.lane_winner == [None, None, None]
    act(state, "play 2H 1")
    assert state.lane_winner == [0, None, None]


def test_ruling_win_two_lanes_to_win_the_game() -> None:
    state = make(
        {1: (["9H"], ["5C d1"]), 2: (["3C base"], []), 3: (["3H base"], ["3S base"])},
        hands=KEEP,
        pile=[],
        bases=False,
    )
    act(state, "attack 1a 1A")
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "two-lanes"
    assert state.to_move() == ()


# -- 2: passing and stalemate --------------------------------------------------------------


def test_ruling_no_legal_action_passes_the_rest_of_the_turn() -> None:
    state = make({1: (["9H"], ["5C"])}, hands=([], ["6S"]), pile=["QC"])
    act(state, "attack 1b 1B")
    assert state.current == 1  # two actions were left, but none was legal
    assert hand(state, 1) == ["6S", "QC"]


def test_ruling_three_turns_without_action_with_empty_pile_is_a_stalemate() -> None:
    state = make({1: (["9H"], []), 2: ([], ["9S"])}, pile=[], bases=False)
    result = state.outcome()
    assert result is not None
    assert result.winner is None and result.reason == "stalemate"
    assert result.scores == (0.5, 0.5)


def test_ruling_one_pass_is_not_a_stalemate() -> None:
    state = make({1: (["9H"], []), 2: ([], ["9S"])}, hands=([], ["6S"]), pile=[], bases=False)
    assert state.outcome() is None
    assert state.current == 1 and state.passes == 1


# -- 3: face-down Jacks --------------------------------------------------------------------


def test_ruling_face_down_jack_has_two_hit_points() -> None:
    state = make({1: (["7H", "7D"], ["JC down"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B", "attack 1c 1B")
    assert row(state, 1, 1)[1:] == []


def test_ruling_face_down_jack_hp_option_three() -> None:
    state = make({1: (["7H", "7D"], ["JC down"])}, hands=KEEP, pile=["QC"], facedown_jack_hp=3)
    act(state, "attack 1b 1B", "attack 1c 1B")
    assert row(state, 1, 1)[1:] == ["JC"] and card(state, "1B").damage == 2


def test_ruling_face_down_jack_does_not_taunt() -> None:
    state = make({1: (["9H"], ["5C", "JC down"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B", "attack 1b 1C"}


def test_ruling_nine_double_damage_only_to_face_up_jacks() -> None:
    state = make({1: (["9H"], ["JC down"])}, hands=KEEP, pile=["QC"], facedown_jack_hp=3)
    act(state, "attack 1b 1B")
    assert card(state, "1B").damage == 1


def test_ruling_pair_of_nines_deals_two_to_a_face_down_jack() -> None:
    state = make(
        {1: (["9H p1", "9D p1"], ["JC down"])}, hands=KEEP, pile=["QC"], facedown_jack_hp=3
    )
    act(state, "attack 1b+1c 1B")
    assert card(state, "1B").damage == 2


# -- 4: face-down 9s and freezing ----------------------------------------------------------


def test_ruling_face_down_nine_can_be_frozen() -> None:
    state = make({1: (["6C down"], ["9S down"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1B").frozen


def test_ruling_frozen_card_turning_face_up_as_a_nine_is_unfrozen() -> None:
    state = make({1: (["5C down", "9D down frozen"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1c").up and not card(state, "1c").frozen
    assert "attack 1c 1B" in legal(state)


def test_ruling_frozen_face_down_nine_cannot_flip_itself() -> None:
    state = make({1: (["9S down frozen", "7S down"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert "flip 1b" not in legal(state)
    assert "flip 1c" in legal(state)
    assert illegal(state, "flip 1b").endswith("frozen and cannot flip itself this turn")


def test_ruling_facedown_nine_immune_option_lets_a_frozen_nine_flip_itself() -> None:
    state = make(
        {1: (["6C down"], ["9S down", "7S down"])},
        hands=KEEP,
        pile=["QC", "KC"],
        actions_left=1,
        facedown_nine_immune=True,
    )
    act(state, "flip 1b")  # the 6 freezes both face-down cards, the 9 included
    shown = state.view(0)["lanes"][0]["rows"][1]
    assert [(c["card"], c["frozen"]) for c in shown[1:]] == [(None, True), (None, True)]
    assert state.current == 1
    assert card(state, "1b").frozen and card(state, "1c").frozen
    assert "flip 1b" in legal(state)
    assert "flip 1c" not in legal(state)  # a frozen face-down non-9 still cannot
    act(state, "flip 1b")
    nine = card(state, "1b")
    assert nine.up and not nine.frozen
    assert "attack 1b 1B" in legal(state)
    assert card(state, "1c").frozen


def test_ruling_facedown_nine_immune_option_needs_the_owner_to_know_the_nine() -> None:
    # An unknown Base 9 may not flip itself while frozen: offering the flip would tell its
    # owner what the card is. Once a 4 has shown it to them, it may.
    lanes = {
        1: (["9S base frozen", "5H"], ["8C"]),
        2: (["3C base"], ["3D base"]),
        3: (["3H base"], ["3S base"]),
    }
    unknown = make(lanes, hands=KEEP, pile=[], bases=False, facedown_nine_immune=True)
    assert "flip 1a" not in legal(unknown)
    lanes[1] = (["9S base frozen seen:0", "5H"], ["8C"])
    seen = make(lanes, hands=KEEP, pile=[], bases=False, facedown_nine_immune=True)
    assert "flip 1a" in legal(seen)


# -- 5: power details ----------------------------------------------------------------------


def test_ruling_five_flips_frozen_cards() -> None:
    state = make({1: (["5C down", "7D down frozen"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert card(state, "1c").up


def test_ruling_queen_move_is_optional() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b")
    assert "stay" in legal(state)
    act(state, "stay")
    assert row(state, 2, 0)[1:] == ["9C"]


def test_ruling_two_with_empty_pile_does_nothing() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=[])
    act(state, "flip 1b")
    assert state.pending == [] and state.discard == [] and hand(state, 0) == ["9H"]


def test_ruling_four_looks_only_at_cards_its_owner_does_not_know() -> None:
    state = make(
        {1: (["4C down", "9D down"], ["5S down seen:01", "6S down"])}, hands=KEEP, pile=["QC"]
    )
    act(state, "flip 1b")
    assert "look 1c" not in legal(state) and "look 1B" not in legal(state)
    assert "look 1C" in legal(state)


def test_ruling_four_with_nothing_unknown_does_nothing() -> None:
    state = make({1: (["4C down", "9D down"], ["5S"])}, hands=KEEP, pile=[], bases=False)
    act(state, "flip 1a")
    assert state.pending == []


# -- 6: simultaneous damage, the 8 and the trap -------------------------------------------


def test_ruling_attack_damage_is_simultaneous() -> None:
    state = make({1: (["7H d1"], ["8C d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert row(state, 1, 0)[1:] == [] and row(state, 1, 1)[1:] == []
    assert sorted(c for c, _, _ in discards(state)) == ["7H", "8C"]


def test_ruling_dead_eight_still_retaliates() -> None:
    state = make({1: (["7H"], ["8C d1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 1


def test_ruling_dead_eight_retaliates_false_option() -> None:
    state = make({1: (["7H"], ["8C d1"])}, hands=KEEP, pile=["QC"], dead_eight_retaliates=False)
    act(state, "attack 1b 1B")
    assert row(state, 1, 1)[1:] == []
    assert card(state, "1b").damage == 0


def test_ruling_dead_eight_option_keeps_a_surviving_eight_retaliating() -> None:
    state = make({1: (["7H"], ["8C"])}, hands=KEEP, pile=["QC"], dead_eight_retaliates=False)
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 1


def test_ruling_ten_striking_two_eights_takes_two() -> None:
    state = make({1: (["10H"], ["8C", "8D"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B 1C")
    assert row(state, 1, 0)[1:] == []


def test_ruling_trap_flips_face_up_with_no_damage() -> None:
    state = make({1: (["10H p1", "10D p1"], ["3C down"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert card(state, "1B").up and card(state, "1B").damage == 0


# -- 7: pairs, tens and taunts -------------------------------------------------------------


def test_ruling_pair_deals_two_to_one_card() -> None:
    state = make({1: (["7H p1", "7D p1"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert card(state, "1B").damage == 2


def test_ruling_pair_of_nines_deals_three_to_a_face_up_jack() -> None:
    state = make({1: (["9H p1", "9D p1"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert row(state, 1, 1)[1:] == []


def test_ruling_pair_of_tens_names_targets_in_order() -> None:
    state = make({1: (["10H p1", "10D p1"], ["5C", "JC d2", "JD"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1D 1C")
    assert row(state, 1, 1)[1:] == ["5C", "JD"]  # 1 to the damaged Jack killed it
    assert card(state, "1C").damage == 2


@pytest.mark.parametrize(
    ("theirs", "target", "after"),
    [
        (["5C"], "1B", []),  # only one card: it takes two and dies
        (["9C", "5C"], "1B", ["5C"]),  # a lone 9
        (["5C", "JC"], "1C", ["5C", "JC"]),  # a lone taunting Jack (three hit points)
    ],
)
def test_ruling_pair_of_tens_striking_one_card_deals_two(
    theirs: list[str], target: str, after: list[str]
) -> None:
    state = make({1: (["10H p1", "10D p1"], theirs)}, hands=KEEP, pile=["QC"])
    act(state, f"attack 1b+1c {target}")
    assert row(state, 1, 1)[1:] == after
    if "JC" in after:
        assert card(state, "1C").damage == 2


def test_ruling_single_ten_must_strike_two_when_it_can() -> None:
    state = make({1: (["10H"], ["5C", "6C"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B 1C"}
    assert illegal(state, "attack 1b 1B").endswith(
        "a 10 must strike two cards when two can be struck"
    )


def test_ruling_single_ten_strikes_one_when_only_one_is_there() -> None:
    state = make({1: (["10H"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B"}


def test_ruling_twinstrike_optional_option() -> None:
    state = make({1: (["10H"], ["5C", "6C"])}, hands=KEEP, pile=["QC"], twinstrike_optional=True)
    assert attacks(state) == {"attack 1b 1B", "attack 1b 1C", "attack 1b 1B 1C"}
    act(state, "attack 1b 1C")
    assert card(state, "1C").damage == 1 and card(state, "1B").damage == 0


def test_ruling_ten_never_strikes_a_face_up_nine_with_another_card() -> None:
    state = make({1: (["10H p1", "10D p1"], ["9C", "5C"])}, hands=KEEP, pile=["QC"])
    assert not any(len(a.targets) == 2 for a in state.legal_actions() if a.kind == Kind.ATTACK)


def test_ruling_ten_may_strike_a_face_down_nine_with_another_card() -> None:
    state = make({1: (["10H"], ["9C down", "5C"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1B 1C"}


def test_ruling_face_up_jacks_taunt() -> None:
    state = make({1: (["9H"], ["5C", "JC", "JD"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == {"attack 1b 1C", "attack 1b 1D"}


# -- 8: the Ace ----------------------------------------------------------------------------


def ace_and_king() -> dict[int, tuple[list[str], list[str]]]:
    return {1: (["5C down", "AC down", "KC down"], ["5S", "6S", "7S"])}


def test_ruling_flipped_ace_attacks_twice() -> None:
    state = make({1: (["AC down"], ["5S", "6S", "7S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b")
    assert state.actions_left == 3
    act(state, "attack 1b 1B", "attack 1b 1C")
    assert illegal(state, "attack 1b 1D").endswith("that card has already attacked this turn")


def test_ruling_ace_flipped_and_kinged_attacks_at_most_twice() -> None:
    state = make(ace_and_king(), hands=KEEP, pile=["QC"])
    act(state, "flip 1b", "resolve 1c")  # the 5 flips the Ace and King: the Ace first
    act(state, "resolve 1c")  # the King empowers the Ace (and the 5, which finds nothing)
    assert state.actions_left == 4  # both activations still give their action
    act(state, "attack 1c 1B", "attack 1c 1C")
    assert illegal(state, "attack 1c 1D").endswith("that card has already attacked this turn")
    assert "attack 1c 1D" not in attacks(state)


def test_ruling_ace_attacks_stack_option_adds_an_attack_per_activation() -> None:
    state = make(ace_and_king(), hands=KEEP, pile=["QC"], ace_attacks="stack")
    act(state, "flip 1b", "resolve 1c", "resolve 1c")
    assert state.actions_left == 4
    act(state, "attack 1c 1B", "attack 1c 1C", "attack 1c 1D")
    assert [bc.damage for bc in state.rows[0][1][1:]] == [1, 1, 1]


# -- 9: the first turn ---------------------------------------------------------------------


def test_ruling_first_player_draws_on_first_turn() -> None:
    state = new(seed=4, first_player="1")
    assert len(state.hands[0]) == 6 and state.actions_left == 2


def test_ruling_first_player_draws_false_option() -> None:
    state = new(seed=4, first_player="1", first_player_draws=False)
    assert len(state.hands[0]) == 5 and state.actions_left == 2
    assert len(state.pile) == 52 - 6 - 10 - 10


def test_ruling_second_player_draws_and_has_three_actions() -> None:
    state = new(seed=4, first_player="1", first_player_draws=False)
    act(state, f"play {hand(state, 0)[0]} 1")
    act(state, f"play {hand(state, 0)[0]} 1")
    assert state.current == 1 and len(state.hands[1]) == 6 and state.actions_left == 3


def test_ruling_first_player_random_from_seed() -> None:
    firsts = {new(seed=s).first_player for s in range(20)}
    assert firsts == {0, 1}
    assert all(new(seed=s).first_player == new(seed=s).first_player for s in range(5))
    assert new(seed=3, first_player="2").current == 1


# -- 10: the 2's discard -------------------------------------------------------------------


def test_ruling_two_discards_face_down() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=["QC"])
    act(state, "flip 1b", "discard 9H")
    assert discards(state) == [("9H", False, 0b01)]
    assert state.view(1)["discard"] == [{"card": None, "up": False, "from": "hand"}]


def test_ruling_view_discard_revealed_option() -> None:
    state = make(
        {1: (["2C down"], ["5S"])}, hands=(["9H"], []), pile=["QC"], view_discard="revealed"
    )
    act(state, "flip 1b", "discard 9H")
    assert discards(state) == [("9H", True, 0b11)]
    assert state.view(1)["discard"] == [{"card": "9H", "up": True, "from": "hand"}]


# -- 11: resolution order ------------------------------------------------------------------


def test_ruling_order_asked_only_when_ranks_differ() -> None:
    state = make(
        {1: (["5C down", "7D down", "7S down"], ["5S"]), 2: (["9C d1"], [])},
        hands=KEEP,
        pile=["QC"],
    )
    act(state, "flip 1b")
    assert state.pending == []
    assert card(state, "2b").damage == 0


def test_ruling_king_reactivates_face_up_base_cards() -> None:
    state = make(
        {
            1: (["7C base up", "KC down"], ["5S"]),
            2: (["9C d1"], ["3D base"]),
            3: (["3H base"], ["3S base"]),
        },
        hands=KEEP,
        pile=[],
        bases=False,
    )
    act(state, "flip 1b")
    assert card(state, "2a").damage == 0


def test_ruling_king_reactivates_2_4_5_6_7_q_a() -> None:
    state = make(
        {1: (["KC down", "2C", "4C", "5C", "6C", "7C", "QC", "AC"], ["5S down"])},
        hands=KEEP,
        pile=["QD", "QH"],
    )
    act(state, "flip 1b")
    assert legal(state) == {f"resolve 1{x}" for x in "cdefghi"}


def test_ruling_reactivated_five_resolves_its_flips_before_the_king_continues() -> None:
    state = make(
        {1: (["KC down", "5C", "7C", "2D down", "6D down"], ["5S"]), 2: (["9C d1"], [])},
        hands=KEEP,
        pile=["QD"],
    )
    act(state, "flip 1b")
    assert legal(state) == {"resolve 1c", "resolve 1d"}
    act(state, "resolve 1c")  # the 5 flips the 2 and the 6 ...
    assert legal(state) == {"resolve 1e", "resolve 1f"}  # ... which resolve first
    act(state, "resolve 1f")  # the 6 freezes; the 2, alone now, follows by itself
    assert card(state, "1B").frozen
    assert state.pending[-1] == ("discard",)
    assert card(state, "2b").damage == 1  # the King's 7 still waits
    act(state, "discard 2H")
    assert card(state, "2b").damage == 0


# -- 12: frozen cards ----------------------------------------------------------------------


def test_ruling_frozen_cards_may_still_be_paired() -> None:
    state = make({1: (["7H frozen", "7D frozen"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "pair 1b 1c")
    assert card(state, "1b").pair == card(state, "1c").pair != 0


def test_ruling_frozen_lasts_until_the_end_of_its_owner_next_turn() -> None:
    state = make(
        {1: (["6C down"], ["9S down"])},
        hands=(["2H"], ["8D", "8H", "8S"]),
        pile=["QC", "QD"],
        actions_left=1,
    )
    act(state, "flip 1b")
    assert state.current == 1
    assert card(state, "1b").frozen
    act(state, "play 8D 2", "play 8H 2", "play 8S 2")
    assert not state.rows[0][1][1].frozen


def test_ruling_moved_card_keeps_damage_frozen_and_attacks() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C d1 a1 frozen"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "move 2b")
    moved = card(state, "1c")
    assert moved.damage == 1 and moved.frozen and moved.attacks == 1


def test_ruling_moving_breaks_a_pair() -> None:
    state = make({1: (["QC down"], ["5S"]), 2: (["9C p1", "9D p1"], [])}, hands=KEEP, pile=["QD"])
    act(state, "flip 1b", "move 2b")
    assert card(state, "1c").pair == 0 and card(state, "2b").pair == 0
    assert "attack 1c 1B" in legal(state)


# -- 13: pairs -----------------------------------------------------------------------------


def test_ruling_paired_card_attacks_only_when_both_unfrozen() -> None:
    state = make({1: (["7H p1 frozen", "7D p1"], ["5S"])}, hands=KEEP, pile=["QC"])
    assert attacks(state) == set()


def test_ruling_pair_only_from_unpaired_cards() -> None:
    state = make({1: (["7H p1", "7D p1", "7S", "7C"], ["5S"])}, hands=KEEP, pile=["QC"])
    assert {a for a in legal(state) if a.startswith("pair")} == {"pair 1d 1e"}


# -- 14: Base cards ------------------------------------------------------------------------


def test_ruling_base_cards_unknown_even_to_their_owner() -> None:
    state = new(seed=9)
    assert all(r[0].known == 0 for lane in state.rows for r in lane)
    view = state.view(state.current)
    assert all(lane["rows"][s][0]["card"] is None for lane in view["lanes"] for s in (0, 1))


def test_ruling_base_card_known_to_owner_after_a_four() -> None:
    state = make({1: (["4C down"], ["5S"])}, hands=KEEP, pile=["QC"])
    act(state, "flip 1b", "look 2a")
    assert state.view(0)["lanes"][1]["rows"][0][0]["card"] is not None


def test_ruling_base_cards_flipped_attacked_and_moved_once_pile_empty() -> None:
    state = make(
        {
            1: (["QC base", "9H"], ["5S base"]),
            2: (["7C base"], ["3D base"]),
            3: (["5C base"], ["3S base"]),
        },
        hands=KEEP,
        pile=[],
        bases=False,
    )
    assert {"flip 1a", "flip 2a", "flip 3a", "attack 1b 1A"} <= legal(state)
    act(state, "flip 1a", "move 2a")
    assert row(state, 1, 0) == ["QC", "9H", "7C"]


# -- 15: cards killed face-down ------------------------------------------------------------


def test_ruling_killed_face_down_known_only_to_those_who_knew() -> None:
    state = make(
        {1: (["9H", "10H"], ["5C down d1 seen:01", "6C down d1"])}, hands=KEEP, pile=["QC"]
    )
    act(state, "attack 1c 1B 1C")
    assert sorted(discards(state)) == [("5C", False, 0b11), ("6C", False, 0b10)]
    seen = {d["card"] for d in state.view(0)["discard"]}
    assert seen == {"5C", None}  # the looker knows the 5; the 6 stays unknown to them


# -- variants ------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "removed"), [("standard", 10), ("quick", 16), ("long", 0)])
def test_ruling_variant_sets_the_cards_removed_at_setup(variant: str, removed: int) -> None:
    state = new(seed=6, variant=variant, first_player="1", first_player_draws=False)
    assert len(state.removed) == removed
    assert len(state.pile) == 52 - 6 - 10 - removed
    assert state.view(0)["removed"] == removed
