"""Rulebook section 4, "Team play: 2 vs 2": one test per clause and per ruling
(docs/rulings/duel52-teams.md). Seats 0-3 are A-D; seats 0 and 2 are team 0."""

from __future__ import annotations

import pytest

from duelhall.core.errors import IllegalActionError, OptionError, PositionError
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.variants.teams.state import TeamState, partner_of, team_of
from tests.games.duel52.test_s4_teams_helpers import (
    GAME,
    act,
    card,
    legal,
    make,
    new,
    pass_turn,
    shown,
)

# ---------------------------------------------------------------- setup (T1-T5)


def test_s4_teams_setup_three_lanes_six_base_cards_one_per_lane_per_team() -> None:
    s = new(3)
    assert len(s.rows) == 3
    for lane in s.rows:
        for row in lane:
            assert len(row) == 1
            base = row[0]
            assert base.base and not base.up and base.known == 0  # nobody knows a Base card
    for seat in range(4):
        assert all(
            c["card"] is None for lane in s.view(seat)["lanes"] for r in lane["rows"] for c in r
        )


def test_s4_teams_deal_six_cards_each_and_nothing_removed() -> None:
    s = new(3, first_player="1", first_player_draws=False)
    assert [len(h) for h in s.hands] == [6, 6, 6, 6]
    assert len(s.pile) == 52 - 6 - 24
    assert s.card_count() == 52
    assert "removed" not in s.view(None) or not s.view(None)["removed"]


def test_s4_teams_turn_order_a_b_c_d() -> None:
    s = new(4, first_player="1")
    order = []
    for _ in range(6):
        order.append(s.current)
        pass_turn(s)
    assert order == [0, 1, 2, 3, 0, 1]


def test_s4_teams_random_first_player_keeps_cyclic_order() -> None:
    firsts = set()
    for seed in range(12):
        s = new(seed)
        first = s.current
        firsts.add(first)
        pass_turn(s)
        assert s.current == (first + 1) % 4
    assert len(firsts) > 1  # any of the four seats may be A


def test_s4_teams_partners_are_a_and_c_against_b_and_d() -> None:
    assert team_of(0) == team_of(2) != team_of(1) == team_of(3)
    assert partner_of(0) == 2 and partner_of(1) == 3
    assert new(1).view(0)["teams"] == [[0, 2], [1, 3]]


def test_s4_teams_first_turn_actions_a1_b2_c2_d3_then_three() -> None:
    s = new(5, first_player="2")
    counts = []
    for _ in range(6):
        counts.append(s.actions_left)
        pass_turn(s)
    assert counts == [1, 2, 2, 3, 3, 3]


def test_s4_teams_first_player_draws_by_default() -> None:
    assert len(new(2, first_player="1").hands[0]) == 7
    assert len(new(2, first_player="1", first_player_draws=False).hands[0]) == 6


def test_s4_teams_every_turn_starts_with_a_draw() -> None:
    s = new(6, first_player="1")
    pile = len(s.pile)
    before = len(s.hands[1])
    pass_turn(s)
    assert len(s.hands[1]) == before + 1
    assert len(s.pile) == pile - 1


def test_s4_teams_players_may_play_into_any_lane() -> None:
    s = new(7, first_player="1")
    plays = {(a.card, a.lane) for a in s.legal_actions() if a.kind == "play"}
    assert plays == {(c, lane) for c in s.hands[0] for lane in range(3)}


def test_s4_teams_no_play_into_a_lane_the_other_team_won() -> None:
    s = make({1: ([], ["9C"])}, hands=([], [], ["7H"], []), pile=[], bases=False, to_move=2)
    assert s.lane_winner[0] is None  # seat 2 still holds a card to play
    s = make(
        {1: ([], ["9C"]), 2: (["2C base"], ["2D base"]), 3: (["2H base"], ["2S base"])},
        hands=(["7H"], [], [], []),
        bases=False,
        lane_win="closed",
    )
    assert s.lane_winner[0] == 1
    assert "play 7H 1" not in legal(s) and "play 7H 2" in legal(s)


def test_s4_teams_nothing_removed_so_quick_and_long_variants_refused() -> None:
    with pytest.raises(OptionError, match="whole deck"):
        new(1, variant="quick")


@pytest.mark.parametrize("name", ["heroes", "bannermen", "forts", "vampiric"])
def test_s4_teams_expansion_options_refused(name: str) -> None:
    with pytest.raises(OptionError, match="team game"):
        new(1, **{name: True})


