"""The adversary's secret programme in a search's sampled worlds (issue 13, "Agents": secret
choices handled honestly): laid as the heuristic lays its own, from what the searching seat
may know, and now and then left to the random re-deal."""

from __future__ import annotations

from duelhall.agents.base import Observation
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.engine.state import DuelFightersState
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic

from .engine.helpers import to_programming


def _adversary_finished_first() -> DuelFightersState:
    """Seat 1 has laid its whole programme as the heuristic would; seat 0 has laid nothing."""
    state = to_programming(2)
    heuristic = DuelFightersHeuristic(INFO, 0)
    while 1 in state.to_move():
        state.apply(heuristic.choose(Observation.of(state, 1)))
    plan = state.board.plans[1]
    assert plan.done and len(plan.steps) > plan.shown and state.to_move() == (0,)
    return state


def _secret(world: DuelFightersState) -> list[tuple[str, ...]]:
    plan = world.board.plans[1]
    return plan.steps[plan.shown :]


def test_most_worlds_hold_the_programme_the_heuristic_would_lay_and_some_a_random_one() -> None:
    state = _adversary_finished_first()
    heuristic = DuelFightersHeuristic(INFO, 0)
    obs = Observation.of(state, 0)
    rng = Rng(9)
    worlds = [heuristic.sample_world(obs, rng) for _ in range(40)]
    laid = sum(_secret(w) == _secret(state) for w in worlds)
    assert 20 <= laid < 40
    for world in worlds:
        assert world.view(0) == state.view(0)  # nothing seat 0 sees was changed
        assert world.to_move() == (0,)  # the adversary has finished in every world


def test_the_worlds_come_from_the_view_alone() -> None:
    state = _adversary_finished_first()
    heuristic = DuelFightersHeuristic(INFO, 0)
    other = state.determinize(0, Rng(4))  # seat 1's secret steps re-dealt at random
    assert _secret(other) != _secret(state)
    one = [heuristic.sample_world(Observation.of(state, 0), Rng(k)) for k in range(8)]
    two = [heuristic.sample_world(Observation.of(other, 0), Rng(k)) for k in range(8)]
    assert [_secret(w) for w in one] == [_secret(w) for w in two]
