"""Rulebook section 4, "Three Player": one test per clause, and per ruling T1-T25
(docs/rulings/duel52-three-players.md)."""

from __future__ import annotations

import pytest

from duelhall.core.errors import IllegalActionError, OptionError
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.variants.triangles.state import MAIN_KINDS

from .test_s4_three_player_helpers import GAME, act, actions, card, legal_texts, new, tri

# ---------------------------------------------------------------------- setup (T1-T5)


def test_s4_three_player_four_triangles_shared_by_three_players() -> None:
    state = new()
    assert GAME.seat_count({"players": 3}) == 3
    view = state.view(0)
    assert view["mode"] == "triangles"
    assert len(view["triangles"]) == 4
    assert all(len(t["rows"]) == 3 for t in view["triangles"])


def test_s4_three_player_no_base_cards() -> None:
    state = new(seed=4)
    assert all(not row for t in state.rows for row in t)


def test_s4_three_player_six_cards_dealt_to_each_player() -> None:
    state = new(seed=2)
    first = state.first_player
    sizes = [len(h) for h in state.hands]
    assert sizes[first] == 7  # six dealt, one drawn at the start of the first turn
    assert [n for s, n in enumerate(sizes) if s != first] == [6, 6]
    no_draw = new(seed=2, first_player_draws=False)
    assert [len(h) for h in no_draw.hands] == [6, 6, 6]


def test_s4_three_player_nothing_removed_from_the_deck() -> None:
    for variant in ("standard", "long"):
        state = new(seed=3, variant=variant)
        assert state.removed == []
        assert len(state.pile) == 52 - 18 - 1
        assert state.card_count() == 52
    with pytest.raises(OptionError, match="removes none"):
        new(variant="quick")


def test_s4_three_player_options_without_meaning_are_refused() -> None:
    refused: tuple[tuple[str, object], ...] = (
        ("lane_win", "closed"),
        ("heroes", True),
        ("bannermen", True),
        ("forts", True),
        ("vampiric", True),
    )
    for name, value in refused:
        with pytest.raises(OptionError, match="players=3"):
            new(1, **{name: value})


def test_s4_three_player_first_player_is_drawn_among_all_three() -> None:
    assert {new(seed=s).first_player for s in range(40)} == {0, 1, 2}
    assert new(seed=5, first_player="2").first_player == 1


def _play_any(state: object) -> None:
    from duelhall.games.duel52.variants.triangles.state import TriState

    assert isinstance(state, TriState)
    play = next(a for a in state.legal_actions() if a.kind == Kind.PLAY)
    state.apply(play)


def test_s4_three_player_first_turn_actions_one_then_two_then_three() -> None:
    state = new(seed=7, first_player="1")
    assert (state.current, state.actions_left) == (0, 1)
    _play_any(state)
    assert (state.current, state.actions_left, state.turn) == (1, 2, 2)
    for _ in range(2):
        _play_any(state)
    assert (state.current, state.actions_left, state.turn) == (2, 3, 3)
    for _ in range(3):
        _play_any(state)
    assert (state.current, state.actions_left, state.turn) == (0, 3, 4)


def test_s4_three_player_turn_order_follows_the_seats() -> None:
    state = new(seed=8, first_player="2")
    order: list[int] = []
    while len(order) < 6:
        if not order or order[-1] != state.current:
            order.append(state.current)
        _play_any(state)
    assert order == [1, 2, 0, 1, 2, 0]


def test_s4_three_player_all_actions_must_be_used() -> None:
    state = tri({1: (["KH"], ["4D down"], [])}, hands=(["7H"], [], []))
    act(state, "play 7H 2")
    assert (state.current, state.actions_left) == (0, 2)
    assert all(a.kind in MAIN_KINDS for a in state.legal_actions())  # no way to stop early


def test_s4_three_player_turn_passes_when_nothing_is_legal() -> None:
    state = tri({1: (["KH"], ["4D down"], [])}, hands=(["7H"], ["8C"], ["9C"]), actions_left=2)
    act(state, "attack 11a 12a")
    act(state, "play 7H 3")
    assert state.current == 1


