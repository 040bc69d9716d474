"""Whole programmes weighed by the hard level's search (issue 13, "Agents": the ISMCTS-class
search over the programmed sequences; duelhall/games/duelfighters/plans.py): offered at the
first marker of a stage, the heuristic's own first, and followed marker by marker once chosen.
"""

from __future__ import annotations

import pickle

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.agents.rollouts import RolloutAgent
from duelhall.games.duelfighters import HARD_REPEATABLE, INFO
from duelhall.games.duelfighters.engine.state import DuelFightersState
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic
from duelhall.games.duelfighters.plans import HOLD, TECHNIQUE, Programme, programmes

from .engine.helpers import to_programming


def _laid(state: DuelFightersState, seat: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(m.split(" ")[0] for m in s) for s in state.board.plans[seat].steps)


def test_the_programmes_open_with_the_heuristics_own_and_differ_from_each_other() -> None:
    state = to_programming()
    seat = state.to_move()[0]
    obs = Observation.of(state, seat)
    plans = programmes(obs)
    assert len(plans) > 5
    assert len({p.steps for p in plans}) == len(plans)
    heuristic = DuelFightersHeuristic(INFO, 0)
    assert plans[0].next(obs) == heuristic.choose(obs)
    for plan in plans:
        assert plan.next(obs) in obs.legal
        assert len(plan.steps) == state.board.plans[seat].capacity
    # One holds every step ready for an adversary walking into reach.
    assert any(all(step == HOLD for step in p.steps) for p in plans)


def test_with_a_point_the_heuristic_would_keep_a_technique_is_weighed_too() -> None:
    """The heuristic spends a point only with two in hand; one point may pay at once."""
    state = to_programming()
    seat = state.to_move()[0]
    fighter = state.board.of_side(seat)[0]
    assert state.board.fighters[fighter].points == 0
    assert not any(
        TECHNIQUE in step for p in programmes(Observation.of(state, seat)) for step in p.steps
    )
    state.board.fighters[fighter].points = 1
    state.edited()
    obs = Observation.of(state, seat)
    plans = programmes(obs)
    own = plans[0]
    assert not any(TECHNIQUE in step for step in own.steps)  # one point, kept back
    led = [p for p in plans if p.steps[0] == (TECHNIQUE,)]
    assert led and all(step == HOLD for step in led[0].steps[1:])
    for plan in plans:
        assert plan.next(obs) in obs.legal


def test_laid_marker_by_marker_a_programme_is_the_one_laid() -> None:
    state = to_programming()
    seat = state.to_move()[0]
    plans = programmes(Observation.of(state, seat))
    chosen = plans[-1]  # not the heuristic's
    need = state.initiative.required[seat]
    while seat in state.to_move():
        action = chosen.next(Observation.of(state, seat))
        assert action is not None
        state.apply(action)
    laid = _laid(state, seat)
    assert laid == chosen.steps[: len(laid)]
    assert need is None or len(laid) >= min(need, len(chosen.steps))


def test_a_programme_stops_applying_when_steps_are_laid_otherwise_or_the_stage_moves_on() -> None:
    state = to_programming()
    seat = state.to_move()[0]
    plans = programmes(Observation.of(state, seat))
    holding = next(p for p in plans if p.steps[0] == HOLD)
    moving = next(p for p in plans if p.steps[0] != HOLD)
    state.apply(moving.next(Observation.of(state, seat)))
    assert holding.next(Observation.of(state, seat)) is None
    later = Programme(moving.turn + 1, moving.stage, moving.fighter, moving.steps)
    assert later.next(Observation.of(state, seat)) is None
    # Past the first marker of the stage nothing is offered: the programme chosen goes on.
    assert programmes(Observation.of(state, seat)) == []


def test_the_search_follows_the_programme_it_chose_and_it_pickles_for_helpers() -> None:
    state = to_programming()
    seat = state.to_move()[0]
    agent = make_agent(HARD_REPEATABLE.replace("rollouts:24,", "rollouts:4,"), 1, game=INFO)
    assert isinstance(agent, RolloutAgent)
    first = agent.choose(Observation.of(state, seat))
    script = agent.script
    assert isinstance(script, Programme)
    assert pickle.loads(pickle.dumps(script)) == script
    state.apply(first)
    while seat in state.to_move():
        obs = Observation.of(state, seat)
        expected = script.next(obs)
        action = agent.choose(obs)
        assert action == expected
        state.apply(action)
    laid = _laid(state, seat)
    assert laid == script.steps[: len(laid)]
