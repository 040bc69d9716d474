"""Positions: any state written as JSON and read back, and malformed positions explained."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duelhall.core.errors import PositionError
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State

GAME = get_game("duel52")

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"variant": "quick", "lane_win": "closed", "facedown_jack_hp": 3},
    {"variant": "long", "twinstrike_optional": True, "ace_attacks": "stack"},
    {"facedown_nine_immune": True},
    {"first_player_draws": False, "dead_eight_retaliates": False, "view_discard": "revealed"},
]


def load(data: dict[str, Any]) -> Duel52State:
    state = GAME.load_position(data)
    assert isinstance(state, Duel52State)
    return state


def random_states(seed: int, options: dict[str, Any]) -> list[Duel52State]:
    """Clones of every state of a random game, from the deal to the end."""
    state = GAME.new_state(seed, options)
    assert isinstance(state, Duel52State)
    rng = Rng(seed * 7 + 1)
    out: list[Duel52State] = [state.clone()]
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        out.append(state.clone())
    return out


def assert_same(a: Duel52State, b: Duel52State) -> None:
    assert b.view(None) == a.view(None)
    assert b.legal_actions() == a.legal_actions()
    assert b.to_position() == a.to_position()
    assert b.outcome() == a.outcome()
    for seat in (0, 1):
        assert b.view(seat) == a.view(seat)


@pytest.mark.parametrize("seed", range(12))
def test_positions_round_trip_through_json(seed: int) -> None:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    for state in random_states(seed, options):
        pos = json.loads(json.dumps(state.to_position()))
        assert_same(state, load(pos))


@pytest.mark.parametrize("seed", range(12, 18))
def test_loaded_positions_play_on_like_the_original(seed: int) -> None:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    states = random_states(seed, options)
    rng = Rng(seed)
    for state in states[:: max(1, len(states) // 8)]:
        loaded = load(state.to_position())
        for _ in range(15):
            if state.is_over():
                break
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
            state.apply(action)
            loaded.apply(action)
            assert_same(state, loaded)


def test_pile_size_deals_the_rest_from_the_seed() -> None:
    pos = {"lanes": [[["7H"], ["8C"]], [[], []], [[], []]], "hands": [["2C"], []]}
    a = load({**pos, "pile_size": 10, "seed": 4})
    b = load({**pos, "pile_size": 10, "seed": 4})
    assert a.pile == b.pile and len(a.pile) == 10
    assert len(a.removed) == 52 - 3 - 10
    assert a.card_counts() == 52


def test_card_words_are_read() -> None:
    state = load(
        {
            "lanes": [
                [["KS base", "7H down d1 seen:01", "6C frozen a1 x2"], ["9D p1", "9H p1"]],
                [["JD base up d2"], []],
                [[], []],
            ],
            "to_move": 1,
        }
    )
    base, down, six = state.rows[0][0]
    assert base.base and not base.up and base.known == 0
    assert not down.up and down.damage == 1 and down.known == 0b11
    assert six.up and six.frozen and six.attacks == 1 and six.bonus == 2
    assert state.rows[0][1][0].pair == state.rows[0][1][1].pair == 1
    jack = state.rows[1][0][0]
    assert jack.base and jack.up and jack.damage == 2
    assert state.current == 1


def malformed_cases() -> list[tuple[str, dict[str, Any], str]]:
    lanes = [[["7H"], ["8C"]], [[], []], [[], []]]
    return [
        (
            "duplicate card",
            {"lanes": lanes, "hands": [["7H"], []]},
            r"hand of seat 0: 7H is already placed at lane 1, seat 0, card 1",
        ),
        (
            "duplicate on the board",
            {"lanes": [[["7H"], ["8C"]], [["2C", "7h down"], []], [[], []]]},
            r"lane 2, seat 0, card 2: 7H is already placed at lane 1, seat 0, card 1",
        ),
        (
            "bad word",
            {"lanes": [[["7H"], ["8C sideways"]], [[], []], [[], []]]},
            r"lane 1, seat 1, card 1: unknown word 'sideways'",
        ),
        (
            "bad card",
            {"lanes": [[["7H"], ["1X"]], [[], []], [[], []]]},
            r"lane 1, seat 1, card 1: '1X' is not a card",
        ),
        (
            "empty card",
            {"lanes": [[["7H"], [""]], [[], []], [[], []]]},
            r"lane 1, seat 1, card 1: expected a card string",
        ),
        (
            "bad seen",
            {"lanes": [[["7H down seen:2"], []], [[], []], [[], []]]},
            r"lane 1, seat 0, card 1: seen: lists seats 0 and/or 1",
        ),
        (
            "pair of different ranks",
            {"lanes": [[["7H p1", "8H p1"], []], [[], []], [[], []]]},
            r"lane 1, seat 0: pair p1 must be two face-up cards of the same rank",
        ),
        (
            "pair with a face-down card",
            {"lanes": [[[], []], [[], ["7H p2", "7C down p2"]], [[], []]]},
            r"lane 2, seat 1, card 2: a face-down card cannot be paired",
        ),
        (
            "pair of three",
            {"lanes": [[[], []], [[], []], [["7H p1", "7C p1", "7D p1"], []]]},
            r"lane 3, seat 0: pair p1",
        ),
        (
            "two lanes",
            {"lanes": [[[], []], [[], []]]},
            r"'lanes' must be a list of 3 items \(three lanes\)",
        ),
        (
            "lane of three rows",
            {"lanes": [[[], []], [[], [], []], [[], []]]},
            r"lane 2 must be a list of 2 items \(seat 0's row, seat 1's row\)",
        ),
        ("bad seat to move", {"to_move": 2}, r"'to_move' is a seat: 0 or 1, not 2"),
        ("bad first player", {"first_player": -1}, r"'first_player' is a seat"),
        ("seat as text", {"to_move": "1"}, r"'to_move' is a seat: 0 or 1, not '1'"),
        ("bool turn", {"turn": True}, r"'turn' must be a whole number"),
        (
            "hands of three",
            {"hands": [[], [], []]},
            r"'hands' must be a list of 2 items \(seat 0's cards",
        ),
        ("bad hand card", {"hands": [["ZZ"], []]}, r"hand of seat 0: 'ZZ' is not a card"),
        ("bad pile card", {"pile": ["7H", "7H"]}, r"pile: 7H is already placed at pile"),
        ("pile too big", {"pile_size": 60}, r"'pile_size' must be between 0 and 52, not 60"),
        ("negative pile", {"pile_size": -1}, r"'pile_size' must be between 0 and 52"),
        ("other game", {"game": "chess"}, r"this position is for 'chess', not duel52"),
        ("bad option", {"options": {"variant": "blitz"}}, r"'variant' takes one of"),
        ("bad pending", {"pending": [["dance"]]}, r"unknown pending choice 'dance'"),
        ("empty pending", {"pending": [[]]}, r"each pending entry is a list"),
        ("bad move lane", {"pending": [["move", "x"]]}, r"pending"),
        ("move without lane", {"pending": [["move"]]}, r"pending"),
        ("move to lane 4", {"pending": [["move", 4]]}, r"pending"),
        ("bad order card", {"pending": [["order", 1, ["ZZ"]]]}, r"pending"),
        ("row not a list", {"lanes": [["7H", []], [[], []], [[], []]]}, r"lane 1, seat 0"),
        ("hand not a list", {"hands": ["7H", []]}, r"hand of seat 0"),
        ("lane winner of three", {"lane_winner": [None, 0]}, r"lane_winner"),
        ("lane winner seat", {"lane_winner": [None, 2, None]}, r"lane_winner"),
        ("negative actions", {"actions_left": -1}, r"actions_left"),
        ("result not an object", {"result": "draw"}, r"'result' is an object"),
        (
            "result without scores",
            {"result": {"winner": 0, "reason": "x"}},
            r"'result' is an object with winner \(a seat or null\), scores",
        ),
        (
            "bad discard",
            {"discard": [{"up": False}]},
            r"discard entry 1: expected a card name like '7H', not None",
        ),
        (
            "bad discard seen",
            {"discard": [{"card": "7H", "up": False, "seen": [3]}]},
            r"discard entry 1: 'seen' is a seat: 0 or 1, not 3",
        ),
        ("discard not a list", {"discard": "7H"}, r"'discard' must be a list"),
        ("options not an object", {"options": 1}, r"'options' is an object of names and values"),
        (
            "dead card",
            {"lanes": [[["7H"], ["8C d2"]], [[], []], [[], []]]},
            r"lane 1, seat 1, card 1: 8C has 2 damage but only 2 hit points",
        ),
        (
            "dead face-down Jack",
            {"lanes": [[["JH down d2"], []], [[], []], [[], []]]},
            r"lane 1, seat 0, card 1: JH has 2 damage",
        ),
        (
            "paired face-down card",
            {"lanes": [[["7H down p1"], []], [[], []], [[], []]]},
            r"lane 1, seat 0, card 1: a face-down card cannot be paired",
        ),
        ("odd digits", {"lanes": [[["7H d²"], []], [[], []], [[], []]]}, r"unknown word"),
        (
            "discard with no hand",
            {"hands": [[], ["7H"]], "pending": [["discard"]]},
            r"pending discard: seat 0 has no card in hand",
        ),
        (
            "look with nothing to see",
            {"lanes": [[["7H"], []], [[], []], [[], []]], "pending": [["look"]]},
            r"pending look: no face-down card unknown to seat 0",
        ),
        (
            "order of absent cards",
            {
                "lanes": [[["7H", "QS down"], []], [[], []], [[], []]],
                "pending": [["order", 1, ["7H", "QS"]]],
            },
            r"pending order in lane 1: .*\(not QS\)",
        ),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [pytest.param(d, m, id=name) for name, d, m in malformed_cases()],
)
def test_malformed_positions_name_the_place(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        load(copy.deepcopy(data))


def test_position_must_be_an_object() -> None:
    with pytest.raises(PositionError, match="a position is a JSON object"):
        GAME.load_position([])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- fuzzing

_JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.sampled_from(["7H", "7H down", "KS base", "9C p1", "9D p1", "x", "", "1", "move"]),
    st.text(max_size=6),
)
_JSON = st.recursive(
    _JSON_LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)
_KEYS = [
    "game",
    "options",
    "seed",
    "turn",
    "first_player",
    "to_move",
    "actions_left",
    "actions_taken",
    "passes",
    "hands",
    "pile",
    "pile_size",
    "removed",
    "discard",
    "lanes",
    "lane_winner",
    "pending",
]


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(st.sampled_from(_KEYS), _JSON, max_size=6))
def test_any_json_loads_or_raises_a_position_error(data: dict[str, Any]) -> None:
    try:
        state = load(data)
    except PositionError:
        return
    assert state.card_counts() == 52
    json.dumps(state.view(None))


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    key=st.sampled_from(["lanes", "hands", "pending", "discard", "pile"]),
    junk=_JSON,
)
def test_a_damaged_real_position_loads_or_raises_a_position_error(
    seed: int, steps: int, key: str, junk: Any
) -> None:
    state = GAME.new_state(seed, {})
    assert isinstance(state, Duel52State)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    pos = state.to_position()
    target = pos[key]
    if isinstance(target, list) and target:
        target[len(target) // 2] = junk
    else:
        pos[key] = junk
    try:
        loaded = load(pos)
    except PositionError:
        return
    assert loaded.card_counts() == 52


def test_a_position_where_nobody_can_act_is_a_stalemate() -> None:
    state = load(
        {
            "lanes": [[["7C base up", "8S"], []], [[], []], [[], ["9C base up", "QH"]]],
            "hands": [[], []],
            "pile": [],
            "lane_winner": [0, None, 1],
            "options": {"lane_win": "hand-empty"},
        }
    )
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "stalemate"
    assert state.legal_actions() == []
    assert state.passes == 3
    assert_same(state, load(state.to_position()))
    assert load(state.to_position()).passes == 3
