"""Measuring a game while it is played: decisions, branching, and the evaluator's verdicts.

The collector watches the true state (the lab is the referee, and what it measures is never
shown to a seat). The evaluator is asked once a round, when the seats that acted first in the
game are to act again: not per action, or a turn of many small steps would weigh more than
one of few; and not at every turn, since evaluators credit the seat about to move (Duel 52's
swings with the tempo), which would make every turn a lead change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from duelhall.core.game import GameInfo


class FactCollector:
    def __init__(self, info: GameInfo, seats: int) -> None:
        self.seats = seats
        self.decisions = 0
        self.choices = 0
        self.evals: list[tuple[float, ...]] = []
        self._evaluate: Callable[[Any, int], float] | None = (
            info.hook("evaluator") if info.has_hook("evaluator") else None
        )
        self._last_movers: tuple[int, ...] | None = None
        self._first_movers: tuple[int, ...] | None = None

    def __call__(self, state: Any, movers: Sequence[int]) -> None:
        for seat in movers:
            n = len(state.legal_actions(seat))
            if n > 1:
                self.decisions += 1
                self.choices += n
        key = tuple(movers)
        if self._first_movers is None:
            self._first_movers = key
        if self._evaluate is not None and key != self._last_movers and key == self._first_movers:
            self.evals.append(chances(self._evaluate, referee_state(state), self.seats))
        self._last_movers = key


def referee_state(state: Any) -> Any:
    """The state as the reference rules hold it: evaluators read its fields, and a compiled
    engine's state (Duel 52's) keeps them in C."""
    to_reference = getattr(state, "to_reference", None)
    return state if to_reference is None else to_reference()


def chances(evaluate: Callable[[Any, int], float], state: Any, seats: int) -> tuple[float, ...]:
    """Every seat's winning chance, scaled to sum to 1 (team evaluators give both partners the
    team's chance), rounded to keep the store small."""
    raw = [max(0.0, float(evaluate(state, s))) for s in range(seats)]
    total = sum(raw)
    if total <= 0:
        return tuple(round(1 / seats, 3) for _ in range(seats))
    return tuple(round(r / total, 3) for r in raw)