# ---------------------------------------------------------------------- playing and attacking


def test_s4_three_player_cards_may_be_played_into_any_triangle() -> None:
    state = tri({1: ([], ["4D down"], [])}, hands=(["7H"], [], []))
    assert {str(a) for a in actions(state) if a.kind == Kind.PLAY} == {
        "play 7H 1",
        "play 7H 2",
        "play 7H 3",
        "play 7H 4",
    }


def test_s4_three_player_attack_either_opponent_within_the_triangle() -> None:
    state = tri(
        {
            1: (["KH"], ["4D down"], ["5C down"]),
            2: ([], ["7S"], []),
        }
    )
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 12a", "attack 11a 13a"}
    act(state, "attack 11a 13a")
    assert card(state, "13a").damage == 1


def test_s4_three_player_twinstrike_split_between_two_players() -> None:
    state = tri({1: (["10H"], ["4D down"], ["5C down"])})
    assert "attack 11a 12a 13a" in legal_texts(state)
    act(state, "attack 11a 12a 13a")
    assert card(state, "12a").damage == 1
    assert card(state, "13a").damage == 1


def test_s4_three_player_twinstrike_may_also_hit_one_player_twice() -> None:
    state = tri({1: (["10H"], ["4D down", "6D down"], ["5C down"])})
    assert {"attack 11a 12a 12b", "attack 11a 12a 13a", "attack 11a 12b 13a"} <= legal_texts(state)


def test_s4_three_player_pair_of_tens_splits_two_and_one_between_players() -> None:
    state = tri({1: (["10H p1", "10C p1"], ["4D down"], ["5C down"])})
    act(state, "attack 11a+11b 13a 12a")
    assert state.rows[0][2] == []  # two damage: dead
    assert card(state, "12a").damage == 1


def test_s4_three_player_twinstrike_never_pairs_a_nine_with_another_card() -> None:
    state = tri({1: (["10H"], ["9S"], ["4D down"])})
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 12a", "attack 11a 13a"}


def test_s4_three_player_jack_taunt_covers_the_whole_triangle() -> None:
    # A (P1) cannot attack B's (P2) cards while C (P3) has a face-up Jack there.
    state = tri({1: (["KH"], ["4D down", "5S"], ["JD"])})
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 13a"}
    with pytest.raises(IllegalActionError):
        act(state, "attack 11a 12a")


def test_s4_three_player_jack_taunt_either_opponents_jack_may_be_hit() -> None:
    state = tri({1: (["KH"], ["JS", "5S"], ["JD"])})
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 12a", "attack 11a 13a"}


def test_s4_three_player_own_jack_does_not_limit_its_player() -> None:
    state = tri({1: (["JC", "KH"], ["4D down"], [])})
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 12a", "attack 11b 12a"}


def test_s4_three_player_face_down_jack_does_not_taunt() -> None:
    state = tri({1: (["KH"], ["4D down"], ["JD down"])})
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 12a", "attack 11a 13a"}


def test_s4_three_player_taunt_limits_each_twinstrike() -> None:
    state = tri({1: (["10H"], ["4D down", "5S"], ["JD"])})
    attacks = {str(a) for a in actions(state) if a.kind == Kind.ATTACK}
    assert attacks == {"attack 11a 13a"}


# ---------------------------------------------------------------------- control and winning


def test_s4_three_player_control_means_only_that_players_cards() -> None:
    state = tri(
        {
            1: (["KH"], [], []),
            2: ([], ["4D down d1 frozen"], []),
            3: (["5C"], ["6C"], []),
        }
    )
    assert state.controllers() == [0, 1, None, None]  # the empty triangle is nobody's


def test_s4_three_player_triangles_are_never_closed() -> None:
    # P2 has held triangle 1 alone; P1 may still play there, and control is gone (T9).
    state = tri({1: ([], ["4D", "5D"], []), 2: ([], [], ["6D"])}, hands=(["7H"], [], []))
    assert state.controller(0) == 1
    assert "play 7H 1" in legal_texts(state)
    act(state, "play 7H 1")
    assert state.controller(0) is None


