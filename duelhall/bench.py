"""Speed measurements for ``duelhall bench``: one core, random play, wall-clock time.

Three figures: full random games per second (legal-action generation and apply, as a
simulator uses them), the actions per second inside those games, and clone-then-apply per
second on positions drawn from those games (what tree search does at every node).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step


def _random_games(
    info: GameInfo, seconds: float, seed: int, options: Mapping[str, Any]
) -> tuple[int, int, float, list[Any]]:
    rng = Rng(seed)
    samples: list[Any] = []
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = info.new_state(seed + games, options)
        while not state.is_over():
            actions += random_step(state, rng)
            if actions % 97 == 0 and len(samples) < 2000:
                samples.append(state.clone())
        games += 1
    return games, actions, time.perf_counter() - start, samples


def _clone_apply(samples: list[Any], seconds: float, seed: int) -> tuple[int, float]:
    rng = Rng(seed)
    live = [s for s in samples if not s.is_over()]
    moves = [s.legal_actions(s.to_move()[0]) for s in live]
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state, legal in zip(live, moves, strict=True):
            child = state.clone()
            child.apply(legal[rng.below(len(legal))])
            count += 1
    return count, time.perf_counter() - start


def run_bench(
    info: GameInfo,
    *,
    seconds: float = 5.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Iterator[str]:
    yield f"duelhall bench {info.name}: random play on one core, {seconds:g}s per figure"
    games, actions, elapsed, samples = _random_games(info, seconds, seed, options or {})
    yield f"  full random games   {games / elapsed:12,.1f} /s   ({games} games)"
    per_game = actions / max(games, 1)
    yield f"  actions             {actions / elapsed:12,.0f} /s   ({per_game:.1f} per game)"
    count, elapsed = _clone_apply(samples, seconds, seed)
    yield f"  clone + apply       {count / elapsed:12,.0f} /s   ({len(samples)} positions)"


def agent_positions(
    info: GameInfo, count: int, seed: int, options: Mapping[str, Any] | None = None
) -> list[Any]:
    """Decision points spread over random games: early, middle and late, one per game."""
    rng = Rng(seed)
    positions: list[Any] = []
    game = 0
    while len(positions) < count and game < count * 20:
        state = info.new_state(seed + game, options or {})
        stop = 8 + rng.below(90)
        steps = 0
        while not state.is_over() and steps < stop:
            random_step(state, rng)
            steps += 1
        game += 1
        if state.is_over():
            continue
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1:
            positions.append(state)
    return positions


def run_agent_bench(
    info: GameInfo,
    specs: list[str],
    *,
    positions: int = 30,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Iterator[str]:
    """Seconds per decision for each agent, over the same positions (one core)."""
    from duelhall.agents.base import Observation
    from duelhall.agents.registry import make_agent

    states = agent_positions(info, positions, seed, options)
    yield f"duelhall bench {info.name}: seconds per decision over {len(states)} positions"
    for spec in specs:
        times = []
        for i, state in enumerate(states):
            seat = state.to_move()[0]
            agent = make_agent(spec, seed + i, game=info)
            obs = Observation.of(state, seat)
            start = time.perf_counter()
            agent.choose(obs)
            times.append(time.perf_counter() - start)
        times.sort()
        median = times[len(times) // 2]
        yield (
            f"  {spec:<24} median {median:8.3f} s   90th percentile "
            f"{times[int(len(times) * 0.9)]:8.3f} s   max {times[-1]:8.3f} s"
        )
