"""The computer players of Duel Fighters: the heuristic, the evaluation and playout hooks,
and the generic ISMCTS over the programmed sequences."""

from __future__ import annotations

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.evaluation import evaluate
from duelhall.games.duelfighters.geometry import Figure
from duelhall.games.duelfighters.heuristic import (
    DuelFightersHeuristic,
    plan_steps,
    rollout_action,
)
from duelhall.games.duelfighters.view import brief_view

from .engine.helpers import deployed, programming


def test_heuristic_decides_from_its_view_alone() -> None:
    state = programming()
    for seat in (0, 1):
        agent = DuelFightersHeuristic(INFO, 0)
        mine = agent.choose(Observation.of(state, seat))
        for k in range(3):
            other = state.determinize(seat, Rng(k))
            assert agent.choose(Observation.of(other, seat)) == mine


def test_plan_closes_in_turns_to_face_and_attacks_in_reach() -> None:
    me = Figure(400, 100, 90.0, 50)
    assert plan_steps(me, Figure(400, 700, 270.0, 40), 3, False)[0] == ("advance", "advance")
    assert plan_steps(me, Figure(700, 100, 180.0, 40), 2, False)[0][0] == "turn-right"
    near = Figure(400, 170, 0.0, 40)  # in reach, facing away: its flank is ours already
    assert plan_steps(me, near, 3, False)[0] == ("attack",)
    assert plan_steps(me, near, 3, True)[:2] == [("technique",), ("attack",)]
    facing_us = Figure(400, 320, 270.0, 40)  # near, not in reach, we stand at its front
    assert plan_steps(me, facing_us, 4, False)[0][0].startswith("lateral-")


def test_heuristic_beats_random_clearly() -> None:
    score = 0.0
    for game in range(8):
        agents = [make_agent("heuristic", game, game=INFO), make_agent("random", game, game=INFO)]
        if game % 2:
            agents.reverse()
        state = INFO.new_state(500 + game, {})
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(agents[seat].choose(Observation.of(state, seat)))
        outcome = state.outcome()
        assert outcome is not None
        score += outcome.scores[0 if game % 2 == 0 else 1]
    assert score >= 7


def test_evaluation_is_a_zero_sum_chance_and_the_result_at_the_end() -> None:
    state = deployed(1)
    rng = Rng(2)
    while not state.is_over():
        value = evaluate(state, 0)
        assert 0.0 <= value <= 1.0
        assert abs(value + evaluate(state, 1) - 1.0) < 1e-9
        action = rollout_action(state, rng)
        assert action in state.legal_actions(action.seat)
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    assert evaluate(state, 0) == outcome.scores[0]


def test_ismcts_searches_while_the_other_seat_may_still_beprogramming() -> None:
    """A node reached with both seats choosing in one re-deal and one in another (a
    simultaneous choice laid edges never visited) used to divide by zero."""
    state = programming()
    agent = make_agent("ismcts:60", 1, game=INFO)
    action = agent.choose(Observation.of(state, 0))
    assert action in state.legal_actions(0)


def test_after_a_marker_off_its_plan_the_heuristic_plans_from_where_it_would_stand() -> None:
    """A search tries other markers and plays on with the heuristic: after a turn away from
    the adversary, its next marker turns back rather than finishing the advance it had
    planned (which would walk away)."""
    state = deployed(4)
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    seat = next(s for s in state.to_move())
    agent = DuelFightersHeuristic(INFO, 0)
    assert str(agent.choose(Observation.of(state, seat))) == "mark advance"
    state.apply(state.parse_action("mark turn-left", seat))
    assert str(agent.choose(Observation.of(state, seat))) == "mark turn-right"


def test_inside_a_search_the_heuristic_reads_a_part_of_its_view_and_plays_the_same() -> None:
    """``choose_in`` (the playouts' shortcut) answers what ``choose`` answers, from a brief
    view that holds nothing the seat's view does not."""
    heuristic = DuelFightersHeuristic(INFO, 0)
    rng = Rng(5)
    seen = 0
    for seed in range(3):
        state = INFO.new_state(seed, {})
        while not state.is_over():
            seat = state.to_move()[rng.below(len(state.to_move()))]
            brief, whole = brief_view(state, seat), state.view(seat)
            assert all(whole[key] == value for key, value in brief.items() if key != "fighters")
            for short, full in zip(brief["fighters"], whole["fighters"], strict=True):
                assert short.items() <= full.items()
            own = heuristic.choose(Observation.of(state, seat))
            assert heuristic.choose_in(state, seat) == own
            seen += 1
            legal = state.legal_actions(seat)
            state.apply(own if rng.below(4) else legal[rng.below(len(legal))])
    assert seen > 100
