"""Positions: round trips, the example file, and clear errors for impossible positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.errors import PositionError
from duelhall.games.deckduel.engine.state import DeckDuelState
from tests.games.deckduel.helpers import GAME, act, make, new, rage_step, tops

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "deckduel-midgame.json"


def _reload(state: DeckDuelState) -> DeckDuelState:
    loaded = GAME.load_position(json.loads(json.dumps(state.to_position())))
    assert isinstance(loaded, DeckDuelState)
    return loaded


def test_positions_round_trip_at_every_stage() -> None:
    state = make(*tops("J 9 A", "4 2 Q", {"rage": 1}))
    stages = [state.clone()]
    state.apply(state.legal_actions(0)[0])  # a secret rage answer
    stages.append(state.clone())
    state.apply(state.legal_actions(1)[1])
    stages.append(state.clone())  # the loser's block is pending
    act(state, "take")
    stages.append(state.clone())  # the Jack's choice
    act(state, "foresight")
    stages.append(state.clone())  # the look
    act(state, "keep")
    stages.append(state.clone())
    for stage in stages:
        again = _reload(stage)
        assert again.view(None) == stage.view(None)
        assert again.to_position() == stage.to_position()
        assert again.legal_actions(0) == stage.legal_actions(0)


def test_positions_finished_game_reloads_as_finished() -> None:
    state = make(*tops("9", "4", {}, {"health": 1, "actions": 0}))
    rage_step(state)
    again = _reload(state)
    assert again.is_over() and again.outcome() == state.outcome()


def test_positions_example_file_loads() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = GAME.load_position(data)
    assert isinstance(state, DeckDuelState)
    assert state.health == [6, 4]
    assert state.focus == [True, False]
    assert state.to_move() == (0, 1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "duel52"}, "not deckduel"),
        ({"players": [{}]}, "two players"),
        ({"players": [{"health": 13}, {}]}, "'health' must be between 0 and 12"),
        ({"players": [{"rage": 4}, {}]}, "'rage' must be between 0 and 3"),
        ({"players": [{"deck": ["A", "2"]}, {}]}, "not placed anywhere"),
        ({"players": [{"deck_top": ["A", "A"]}, {}]}, "appears twice"),
        ({"players": [{"deck_top": ["Z"]}, {}]}, "not a card"),
        ({"players": [{"focus": True, "deck_top": ["K"]}, {}]}, "appears twice"),
        ({"players": [{"rage_choice": True}, {"rage_choice": False}]}, "give 'combat'"),
        ({"players": [{"rage_choice": True, "actions": 0}, {}]}, "without an action point"),
        ({"pending": [["block", 1, 2]]}, "belong to a combat"),
        ({"players": [{"health": 0}, {}]}, "no 'result'"),
        ({"options": {"reshuffle": "never"}}, "takes one of all, remaining"),
        ({"options": {"turn_limit": -1}}, "turn_limit"),
        ({"combat": {"cards": ["K", "4"], "effect": "fly"}}, "combat 'effect'"),
        (
            {
                "players": [{"rage_choice": False}, {"rage_choice": False}],
                "combat": {"cards": ["K", "4"]},
                "pending": [["face", 0, "7"]],
            },
            "face card",
        ),
    ],
)
def test_positions_bad_input_is_explained(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.load_position(data)


def test_positions_new_game_round_trips() -> None:
    state = new(77)
    again = _reload(state)
    assert again.view(None) == state.view(None)
