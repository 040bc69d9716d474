"""Duel Fighters' hard level (issue 13, "Agents"): legal, within its time budget, repeatable
under a seed when its budget is a count of worlds, and far stronger than random. Its strength
against the heuristic is measured by the ladder (benchmarks/ladders/duelfighters-hard-corners),
not here."""

from __future__ import annotations

import math

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.agents.rollouts import RolloutAgent
from duelhall.games.duelfighters import HARD_REPEATABLE, INFO
from duelhall.games.duelfighters.candidates import BEHIND
from duelhall.games.duelfighters.engine.actions import FACINGS
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic
from duelhall.games.duelfighters.tactician import DuelFightersTactician
from duelhall.sim.match import play_match

# The hard level's search on a small count of worlds: the same kind of play, in test time.
SMALL = HARD_REPEATABLE.replace("rollouts:24,", "rollouts:6,")


def test_hard_level_searches_by_the_clock_and_its_twin_by_a_count_of_worlds() -> None:
    hard = make_agent("hard", 0, game=INFO)
    twin = make_agent(HARD_REPEATABLE, 0, game=INFO)
    assert isinstance(hard, RolloutAgent) and isinstance(twin, RolloutAgent)
    assert 0 < hard.seconds < 3  # never over 3 s a decision, with room for the last playout
    assert twin.seconds == 0 and twin.samples > 0
    assert SMALL != HARD_REPEATABLE
    for setting in ("z", "cutoff", "prune", "horizon"):
        assert getattr(hard, setting) == getattr(twin, setting)
    assert hard.sampler is not None  # the adversary's secret programme as the heuristic's


def test_hard_level_with_a_tiny_time_budget_still_picks_a_legal_move() -> None:
    agent = make_agent("rollouts:0.001s,cutoff=20,z=2,prune=1", 5, game=INFO)
    assert isinstance(agent, RolloutAgent)
    state = INFO.new_state(9, {})
    while state.phase != "program":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0])
    obs = Observation.of(state, state.to_move()[0])
    assert agent.choose(obs) in obs.legal
    assert agent.worlds == 1  # the first world is always finished, so there is a choice


def test_hard_level_moves_are_legal_and_repeat_under_the_same_seed() -> None:
    first = play_match(INFO, [SMALL, "heuristic"], seed=41)
    again = play_match(INFO, [SMALL, "heuristic"], seed=41)
    assert first.record.actions == again.record.actions
    assert first.scores == again.scores


def test_hard_level_chooses_among_the_legal_moves_at_every_phase() -> None:
    state = INFO.new_state(7, {})
    agent = make_agent(HARD_REPEATABLE, 3, game=INFO)
    phases: set[str] = set()
    while not state.is_over() and "execute" not in phases:
        picks = []
        for seat in state.to_move():
            obs = Observation.of(state, seat)
            if seat == 0:
                action = agent.choose(obs)
                assert action in obs.legal
                phases.add(obs.view["phase"])
            else:
                action = obs.legal[-1]
            picks.append(action)
        for action in picks:
            state.apply(action)
    assert {"deploy", "program", "execute"} <= phases


def test_hard_level_beats_random_clearly() -> None:
    # One deal played from both seats (a search decision is dear; the ladder measures more).
    won = [
        play_match(INFO, [SMALL, "random"], seed=300).scores[0],
        play_match(INFO, ["random", SMALL], seed=300).scores[1],
    ]
    assert won == [1.0, 1.0]


def test_first_figure_down_tries_the_two_facings_of_the_nearest_corner() -> None:
    state = INFO.new_state(5, {})
    seat = state.to_move()[0]
    obs = Observation.of(state, seat)
    heuristic = DuelFightersHeuristic(INFO, 0)
    tried = heuristic.candidates(obs)
    assert heuristic.choose(obs) not in tried  # the open spot, taken from the rear
    corner = {str(a).split()[1] for a in tried}
    facings = {str(a).split()[2] for a in tried}
    assert len(tried) == 2 and len(corner) == 1 and len(facings) == 2
    x, y = (float(v) for v in corner.pop().split(","))
    width, depth = obs.view["table"]
    assert min(x, width - x) < 30 and min(y, depth - y) < 30
    assert DuelFightersTactician(INFO, 0).candidates(obs) == tried  # hard builds on it
    agent = make_agent(SMALL, 1, game=INFO)
    assert agent.choose(obs) in tried  # the search starts from the first of them


