"""The rollout search's helper processes (``workers=N``): the same worlds as the search alone,
so the same figures under a count of worlds; a search where processes may not be started
goes on alone; and helpers end when their search is killed outright."""

from __future__ import annotations

import multiprocessing
import os
import select
import signal
import subprocess
import sys
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


def _kill_the_helper(agent: RolloutAgent) -> None:
    helpers = agent._helpers()
    assert helpers is not None
    helper = helpers.pool.submit(os.getpid).result()
    ended = os.pidfd_open(helper)
    try:
        os.kill(helper, signal.SIGKILL)
        readable, _, _ = select.select([ended], [], [], 60)  # a bound, not a pause
        assert readable
    finally:
        os.close(ended)


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="process descriptors are Linux's")
def test_a_search_whose_helper_is_killed_goes_on_and_the_next_starts_new_ones() -> None:
    obs = _programming_observation()
    agent = make_agent("rollouts:8,cutoff=1,horizon=3,workers=2", 8, game=DUELFIGHTERS)
    assert isinstance(agent, RolloutAgent)
    before = agent._helpers()
    _kill_the_helper(agent)
    assert agent.choose(obs) in obs.legal
    assert agent.worlds >= 1
    after = agent._helpers()
    assert after is not None and after is not before
    assert after.pool.submit(int).result() == 0  # the new helpers work


# A searching process that starts one helper, says the helper's process id, and waits.
_SEARCHER = """
import os, sys
from duelhall.agents.rollout_helpers import helpers_for
from duelhall.agents.rollouts import RolloutAgent
helpers = helpers_for(RolloutAgent, "duelfighters", {"cutoff": 1}, 1)
print(helpers.pool.submit(os.getpid).result(), flush=True)
sys.stdin.read()
"""


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="process descriptors are Linux's")
def test_helpers_end_when_their_search_is_killed_outright() -> None:
    """A web server's decision worker is killed with the server: its helpers, children of
    the forkserver rather than of the worker, must not stay behind waiting for work."""
    searcher = subprocess.Popen(
        [sys.executable, "-c", _SEARCHER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # its resource tracker reports what the kill left
    )
    assert searcher.stdout is not None
    helper = int(searcher.stdout.readline())
    ended = os.pidfd_open(helper)
    try:
        searcher.kill()
        searcher.wait()
        readable, _, _ = select.select([ended], [], [], 60)  # a bound, not a pause
        assert readable, "the helper outlived its search"
    finally:
        os.close(ended)
        if searcher.stdin is not None:
            searcher.stdin.close()


@pytest.mark.parametrize("value", ["0", "65", "two", "-1"])
def test_workers_setting_is_checked(value: str) -> None:
    with pytest.raises(DuelhallError, match="workers="):
        make_agent(f"rollouts:10,workers={value}", 0, game=DUELFIGHTERS)
