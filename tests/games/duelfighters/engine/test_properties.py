"""Property tests over random games of Deretor against Lesdinn in every scenario: each ends
with an outcome; clones are independent; the same seed and actions give the same game;
views leak nothing (a re-deal looks the same to the seat and leaves its choices alone);
the notation reads back every legal action; positions write and read back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO, DuelFightersState
from duelhall.games.duelfighters.engine.options import CHARACTERS, OPTIONS, SCENARIOS
from tests.properties import SEEDS as SEED_VALUES
from tests.properties import examples, option_values

from .helpers import new, random_game

SEEDS = range(3)


def _keen(state: DuelFightersState, seat: int, rng: Rng) -> Any:
    """Mostly the actions that close in and fight (random play seldom meets): facing the
    middle when deployed, advancing, attacking, casting."""
    legal = state.legal_actions(seat)
    if state.phase == "deploy":
        keen = [a for a in legal if _inward(str(a))]
    else:
        keen = [a for a in legal if str(a).startswith(KEEN) or str(a) == "advance 88"]
    return rng.choice(keen if keen and rng.below(4) else list(legal))


def _play(
    seed: int, scenario: str, check: Any = None, *, keen: bool = False, **options: Any
) -> DuelFightersState:
    state = new(seed, scenario=scenario, **options)
    rng = Rng(seed * 7 + 1)
    n = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        if check is not None:
            check(state, n)
        if keen:
            state.apply(_keen(state, seat, rng))
        else:
            state.apply(rng.choice(state.legal_actions(seat)))
        n += 1
        assert n < 5000
    return state


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_end_with_an_outcome(scenario: str) -> None:
    for seed in SEEDS:
        state = _play(seed, scenario)
        result = state.outcome()
        assert result is not None and result.reason in {"killed", "points", "turn-limit"}
        assert sum(result.scores) == 1.0


def test_random_games_with_short_moves_and_other_readings_end() -> None:
    for seed in SEEDS:
        state = _play(
            seed,
            "tavern",
            move_fractions=3,
            anticipation="loser",
            collision_hits="injuries",
            downed="rear",
            deploy="opposite",
            turn_limit=10,
        )
        assert state.outcome() is not None


def _inward(text: str) -> bool:
    """A deployment facing the middle of the table."""
    x, y = (float(v) for v in text.split()[1].split(","))
    dx, dy = 400 - x, 400 - y
    towards = ("e" if dx > 0 else "w") if abs(dx) > abs(dy) else ("n" if dy > 0 else "s")
    return text.split()[2] == towards


KEEN = (
    "attack",
    "improvise",
    "technique",
    "cast",
    "throw",
    "mark attack",
    "mark technique",
    "mark skill",
    "mark advance",
)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_games_that_close_in_end_and_keep_every_invariant(scenario: str) -> None:
    """Duels where the players close in and fight, with the leak, notation and position
    checks at every few actions; most end by a kill or on points."""
    ends = []
    for seed in range(4):
        state = _play(seed, scenario, _all_checks, keen=True)
        result = state.outcome()
        assert result is not None
        ends.append(result.reason)
    assert {"killed", "points"} & set(ends), ends


def test_secret_steps_shown_one_at_a_time_keep_every_invariant() -> None:
    for seed in range(3):
        state = _play(seed, "forest", _all_checks, keen=True, reveal="step")
        assert state.outcome() is not None


@pytest.mark.parametrize(("first", "second"), [("brock", "hallothon"), ("shargh", "lesdinn")])
def test_the_other_characters_play_to_the_end(first: str, second: str) -> None:
    for seed in range(3):
        state = _play(seed, "tavern", _all_checks, keen=True, first=first, second=second)
        assert state.outcome() is not None


def test_clones_are_independent() -> None:
    state = new(4, scenario="arena")
    rng = Rng(9)
    for _ in range(60):
        if state.is_over():
            break
        copy = state.clone()
        before = copy.view(None)
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
        assert copy.view(None) == before
        assert copy.to_position() == before | {"options": dict(copy.options), "seed": 4}


def test_same_seed_and_actions_give_the_same_game() -> None:
    a, b = new(11, scenario="forest"), new(11, scenario="forest")
    rng = Rng(3)
    while not a.is_over():
        seat = a.to_move()[0]
        action = rng.choice(a.legal_actions(seat))
        a.apply(action)
        b.apply(b.parse_action(str(action), seat))
        assert a.view(None) == b.view(None)
    assert a.outcome() == b.outcome()


def _leak_check(state: DuelFightersState, n: int) -> None:
    if n % 3:
        return
    for seat in (0, 1):
        sample = state.determinize(seat, Rng(n))
        assert sample.view(seat) == state.view(seat)
        assert list(sample.legal_actions(seat)) == list(state.legal_actions(seat))
        assert sample.public_view() == state.public_view()
        again = state.determinize(seat, Rng(n))
        assert again.view(None) == sample.view(None)


@pytest.mark.parametrize("scenario", ["open-field", "tavern"])
def test_views_leak_nothing(scenario: str) -> None:
    _play(1, scenario, _leak_check, turn_limit=6)


def test_a_seat_never_sees_the_other_seats_steps_being_programmed() -> None:
    def check(state: DuelFightersState, n: int) -> None:
        if state.phase != "program":
            return
        for seat in (0, 1):
            other = state.board.plans[1 - seat]
            seen = state.view(seat)["plans"][1 - seat]
            assert len(seen["steps"]) == other.shown
            assert "open" not in seen

    _play(2, "open-field", check, turn_limit=8)


def _notation_check(state: DuelFightersState, n: int) -> None:
    for seat in state.to_move():
        for action in state.legal_actions(seat):
            assert state.parse_action(str(action), seat) == action


def test_notation_round_trip() -> None:
    _play(3, "arena", _notation_check, turn_limit=5)


def _position_check(state: DuelFightersState, n: int) -> None:
    if n % 5:
        return
    written = state.to_position()
    loaded = INFO.load_position(written)
    assert loaded.to_position() == written
    for seat in state.to_move():
        assert [str(a) for a in loaded.legal_actions(seat)] == [
            str(a) for a in state.legal_actions(seat)
        ]


def test_positions_write_and_read_back() -> None:
    _play(5, "tavern", _position_check, turn_limit=6)


def _all_checks(state: DuelFightersState, n: int) -> None:
    if n % 4 == 0:
        _leak_check(state, n)
        _notation_check(state, n)
    if n % 10 == 0:
        _position_check(state, n)


def test_random_game_helper_plays_to_the_end() -> None:
    assert random_game(new(8), Rng(8)) > 0


def test_a_record_replays_to_the_same_duel() -> None:
    state = new(21, scenario="forest")
    rng = Rng(21)
    record = Record(game="duelfighters", seed=21, options=dict(state.options), players=["a", "b"])
    while not state.is_over():
        seat = state.to_move()[rng.below(len(state.to_move()))]
        action = _keen(state, seat, rng)
        record.actions.append((seat, str(action)))
        state.apply(action)
    result = state.outcome()
    assert result is not None
    record.result = result.to_json()
    again = replay(Record.from_json(json.loads(json.dumps(record.to_json()))))
    assert again.view(None) == state.view(None)


@pytest.mark.parametrize("reveal", ["all", "step"])
def test_a_re_deal_depends_on_the_view_alone(reveal: str) -> None:
    """Two states a seat cannot tell apart re-deal alike under the same generator, so a
    sample tells nothing about the other seat's hidden steps (the agents' stand-in)."""
    checked = 0

    def check(state: DuelFightersState, n: int) -> None:
        nonlocal checked
        for seat in state.to_move() if n % 2 else (0, 1):
            look_alike = state.determinize(seat, Rng(1000 + n))
            assert look_alike.view(seat) == state.view(seat)
            for k in (1, 2):
                ours = state.determinize(seat, Rng(k)).to_position()
                assert ours == look_alike.determinize(seat, Rng(k)).to_position()
            checked += 1

    _play(6, "tavern", check, keen=True, reveal=reveal, turn_limit=8)
    assert checked > 40


OPTION_VALUES = option_values(
    OPTIONS,
    content=st.just(""),
    table=st.sampled_from([0, 1000]),
    scenario=st.sampled_from(SCENARIOS),
    first=st.sampled_from(CHARACTERS),
    second=st.sampled_from(CHARACTERS),
    deploy_step=st.sampled_from([40, 80, 200]),
    move_fractions=st.integers(1, 8),
    turn_limit=st.integers(1, 12),
    characters=st.integers(1, 3),
    first_allies=st.just(""),
    second_allies=st.just(""),
)


@examples(12)
@given(options=OPTION_VALUES, seed=SEED_VALUES)
def test_duels_under_any_options_end_and_keep_every_invariant(
    options: dict[str, Any], seed: int
) -> None:
    state = INFO.new_state(seed, options)
    assert isinstance(state, DuelFightersState)
    rng = Rng(seed)
    n = 0
    while not state.is_over():
        seat = state.to_move()[rng.below(len(state.to_move()))]
        if n % 7 == 0:
            _all_checks(state, 0)
        state.apply(_keen(state, seat, rng) if n % 3 else rng.choice(state.legal_actions(seat)))
        n += 1
        assert n < 5000
    assert state.outcome() is not None
