"""The spectator's view: what both seats know, and the log told from it in the third person."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given

from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.actions import PLAY, HighlanderAction
from duelhall.games.highlander.engine.state import HighlanderState
from duelhall.games.highlander.terminal import render
from tests.games.highlander.helpers import make
from tests.games.highlander.test_properties import OPTION_VALUES, play
from tests.properties import SEEDS, examples

NAMES = ("Ann", "Bob")


def hidden_ids(state: HighlanderState) -> set[str]:
    """Cards no spectator may place: the deck and the hands' cards not taken face-up."""
    cards = state.cards.cards
    hidden = {cards[c].id for c in state.deck}
    for s in (0, 1):
        hidden |= {cards[c].id for c in state.hands[s] if not state.public[s] >> c & 1}
    return hidden


def check_public(state: HighlanderState, rng: Rng) -> None:
    view = state.public_view()
    assert view["public"] is True and "deck_order" not in view and "seed" not in view
    for seat in (0, 1):
        assert state.determinize(seat, rng).public_view() == view, f"seat {seat} re-deal"
    assert view["hands"] == [len(state.hands[0]), len(state.hands[1])]
    assert view["chosen"] == [None, None]
    assert view["committed"] == [c >= 0 for c in state.chosen]
    hidden = hidden_ids(state)
    assert set(view["unseen"]) == hidden
    # Past clashes name cards that may since have been shuffled back into the deck.
    where = ("unseen", "deck_cards", "options", "clashes")
    rest = {k: v for k, v in view.items() if k not in where}
    text = json.dumps(rest)
    assert not [c for c in hidden if f'"{c}"' in text]


@examples(15)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_public_view_is_what_every_seat_knows_in_random_games(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    rng = Rng(chooser ^ 0xA5)
    for step, state in enumerate(play(seed, options, chooser)):
        if step % 2 == 0 or state.is_over():
            check_public(state, rng)
        if state.is_over():
            continue
        # Each legal action told from public views, in the third person.
        before = state.public_view()
        seat = state.to_move()[0]
        for action in list(state.legal_actions(seat))[:3]:
            child = state.clone()
            child.apply(action)
            words = render.describe(action, before, None)
            lines = render.effects(action, before, child.public_view(), None, NAMES)
            told = " ".join([words] + [line.plain for line in lines]).lower()
            assert "you" not in told.split() and "your" not in told.split(), told
            if action.verb == PLAY:
                assert words == "choose a card in secret"
                assert state.cards.card(action.card).name.lower() not in words.lower()  # type: ignore[union-attr]


def test_public_view_shows_only_that_a_seat_has_chosen() -> None:
    hands = (["thrust", "parry", "lunge"], ["bind", "sweep", "fleche"])
    one, other = make(hands), make(hands)
    one.apply(HighlanderAction(0, "play", "thrust"))
    other.apply(HighlanderAction(0, "play", "lunge"))
    assert one.public_view() == other.public_view()
    assert one.public_view()["committed"] == [True, False]


def test_spectator_log_tells_the_clash_from_player_ones_side() -> None:
    state = make((["thrust", "parry"], ["bind", "sweep"]))
    state.apply(HighlanderAction(0, "play", "thrust"))
    before = state.public_view()
    state.apply(HighlanderAction(1, "play", "sweep"))
    lines = render.effects(
        HighlanderAction(1, "play", "sweep"), before, state.public_view(), None, NAMES
    )
    text = "\n".join(line.plain for line in lines)
    assert "Thrust (attacks)" in text and "Sweep (defends)" in text
    assert text.index("Sweep") < text.index("Thrust")  # player 1's card drawn at the bottom
    assert "Strike!" in text or "Block" in text
