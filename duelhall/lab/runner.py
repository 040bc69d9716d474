"""Playing a study: arms of paired games, in rounds, stopping as soon as the answer is clear.

An *arm* is one thing measured (a variant, a hero against a hero, an option set). Each of its
*blocks* plays one deal several times, once per *seating* (the first player rotated, the
heroes swapped), and scores the arm's subject in each: luck in the deal and the seat
cancels within the block, so a block's mean score is one paired observation. Every arm uses
the same deals (block ``b`` deals ``deal_seed(master, b)``), so arms compare on equal luck.

Sample size and stopping. ``precision`` is the half-width of the 95% interval wanted; the
most blocks an arm may need is what a fair coin needs for it. Blocks are played in rounds
(about ten looks at the data); after each round an arm stops when its interval is as narrow
as asked, or when the answer is already clear: an interval at the stricter level that
corrects for the looks (Bonferroni over the rounds) excludes the arm's reference value.

Rounds are barriers: each decision reads the stored games of whole rounds only, in a fixed
order, so it is the same whichever back-end, worker count or finishing order played them,
and a resumed study makes the same decisions as an uninterrupted one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.seeds import deal_seed
from duelhall.lab.backends import Backend
from duelhall.lab.store import BalanceStore
from duelhall.lab.tasks import GameFacts, Task, make_task
from duelhall.sim.stats import Z95, z_for

LOOKS = 10
# An answer "already clear" is read from a normal interval, which a few blocks make too sure
# of itself (the spread of ten blocks is rough, and an early streak is what stops an arm):
# a clear stop waits for this many blocks. A stop on precision needs only ``min_blocks``.
MIN_CLEAR_BLOCKS = 30
PRECISION_RANGE = (0.005, 0.5)


@dataclass(frozen=True)
class Seating:
    """One game of a block: option overrides, the agents by seat, and whose score counts."""

    options: Mapping[str, Any]
    agents: tuple[str, ...]
    subject: int


@dataclass(frozen=True)
class Arm:
    label: str
    options: Mapping[str, Any]
    seatings: tuple[Seating, ...]
    # The subject's score if nothing favoured it (0.5 in a duel, 1/3 with three players); an
    # interval that excludes it is a clear answer. None: play until the precision is reached.
    reference: float | None = 0.5
    # True: the reference is the subject's fair share of the scores instead (1/3 of a win
    # with three players; a team's half with four).
    fair: bool = False
    # The arm's game when a study spans several (``balance all first-player``); "" is the
    # study's.
    game: str = ""

    def tasks(self, game: str, master: int, block: int) -> list[Task]:
        seed = deal_seed(master, block)
        game = self.game or game
        return [
            make_task(game, {**self.options, **s.options}, s.agents, seed) for s in self.seatings
        ]


@dataclass
class ArmData:
    arm: Arm
    blocks: list[list[GameFacts]] = field(default_factory=list)  # in seating order

    def values(self) -> list[float]:
        """Each block's mean subject score."""
        return [
            sum(f.scores[s.subject] for f, s in zip(b, self.arm.seatings, strict=True)) / len(b)
            for b in self.blocks
        ]

    def games(self) -> list[GameFacts]:
        return [f for b in self.blocks for f in b]

    def reference(self) -> float | None:
        if not self.arm.fair:
            return self.arm.reference
        games = self.games()
        if not games:
            return None
        return sum(sum(f.scores) / len(f.scores) for f in games) / len(games)


StopRule = Callable[[Mapping[str, ArmData], float, float], set[str]]
"""``rule(data of the active arms, precision, z of a look)`` gives the arms that may stop."""


@dataclass(frozen=True)
class Study:
    game: str
    arms: tuple[Arm, ...]
    master: int
    precision: float
    max_games: int | None = None  # per arm; None: from the precision
    stop: StopRule | None = None  # None: :func:`arm_rule` arm by arm
    # Fewer blocks give too rough a spread to stop on (the normal quantile assumes many).
    min_blocks: int = 10

    def max_blocks(self, arm: Arm) -> int:
        games = self.max_games or games_for(self.precision)
        return max(1, math.ceil(games / len(arm.seatings)))


@dataclass
class Progress:
    played: int = 0
    reused: int = 0
    planned: int = 0