# ---------------------------------------------------------------- hidden hands and cards (T8)


def test_s4_teams_partner_may_not_see_your_hand() -> None:
    s = new(8)
    for seat in range(4):
        view = s.view(seat)
        assert sorted(view["hands"][seat]) == sorted(C.name(c) for c in s.hands[seat])
        for other in range(4):
            if other != seat:
                assert view["hands"][other] == len(s.hands[other])


def test_s4_teams_you_know_what_you_played_your_partner_does_not() -> None:
    s = make(hands=(["7H"], [], [], []))
    act(s, "play 7H 2")
    assert shown(s, 0, "2b") == "7H"
    assert shown(s, 2, "2b") is None  # the partner
    assert shown(s, 1, "2B") is None and shown(s, 3, "2B") is None


def test_s4_teams_only_a_4_looks_and_only_for_the_looker() -> None:
    s = make({1: (["7D down by:2"], ["8C down by:1"]), 2: (["4S down by:0"], [])})
    act(s, "flip 2b")
    choices = legal(s)
    assert {"look 1b", "look 1B", "look 1a", "look 1A"} <= choices  # partner's card too
    act(s, "look 1B")
    assert shown(s, 0, "1B") == "8C"
    assert shown(s, 2, "1B") is None  # the looker may not tell the partner
    assert shown(s, 3, "1b") is None
    assert shown(s, 1, "1b") == "8C"  # its own player still knows it


def test_s4_teams_a_4_cannot_look_at_cards_you_played() -> None:
    s = make({1: (["7D down by:0"], []), 2: (["4S down by:0"], [])})
    act(s, "flip 2b")
    assert "look 1b" not in legal(s)


# ---------------------------------------------------------------- team cards (T6, T7, T12-T15)


def test_s4_teams_played_card_goes_on_the_team_side() -> None:
    s = make(hands=([], [], ["7H"], []), to_move=2)
    act(s, "play 7H 3")
    bc = s.rows[2][0][-1]
    assert C.name(bc.card) == "7H" and bc.by == 2
    assert s.view(0)["lanes"][2]["rows"][0][-1]["by"] == 2


def test_s4_teams_partner_may_flip_a_card_they_do_not_know() -> None:
    s = make({1: (["8S down by:0"], [])}, to_move=2)
    assert shown(s, 2, "1b") is None
    act(s, "flip 1b")
    assert card(s, "1b", 2).up and shown(s, 2, "1b") == "8S"


def test_s4_teams_careful_with_those_3s_a_partner_flip_wastes_the_trap() -> None:
    s = make({1: (["3S down by:0"], ["9C by:1", "9D by:3"])}, to_move=2, actions_left=1)
    act(s, "flip 1b")  # the partner does not know it is a 3
    assert s.current == 3
    act(s, "attack 1b 1B", "attack 1c 1B")
    assert all(C.name(bc.card) != "3S" for bc in s.rows[0][0])
    assert "3S" in [C.name(e[0]) for e in s.discard]


def test_s4_teams_partner_3_killed_face_down_by_the_enemy_springs() -> None:
    s = make({1: (["3S down by:2 d1"], ["9C by:1"])}, to_move=1)
    act(s, "attack 1b 1B")
    trap = s.rows[0][0][1]
    assert C.name(trap.card) == "3S" and trap.up and trap.damage == 0


def test_s4_teams_either_partner_attacks_with_team_cards() -> None:
    s = make({1: (["9S by:2"], ["5C by:1"])}, to_move=0)
    assert "attack 1b 1B" in legal(s)


def test_s4_teams_pair_cards_of_both_partners() -> None:
    s = make({1: (["8S by:0", "8H by:2"], ["5C by:1"])})
    act(s, "pair 1b 1c")
    assert "attack 1b+1c 1B" in legal(s)


def test_s4_teams_each_card_attacks_once_per_players_turn() -> None:
    s = make(
        {1: (["9S by:2"], ["JC by:1"])},
        hands=(["4C"], ["2C", "2D", "2H"], [], []),
        actions_left=2,
    )
    act(s, "attack 1b 1B")
    assert not any(str(a).startswith("attack 1b") for a in s.legal_actions())
    pass_turn(s)  # A's last action
    pass_turn(s)  # B plays into lane 3
    assert s.current == 2
    assert "attack 1b 1B" in legal(s)  # the partner's turn: the 9 attacks again


