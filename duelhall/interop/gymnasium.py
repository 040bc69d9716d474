"""A duelhall game as a single-agent Gymnasium environment against duelhall's own agents.

    from duelhall.interop import gymnasium
    env = gymnasium.make("duel52", opponent="medium")

The learner plays ``seat`` (0 unless told); every other seat is played by the agent
``opponent`` names (any spec ``--opponent`` takes: ``random``, ``easy``, ``ismcts:200``...),
each seeded from the episode's seed, so an episode is reproducible. Observations are as in
the PettingZoo environments (docs/interop.md); ``action_masks()`` gives the legal mask too,
as maskable learners expect. The reward comes at the end: 1 win, -1 loss, 0 draw; an index
the mask rules out ends the episode as a loss. An action decided in steps (the Duel 52
expansion's attacks) takes one ``step`` a step; the opponents move once it is complete.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from duelhall.agents.base import Agent, Observation
from duelhall.agents.registry import make_agent
from duelhall.core.errors import DuelhallError
from duelhall.interop.encoding import encoding, rewards
from duelhall.interop.seating import Seating


class DuelhallEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own convention

    def __init__(
        self,
        game: str = "duel52",
        opponent: str = "medium",
        seat: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.code = encoding(game, options)
        if not 0 <= seat < self.code.seats:
            raise DuelhallError(f"seat must be 0 to {self.code.seats - 1}, not {seat}")
        make_agent(opponent, 0, game=self.code.info)  # a bad spec fails now, not at reset
        self.opponent = opponent
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0, self.code.high, (self.code.view_bytes,), self.code.dtype
                ),
                "action_mask": spaces.Box(0, 1, (self.code.actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.code.actions)
        self.seating: Seating | None = None
        self.agents: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.seating = Seating(self.code.new_state(game_seed))
        self.agents = {
            other: make_agent(self.opponent, game_seed + other, game=self.code.info)
            for other in range(self.code.seats)
            if other != self.seat
        }
        self._opponents_play()
        return self._observe(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        if self.seating is None or self.seating.current() != self.seat:
            raise DuelhallError("the episode is over or not started; call reset() first")
        legal = self.code.legal(self.seating.state, self.seat)
        if not self.code.mask(legal, self.seating.partial.get(self.seat, ()))[int(action)]:
            # Every index of the space must be accepted; as PettingZoo's classic games do,
            # an illegal one loses the game on the spot.
            self.seating = None
            message = f"action {int(action)} is illegal: it loses; use the action mask"
            return self._blank(), -1.0, True, False, {"illegal_action": message}
        if self.code.decide(self.seating, self.seat, int(action)) is None:
            return self._observe(), 0.0, False, False, {}  # one step of an action
        self._opponents_play()
        outcome = self.seating.state.outcome()
        if outcome is None:
            return self._observe(), 0.0, False, False, {}
        info = {"outcome": outcome.to_json()}
        return self._observe(), rewards(outcome)[self.seat], True, False, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        mask: npt.NDArray[np.int8] = self._observe()["action_mask"]
        return mask

    def legal_notation(self) -> list[str]:
        """What each unmasked index means now, in index order, for policies that read
        actions rather than numbers: the action's notation (docs/notation/), or the table's
        name of a step where actions are decided in steps."""
        if self.seating is None or self.seating.current() != self.seat:
            return []
        legal = self.code.legal(self.seating.state, self.seat)
        open_ = self.code.choices(legal, self.seating.partial.get(self.seat, ()))
        names = self.code.table.names
        return [names[i] if open_[i] is None else str(open_[i]) for i in sorted(open_)]

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.seating is None:
            return None
        return str(self.seating.state.view(self.seat))

    def _opponents_play(self) -> None:
        assert self.seating is not None
        while (seat := self.seating.current()) is not None and seat != self.seat:
            # The opponent sees the state as it was before anyone's secret choice.
            choice = self.agents[seat].choose(Observation.of(self.seating.state, seat))
            self.seating.choose(seat, choice)

    def _blank(self) -> dict[str, Any]:
        return {
            "observation": np.zeros(self.code.view_bytes, dtype=self.code.dtype),
            "action_mask": np.zeros(self.code.actions, dtype=np.int8),
        }

    def _observe(self) -> dict[str, Any]:
        if self.seating is None:
            return self._blank()
        state = self.seating.state
        to_act = self.seating.current() == self.seat
        legal = self.code.legal(state, self.seat) if to_act else []
        prefix = self.seating.partial.get(self.seat, ())
        return {
            "observation": self.code.observe(state.view(self.seat), prefix),
            "action_mask": self.code.mask(legal, prefix),
        }


def make(game: str = "duel52", opponent: str = "medium", **options: Any) -> DuelhallEnv:
    """The environment for ``game`` with rules ``options``, against ``opponent``
    (``seat=`` and ``render_mode=`` are taken too)."""
    return DuelhallEnv(game, opponent, **options)
