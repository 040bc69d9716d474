"""What each seat may see: hidden deck orders, the foresight card, secret rage answers."""

from __future__ import annotations

import json

from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.actions import Act
from tests.games.deckduel.helpers import act, make, new, rage_step, tops


def test_views_hold_no_deck_order_seed_or_rng() -> None:
    state = new(9)
    for seat in (0, 1):
        text = json.dumps(state.view(seat))
        assert "seed" not in text and "deck_order" not in text
    full = state.view(None)
    assert full["seed"] == 9
    assert len(full["players"][0]["deck_order"]) == 13


def test_views_show_deck_contents_sorted_not_in_order() -> None:
    state = new(9)
    view = state.view(0)
    assert view["players"][0]["unseen"] == ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert view["players"][1]["deck"] == 13


def test_views_opponents_hidden_discard_counts_as_unseen() -> None:
    state = make(*tops("J 9", "4 2", {}, {"actions": 0}))
    rage_step(state)
    act(state, "foresight", "discard")
    theirs = state.view(1)["players"][0]
    mine = state.view(0)["players"][0]
    assert "9" in theirs["unseen"] and "9" not in mine["unseen"]
    assert len(theirs["unseen"]) == len(mine["unseen"]) + 1


def test_views_unchanged_under_determinize() -> None:
    state = make(*tops("J 9 3", "4 2 5", {}, {"actions": 0}))
    rage_step(state)
    act(state, "foresight", "keep")
    for seat in (0, 1):
        for key in range(10):
            sample = state.determinize(seat, Rng(key))
            assert sample.view(seat) == state.view(seat)
    # The seat that kept its top card keeps it on top in every sample.
    assert {state.determinize(0, Rng(k)).decks[0][-1] for k in range(10)} == {9}
    assert len({state.determinize(1, Rng(k)).decks[0][-1] for k in range(30)}) > 1


def test_views_determinize_redraws_the_opponents_secret_answer() -> None:
    state = new(3)
    state.apply(Act(0, "rage"))
    answers = {state.determinize(1, Rng(k)).choice[0] for k in range(30)}
    assert answers == {True, False}
    assert state.determinize(0, Rng(1)).choice[0] is True  # its own answer is known


def test_views_legal_lists_do_not_depend_on_the_other_answer() -> None:
    for answer in ("rage", "flip"):
        state = new(3)
        state.apply(Act(0, answer))
        assert [str(a) for a in state.legal_actions(1)] == ["rage", "flip"]
        assert state.to_move() == (1,)


def test_views_samples_play_on_to_the_end() -> None:
    state = new(12)
    sample = state.determinize(0, Rng(5))
    rng = Rng(2)
    while not sample.is_over():
        for seat in sample.to_move():
            legal = sample.legal_actions(seat)
            sample.apply(legal[rng.below(len(legal))])
    assert sample.outcome() is not None
