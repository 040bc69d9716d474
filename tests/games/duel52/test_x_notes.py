"""Heroes & Bannermen expansion, "Expansion Notes": optional actions and Heal All."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.games.duel52.expansion.state import Duel52XState
from tests.games.duel52.helpers import act, card, illegal, legal, make


@pytest.mark.parametrize(
    "options",
    [{"heroes": True}, {"bannermen": True}, {"forts": True}],
)
def test_notes_actions_are_optional_with_any_expansion_rule(options: dict[str, Any]) -> None:
    state = make({1: (["9C"], ["5D"])}, hands=(["KH"], []), **options)
    assert "end" in legal(state)
    act(state, "attack 1b 1B", "end")
    assert state.current == 1 and card(state, "1b").damage == 1


def test_notes_actions_stay_compulsory_without_an_expansion_rule() -> None:
    for options in ({}, {"vampiric": True}):
        state = make({1: (["9C"], ["5D"])}, **options)
        assert "end" not in legal(state)
        assert "actions are not optional" in illegal(state, "end")


def test_notes_heal_all_heals_two_hit_points_a_jack_to_full_a_banner_jack_not() -> None:
    state = make(
        {1: (["7C down", "JC d2", "5C d1"], ["5D"]), 2: (["JD d3"], [])},
        expansion={"bannermen": [["JH", "3H"], []]},
        bannermen=True,
    )
    assert isinstance(state, Duel52XState)
    act(state, "flip 1b")
    assert card(state, "1c").damage == 0 and card(state, "1d").damage == 0
    assert card(state, "2b").damage == 1  # a banner Jack (four hit points) keeps one


def test_notes_three_turns_without_acting_end_the_game_in_a_draw() -> None:
    state = make({1: (["9C"], ["5D"])}, pile=[], heroes=True, bases=False)
    act(state, "end", "end", "end")
    result = state.outcome()
    assert result is not None and result.winner is None and result.reason == "stalemate"


def test_notes_heal_all_with_a_banner_7_still_heals_a_banner_jack_two_not_to_full() -> None:
    # A banner 7 teaches 2s to heal; the owner's 7s keep the note's Heal All of two.
    state = make(
        {1: (["7C down", "JC d2"], ["5D"]), 2: (["JD d3"], [])},
        expansion={"bannermen": [["JH", "7H"], []]},
        bannermen=True,
    )
    assert isinstance(state, Duel52XState)
    act(state, "flip 1b")
    assert card(state, "1c").damage == 0
    assert card(state, "2b").damage == 1  # a banner Jack (four hit points) keeps one
