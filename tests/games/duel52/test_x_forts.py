"""Heroes & Bannermen expansion: "Forts" and "Combining Heroes & Bannermen"."""

from __future__ import annotations

from typing import Any

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.expansion.state import FORT, Duel52XState
from tests.games.duel52.helpers import act, card, legal, make, new, row

FORTS4 = ["KS", "QS", "JS", "10S"]


def fmake(lanes: Any = None, **kw: Any) -> Duel52XState:
    extra = kw.pop("expansion", {})
    state = make(lanes, expansion={"forts": FORTS4, **extra}, forts=True, **kw)
    assert isinstance(state, Duel52XState)
    return state


# -- forts ---------------------------------------------------------------------------------


def test_forts_four_of_the_removed_cards_set_aside_face_down() -> None:
    state = new(4, forts=True)
    assert isinstance(state, Duel52XState)
    assert len(state.forts) == 4 and len(state.removed) == 6
    assert state.card_counts() == 52
    for seat in (0, 1):
        assert state.view(seat)["forts"] == [{"card": None}] * 4
    combined = new(4, forts=True, heroes=True, bannermen=True)
    assert isinstance(combined, Duel52XState)
    while combined.turn == 0:
        combined.apply(combined.legal_actions()[0])
    assert len(combined.forts) == 4 and combined.removed == []


def test_forts_three_face_up_cards_at_the_end_of_a_turn_give_the_opponent_a_fort() -> None:
    state = fmake({1: (["7C", "8C", "9C"], ["5D"])})
    act(state, "end")
    assert state.current == 1 and state.pending == [("fort", 0)]
    assert legal(state) == {"fort F1", "fort F2", "fort F3", "fort F4"}
    turn = state.turn
    act(state, "fort F2")
    fort = state.rows[0][1][-1]
    assert C.name(fort.card) == "QS" and fort.base == FORT and not fort.up
    assert state.view(1)["lanes"][0]["rows"][1][-1]["card"] == "QS"  # the taker looked
    assert state.view(0)["lanes"][0]["rows"][1][-1]["card"] is None
    assert state.view(0)["lanes"][0]["rows"][1][-1]["fort"]
    assert len(state.forts) == 3 and state.turn == turn + 1 and state.current == 1


def test_forts_fort_is_an_extra_base_card_until_the_pile_is_empty() -> None:
    state = fmake({1: (["7C", "8C", "9C"], ["5D"])})
    act(state, "end", "fort F1")
    assert not any(a.slots and a.slots[0] == (0, 1, 2) for a in state.legal_actions())
    act(state, "end")
    assert not any(a.kind == Kind.ATTACK and (0, 1, 2) in a.targets for a in state.legal_actions())


def test_forts_once_per_lane_per_player() -> None:
    state = fmake({1: (["7C", "8C", "9C"], ["5D"])})
    act(state, "end", "fort F1", "end")
    assert state.current == 0
    act(state, "end")
    assert state.pending == [] and state.current == 1  # no second fort in lane 1 for seat 1


def test_forts_may_be_looked_at_with_a_4() -> None:
    state = fmake({1: (["4C down"], ["5D"])})
    act(state, "flip 1b")
    assert {"look F1", "look F4"} <= legal(state)
    act(state, "look F3")
    assert state.view(0)["forts"][2] == {"card": "JS"}
    assert state.view(1)["forts"][2] == {"card": None}


def test_forts_three_face_up_counts_base_cards_and_heroes() -> None:
    state = fmake(
        {1: (["7C base up", "8C"], ["5D"])},
        bases=False,
        pile=[],
        heroes=True,
        expansion={"heroes": ["JH", None]},
    )
    act(state, "hero 1", "end")
    assert state.pending == [("fort", 0)]


def test_forts_no_fort_left_means_no_choice() -> None:
    state = fmake({1: (["7C", "8C", "9C"], ["5D"])}, expansion={"forts": []})
    act(state, "end")
    assert state.pending == [] and state.current == 1


# -- combining heroes and bannermen ---------------------------------------------------------


def test_combining_hero_then_draft_then_bases_four_removed_second_drafter_first() -> None:
    state = new(9, heroes=True, bannermen=True, first_player="1")
    assert isinstance(state, Duel52XState)
    assert all(c >= 0 for c in state.heroes) and state.turn == 0
    assert state.current == 1  # the first player drafts second
    order = []
    while state.turn == 0:
        order.append(state.current)
        state.apply(state.legal_actions()[-1])
    assert order == [1, 0, 1, 0]
    assert len(state.removed) == 4 and state.card_counts() == 52
    assert state.current == 0  # who chose bannermen second goes first


def test_combining_warrior_heroes_gain_their_bannermans_improved_power() -> None:
    state = make(
        {2: ([], ["5D", "6D"])},
        expansion={"heroes": ["AH", None], "bannermen": [["AD", "3D"], []]},
        heroes=True,
        bannermen=True,
        actions_left=1,
    )
    act(state, "hero 2")
    assert state.actions_left == 3  # Master Assassin: two actions
    jack = make(
        {2: ([], ["5D"])},
        expansion={"heroes": ["JH", None], "bannermen": [["JD", "3D"], []]},
        heroes=True,
        bannermen=True,
    )
    act(jack, "hero 2")
    assert jack.view(1)["lanes"][1]["rows"][0][1]["hp"] == 4


def test_combining_bannermen_may_match_the_hero() -> None:
    state = make(
        expansion={"heroes": ["7H", None], "bannermen": [["7D", "2D"], []]},
        heroes=True,
        bannermen=True,
    )
    assert row(state, 1, 0) and state.view(0)["bannermen"][0] == ["7D", "2D"]
    assert card(state, "1a").base


def test_forts_none_for_a_lane_already_won() -> None:
    state = fmake(
        {1: (["7C", "8C", "9C"], []), 2: (["5C"], ["5D"])},
        bases=False,
        pile=[],
        lane_win="closed",
        hands=(["KH"], ["KD"]),
    )
    assert state.lane_winner[0] == 0
    act(state, "end")
    assert state.pending == [] and state.current == 1


def test_forts_a_fort_in_the_pool_named_as_your_own_card_is_refused_with_a_reason() -> None:
    # Found by fuzzing the prompt: these raised IndexError while their refusal was worded.
    state = fmake({1: (["7C", "8C"], ["5D"])})
    for text in ("flip F1", "pair 1b F2", "attack F1 1A", "attack 1b+F4 1A"):
        action = state.parse_action(text, 0)
        reason = state.why_illegal(action)
        assert reason.endswith(" is a fort waiting in the pool, not a card of yours")