def test_s4_three_player_first_to_control_two_triangles_wins_once_pile_empty() -> None:
    state = tri(
        {
            1: (["5C"], [], []),
            2: (["KH"], ["4D down d1"], []),
            3: ([], ["9S"], ["JD"]),
        },
        pile=[],
        actions_left=3,
    )
    assert state.result is None
    act(state, "attack 21a 22a")
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.scores, outcome.reason) == (0, (1.0, 0.0, 0.0), "two-triangles")
    assert state.actions_left == 2  # checked at once, mid-turn


def test_s4_three_player_control_does_not_count_while_the_pile_has_cards() -> None:
    state = tri(
        {1: (["5C"], [], []), 2: (["KH"], ["4D down d1"], [])},
        pile=["2C", "3C"],
    )
    act(state, "attack 21a 22a")
    assert state.controllers()[:2] == [0, 0]
    assert state.result is None


def test_s4_three_player_empty_triangles_do_not_count() -> None:
    state = tri({1: (["KH"], [], []), 2: ([], ["4D"], ["5D"])}, pile=[], hands=(["7C"], [], []))
    assert state.result is None  # P1 holds one triangle; triangles 3 and 4 are empty
    act(state, "play 7C 3")
    assert state.result is not None and state.result.winner == 0


def test_s4_three_player_win_when_the_last_card_is_drawn() -> None:
    state = tri(
        {1: ([], ["4D"], []), 2: ([], ["5D down"], []), 3: (["KH"], [], ["6S"])},
        pile=["2C"],
        hands=(["7H"], [], []),
        actions_left=1,
    )
    act(state, "play 7H 4")  # P1's turn ends; P2 draws the last card holding two triangles
    assert state.pile == []
    assert state.result is not None and state.result.winner == 1


def test_s4_three_player_simultaneous_two_triangles_next_in_turn_wins() -> None:
    # The pile empties on P2's draw; P1 and P3 both hold two triangles: P3 is next after P2.
    held: dict[int, tuple[list[str], ...]] = {
        1: (["KH"], [], []),
        2: (["QH"], [], []),
        3: ([], [], ["5S"]),
        4: ([], [], ["6S"]),
    }
    state = tri(held, pile=["2C"], hands=(["7H"], [], []), actions_left=1, to_move=0)
    act(state, "play 7H 1")
    assert state.result is not None and state.result.winner == 2


def test_s4_three_player_simultaneous_two_triangles_player_to_move_wins() -> None:
    held: dict[int, tuple[list[str], ...]] = {
        1: (["KH"], [], []),
        2: (["QH"], [], []),
        3: ([], [], ["5S"]),
        4: ([], [], ["6S"]),
    }
    state = tri(held, pile=["2C"], hands=([], [], ["7H"]), actions_left=1, to_move=2)
    act(state, "play 7H 3")  # P1 draws the last card and is among the two: P1 wins
    assert state.result is not None and state.result.winner == 0


def test_s4_three_player_queen_move_can_hand_a_win_to_another_player() -> None:
    state = tri(
        {
            1: (["QH down", "KC"], [], []),
            2: (["5D"], ["6D"], []),
            3: ([], ["7D"], []),
            4: ([], [], ["8D"]),
        },
        pile=[],
    )
    act(state, "flip 11a")
    act(state, "move 21a")  # P1's last card leaves triangle 2: P2 now holds 2 and 3
    assert state.result is not None and state.result.winner == 1


def test_s4_three_player_stalemate_after_two_rounds_without_an_action() -> None:
    # Each player holds one triangle, nobody has a card to play or anything to attack.
    state = tri({1: (["KH"], [], []), 2: ([], ["KD"], []), 3: ([], [], ["KS"])}, pile=[], turn=7)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner is None and outcome.reason == "stalemate"
    assert outcome.scores == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert state.turn == 7 + 5  # six turns passed: the sixth ended the game


