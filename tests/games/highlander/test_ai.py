"""The heuristic agent, the evaluation and the rollout policy."""

from __future__ import annotations

from duelhall.agents.base import Agent, Observation
from duelhall.agents.random_agent import RandomAgent
from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.state import HighlanderState
from duelhall.games.highlander.heuristic import HighlanderHeuristic, evaluate, rollout_action

from .helpers import GAME, make, new


def _play(seed: int, agents: list[Agent]) -> HighlanderState:
    state = new(seed)
    while not state.is_over():
        chosen = [(s, agents[s].choose(Observation.of(state, s))) for s in state.to_move()]
        for _, action in chosen:
            state.apply(action)
    return state


def test_heuristic_beats_random_in_most_games() -> None:
    wins = 0
    for seed in range(100):
        me = seed % 2
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed)]
        agents[me] = HighlanderHeuristic(GAME, seed)
        state = _play(seed, agents)
        wins += state.outcome().winner == me  # type: ignore[union-attr]
    assert wins >= 80


def test_heuristic_avoids_the_follow_up_penalty_when_it_can() -> None:
    # Seat 0 last played Overhead Cut (bar: 3); only Thrust includes position 3.
    state = make(
        (["thrust", "rising", "diagonal"], ["parry", "bind", "sweep"]),
        played=(["overhead"], ["cleave"]),
    )
    agent = HighlanderHeuristic(GAME, 1)
    picks = {str(agent.choose(Observation.of(state, 0))) for _ in range(5)}
    assert picks == {"play thrust"}


def test_heuristic_defends_against_the_only_possible_attack() -> None:
    # Seat 1 defends; seat 0 holds only revealed cards: Low Cut and Lunge... and it must
    # follow Cleave's bar (1, 2). Backhand (5) faces Low Cut (1); Bind (3) blocks nothing.
    state = make(
        (["lowcut", "diagonal"], ["backhand", "bind"]),
        revealed=[["lowcut", "diagonal"], []],
        played=(["cleave"], ["thrust"]),
    )
    agent = HighlanderHeuristic(GAME, 2)
    assert str(agent.choose(Observation.of(state, 1))) == "play backhand"


def test_evaluate_is_a_probability_and_follows_the_damage_race() -> None:
    even = make((["thrust", "lunge"], ["bind", "parry"]))
    ahead = make((["thrust", "lunge"], ["bind", "parry"]), damage=(2, 9))
    assert 0.4 < evaluate(even, 0) < 0.6
    assert evaluate(ahead, 0) > 0.8 and evaluate(ahead, 1) < 0.2


def test_rollout_action_is_legal_and_avoids_penalties() -> None:
    state = make(
        (["thrust", "rising", "diagonal"], ["parry", "bind", "sweep"]),
        played=(["overhead"], ["cleave"]),
    )
    for k in range(10):
        action = rollout_action(state, Rng(k))
        assert action in state.legal_actions(action.seat)
        if action.seat == 0:
            assert str(action) == "play thrust"
    draft = new(3)
    assert rollout_action(draft, Rng(1)) in draft.legal_actions()


def test_heuristic_decides_from_the_view_alone() -> None:
    """Re-dealing what the seat cannot see never changes the heuristic's choice."""
    state = new(12)
    rng = Rng(3)
    checked = 0
    while not state.is_over() and checked < 40:
        movers = state.to_move()
        for seat in movers:
            choices = set()
            for k in range(3):
                sample = state.determinize(seat, Rng(k)) if k else state
                agent = HighlanderHeuristic(GAME, 99)
                choices.add(agent.choose(Observation.of(sample, seat)))
            assert len(choices) == 1
            checked += 1
        picks = [state.legal_actions(s)[rng.below(len(state.legal_actions(s)))] for s in movers]
        for action in picks:
            state.apply(action)
