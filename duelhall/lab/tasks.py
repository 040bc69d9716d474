"""One game the lab plays, named by its content, and the facts it leaves behind.

A task is a game, its full options, the agent of every seat and the deal seed. Its key is a
hash of exactly these (and the agents' seeding scheme), so two questions that need the same
game share one stored result: the store answers a repeated question without replaying.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.core import engines
from duelhall.core.game import get_game
from duelhall.core.seeds import SEEDING
from duelhall.lab.facts import FactCollector
from duelhall.lab.features import features_of
from duelhall.sim.match import play_match


@dataclass(frozen=True)
class Task:
    game: str
    # Options that differ from their defaults, resolved, sorted by name: a later version that
    # adds an option whose default keeps the old rules still finds the stored games.
    options: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]  # seat by seat
    seed: int
    seeding: str = SEEDING

    @property
    def key(self) -> str:
        text = json.dumps(
            [self.game, [list(o) for o in self.options], list(self.agents), self.seed, self.seeding]
        )
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    @property
    def option_map(self) -> dict[str, Any]:
        return dict(self.options)


def make_task(game: str, options: Mapping[str, Any], agents: Sequence[str], seed: int) -> Task:
    """A task with ``options`` resolved and only changes from the defaults kept, so equal
    games get equal keys however their options were written."""
    info = get_game(game)
    resolved = info.resolve_options(options)
    changed = {o.name: resolved[o.name] for o in info.options if resolved[o.name] != o.default}
    return Task(game, tuple(sorted(changed.items())), tuple(agents), seed)


@dataclass(frozen=True)
class GameFacts:
    """What the lab keeps of one game: enough for every question and metric."""

    key: str
    scores: tuple[float, ...]
    winner: int | None
    actions: int  # actions in the record
    decisions: int  # decisions with more than one legal choice
    choices: int  # legal choices summed over those decisions (branching = choices/decisions)
    # The evaluator's winning chance of each seat at every change of turn (empty when the
    # game has no evaluator), rounded: trajectories for lead changes, drama, uncertainty.
    evals: tuple[tuple[float, ...], ...]
    # Per seat, facts about its cards (``hand:K``, ``base:7``, ``hero:Q``): see features.py.
    features: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winner": self.winner,
            "actions": self.actions,
            "decisions": self.decisions,
            "choices": self.choices,
            "evals": [list(e) for e in self.evals],
            "features": [list(f) for f in self.features],
        }

    @classmethod
    def from_json(cls, key: str, data: Mapping[str, Any]) -> GameFacts:
        return cls(
            key=key,
            scores=tuple(float(s) for s in data["scores"]),
            winner=None if data["winner"] is None else int(data["winner"]),
            actions=int(data["actions"]),
            decisions=int(data["decisions"]),
            choices=int(data["choices"]),
            evals=tuple(tuple(float(x) for x in e) for e in data["evals"]),
            features=tuple(tuple(str(x) for x in f) for f in data["features"]),
        )


@dataclass(frozen=True)
class Played:
    facts: GameFacts
    record: dict[str, Any]


def play_task(task: Task, engine: str = "auto") -> Played:
    """Play one task (in a worker process or a Ray task): its facts and its full record.

    ``engine`` (:mod:`duelhall.core.engines`) is not part of the task's key: a seed plays the
    same game, choice for choice, on either engine, so it changes the speed alone.
    """
    info = get_game(task.game)
    options = task.option_map
    with engines.using("reference"):  # the features read the reference state's fields
        start = info.new_state(task.seed, options)
    watcher = FactCollector(info, info.seat_count(options))
    with engines.using(engine):
        match = play_match(
            info, task.agents, task.seed, options, seeding=task.seeding, watch=watcher
        )
    result = match.record.result or {}
    winner = result.get("winner")
    facts = GameFacts(
        key=task.key,
        scores=tuple(float(s) for s in match.scores),
        winner=winner if isinstance(winner, int) else None,
        actions=len(match.record.actions),
        decisions=watcher.decisions,
        choices=watcher.choices,
        evals=tuple(watcher.evals),
        features=features_of(task.game, start, match.record.actions),
    )
    return Played(facts, match.record.to_json())