def test_s4_teams_2_draws_and_discards_for_the_acting_player() -> None:
    s = make({1: (["2S down by:2"], [])}, hands=(["7H"], [], ["KD"], []))
    top = s.pile[-1]
    act(s, "flip 1b")
    assert top in s.hands[0] and s.hands[2] == [C.parse("KD")]
    assert legal(s) == {f"discard {C.name(c)}" for c in s.hands[0]}
    act(s, "discard 7H")
    entry = s.discard[-1]
    assert C.name(entry[0]) == "7H" and entry[2] == 1 << 0  # known to the discarder only
    assert s.view(2)["discard"][-1]["card"] is None


def test_s4_teams_6_freezes_the_other_team_until_its_next_turn_ends() -> None:
    s = make(
        {1: (["6S down by:0"], ["9C by:1", "10C by:3"])},
        hands=([], ["2C", "2D", "2H"], ["3C"], []),
        actions_left=1,
    )
    act(s, "flip 1b")
    assert s.current == 1
    ten = s.rows[0][1][2]
    assert ten.frozen and not s.rows[0][1][1].frozen  # a face-up 9 is not frozen
    assert not any(str(a).startswith("attack 1c") for a in s.legal_actions())
    pass_turn(s)
    assert s.current == 2 and not ten.frozen


def test_s4_teams_7_heals_every_team_card() -> None:
    s = make(
        {
            1: (["7S down by:0"], []),
            2: (["8H d1 by:2"], []),
            3: (["9H down d1 by:2"], ["10H d1 by:1"]),
        }
    )
    act(s, "flip 1b")
    assert s.rows[1][0][1].damage == 0 and s.rows[2][0][1].damage == 0
    assert s.rows[2][1][1].damage == 1


def test_s4_teams_queen_moves_a_partner_card() -> None:
    s = make({1: (["QS down by:0"], []), 2: (["JH by:2"], [])})
    act(s, "flip 1b")
    assert {"move 2b", "stay"} <= legal(s)
    act(s, "move 2b")
    assert [C.name(bc.card) for bc in s.rows[0][0]][-1] == "JH"


def test_s4_teams_5_flips_the_partners_cards_too() -> None:
    s = make({1: (["5S down by:0", "8H down by:2", "9C down by:2"], [])})
    act(s, "flip 1b")
    assert all(bc.up for bc in s.rows[0][0][1:])
    assert not s.rows[0][0][0].up  # the Base card waits for an empty pile


def test_s4_teams_king_empowers_the_partners_cards() -> None:
    s = make({1: (["KS down by:0", "AH by:2"], [])}, hands=(["4C"], [], [], []), actions_left=1)
    act(s, "flip 1b")
    assert s.current == 0 and s.actions_left == 1  # the partner's Ace gave an action


def test_s4_teams_partner_may_not_act_outside_their_turn() -> None:
    s = make({1: (["8S down by:0"], [])})
    assert s.legal_actions(2) == []
    with pytest.raises(IllegalActionError, match="turn"):
        s.apply(s.parse_action("flip 1b", 2))


# ---------------------------------------------------------------- lanes, game, draw (T16-T18)


def test_s4_teams_lane_won_only_when_neither_enemy_can_play() -> None:
    rows = {1: ([], ["9C"]), 2: (["2C base"], ["2D base"]), 3: (["2H base"], ["2S base"])}
    s = make(rows, hands=([], [], ["7H"], []), pile=[], bases=False)
    assert s.lane_winner[0] is None
    s = make(rows, hands=([], ["7H"], [], []), pile=[], bases=False)
    assert s.lane_winner[0] == 1


def test_s4_teams_lane_won_at_once_under_closed_option() -> None:
    rows = {1: ([], ["9C"]), 2: (["2C base"], ["2D base"]), 3: (["2H base"], ["2S base"])}
    s = make(rows, hands=([], [], ["7H"], []), bases=False, lane_win="closed")
    assert s.lane_winner[0] == 1


def test_s4_teams_two_lanes_win_the_game_for_both_partners() -> None:
    rows = {1: ([], ["9C"]), 2: (["5D d1"], ["9D"]), 3: (["2H base"], ["2S base"])}
    s = make(rows, hands=([], [], [], []), pile=[], bases=False, to_move=1)
    assert s.lane_winner[0] == 1 and not s.is_over()
    act(s, "attack 2a 2A")
    out = s.outcome()
    assert out is not None and out.reason == "two-lanes"
    assert out.scores == (0.0, 1.0, 0.0, 1.0)
    assert out.winner == 1 and out.extra["seats"] == [1, 3]
    assert out.ranking == [[1, 3], [0, 2]]


