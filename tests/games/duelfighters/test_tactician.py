"""The tactician, the player the hard level's search builds on for its own seat (issue 13,
"Agents": levels measured against the heuristic; duelhall/games/duelfighters/tactician.py):
from across the table it steps once and holds its attacks, nearer it plays as the heuristic,
and in a search the adversary is still modelled by the heuristic."""

from __future__ import annotations

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.agents.rollouts import RolloutAgent
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import HARD_REPEATABLE, INFO
from duelhall.games.duelfighters.engine.state import DuelFightersState
from duelhall.games.duelfighters.geometry import CARD_LENGTH, Figure, gap
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic
from duelhall.games.duelfighters.planning import markers, plan_steps
from duelhall.games.duelfighters.plans import HOLD
from duelhall.games.duelfighters.tactician import FAR, DuelFightersTactician

from .engine.helpers import deployed, to_programming


def _programme(state: DuelFightersState, seat: int, agent: DuelFightersHeuristic) -> list:
    """``seat``'s steps once ``agent`` has programmed them (the other seat by the heuristic)."""
    other = DuelFightersHeuristic(INFO, 1)
    while state.phase == "program":
        for s in state.to_move():
            player = agent if s == seat else other
            state.apply(player.choose(Observation.of(state, s)))
    return [markers(step) for step in state.board.plans[seat].steps]


def test_from_across_the_table_it_steps_once_and_holds_every_other_step_as_an_attack() -> None:
    state = to_programming()
    me, them = (state.board.fighters[i].figure for i in (0, 1))
    assert me is not None and them is not None and gap(me, them) >= FAR
    capacity = state.board.plans[0].capacity
    charge = plan_steps(me, them, capacity, False)
    assert HOLD not in charge[:2]  # the heuristic walks in
    laid = _programme(state, 0, DuelFightersTactician(INFO, 0))
    assert laid == [charge[0], *([HOLD] * (capacity - 1))]


def test_nearer_it_programs_as_the_heuristic_does() -> None:
    me = Figure(400.0, 300.0, 90.0, 40.0)
    for far in (0.5, 2.0, 4.0):
        them = Figure(400.0, 300.0 + 40.0 + far * CARD_LENGTH, 270.0, 50.0)
        assert gap(me, them) < FAR
        ours = DuelFightersTactician.turn_plan(me, them, 4, False)
        assert ours == plan_steps(me, them, 4, False)
    them = Figure(400.0, 300.0 + 40.0 + 6 * CARD_LENGTH, 270.0, 50.0)
    assert DuelFightersTactician.turn_plan(me, them, 4, False)[1:] == [HOLD] * 3
    assert DuelFightersTactician.turn_plan(me, them, 1, False) == plan_steps(me, them, 1, False)


def test_its_sampled_worlds_lay_the_adversarys_programme_as_the_heuristic_would() -> None:
    """The adversary is modelled by the heuristic, which walks in, not by the tactician."""
    state = to_programming()
    while 1 in state.to_move():
        state.apply(DuelFightersHeuristic(INFO, 0).choose(Observation.of(state, 1)))
    walked = state.board.plans[1].steps[state.board.plans[1].shown :]
    assert HOLD not in [markers(s) for s in walked][:2]
    tactician = DuelFightersTactician(INFO, 0)
    obs = Observation.of(state, 0)
    worlds = [tactician.sample_world(obs, Rng(k)) for k in range(16)]
    plan = lambda w: w.board.plans[1].steps[w.board.plans[1].shown :]  # noqa: E731
    assert sum(plan(w) == walked for w in worlds) >= 12


def test_the_hard_search_builds_on_the_tactician_and_models_the_adversary_by_the_heuristic() -> (
    None
):
    agent = make_agent(HARD_REPEATABLE, 1, game=INFO)
    assert isinstance(agent, RolloutAgent)
    assert type(agent.base) is DuelFightersTactician
    assert type(agent.model) is DuelFightersHeuristic
    state = to_programming()
    obs = Observation.of(state, 0)
    plans = agent.plans(obs) if agent.plans is not None else []
    capacity = state.board.plans[0].capacity
    assert plans and plans[0].steps[1:] == (HOLD,) * (capacity - 1)  # the base: step, hold


def _order_won_by(seat: int, seed: int = 2) -> DuelFightersState | None:
    """The first turn's order choice, won by ``seat``, or None if the deal gives it to the
    other seat."""
    state = deployed(seed)
    heuristic = DuelFightersHeuristic(INFO, 0)
    while state.phase != "order":
        if state.phase == "program":
            return None
        s = state.to_move()[0]
        state.apply(heuristic.choose(Observation.of(state, s)))
    return state if state.to_move() == (seat,) else None


def test_winning_the_initiative_from_across_the_table_it_plays_second() -> None:
    """Holding, the second player strikes right after the step that brings the adversary
    into reach; the heuristic plays first."""
    found = [s for seed in range(12) for s in (_order_won_by(0, seed), _order_won_by(1, seed)) if s]
    assert found
    for state in found:
        seat = state.to_move()[0]
        obs = Observation.of(state, seat)
        assert str(DuelFightersTactician(INFO, 0).choose(obs)) == "player 2"
        assert str(DuelFightersHeuristic(INFO, 0).choose(obs)) == "player 1"
