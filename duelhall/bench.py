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
        if hasattr(state, "playout"):
            # A compiled engine plays the whole game inside itself, drawing from ``rng``
            # as random_step would; its positions are sampled after the clock stops.
            actions += state.playout(rng)
        while not state.is_over():
            actions += random_step(state, rng)
            if actions % 97 == 0 and len(samples) < 2000:
                samples.append(state.clone())
        games += 1
    elapsed = time.perf_counter() - start
    if not samples:
        samples = [s.clone() for s in agent_positions(info, 200, seed, options)]
    return games, actions, elapsed, samples


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
    rates: list[float] | None = None,
) -> Iterator[str]:
    """The figures as lines; ``rates`` (if given) is also handed the actions per second."""
    yield f"duelhall bench {info.name}: random play on one core, {seconds:g}s per figure"
    games, actions, elapsed, samples = _random_games(info, seconds, seed, options or {})
    if rates is not None:
        rates.append(actions / elapsed)
    yield f"  full random games   {games / elapsed:12,.1f} /s   ({games} games)"
    per_game = actions / max(games, 1)
    yield f"  actions             {actions / elapsed:12,.0f} /s   ({per_game:.1f} per game)"
    count, elapsed = _clone_apply(samples, seconds, seed)
    yield f"  clone + apply       {count / elapsed:12,.0f} /s   ({len(samples)} positions)"


def run_engine_bench(
    info: GameInfo,
    engines_: list[str],
    *,
    seconds: float = 5.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Iterator[str]:
    """:func:`run_bench` on each engine in turn (one run, so the figures compare), then how
    many times the first engine's random actions per second each other engine makes."""
    from duelhall.core.engines import using

    rates: list[float] = []
    for engine in engines_:
        with using(engine):
            kind = type(info.new_state(seed, options or {})).__name__
            yield f"engine {engine} ({kind})"
            yield from run_bench(info, seconds=seconds, seed=seed, options=options, rates=rates)
    for engine, rate in zip(engines_[1:], rates[1:], strict=True):
        yield f"random actions/s: {engine} is {rate / rates[0]:.1f}x {engines_[0]}"


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
        simulations = 0
        for i, state in enumerate(states):
            seat = state.to_move()[0]
            agent = make_agent(spec, seed + i, game=info)
            obs = Observation.of(state, seat)
            start = time.perf_counter()
            agent.choose(obs)
            times.append(time.perf_counter() - start)
            last = getattr(agent, "last", None)  # a search's record of its last decision
            simulations += last.iterations if last is not None else 0
        total = sum(times)
        times.sort()
        median = times[len(times) // 2]
        rate = f"   {simulations / total:10,.0f} simulations/s" if simulations else ""
        yield (
            f"  {spec:<24} median {median:8.3f} s   90th percentile "
            f"{times[int(len(times) * 0.9)]:8.3f} s   max {times[-1]:8.3f} s{rate}"
        )
