"""The random agent: seeded, and deciding from its observation alone."""

from __future__ import annotations

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.rng import Rng

GAME = get_game("duel52")


def play_out(seed: int, agent_seed: int) -> list[str]:
    state = GAME.new_state(seed, {})
    agents = [make_agent("random", agent_seed), make_agent("random", agent_seed + 1)]
    moves = []
    while not state.is_over():
        seat = state.current_seat()
        action = agents[seat].choose(Observation.of(state, seat))
        moves.append(str(action))
        state.apply(action)
    return moves


def test_same_seed_same_game() -> None:
    assert play_out(3, 10) == play_out(3, 10)
    assert play_out(3, 10) != play_out(3, 12)


def test_choice_depends_only_on_what_the_seat_sees() -> None:
    state = GAME.new_state(8, {})
    seat = state.current_seat()
    other = state.determinize(seat, Rng(99))  # same view, different hidden cards
    a = make_agent("random", 5).choose(Observation.of(state, seat))
    b = make_agent("random", 5).choose(Observation.of(other, seat))
    assert a == b


def test_unknown_agent_is_refused_with_the_list() -> None:
    try:
        make_agent("grandmaster")
    except DuelhallError as e:
        assert "choose one of random, heuristic, ismcts" in str(e)
    else:
        raise AssertionError("expected an error")