def test_first_figure_down_faces_first_where_the_adversary_would_come() -> None:
    heuristic = DuelFightersHeuristic(INFO, 0)
    for seed in (0, 3):  # Deretor placing first, then Lesdinn: two different corners
        state = INFO.new_state(seed, {})
        obs = Observation.of(state, state.to_move()[0])
        first, second = heuristic.candidates(obs)
        there = heuristic.answer(obs, first)
        assert there is not None
        state.apply(first)
        while sum(f.figure is not None for f in state.board.fighters) < 2:
            seat = state.to_move()[0]
            state.apply(heuristic.choose(Observation.of(state, seat)))
        me = next(
            f.figure
            for f in state.board.fighters
            if f.figure and f.figure.facing == (FACINGS[first.words[2]])
        )
        them = next(f.figure for f in state.board.fighters if f.figure and f.figure is not me)
        assert (them.x, them.y) == there  # the heuristic placed it there in the game too
        ahead = math.degrees(math.atan2(them.y - me.y, them.x - me.x))
        turns = [
            abs((ahead - FACINGS[spot.words[2]] + 180.0) % 360.0 - 180.0)
            for spot in (first, second)
        ]
        assert turns[0] < 45.0 < turns[1]  # the first faces it, the second needs a turn


def test_second_figure_down_backs_into_a_corner_facing_the_adversary() -> None:
    heuristic = DuelFightersHeuristic(INFO, 0)
    for seed in (0, 3):  # Lesdinn placing second, then Deretor
        state = INFO.new_state(seed, {})
        while not any(f.figure for f in state.board.fighters) or state.view(0)["phase"] != "deploy":
            seat = state.to_move()[0]
            state.apply(heuristic.choose(Observation.of(state, seat)))
        obs = Observation.of(state, state.to_move()[0])
        (spot,) = heuristic.candidates(obs)  # one spot: the search cannot weigh a corner
        assert spot != heuristic.choose(obs)
        x, y = (float(v) for v in spot.words[1].split(","))
        width, depth = obs.view["table"]
        assert min(x, width - x) < 30 and min(y, depth - y) < 30
        them = next(f.figure for f in state.board.fighters if f.figure)
        ahead = math.degrees(math.atan2(them.y - y, them.x - x))
        assert abs((ahead - FACINGS[spot.words[2]] + 180.0) % 360.0 - 180.0) < 45.0
        assert DuelFightersTactician(INFO, 0).candidates(obs) == [spot]  # hard builds on it


def test_second_figure_down_on_any_edge_keeps_the_spot_behind_the_adversary() -> None:
    # F57's alternative: the heuristic's spot is right behind the adversary, worth more than
    # a corner (the heuristic placing first scored 0.16 against itself there).
    heuristic = DuelFightersHeuristic(INFO, 0)
    state = INFO.new_state(0, INFO.resolve_options({"deploy": "any-edge"}))
    while not any(f.figure for f in state.board.fighters) or state.view(0)["phase"] != "deploy":
        state.apply(heuristic.choose(Observation.of(state, state.to_move()[0])))
    obs = Observation.of(state, state.to_move()[0])
    own = heuristic.choose(obs)
    them = next(f.figure for f in state.board.fighters if f.figure)
    x, y = (float(v) for v in own.words[1].split(","))
    assert math.hypot(x - them.x, y - them.y) < BEHIND
    assert heuristic.candidates(obs) == [own]


def test_allies_and_equipment_are_the_heuristics_and_pivots_are_not_tried() -> None:
    heuristic = DuelFightersHeuristic(INFO, 0)
    state = INFO.new_state(5, {"characters": 2})
    allies = 0
    while state.view(0)["phase"] in ("deploy", "equip"):
        seat = state.to_move()[0]
        obs = Observation.of(state, seat)
        ours = [i for i in state.board.of_side(seat) if state.board.fighters[i].figure]
        if obs.view["phase"] == "deploy" and ours:
            allies += 1
            assert heuristic.candidates(obs) == [heuristic.choose(obs)]
        state.apply(heuristic.choose(obs))
    assert allies == 2  # one ally a side
    state = INFO.new_state(5, {})
    while state.view(0)["phase"] != "program":
        seat = state.to_move()[0]
        obs = Observation.of(state, seat)
        if obs.view["phase"] == "equip":
            assert heuristic.candidates(obs) == [heuristic.choose(obs)]
        state.apply(heuristic.choose(obs))
    for seat in (0, 1):
        obs = Observation.of(state, seat)
        tried = heuristic.candidates(obs)
        plain = [a for a in obs.legal if not str(a).startswith("mark pivot")]
        assert tried == plain
    pivots = [a for s in (0, 1) for a in state.legal_actions(s) if "pivot" in str(a)]
    assert pivots  # a figure that turns about a corner had them to leave out