def test_s4_three_player_five_passes_are_not_yet_a_draw() -> None:
    state = tri(
        {1: (["KH"], [], []), 2: ([], ["KD"], []), 3: ([], [], ["KS"])},
        pile=[],
        hands=([], [], ["7C"]),
        to_move=0,
        turn=7,
    )
    # P1 and P2 pass; P3 plays (an action): passes start again.
    assert state.result is None and state.current == 2
    act(state, "play 7C 3")
    assert state.result is None
    act(state, "flip 33b")
    assert state.result is not None and state.result.reason == "stalemate"
    assert state.turn == 9 + 6  # turn 9 had an action; six more passed


# ---------------------------------------------------------------------- powers in triangles


def test_s4_three_player_six_freezes_both_opponents_until_their_own_turns_end() -> None:
    state = tri(
        {
            1: (["6H down"], ["4D"], ["5C down", "9S"]),
            2: ([], ["7S"], []),
        },
        hands=([], ["2C", "3C", "4C"], ["2D", "3D", "4H"]),
        actions_left=1,
    )
    act(state, "flip 11a")
    assert card(state, "12a").frozen and card(state, "13a").frozen
    assert not card(state, "13b").frozen  # a face-up 9
    assert not card(state, "22a").frozen  # another triangle
    assert state.current == 1
    assert "attack 12a 11a" not in legal_texts(state)
    for c in ("2C", "3C", "4C"):
        act(state, f"play {c} 3")
    assert state.current == 2
    assert not card(state, "12a").frozen  # P2's turn is over
    assert card(state, "13a").frozen  # P3's has not started
    assert "flip 13a" not in legal_texts(state)
    for c in ("2D", "3D", "4H"):
        act(state, f"play {c} 4")
    assert not card(state, "13a").frozen


def test_s4_three_player_eight_retaliates_against_either_opponent() -> None:
    for mover in (0, 1):
        rows: list[list[str]] = [[], [], ["8S"]]
        rows[mover] = ["KH"]
        state = tri({1: tuple(rows)}, to_move=mover)
        act(state, f"attack 1{mover + 1}a 13a")
        assert card(state, f"1{mover + 1}a").damage == 1


def test_s4_three_player_nine_deals_two_to_either_opponents_jack() -> None:
    state = tri({1: (["9H"], ["4D down"], ["JD"])})
    act(state, "attack 11a 13a")
    assert card(state, "13a").damage == 2


def test_s4_three_player_five_flips_only_its_owners_cards() -> None:
    state = tri(
        {
            1: (["5H down", "8D down"], ["4D down"], ["7C down"]),
            2: (["AC down"], [], []),
        }
    )
    act(state, "flip 11a")
    assert card(state, "11b").up
    assert not card(state, "12a").up and not card(state, "13a").up
    assert not card(state, "21a").up  # another triangle


def test_s4_three_player_seven_heals_only_its_owners_cards() -> None:
    state = tri({1: (["7H down"], ["QS d1"], []), 2: (["KD d1"], [], ["2S down d1"])})
    act(state, "flip 11a")
    assert card(state, "21a").damage == 0
    assert card(state, "12a").damage == 1
    assert card(state, "23a").damage == 1


def test_s4_three_player_king_reactivates_only_its_owners_cards() -> None:
    state = tri({1: (["KH down", "6D"], ["4D down"], ["6C"])})
    act(state, "flip 11a")
    assert card(state, "12a").frozen and card(state, "13a").frozen  # P1's 6 again
    assert not card(state, "11b").frozen  # P3's 6 was not reactivated


def test_s4_three_player_queen_moves_only_an_ally_card() -> None:
    state = tri({1: (["QH down"], [], []), 2: (["5D"], ["7C"], [])})
    act(state, "flip 11a")
    assert legal_texts(state) == {"move 21a", "stay"}
    act(state, "move 21a")
    assert [c.rank for c in state.rows[0][0]] == [12, 5]


