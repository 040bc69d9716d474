"""The agent interface: decide from a seat's view and legal actions, never the true state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.core.errors import NoChoiceError
from duelhall.core.rng import Rng
from duelhall.core.state import GameState

# The stand-in world an observation samples from is itself a re-deal, under this fixed seed.
STAND_IN_SEED = 0x0B5E_12FE


@dataclass(frozen=True)
class Observation:
    """Everything an agent may use for one decision.

    ``sample`` re-deals the hidden cards at random, consistently with ``view`` and nothing
    more: it is the only door to full states.
    """

    seat: int
    view: dict[str, Any]
    legal: Sequence[Any]
    sample: Callable[[Rng], GameState]

    def __post_init__(self) -> None:
        # Every agent picks among ``legal``; refusing here, the one door to every agent, gives
        # one clear error where each would otherwise fail its own way (an IndexError, a bound
        # of 0 for the generator, an empty max).
        if not self.legal:
            raise NoChoiceError(
                f"seat {self.seat} has no legal action, so there is nothing to decide; ask an "
                "agent only for a seat in state.to_move() of a game that is not over"
            )

    @classmethod
    def of(cls, state: GameState, seat: int) -> Observation:
        """``seat``'s observation of the true ``state``.

        The sampler does not keep ``state``: it keeps a stand-in, one re-deal of it. Every
        game's re-deal depends on the seat's view and the generator alone, never on where
        the hidden cards really are (``tests/agents/test_observation.py`` checks it for every
        game), so re-dealing the stand-in gives exactly the samples the true state would,
        while nothing reachable from the observation knows a hidden card's true place.
        """
        stand_in = state.determinize(seat, Rng(STAND_IN_SEED))
        return cls(
            seat=seat,
            view=state.view(seat),
            legal=list(state.legal_actions(seat)),
            sample=lambda rng: stand_in.determinize(seat, rng),
        )

    @classmethod
    def of_sample(cls, world: GameState, seat: int) -> Observation:
        """``seat``'s observation of a world that is already a re-deal (inside a search),
        where a stand-in would cost a copy and hide nothing."""
        return cls(
            seat=seat,
            view=world.view(seat),
            legal=list(world.legal_actions(seat)),
            sample=lambda rng: world.determinize(seat, rng),
        )


class Agent(ABC):
    """A computer player. The same seed gives the same choices."""

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, obs: Observation) -> Any: ...


class Script(ABC):
    """A plan over a seat's next several decisions (a whole programme of steps, say), which
    a search weighs as one candidate and then follows (``rollouts``, a heuristic player's
    ``plans``). It decides from the observation alone, and must be picklable."""

    @abstractmethod
    def next(self, obs: Observation) -> Any | None:
        """The action this plan takes now, or ``None`` once it no longer applies (another
        turn, steps laid otherwise)."""
