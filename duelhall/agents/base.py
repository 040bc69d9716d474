"""The agent interface: decide from a seat's view and legal actions, never the true state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.core.rng import Rng
from duelhall.core.state import GameState


@dataclass(frozen=True)
class Observation:
    """Everything an agent may use for one decision.

    ``sample`` re-deals the hidden cards at random (``determinize`` of the true state for
    this seat); it is the only door to full states, and what it returns is consistent with
    ``view`` and nothing more.
    """

    seat: int
    view: dict[str, Any]
    legal: Sequence[Any]
    sample: Callable[[Rng], GameState]

    @classmethod
    def of(cls, state: GameState, seat: int) -> Observation:
        return cls(
            seat=seat,
            view=state.view(seat),
            legal=list(state.legal_actions(seat)),
            sample=lambda rng: state.determinize(seat, rng),
        )


class Agent(ABC):
    """A computer player. The same seed gives the same choices."""

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, obs: Observation) -> Any: ...
