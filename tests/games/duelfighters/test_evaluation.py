"""Duel Fighters' position evaluation for search cut-offs (duelhall/games/duelfighters/
evaluation.py): judged between turns only, zero-sum, and moved by what it claims to weigh."""

from __future__ import annotations

from duelhall.agents.base import Observation
from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.engine.state import DuelFightersState
from duelhall.games.duelfighters.evaluation import FEATURES, WEIGHTS, evaluate, features, quiet
from duelhall.games.duelfighters.geometry import Figure
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic

from .engine.helpers import deployed


def _play_until(state: DuelFightersState, stop: str) -> None:
    players = [DuelFightersHeuristic(INFO, s) for s in (0, 1)]
    while not state.is_over() and state.phase != stop:
        picks = [players[s].choose(Observation.of(state, s)) for s in state.to_move()]
        for action in picks:
            state.apply(action)


def test_quiet_between_turns_only() -> None:
    state = deployed(3)
    _play_until(state, "program")
    laid_any = False
    players = [DuelFightersHeuristic(INFO, s) for s in (0, 1)]
    turn = state.turn
    while state.turn == turn and not state.is_over():
        steps = any(p.steps or p.open for p in state.board.plans)
        laid_any = laid_any or steps
        assert quiet(state) == (state.phase in ("order", "program") and not steps)
        picks = [players[s].choose(Observation.of(state, s)) for s in state.to_move()]
        for action in picks:
            state.apply(action)
    assert laid_any
    assert state.is_over() or quiet(state)  # the next turn begins quiet


def test_evaluation_is_zero_sum_and_names_its_facts() -> None:
    state = deployed(4)
    _play_until(state, "program")
    assert len(FEATURES) == len(WEIGHTS) == len(features(state, 0))
    assert features(state, 1) == [-f for f in features(state, 0)]
    assert abs(evaluate(state, 0) + evaluate(state, 1) - 1.0) < 1e-12


def test_wounds_taken_lower_the_chance() -> None:
    state = deployed(4)
    _play_until(state, "program")
    before = evaluate(state, 0)
    state.board.fighters[0].injuries += 3
    assert evaluate(state, 0) < before


def test_standing_at_the_adversarys_rear_raises_the_chance() -> None:
    state = deployed(4)
    _play_until(state, "program")
    them = state.board.fighters[1].figure
    assert them is not None
    side = state.board.fighters[0].character.base_mm
    # The same spot behind it, once facing its back and once facing away.
    behind = them.moved(them.facing + 180.0, them.side / 2 + side / 2 + 5.0)
    state.board.fighters[0].figure = Figure(behind.x, behind.y, them.facing, side)
    facing_its_back = evaluate(state, 0)
    state.board.fighters[0].figure = Figure(behind.x, behind.y, them.facing + 180.0, side)
    assert facing_its_back > evaluate(state, 0)