def test_s4_teams_stalemate_after_five_turns_without_actions() -> None:
    rows = {1: (["5C"], []), 2: ([], ["5D"]), 3: ([], [])}
    s = make(rows, hands=([], [], [], []), pile=[], bases=False, turn=9)
    out = s.outcome()
    assert out is not None and out.reason == "stalemate"
    assert out.scores == (0.5, 0.5, 0.5, 0.5)
    assert s.turn == 13  # turns 9-13: five passes


# ---------------------------------------------------------------- notation and positions


def test_s4_teams_notation_lower_case_is_your_team() -> None:
    s = make({1: (["8S down by:0"], ["9C by:1"])})
    a = s.parse_action("flip 1b", 0)
    assert a.slots == ((0, 0, 1),)
    assert s.parse_action("flip 1B", 1).slots == ((0, 0, 1),)
    assert str(s.parse_action("look 1b", 3)) == "look 1b"


def test_s4_teams_position_round_trip() -> None:
    from duelhall.core.rng import Rng

    s = new(9)
    rng = Rng(4)
    for _ in range(40):
        options = s.legal_actions()
        s.apply(options[rng.below(len(options))])
    data = s.to_position()
    again = GAME.load_position(data)
    assert isinstance(again, TeamState)
    assert again.to_position() == data
    for seat in (None, 0, 1, 2, 3):
        assert again.view(seat) == s.view(seat)


def test_s4_teams_bad_position_is_explained() -> None:
    with pytest.raises(PositionError, match="by:"):
        make({1: (["8S down by:1"], [])})


@pytest.mark.parametrize(
    ("setup", "text", "words"),
    [
        ({}, "play KD 1", "not in your hand"),
        ({1: (["8S", "8H"], [])}, "attack 1b 1a", "other team's cards"),
        ({1: (["8S frozen"], ["9C"])}, "attack 1b 1B", "frozen"),
        ({1: (["8S down"], ["9C"])}, "attack 1b 1B", "face-down"),
        ({1: ([], [])}, "flip 1a", "draw pile is empty"),
        ({1: (["9S"], ["JC", "5D"])}, "attack 1b 1C", "Jack"),
    ],
)
def test_s4_teams_illegal_actions_are_explained(
    setup: dict[int, tuple[list[str], list[str]]], text: str, words: str
) -> None:
    s = make(setup, hands=(["7H"], [], ["KD"], []))
    before = s.to_position()
    with pytest.raises(IllegalActionError, match=words):
        s.apply(s.parse_action(text))
    assert s.to_position() == before


def test_s4_teams_base_cards_live_for_both_partners_once_the_pile_is_empty() -> None:
    s = make({1: ([], ["9C"]), 2: (["8S"], [])}, hands=(["7H"], [], [], []), pile=[], to_move=0)
    assert {"flip 1a", "flip 2a", "flip 3a"} <= legal(s)  # the team's Base cards
    s = make(
        {1: (["QS down"], ["9C"])}, hands=(["7H"], [], [], []), pile=[], to_move=2
    )  # the partner's Queen may bring the team's Base card from lane 2
    act(s, "flip 1b")
    assert "move 2a" in legal(s)


def test_s4_teams_frozen_face_down_9_flips_itself_only_for_a_player_who_knows_it() -> None:
    rows = {1: (["9S down frozen by:0"], ["5C"])}
    s = make(rows, hands=(["7H"], [], ["KD"], []), facedown_nine_immune=True)
    assert "flip 1b" in legal(s)  # seat 0 played it: they know it is a 9
    s = make(rows, hands=(["7H"], [], ["KD"], []), facedown_nine_immune=True, to_move=2)
    assert "flip 1b" not in legal(s)  # the partner does not know it


def test_s4_teams_revealed_discard_option_shows_the_2s_discard_to_all() -> None:
    s = make({1: (["2S down by:0"], [])}, hands=(["7H"], [], [], []), view_discard="revealed")
    act(s, "flip 1b")
    assert s.legal_actions(2) == []  # only the acting player answers the 2
    act(s, "discard 7H")
    assert all(s.view(seat)["discard"][-1]["card"] == "7H" for seat in range(4))
