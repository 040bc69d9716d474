"""One game between agents, from a seed to a record."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.agents.registry import make_agent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo
from duelhall.core.record import Record
from duelhall.core.seeds import SEEDING, agent_seed


@dataclass
class MatchResult:
    record: Record
    scores: tuple[float, ...]
    # Seconds each seat spent on decisions that had more than one legal choice.
    think: list[list[float]] = field(default_factory=list)


def require_duel(info: GameInfo, options: Mapping[str, Any], what: str) -> None:
    """Refuse options that make ``info`` a game of more than two players for ``what``."""
    seats = info.seat_count(options)
    if seats != 2:
        raise DuelhallError(f"{what}; {info.title} with these options has {seats} players")


def make_folder(folder: Path) -> None:
    """Create an output folder, or say why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise DuelhallError(f"cannot create {folder}: {e.strerror}; choose another --out") from None


def play_match(
    info: GameInfo,
    specs: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    agents: Sequence[Agent] | None = None,
    seeding: str = SEEDING,
    watch: Callable[[Any, Sequence[int]], None] | None = None,
) -> MatchResult:
    """Play one game, seat ``i`` by ``specs[i]``, and return its record and scores.

    Each seat's agent gets its own stream, fixed by the deal's seed through ``seeding``
    (:func:`duelhall.core.seeds.agent_seed`: one-way, so it tells the agent nothing of the
    deal). ``watch(state, movers)``, when given, sees the true state before each decision (the
    balance lab measures branching and the evaluator's verdict with it); it must not change it."""
    chosen = info.resolve_options(options)
    if len(specs) != info.seat_count(chosen):
        raise DuelhallError(
            f"{info.title} with these options has {info.seat_count(chosen)} players; "
            f"got {len(specs)} agents"
        )
    state = info.new_state(seed, chosen)
    if agents is None:
        agents = [
            make_agent(spec, agent_seed(seed, i, seeding), game=info)
            for i, spec in enumerate(specs)
        ]
    record = Record(game=info.name, seed=seed, options=chosen, players=[*specs])
    think: list[list[float]] = [[] for _ in specs]
    while not state.is_over():
        movers = state.to_move()
        if watch is not None:
            watch(state, movers)
        chosen_actions = []
        for seat in movers:
            obs = Observation.of(state, seat)
            start = time.perf_counter()
            action = agents[seat].choose(obs)
            if len(obs.legal) > 1:
                think[seat].append(time.perf_counter() - start)
            chosen_actions.append((seat, action))
        for seat, action in chosen_actions:
            state.apply(action)
            record.actions.append((seat, str(action)))
    outcome = state.outcome()
    assert outcome is not None
    record.result = outcome.to_json()
    return MatchResult(record, outcome.scores, think)
