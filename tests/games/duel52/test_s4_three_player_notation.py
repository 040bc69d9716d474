"""Three-player notation and positions (docs/notation/duel52-three-players.md)."""

from __future__ import annotations

import json

import pytest

from duelhall.core.errors import NotationError, PositionError
from duelhall.core.rng import Rng
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.variants.triangles.state import TriAction, TriState

from .test_s4_three_player_helpers import GAME, act, card, new, tri


def test_s4_three_player_notation_names_cards_absolutely() -> None:
    state = tri({1: (["10H"], ["4D down"], ["5C down"])})
    twin = TriAction(0, Kind.ATTACK, slots=((0, 0, 0),), targets=((0, 1, 0), (0, 2, 0)))
    assert str(twin) == "attack 11a 12a 13a"
    assert state.parse_action("attack 1a 12a 13a") == twin  # own card without the player
    assert state.parse_action("attack 11a 13a 12a") == twin  # a single 10: any order
    assert state.parse_action("ATTACK 11A 12A 13A") == twin


def test_s4_three_player_notation_round_trips_every_legal_action() -> None:
    for seed in range(6):
        state = new(seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            for action in legal:
                assert state.parse_action(str(action), action.seat) == action
            state.apply(legal[rng.below(len(legal))])


def test_s4_three_player_notation_errors_say_how_to_write_it() -> None:
    state = new()
    with pytest.raises(NotationError, match="triangle must be 1, 2, 3 or 4"):
        state.parse_action("play 7H 5")
    with pytest.raises(NotationError, match="triangle, player and letter"):
        state.parse_action("flip 5a")
    with pytest.raises(NotationError, match="unknown action"):
        state.parse_action("dance")


def test_s4_three_player_paired_card_named_alone_stands_for_its_pair() -> None:
    state = tri({1: (["5H p1", "5C p1"], ["4D down"], [])})
    assert str(state.parse_action("attack 11b 12a")) == "attack 11a+11b 12a"
    act(state, "attack 11a 12a")
    assert state.rows[0][1] == []


def test_s4_three_player_position_round_trips() -> None:
    for seed in range(4):
        state = new(seed=seed)
        rng = Rng(seed)
        for _ in range(40 + 10 * seed):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        data = json.loads(json.dumps(state.to_position()))
        again = GAME.load_position(data)
        assert again.to_position() == state.to_position()
        for seat in (None, 0, 1, 2):
            assert again.view(seat) == state.view(seat)
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_s4_three_player_position_documented_example_loads() -> None:
    data = {
        "options": {"players": 3},
        "to_move": 0,
        "actions_left": 1,
        "pile": [],
        "triangles": [
            [["5C"], [], []],
            [["KH"], ["4D down d1"], []],
            [[], ["9S"], ["JD"]],
            [[], [], []],
        ],
    }
    state = GAME.load_position(data)
    assert isinstance(state, TriState)
    assert card(state, "22a").damage == 1
    act(state, "attack 21a 22a")
    assert state.outcome() is not None and state.outcome().winner == 0  # type: ignore[union-attr]


def test_s4_three_player_position_errors_are_clear() -> None:
    with pytest.raises(PositionError, match="three hands"):
        GAME.load_position({"options": {"players": 3}, "hands": [[], []]})
    with pytest.raises(PositionError, match="appears twice"):
        GAME.load_position({"options": {"players": 3}, "hands": [["7H"], ["7H"], []]})
    with pytest.raises(PositionError, match="unknown word"):
        tri({1: (["7H sideways"], [], [])})
    with pytest.raises(PositionError, match="four triangles"):
        GAME.load_position({"options": {"players": 3}, "triangles": []})
