"""The spectator's view: what both seats know, and the log told from it in the third person."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given

from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.actions import FLIP, RAGE, Act
from duelhall.games.deckduel.engine.state import DeckDuelState, card_name
from duelhall.games.deckduel.terminal import render
from tests.games.deckduel.helpers import act, make, new, rage_step, tops
from tests.games.deckduel.test_properties import OPTION_VALUES, play
from tests.properties import SEEDS, examples

NAMES = ("Ann", "Bob")


def check_public(state: DeckDuelState, rng: Rng) -> None:
    view = state.public_view()
    text = json.dumps(view)  # JSON-ready
    assert "deck_order" not in text and '"seed"' not in text and view["public"] is True
    for seat in (0, 1):
        assert state.determinize(seat, rng).public_view() == view, f"seat {seat} re-deal"
        p = view["players"][seat]
        assert p["top"] is None and p["rage_choice"] is None
        face_down = [c for c, up in state.discards[seat] if not up]
        assert p["discard"].count(None) == len(face_down)
        assert sorted(p["unseen"]) == sorted(card_name(c) for c in state.decks[seat] + face_down)
        assert p["decided"] == (state.choice[seat] is not None)


def told(action: Act, before: dict[str, Any], after: dict[str, Any]) -> str:
    lines = [render.describe(action, before, None)]
    lines += [line.plain for line in render.effects(action, before, after, None, NAMES)]
    return "\n".join(lines)


@examples(40)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_public_view_is_what_every_seat_knows_in_random_games(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    rng = Rng(chooser ^ 0x5A)
    before: dict[str, Any] | None = None
    for step, (state, action) in enumerate(play(seed, options, chooser)):
        after = state.public_view()
        if step % 2 == 0 or state.is_over():
            check_public(state, rng)
        if action is not None and before is not None:
            words = told(action, before, after)
            assert "you" not in words.lower().split(), words
            if action.kind in (RAGE, FLIP):
                assert render.describe(action, before, None) == "decide in secret: rage or flip"
        before = after


def test_public_view_shows_only_that_a_seat_has_decided() -> None:
    raged, flipped = new(4), new(4)
    raged.apply(Act(0, RAGE))
    flipped.apply(Act(0, FLIP))
    assert raged.public_view() == flipped.public_view()
    assert raged.public_view()["players"][0]["decided"] is True
    assert raged.public_view()["players"][0]["rage_choice"] is None


def test_public_view_hides_a_kept_top_card_and_a_face_down_discard() -> None:
    state = make(*tops("J 9 3", "4 2 5", {}, {"actions": 0}))
    rage_step(state)
    act(state, "foresight")
    assert state.view(0)["players"][0]["top"] == "9"
    assert state.public_view()["players"][0]["top"] is None
    act(state, "discard")
    view = state.public_view()
    assert view["players"][0]["discard"].count(None) == 1
    assert "9" in view["players"][0]["unseen"] and "9" not in view["players"][0]["discard"]


def test_spectator_log_tells_the_flip_once_both_have_decided() -> None:
    state = make(*tops("9 3", "4 2"))
    first = state.public_view()
    state.apply(Act(0, RAGE))
    middle = state.public_view()
    assert told(Act(0, RAGE), first, middle) == "decide in secret: rage or flip"
    state.apply(Act(1, FLIP))
    words = told(Act(1, FLIP), middle, state.public_view())
    assert "Ann 9♠ (raged)  vs  Bob 4♥" in words and "Ann wins the flip" in words
