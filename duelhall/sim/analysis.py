"""What the search thinks of each decision in a recorded game (``replay --analyse``).

Every decision is searched from the deciding seat's own view at that moment, exactly as an
agent would have seen it, so the analysis never credits a player with knowledge they did not
have. The loss of a move is the search's estimated winning chance of its favourite minus
that of the move played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from duelhall.agents.base import Observation
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.agents.registry import make_agent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.record import Record, replay_steps

MISTAKE = 0.10
BLUNDER = 0.25


@dataclass(frozen=True)
class Review:
    number: int  # 1-based action number in the record
    seat: int
    played: str
    best: str
    played_value: float | None  # None: the search never tried the move played
    best_value: float
    choices: int

    @property
    def loss(self) -> float:
        if self.played == self.best:
            return 0.0
        if self.played_value is None:
            return self.best_value
        return max(0.0, self.best_value - self.played_value)

    @property
    def verdict(self) -> str:
        if self.loss >= BLUNDER:
            return "blunder"
        if self.loss >= MISTAKE:
            return "mistake"
        return ""


def search_agent(game: str, spec: str, seed: int) -> ISMCTSAgent:
    agent = make_agent(spec, seed, game=get_game(game))
    if not isinstance(agent, ISMCTSAgent):
        raise DuelhallError(f"analysis needs a search agent such as ismcts:1000, not {spec!r}")
    return agent


def analyse(
    record: Record,
    spec: str = "ismcts:1000",
    *,
    seats: set[int] | None = None,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
) -> Iterator[Review]:
    """Review each decision of ``seats`` (default: all) that had more than one choice."""
    agent = search_agent(record.game, spec, seed)
    total = len(record.actions)
    for number, (state, seat, text) in enumerate(replay_steps(record), start=1):
        if seat == -1:
            return
        if on_step is not None:
            on_step(number, total)
        if seats is not None and seat not in seats:
            continue
        obs = Observation.of(state, seat)
        if len(obs.legal) < 2:
            continue
        played: Any = state.parse_action(text, seat)
        result = agent.search(obs)
        best = result.best
        yield Review(
            number=number,
            seat=seat,
            played=str(played),
            best=str(best.action),
            played_value=result.value_of(played),
            best_value=best.value,
            choices=len(obs.legal),
        )
