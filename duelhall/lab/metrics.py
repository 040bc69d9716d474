"""Design metrics in the style of Ludii's: small classes, one a metric, found by name.

A metric reads a batch of games (their facts and who moved first) and gives a value, with a
95% interval when it is a mean over games. Most are per-game values averaged:
override :meth:`Metric.per_game`. A metric of the whole batch overrides
:meth:`Metric.measure` instead. To add one, subclass :class:`Metric` in any module, decorate
it with :func:`metric`, and load it with ``duelhall balance ... --metric-module your.module``;
the lab itself need not change.

The evaluator-based metrics (lead changes, drama, uncertainty) read each game's trajectory of
winning chances, one point a round (see :mod:`duelhall.lab.facts`); a game without an
evaluator has none, and those metrics are then not defined.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from duelhall.core.errors import DuelhallError
from duelhall.lab.tasks import GameFacts
from duelhall.sim.stats import Z95


@dataclass(frozen=True)
class Observed:
    """One game of a batch, and the seat that moved first in it."""

    facts: GameFacts
    first: int


@dataclass(frozen=True)
class MetricValue:
    name: str
    title: str
    value: float | None  # None: not defined for these games
    low: float | None
    high: float | None
    games: int
    help: str


class Metric:
    name: ClassVar[str]
    title: ClassVar[str]
    help: ClassVar[str]

    def per_game(self, game: Observed) -> float | None:
        """This game's value, or None if the metric says nothing about it."""
        return None

    def measure(self, games: Sequence[Observed]) -> MetricValue:
        values = [v for v in (self.per_game(g) for g in games) if v is not None]
        low, mean, high = mean_interval(values)
        return MetricValue(self.name, self.title, mean, low, high, len(values), self.help)


def mean_interval(values: Sequence[float]) -> tuple[float | None, float | None, float | None]:
    """A mean and its normal 95% interval (none for fewer than two values)."""
    n = len(values)
    if n == 0:
        return None, None, None
    mean = sum(values) / n
    if n < 2:
        return None, mean, None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean - half, mean, mean + half


METRICS: dict[str, type[Metric]] = {}


def metric(cls: type[Metric]) -> type[Metric]:
    """Register a metric class under its ``name`` (a later one of the same name wins)."""
    METRICS[cls.name] = cls
    return cls


def load_metric_module(path: str) -> None:
    """Import a module of metrics (``--metric-module``); its classes register themselves."""
    try:
        importlib.import_module(path)
    except ImportError as e:
        raise DuelhallError(f"--metric-module {path}: cannot import it ({e})") from None


def fair_share(game: GameFacts) -> float:
    """A seat's score if nothing favoured any seat: the total shared evenly."""
    return sum(game.scores) / len(game.scores)


@metric
class Balance(Metric):
    name = "balance"
    title = "Balance"
    help = (
        "1 minus the gap between the win rates of the best and the worst seat in turn "
        "order (first, second, ...): 1 is perfectly balanced"
    )

    def measure(self, games: Sequence[Observed]) -> MetricValue:
        if not games:
            return MetricValue(self.name, self.title, None, None, None, 0, self.help)
        n = len(games[0].facts.scores)
        by_position = [0.0] * n
        for g in games:
            for k in range(n):
                by_position[k] += g.facts.scores[(g.first + k) % n]
        value = 1 - (max(by_position) - min(by_position)) / len(games)
        return MetricValue(self.name, self.title, value, None, None, len(games), self.help)


@metric
class FirstPlayerAdvantage(Metric):
    name = "first-player"
    title = "First-player advantage"
    help = "the first seat's score minus its fair share (0: no advantage)"

    def per_game(self, game: Observed) -> float | None:
        return game.facts.scores[game.first] - fair_share(game.facts)


@metric
class Drawishness(Metric):
    name = "drawishness"
    title = "Drawishness"
    help = "share of games drawn (every seat the same score)"

    def per_game(self, game: Observed) -> float | None:
        return 1.0 if max(game.facts.scores) == min(game.facts.scores) else 0.0


@metric
class Duration(Metric):
    name = "duration"
    title = "Duration (actions)"
    help = "actions in a game, every seat's counted"

    def per_game(self, game: Observed) -> float | None:
        return float(game.facts.actions)


@metric
class DecisionMoves(Metric):
    name = "decision-moves"
    title = "Decision moves"
    help = "share of actions taken with more than one legal choice"

    def per_game(self, game: Observed) -> float | None:
        f = game.facts
        return f.decisions / f.actions if f.actions else None


@metric
class BranchingFactor(Metric):
    name = "branching"
    title = "Branching factor"
    help = "legal choices on average at a decision (one-choice moves left out)"

    def per_game(self, game: Observed) -> float | None:
        f = game.facts
        return f.choices / f.decisions if f.decisions else None


def leaders(chances: Sequence[float]) -> frozenset[int]:
    top = max(chances)
    return frozenset(i for i, c in enumerate(chances) if c >= top - 1e-9)


@metric
class LeadChanges(Metric):
    name = "lead-changes"
    title = "Lead changes"
    help = "times a game's leader (by the evaluator, once a round) changed hands"

    def per_game(self, game: Observed) -> float | None:
        evals = game.facts.evals
        if len(evals) < 2:
            return None
        changes = 0
        last: frozenset[int] | None = None
        for chances in evals:
            now = leaders(chances)
            if len(now) == len(chances):  # all level: nobody leads
                continue
            changes += last is not None and now != last
            last = now
        return float(changes)


@metric
class Drama(Metric):
    name = "drama"
    title = "Drama"
    help = (
        "how far behind the eventual winner was, on average over the rounds it trailed "
        "(0: it never trailed); games without a winner are left out"
    )

    def per_game(self, game: Observed) -> float | None:
        f = game.facts
        if f.winner is None or not f.evals:
            return None
        behind = [max(c) - c[f.winner] for c in f.evals if max(c) - c[f.winner] > 1e-9]
        return sum(behind) / len(behind) if behind else 0.0


@metric
class Uncertainty(Metric):
    name = "uncertainty"
    title = "Uncertainty"
    help = (
        "how open the outcome looked, on average over a game's rounds: the evaluator's "
        "chances' entropy, 1 when every seat is equally likely to win, 0 when one is sure"
    )

    def per_game(self, game: Observed) -> float | None:
        evals = game.facts.evals
        if not evals:
            return None
        n = len(evals[0])
        total = 0.0
        for chances in evals:
            total -= sum(c * math.log(c) for c in chances if c > 0) / math.log(n)
        return total / len(evals)


DEFAULT_METRICS = tuple(METRICS)


def measure_all(games: Sequence[Observed], names: Sequence[str] | None = None) -> list[MetricValue]:
    chosen = list(names) if names else list(METRICS)
    unknown = [n for n in chosen if n not in METRICS]
    if unknown:
        raise DuelhallError(
            f"unknown metric {unknown[0]!r}; choose from {', '.join(METRICS)} "
            "(or add one with --metric-module)"
        )
    return [METRICS[n]().measure(games) for n in chosen]
