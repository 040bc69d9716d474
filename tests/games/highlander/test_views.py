"""Hidden information: what each seat's view holds, and determinize's honesty."""

from __future__ import annotations

import json

from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.actions import HighlanderAction

from .helpers import clash, draft_to_clash, make, new


def test_view_own_hand_known_opponent_hand_size_only() -> None:
    state = draft_to_clash(new(2))
    view = state.view(0)
    assert isinstance(view["hands"][0], list) and len(view["hands"][0]) == 5
    assert view["hands"][1] == 5
    assert "deck_order" not in view and "seed" not in view


def test_view_never_names_a_hidden_card_outside_unseen() -> None:
    state = draft_to_clash(new(2))
    view = state.view(0)
    hidden = {state.cards.cards[c].id for c in state.hands[1] + state.deck}
    hidden -= set(view["revealed"][1])
    without_unseen = {k: v for k, v in view.items() if k not in ("unseen", "deck_cards")}
    text = json.dumps(without_unseen)
    assert not [c for c in hidden if f'"{c}"' in text]
    assert hidden <= set(view["unseen"])


def test_view_face_up_picks_stay_known_until_played() -> None:
    state = new(3, kurgan="1")
    taken = state.cards.cards[state.faceup[0]].id
    state.apply(HighlanderAction(0, "take", taken))
    draft_to_clash(state)
    assert state.view(1)["revealed"][0] == [taken]
    other = next(state.cards.cards[c].id for c in state.hands[1])
    clash(state, taken, other)
    assert state.view(1)["revealed"][0] == []


def test_view_secret_choice_hidden_and_determinize_redraws_it() -> None:
    state = make((["thrust", "parry", "lunge"], ["bind", "sweep", "fleche"]))
    state.apply(HighlanderAction(0, "play", "thrust"))
    view = state.view(1)
    for k in range(20):
        sample = state.determinize(1, Rng(k))
        assert sample.view(1) == view
        assert sample.chosen[0] in sample.hands[0]


def test_view_unchanged_under_determinize_after_a_reshuffle() -> None:
    state = new(11)
    rng = Rng(5)
    while state.reshuffles == 0 or state.phase != "clash":
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))])
        assert not state.is_over()
    for seat in (0, 1):
        view = state.view(seat)
        for k in range(10):
            sample = state.determinize(seat, Rng(k))
            assert sample.view(seat) == view
            assert sorted(sample.all_cards()) == list(range(23))
            # Cards in the opponent's hand since before the reshuffle stay there.
            opp = 1 - seat
            old = [c for c in state.hands[opp] if not state.deck_mask >> c & 1]
            assert all(c in sample.hands[opp] for c in old)
            assert all(state.deck_mask >> c & 1 for c in sample.deck)


def test_determinize_does_not_keep_the_seed() -> None:
    state = draft_to_clash(new(2))
    sample = state.determinize(0, Rng(1))
    assert sample.seed != state.seed


def test_view_full_state_shows_everything() -> None:
    state = draft_to_clash(new(2))
    full = state.view(None)
    assert isinstance(full["hands"][1], list)
    assert len(full["deck_order"]) == len(state.deck)
