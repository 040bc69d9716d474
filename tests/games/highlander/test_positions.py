"""Positions (docs/positions/highlander.md): round trips, the documented example, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.errors import PositionError
from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.engine.state import HighlanderState

from .helpers import GAME, draft_to_clash, new

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "highlander-midgame.json"


def test_position_round_trip_mid_game_and_mid_draft() -> None:
    state = draft_to_clash(new(6))
    state.apply(HighlanderAction(0, "play", state.cards.cards[state.hands[0][0]].id))
    again = GAME.load_position(state.to_position())
    assert again.view(None) == state.view(None)
    fresh = new(6)
    assert GAME.load_position(fresh.to_position()).view(None) == fresh.view(None)


def test_position_example_file_loads_as_documented() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = GAME.load_position(data)
    assert isinstance(state, HighlanderState)
    assert state.to_move() == (0, 1)
    assert state.round == 3 and state.offence == 0
    assert state.damage == [5, 4]
    assert {str(a) for a in state.legal_actions(0)} == {"play fleche", "play cleave", "play bind"}
    view = state.view(1)
    assert view["revealed"][0] == ["cleave"]
    assert view["required"][0] == [2, 3]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [["thrust", "thrust"], ["bind", "lunge"]]}, "already placed"),
        ({"hands": [["stab", "lunge"], ["bind", "parry"]]}, "'stab' is not a card"),
        ({"hands": [["thrust"], ["bind", "lunge"]]}, "same number of cards"),
        ({"offence": 2}, "'offence' is a seat"),
        ({"damage": [12, 0]}, "give its 'result'"),
        ({"revealed": [["bind"], []]}, "not a card in that seat's hand"),
        ({"lanes": []}, "unknown key 'lanes'"),
        ({"options": {"unlock": "never"}}, "option 'unlock' takes one of"),
    ],
)
def test_position_errors_name_what_is_wrong(change: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"hands": [["thrust", "lunge"], ["bind", "parry"]], **change}
    with pytest.raises(PositionError) as info:
        GAME.load_position(data)
    assert message in str(info.value)
