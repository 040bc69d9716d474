"""The rollout search's helper processes (``workers=N``): the same worlds as the search alone,
so the same figures under a count of worlds; and a search where processes may not be started
goes on alone."""

from __future__ import annotations

import multiprocessing
from typing import Any

import pytest

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.agents.rollout_helpers import helpers_for
from duelhall.agents.rollouts import RolloutAgent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.sim.match import play_match

DUELFIGHTERS = get_game("duelfighters")


def _programming_observation() -> Observation:
    state = DUELFIGHTERS.new_state(3, {})
    heuristic = make_agent("heuristic", 0, game=DUELFIGHTERS)
    while state.phase != "program":
        seat = state.to_move()[0]
        state.apply(heuristic.choose(Observation.of(state, seat)))
    return Observation.of(state, state.to_move()[0])


def _figures(agent: RolloutAgent, obs: Observation) -> list[tuple[int, float, float]]:
    _, stats = agent.evaluate(obs)
    return [(s.n, round(s.total, 9), round(s.squares, 9)) for s in stats]


def test_helpers_play_the_very_worlds_the_search_would_play_alone() -> None:
    """Without pruning or early stops, two processes sample the same worlds as one and get
    the same paired results: the helper's re-deal of a re-deal is the searcher's re-deal."""
    obs = _programming_observation()
    alone = make_agent("rollouts:6,cutoff=1", 8, game=DUELFIGHTERS)
    helped = make_agent("rollouts:6,cutoff=1,workers=2", 8, game=DUELFIGHTERS)
    assert isinstance(alone, RolloutAgent) and isinstance(helped, RolloutAgent)
    assert helped.workers == 2 and helped._helpers() is not None
    assert _figures(alone, obs) == _figures(helped, obs)
    assert helped.worlds == alone.worlds == 6


def test_a_helped_search_repeats_its_game_under_a_seed() -> None:
    spec = "rollouts:4,cutoff=1,prune=1,workers=2"
    first = play_match(DUELFIGHTERS, [spec, "heuristic"], seed=12)
    again = play_match(DUELFIGHTERS, [spec, "heuristic"], seed=12)
    assert first.record.actions == again.record.actions


def _helpers_in_a_daemon(answer: Any) -> None:
    answer.put(helpers_for(RolloutAgent, "duelfighters", {"cutoff": 1}, 1) is None)


def test_where_no_process_may_start_the_search_goes_on_alone() -> None:
    """A ladder's worker processes are daemons, which may not have children."""
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    daemon = context.Process(target=_helpers_in_a_daemon, args=(answer,), daemon=True)
    daemon.start()
    alone = answer.get(timeout=60)
    daemon.join()
    assert alone is True


@pytest.mark.parametrize("value", ["0", "65", "two", "-1"])
def test_workers_setting_is_checked(value: str) -> None:
    with pytest.raises(DuelhallError, match="workers="):
        make_agent(f"rollouts:10,workers={value}", 0, game=DUELFIGHTERS)
