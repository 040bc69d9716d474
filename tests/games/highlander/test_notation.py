"""Notation (docs/notation/highlander.md): ids, names, face-up places, and clear errors."""

from __future__ import annotations

import pytest

from duelhall.core.errors import IllegalActionError, NotationError
from duelhall.games.highlander.engine.actions import HighlanderAction

from .helpers import illegal, make, new


def test_notation_round_trips_every_legal_action() -> None:
    state = new(4)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
    clash_state = make((["highguard", "overhead"], ["bind", "parry"]))
    for seat in (0, 1):
        for action in clash_state.legal_actions(seat):
            assert clash_state.parse_action(str(action), seat) == action


def test_notation_accepts_names_and_face_up_places() -> None:
    state = make((["highguard", "overhead"], ["bind", "parry"]))
    assert state.parse_action("play High Guard", 0) == HighlanderAction(0, "play", "highguard")
    assert state.parse_action("PLAY overhead-cut", 0) == HighlanderAction(0, "play", "overhead")
    draft = new(4, kurgan="1")
    first = draft.cards.cards[draft.faceup[1]].id
    assert draft.parse_action("take 2") == HighlanderAction(0, "take", first)
    assert draft.parse_action("draw") == HighlanderAction(0, "draw")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("attack thrust", "unknown action 'attack'"),
        ("play", "'play' needs a card, like: play thrust"),
        ("play stab", "no card is called 'stab'"),
        ("draw 2", "'draw' takes nothing after it"),
    ],
)
def test_notation_errors_say_what_is_expected(text: str, message: str) -> None:
    state = new(4)
    with pytest.raises(NotationError) as info:
        state.parse_action(text)
    assert message in str(info.value)


def test_notation_needs_a_seat_when_both_choose() -> None:
    state = make((["highguard", "overhead"], ["bind", "parry"]))
    with pytest.raises(IllegalActionError, match="say which seat"):
        state.parse_action("play bind")


def test_notation_illegal_actions_explain_themselves() -> None:
    draft = new(4, kurgan="1")
    assert "player 1's turn to draft" in illegal(draft, HighlanderAction(1, "draw"))
    assert "not played" in illegal(draft, HighlanderAction(0, "play", "thrust"))
    missing = next(c for c in draft.cards.cards if c.index not in draft.faceup)
    assert "not face-up" in illegal(draft, HighlanderAction(0, "take", missing.id))
    state = make((["highguard", "overhead"], ["bind", "parry"]))
    assert "draft is over" in illegal(state, HighlanderAction(0, "draw"))