@dataclass
class StudyResult:
    data: dict[str, ArmData]
    played: int
    reused: int
    stopped_early: list[str]


def games_for(precision: float) -> int:
    """Games a fair coin needs for a 95% interval of half-width ``precision``."""
    return math.ceil((Z95 * 0.5 / precision) ** 2)


def check_precision(precision: float) -> None:
    low, high = PRECISION_RANGE
    if not (low <= precision <= high):  # NaN fails too
        raise DuelhallError(
            f"--precision {precision}: give the 95% half-width wanted, from {low} to {high} "
            "(0.02 means ±2 points of win rate)"
        )


def half_width(
    values: Sequence[float], z: float, bounds: tuple[float, float] = (0.0, 1.0)
) -> float:
    """The half-width of the normal interval of the mean of ``values`` (scores in ``bounds``).

    The spread is taken with two pseudo-blocks added, one at each bound (as Agresti and Coull
    add two wins and two losses): a few blocks that happen to agree say little about the
    spread, and the pad grows the estimate smoothly as they agree more, so a clean sweep reads
    as at least as sure as a near one (a floor applied only to zero spread made a sweep less
    sure than one drawn game). Its weight fades as 1/n."""
    n = len(values)
    if n < 2:
        return math.inf
    padded = [*values, *bounds]
    mean = sum(padded) / len(padded)
    var = sum((v - mean) ** 2 for v in padded) / (len(padded) - 1)
    return z * math.sqrt(var / len(padded))


def arm_rule(data: Mapping[str, ArmData], precision: float, z_look: float) -> set[str]:
    done = set()
    for label, d in data.items():
        values = d.values()
        if half_width(values, Z95) <= precision:
            done.add(label)
        elif (reference := d.reference()) is not None and len(values) >= MIN_CLEAR_BLOCKS:
            mean = sum(values) / len(values)
            if abs(mean - reference) > half_width(values, z_look):
                done.add(label)
    return done


def run_study(
    study: Study,
    store: BalanceStore,
    backend: Backend,
    on_progress: Callable[[Progress], None] | None = None,
) -> StudyResult:
    check_precision(study.precision)
    arms = {a.label: a for a in study.arms}
    if len(arms) != len(study.arms):
        raise DuelhallError("two arms of a study share a label")
    data = {label: ArmData(arm) for label, arm in arms.items()}
    limits = {label: study.max_blocks(arm) for label, arm in arms.items()}
    step = max(1, math.ceil(max(limits.values()) / LOOKS))
    looks = max(1, math.ceil(max(limits.values()) / step))
    z_look = z_for(1 - 0.05 / looks)
    active = set(arms)
    early: list[str] = []
    progress = Progress()
    done_blocks = 0

    def planned() -> int:
        left = sum(max(0, limits[a] - done_blocks) * len(arms[a].seatings) for a in sorted(active))
        return progress.played + progress.reused + left

    progress.planned = planned()
    while active:
        upto = done_blocks + step
        round_tasks: dict[str, list[list[Task]]] = {}
        for label in sorted(active):
            stop_at = min(upto, limits[label])
            round_tasks[label] = [
                arms[label].tasks(study.game, study.master, b) for b in range(done_blocks, stop_at)
            ]
        unique = {t.key: t for blocks in round_tasks.values() for b in blocks for t in b}
        stored = store.have(unique)
        progress.reused += len(stored)
        if on_progress is not None:
            on_progress(progress)
        todo = [t for k, t in sorted(unique.items()) if k not in stored]
        by_key = {t.key: t for t in todo}
        for played in backend.play(todo):
            store.add(by_key[played.facts.key], played)
            progress.played += 1
            if on_progress is not None:
                on_progress(progress)
        facts = store.facts(unique)
        for label, blocks in round_tasks.items():
            data[label].blocks += [[facts[t.key] for t in b] for b in blocks]
        done_blocks = upto
        finished = {a for a in active if done_blocks >= limits[a]}
        if done_blocks >= study.min_blocks:
            rule = study.stop or arm_rule
            clear = rule({a: data[a] for a in sorted(active - finished)}, study.precision, z_look)
            early += sorted(clear)
            finished |= clear
        active -= finished
        progress.planned = planned()
        if on_progress is not None:
            on_progress(progress)
    return StudyResult(data, progress.played, progress.reused, early)
