"""Heroes & Bannermen expansion, "Bannermen": the draft and the thirteen improved powers."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from duelhall.core.game import get_game
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.expansion.state import Duel52XState
from duelhall.games.duel52.terminal import render
from tests.games.duel52.helpers import act, card, hand, legal, make, new, row

GAME = get_game("duel52")


def bmake(lanes: Any = None, *, banners: tuple[list[str], list[str]], **kw: Any) -> Duel52XState:
    extra = kw.pop("expansion", {})
    state = make(
        lanes, expansion={"bannermen": [banners[0], banners[1]], **extra}, bannermen=True, **kw
    )
    assert isinstance(state, Duel52XState)
    return state


def draft_position(hands: tuple[list[str], list[str]], pile: list[str], **options: Any) -> Any:
    state = GAME.load_position(
        {
            "turn": 0,
            "to_move": 0,
            "hands": [hands[0], hands[1]],
            "pile": pile,
            "pending": [["draft", 1], ["draft", 0], ["draft", 1], ["draft", 0]],
            "options": {"bannermen": True, "first_player": "2", **options},
        }
    )
    assert isinstance(state, Duel52XState)
    return state


FILL = [f"{r}{s}" for r in ("4", "5", "6", "10") for s in "CDHS"]


# -- the draft -----------------------------------------------------------------------------


def test_bannermen_draft_five_cards_player_one_then_two_then_second_bannermen() -> None:
    state = new(3, bannermen=True, first_player="2")
    assert isinstance(state, Duel52XState)
    assert state.turn == 0 and state.current == 0  # player one drafts first
    assert [len(h) for h in state.hands] == [5, 5]
    assert all(not row for lane in state.rows for row in lane)  # no Base cards yet
    order = []
    while state.turn == 0:
        order.append(state.current)
        choice = state.legal_actions()[0]
        kept = state.hands[state.current][:]
        state.apply(choice)
        assert set(kept) <= set(state.hands[choice.seat])  # the matching card stays in hand
        got = state.banners[choice.seat][-1]
        assert C.rank(got) == C.rank(choice.card)
    assert order == [0, 1, 0, 1]
    assert all(len(b) == 2 for b in state.banners)
    assert len(state.removed) == 6 and state.card_counts() == 52
    assert all(len(lane[s]) == 1 and lane[s][0].base for lane in state.rows for s in (0, 1))
    assert state.current == 1 and state.turn == 1  # player two goes first
    assert state.actions_left == 2
    for seat in (0, 1):
        assert state.view(seat)["bannermen"] == [[C.name(c) for c in b] for b in state.banners]


def test_bannermen_draft_same_bannerman_as_the_opponent() -> None:
    state = draft_position((["8C", "2C"], ["8D", "3C"]), ["8H", "8S", *FILL])
    act(state, "draft 8")
    assert "draft 8" in legal(state)  # seat 1 may pick the 8 too
    act(state, "draft 8")
    assert [C.rank(b[0]) for b in state.banners] == [8, 8]


def test_bannermen_draft_rank_with_no_card_left_in_the_deck_cannot_be_chosen() -> None:
    state = draft_position((["7C", "7D", "2C"], ["7H", "3C"]), ["7S", "3S", *FILL])
    act(state, "draft 7")
    assert legal(state) == {"draft 3"}  # no 7 is left in the deck


def test_bannermen_draft_second_bannerman_differs_from_the_first() -> None:
    state = draft_position((["8C", "2C"], ["9D", "3C"]), ["8H", "8S", "9S", "2S", *FILL])
    act(state, "draft 8", "draft 9")
    assert legal(state) == {"draft 2"}


def test_bannermen_cannot_attack_or_be_attacked_and_last_the_whole_game() -> None:
    state = bmake({1: (["9C"], ["5D"])}, banners=(["QC", "KC"], ["QD", "KD"]), pile=[], bases=False)
    targets = {t for a in state.legal_actions() if a.kind == Kind.ATTACK for t in a.targets}
    assert targets == {(0, 1, 0)}
    assert state.view(0)["bannermen"] == [["QC", "KC"], ["QD", "KD"]]  # pile empty, still here


# -- improved powers -----------------------------------------------------------------------


def test_banner_2_drafter_draws_without_discarding() -> None:
    state = bmake({1: (["2C down"], ["5S"])}, banners=(["2D", "3D"], []), hands=(["9H"], []))
    top = state.pile[-1]
    act(state, "flip 1b")
    assert state.pending == [] and top in state.hands[0] and len(state.hands[0]) == 2
    empty = bmake(
        {1: (["2C down"], ["5S"])}, banners=(["2D", "3D"], []), hands=(["9H"], []), pile=[]
    )
    act(empty, "flip 1b")
    assert hand(empty, 0) == ["9H"]


def test_banner_3_boom_hurts_the_killer_two_and_returns_face_up() -> None:
    state = bmake({1: (["9C", "8C"], ["3C down d1"])}, banners=([], ["3D", "4D"]))
    act(state, "attack 1b 1B")
    three = card(state, "1B")
    assert three.up and three.damage == 0
    assert row(state, 1, 0)[1:] == ["8C"]  # the blast's two damage killed the 9


def _shown(state: Duel52XState) -> str:
    console = Console(record=True, width=120)
    console.print(render.render_view(state.view(0), ("You", "Opp")))
    return console.export_text()


def test_banner_4_all_seeing_two_looks_and_the_opponents_hand() -> None:
    state = bmake(
        {1: (["4C down"], ["5S down"])},
        banners=(["4D", "3D"], []),
        hands=(["9H"], ["KH", "QH"]),
    )
    act(state, "flip 1b")
    assert state.view(0)["hands_shown"][1] == ["QH", "KH"]
    assert state.pending == [("look", 2)]
    assert "must choose 2 more face-down cards to look at (All Seeing)" in _shown(state)
    act(state, "look 1A")
    assert state.pending == [("look", 1)]
    assert "must choose one more face-down card to look at (All Seeing)" in _shown(state)
    act(state, "look 2A")
    assert state.view(0)["lanes"][1]["rows"][1][0]["card"] is not None
    assert state.view(1)["lanes"][1]["rows"][1][0]["card"] is None


def test_banner_4_shown_hand_is_forgotten_once_a_card_leaves_it_unseen() -> None:
    state = bmake(
        {1: (["4C down"], ["5S down"])}, banners=(["4D", "3D"], []), hands=([], ["KH", "QH"])
    )
    act(state, "flip 1b", "look 1A", "look 2A", "end")
    act(state, "play KH 2")
    assert state.view(0)["hands_shown"][1] == []


def test_banner_5_frenzy_flips_all_face_down_cards_in_all_lanes() -> None:
    state = bmake(
        {1: (["5C down", "9C down"], ["5S"]), 3: (["8C down"], [])}, banners=(["5D", "3D"], [])
    )
    act(state, "flip 1b")
    assert card(state, "1c").up and card(state, "3b").up
    assert not card(state, "1a").up  # Base cards stay down while the pile lasts


def test_banner_5_frenzy_flips_base_cards_when_the_pile_is_empty() -> None:
    state = bmake(
        {1: (["7H base", "5C down"], ["5S"]), 2: (["8C base", "2C down"], ["6S"])},
        banners=(["5D", "3D"], []),
        pile=[],
        bases=False,
        hands=(["9H"], []),
    )
    act(state, "flip 1b")
    assert all(bc.up for lane in state.rows for bc in lane[0])
    # The 7 and the 2 wait in two lanes: their order is chosen across lanes.
    assert state.pending and state.pending[-1][:2] == ("order", -1)
    assert legal(state) == {"resolve 1a", "resolve 2b"}


def test_banner_6_time_stop_freezes_the_lane_and_bars_new_cards_there() -> None:
    state = bmake(
        {1: (["6C down"], ["5S", "9S", "7S down"])},
        banners=(["6D", "3D"], []),
        hands=([], ["KH"]),
    )
    act(state, "flip 1b")
    assert card(state, "1B").frozen and card(state, "1D").frozen
    assert not card(state, "1C").frozen  # not a 9
    act(state, "end")
    assert "play KH 1" not in legal(state) and "play KH 2" in legal(state)
    assert "flip 1d" not in legal(state)
    act(state, "end", "end")
    assert "play KH 1" in legal(state)  # one turn only


def test_banner_7_life_teacher_2s_heal_two_hit_points_and_keep_view() -> None:
    state = bmake(
        {1: (["2C down", "JC d2"], ["5S"]), 2: (["9C d1"], [])},
        banners=(["7D", "3D"], []),
        hands=(["9H"], []),
    )
    act(state, "flip 1b")
    assert card(state, "1c").damage == 0 and card(state, "2b").damage == 0
    assert state.pending == [("discard",)]  # the View part still draws and discards


def test_banner_7_life_teacher_leaves_7s_as_heal_all() -> None:
    state = bmake({1: (["7C down", "JC d2"], ["5S"])}, banners=(["7D", "3D"], []))
    act(state, "flip 1b")
    assert card(state, "1c").damage == 0


def test_banner_8_spiked_teacher_4s_retaliate_and_keep_foresight() -> None:
    state = bmake({1: (["5C", "9C"], ["4S"])}, banners=([], ["8D", "3D"]), to_move=0)
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 1
    act(state, "attack 1c 1B")
    assert card(state, "1c", 0).damage == 0  # a 9 takes no spikes
    keeps = bmake({1: (["4C down"], ["5S down"])}, banners=(["8D", "3D"], []))
    act(keeps, "flip 1b")
    assert keeps.pending == [("look",)]


def test_banner_9_ninja_master_deals_three_to_a_jack() -> None:
    state = bmake({1: (["9C"], ["JS"])}, banners=(["9D", "3D"], []))
    act(state, "attack 1b 1B")
    assert len(state.rows[0][1]) == 1  # 3 damage kills the Jack


def test_banner_10_whirlwind_strikes_three_cards_past_a_jack() -> None:
    state = bmake({1: (["10C"], ["JS", "5S", "6S"])}, banners=(["10D", "3D"], []))
    attacks = {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}
    assert "attack 1b 1B 1C 1D" in attacks
    act(state, "attack 1b 1B 1C 1D")
    assert [bc.damage for bc in state.rows[0][1][1:]] == [1, 1, 1]


def test_banner_10_whirlwind_strikes_a_9_only_alone() -> None:
    state = bmake({1: (["10C"], ["9S", "5S", "6S"])}, banners=(["10D", "3D"], []))
    attacks = {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}
    assert attacks == {"attack 1b 1B", "attack 1b 1C 1D"}


def test_banner_jack_champion_protector_has_four_hit_points_and_taunts() -> None:
    state = bmake({1: (["9C", "5C"], ["JS d2", "6S"])}, banners=([], ["JD", "3D"]))
    assert state.view(0)["lanes"][0]["rows"][1][1]["hp"] == 4
    attacks = {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}
    assert attacks == {"attack 1b 1B", "attack 1c 1B"}
    act(state, "attack 1c 1B")
    assert card(state, "1B").damage == 3  # alive on one hit point


def test_banner_queen_both_to_my_side_moves_two_cards_from_one_lane() -> None:
    state = bmake(
        {1: (["QC down"], ["5S"]), 2: (["9C", "8C down"], []), 3: (["7C"], [])},
        banners=(["QD", "3D"], []),
    )
    act(state, "flip 1b")
    assert {"move 2b", "move 2c", "move 3b", "stay"} <= legal(state)
    act(state, "move 2b")
    assert legal(state) == {"move 2b", "stay"}  # the second must come from lane 2 too
    act(state, "move 2b")
    assert row(state, 1, 0)[-2:] == ["9C", "8C"] and row(state, 3, 0)[-1] == "7C"


def test_banner_king_revolutionary_leader_reactivates_all_lanes() -> None:
    state = bmake(
        {1: (["KC down"], ["5S"]), 2: (["AC"], []), 3: (["AD"], [])},
        banners=(["KD", "3D"], []),
    )
    act(state, "flip 1b")
    assert state.actions_left == 4  # both Aces (same rank: any order) fired


def test_banner_ace_master_assassin_two_actions_and_three_attacks() -> None:
    state = bmake({1: (["AC down"], ["JS", "5S"])}, banners=(["AD", "3D"], []), actions_left=1)
    act(state, "flip 1b")
    assert state.actions_left == 2
    state = bmake({1: (["AC down"], ["JS", "5S"])}, banners=(["AD", "3D"], []))
    act(state, "flip 1b", "attack 1b 1B", "attack 1b 1B")
    assert state.actions_left == 2
    act(state, "attack 1b 1B")
    assert len(state.rows[0][1]) == 2  # the Jack died of the Ace's three attacks


def test_banner_ace_master_assassin_when_kinged_gains_two_more() -> None:
    state = bmake({1: (["AC", "KC down"], ["5S"])}, banners=(["AD", "3D"], []))
    act(state, "flip 1c")
    assert state.actions_left == 4


def test_bannermen_draft_player_with_no_rank_left_gets_no_bannerman() -> None:
    state = draft_position((["7C", "2C"], ["8D", "3C"]), ["8H", "7S", *FILL])
    act(state, "draft 7", "draft 8")
    # Seat 0's other rank, the 2, has no card in the deck: that pick is skipped.
    assert (state.current == 1 and legal(state) == {"draft 3"}) or state.turn == 1
    assert len(state.banners[0]) == 1


def test_banner_2_and_banner_7_together_draw_without_discard_and_heal() -> None:
    state = bmake(
        {1: (["2C down", "JC d2"], ["5S"])}, banners=(["2D", "7D"], []), hands=(["9H"], [])
    )
    act(state, "flip 1b")
    assert state.pending == [] and len(state.hands[0]) == 2
    assert card(state, "1c").damage == 0


def test_banner_5_frenzy_does_not_flip_a_rushed_card() -> None:
    state = make(
        {1: (["5C down"], ["5S"])},
        expansion={"heroes": ["3H", None], "bannermen": [["5D", "9D"], []]},
        heroes=True,
        bannermen=True,
        hands=(["KH"], []),
    )
    act(state, "spell KH 2", "flip 1b")
    assert not card(state, "2b").up


def test_banner_10_pair_strikes_two_then_one_then_one() -> None:
    state = bmake(
        {1: (["10C", "10H"], ["5S", "6S", "7S"])}, banners=(["10D", "3D"], []), actions_left=2
    )
    act(state, "pair 1b 1c", "attack 1b+1c 1C 1B 1D")
    # 6S took two and died; 5S and 7S took one each.
    assert [(C.name(bc.card), bc.damage) for bc in state.rows[0][1][1:]] == [("5S", 1), ("7S", 1)]