def test_s4_three_player_four_look_is_known_to_the_looker_only() -> None:
    state = tri({1: (["4H down"], [], []), 2: ([], ["7C down"], []), 3: ([], [], ["8D down"])})
    act(state, "flip 11a")
    assert legal_texts(state) == {"look 22a", "look 33a"}
    act(state, "look 22a")
    assert state.view(0)["triangles"][1]["rows"][1][0]["card"] == "7C"
    assert state.view(2)["triangles"][1]["rows"][1][0]["card"] is None
    assert state.view(2)["triangles"][1]["rows"][1][0]["seen_by"] == [0, 1]


def test_s4_three_player_two_draws_then_discards() -> None:
    state = tri({1: (["2H down"], ["4D down"], [])}, hands=(["9C"], [], []), pile=["3D", "5D"])
    act(state, "flip 11a")
    assert sorted(state.hands[0]) == sorted([C_("9C"), C_("3D")])
    act(state, "discard 9C")
    assert state.view(1)["discard"] == [{"card": None, "up": False, "from": "hand"}]
    assert state.view(0)["discard"][0]["card"] == "9C"


def test_s4_three_player_two_with_an_empty_pile_does_nothing() -> None:
    state = tri({1: (["2H down"], ["4D down"], [])}, hands=(["9C"], [], []), pile=[])
    act(state, "flip 11a")
    assert state.pending == [] and len(state.hands[0]) == 1


def test_s4_three_player_two_drawing_the_last_card_starts_the_count() -> None:
    state = tri(
        {1: (["2H down"], [], []), 2: (["KS"], [], []), 3: ([], ["4D"], ["5D"])},
        hands=(["9C"], [], []),
        pile=["3D"],
    )
    act(state, "flip 11a")
    assert state.result is not None and state.result.winner == 0


def test_s4_three_player_three_traps_either_opponent() -> None:
    for mover in (0, 1):
        rows: list[list[str]] = [[], [], ["3S down d1"]]
        rows[mover] = ["KH"]
        state = tri({1: tuple(rows)}, to_move=mover)
        act(state, f"attack 1{mover + 1}a 13a")
        trap = card(state, "13a")
        assert trap.up and trap.damage == 0


def test_s4_three_player_pairs_are_made_of_one_players_cards() -> None:
    state = tri({1: (["5H", "5C"], ["5D"], ["4S down"])})
    pairs = {str(a) for a in actions(state) if a.kind == Kind.PAIR}
    assert pairs == {"pair 11a 11b"}
    act(state, "pair 11a 11b")
    act(state, "attack 11a 13a")  # a pair strikes one card for two
    assert state.rows[0][2] == []


def test_s4_three_player_ace_gains_an_action_and_attacks_twice() -> None:
    state = tri({1: (["AH down"], ["4D down", "6D down"], [])}, actions_left=2)
    act(state, "flip 11a")
    assert state.actions_left == 2
    act(state, "attack 11a 12a")
    act(state, "attack 11a 12b")
    assert state.current == 1


def test_s4_three_player_ace_adds_an_action_on_the_one_action_first_turn() -> None:
    state = tri({1: (["AH down"], ["4D down"], [])}, turn=1, actions_left=1)
    act(state, "flip 11a")
    assert (state.current, state.actions_left) == (0, 1)
    act(state, "attack 11a 12a")  # the gained action, spent
    assert state.turn == 2 and card(state, "12a").damage == 1


def test_s4_three_player_views_hide_other_hands_and_face_down_cards() -> None:
    state = tri({1: (["KH down"], ["4D down"], [])}, hands=(["7H"], ["8H"], ["9H"]))
    view = state.view(1)
    assert view["hands"] == [1, ["8H"], 1]
    assert view["triangles"][0]["rows"][0][0]["card"] is None
    assert view["triangles"][0]["rows"][1][0]["card"] == "4D"
    assert "pile_order" not in view and "seed" not in view


def C_(name: str) -> int:
    from duelhall.games.duel52.engine import cards

    return cards.parse(name)
