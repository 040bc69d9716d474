"""SETUP: characters, The Kurgan on offence, two face-up cards, two dealt, the draft."""

from __future__ import annotations

import pytest

from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.engine.state import CLASH, DRAFT

from .helpers import ids, new


@pytest.mark.parametrize("kurgan", ["1", "2"])
def test_setup_kurgan_starts_on_offence(kurgan: str) -> None:
    state = new(5, kurgan=kurgan)
    assert state.kurgan == int(kurgan) - 1
    assert state.offence == state.kurgan
    assert state.character(state.kurgan).key == "kurgan"
    assert state.character(1 - state.kurgan).key == "connor"


def test_setup_random_character_choice_comes_from_the_seed() -> None:
    seats = {new(seed).kurgan for seed in range(20)}
    assert seats == {0, 1}
    assert new(7).kurgan == new(7).kurgan


def test_setup_two_face_up_cards_and_two_dealt_to_each() -> None:
    state = new(3)
    assert all(c >= 0 for c in state.faceup)
    assert [len(h) for h in state.hands] == [2, 2]
    assert len(state.deck) == 23 - 2 - 4
    assert state.public == [0, 0]  # dealt cards are secret


def test_setup_draft_offence_first_alternating_until_five() -> None:
    state = new(3, kurgan="2")
    assert state.phase == DRAFT and state.to_move() == (1,)
    movers = []
    while state.phase == DRAFT:
        movers.append(state.current)
        state.apply(state.legal_actions()[-1])
    assert movers == [1, 0, 1, 0, 1, 0]
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.phase == CLASH and state.to_move() == (0, 1)
    assert len(state.deck) == 23 - 2 - 10


def test_setup_take_face_up_replaces_it_from_the_deck_and_is_public() -> None:
    state = new(3, kurgan="1")
    taken = state.faceup[0]
    top = state.deck[-1]
    name = state.cards.cards[taken].id
    assert HighlanderAction(0, "take", name) in state.legal_actions()
    state.apply(HighlanderAction(0, "take", name))
    assert taken in state.hands[0]
    assert state.faceup[0] == top
    assert state.public[0] == 1 << taken
    assert name in state.view(1)["revealed"][0]


def test_setup_draw_takes_the_top_card_secretly() -> None:
    state = new(3, kurgan="1")
    top = state.deck[-1]
    faceup = list(state.faceup)
    state.apply(HighlanderAction(0, "draw"))
    assert top in state.hands[0]
    assert state.faceup == faceup
    assert state.public[0] == 0
    assert state.view(1)["hands"][0] == 3
    assert ids(state, [top])[0] not in state.view(1)["revealed"][0]


def test_setup_only_the_seat_to_draft_has_choices() -> None:
    state = new(3, kurgan="1")
    assert state.legal_actions(1) == []
    assert {str(a) for a in state.legal_actions(0)} == {
        *(f"take {state.cards.cards[c].id}" for c in state.faceup),
        "draw",
    }
