"""Rulebook: Face Cards (King: focus; Queen: health, at most 12; Jack: foresight)."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.state import ACE, KING
from tests.games.deckduel.helpers import act, discard_names, make, rage_step, tops, words

LOSER = {"actions": 0}


def test_face_cards_only_when_combat_is_won() -> None:
    state = make(*tops("K", "A", {}, {"actions": 0}))
    rage_step(state)  # the King wins
    assert words(state) == ["focus", "action"]
    state = make(*tops("Q", "K", {"actions": 0}, {"actions": 0}))
    rage_step(state)  # the Queen loses: nothing to choose for player 1; the King wins
    assert state.to_move() == (1,) and words(state) == ["focus", "action"]


def test_king_focus_lays_the_king_sideways() -> None:
    state = make(*tops("K 5", "4 3", {}, LOSER))
    rage_step(state)
    act(state, "focus")
    assert state.focus[0]
    assert KING not in state.decks[0]
    assert "K" not in discard_names(state, 0)
    assert state.view(1)["players"][0]["sideways"] == "K"
    assert sorted(state.all_cards(0)) == list(range(1, 14))


def test_king_focus_turns_the_ace_into_the_highest_card() -> None:
    state = make(*tops("K A", "4 K", {}, LOSER))
    rage_step(state)
    act(state, "focus")
    rage_step(state)
    assert state.combat is not None and state.combat.winner == 0
    assert state.combat.focused == (True, False)
    assert state.health[1] == 10 - 1 - 2  # the King's hit, then the Ace*'s two


def test_king_plus_one_action_instead() -> None:
    state = make(*tops("K", "4", {}, LOSER))
    rage_step(state)
    act(state, "action")
    assert not state.focus[0] and state.actions[0] == 3
    assert "K" in discard_names(state, 0)


def test_queen_adds_one_health() -> None:
    state = make(*tops("Q", "4", {"health": 7}, LOSER))
    rage_step(state)
    act(state, "heal")
    assert state.health[0] == 8


def test_queen_health_never_above_12() -> None:
    state = make(*tops("Q", "4", {"health": 12}, LOSER))
    rage_step(state)
    act(state, "heal")
    assert state.health[0] == 12


def test_jack_foresight_looks_at_the_top_card_privately() -> None:
    state = make(*tops("J 9", "4 2", {}, LOSER))
    rage_step(state)
    act(state, "foresight")
    assert words(state) == ["keep", "discard"]
    assert state.view(0)["players"][0]["top"] == "9"
    assert state.view(1)["players"][0]["top"] is None
    assert state.determinize(0, Rng(3)).decks[0][-1] == 9
    assert state.determinize(1, Rng(3)).view(1) == state.view(1)


def test_jack_foresight_keep_puts_it_back_on_top() -> None:
    state = make(*tops("J 9 2", "4 2 3", {}, LOSER))
    rage_step(state)
    act(state, "foresight", "keep")
    assert state.known_top[0]
    assert state.view(0)["players"][0]["top"] == "9"
    assert state.view(1)["players"][0]["top_known"] is True
    rage_step(state)
    assert state.combat is not None and state.combat.cards[0] == 9  # ruling R12: next flip
    assert not state.known_top[0]


def test_jack_foresight_discard_throws_it_away() -> None:
    state = make(*tops("J 9 2", "4 2 3", {}, LOSER))
    rage_step(state)
    act(state, "foresight", "discard")
    assert discard_names(state, 0) == ["9", "J"]  # discarded at once, before the Jack
    assert state.discards[0][0] == (9, False)  # face-down (ruling R13)
    assert state.view(1)["players"][0]["discard"] == [None, "J"]
    assert state.view(0)["players"][0]["discard"] == ["9", "J"]
    rage_step(state)
    assert state.combat is not None and state.combat.cards[0] == 2


def test_jack_foresight_on_an_empty_deck_is_not_offered() -> None:
    others = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K"]
    state = make({"deck": ["J"], "discard": others}, {"deck_top": ["4"], "actions": 0})
    rage_step(state)
    # Only +1 action is left, and a forced choice is taken without asking.
    assert state.actions[0] == 3
    assert state.combat is not None and state.combat.effect == "action"
    assert len(state.decks[0]) == 13  # the empty deck was rebuilt at the end of the turn


def test_jack_plus_one_action_instead() -> None:
    state = make(*tops("J", "4", {}, LOSER))
    rage_step(state)
    act(state, "action")
    assert state.actions[0] == 3 and state.pending == []


def test_face_cards_action_points_stop_at_six() -> None:
    # Ruling R14: the action die shows at most 6.
    state = make(*tops("Q", "4", {"actions": 6}, LOSER))
    rage_step(state)
    act(state, "action")
    assert state.actions[0] == 6
    assert ACE in state.decks[0]
