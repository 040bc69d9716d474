"""duelhall's games as PettingZoo AEC environments with action masks.

    from duelhall.interop import pettingzoo
    env = pettingzoo.env("duel52", players=3)

Agents are ``player_0`` .. ``player_N``; each observation is ``{"observation": the seat's
view as the game's tensor (or bytes), "action_mask": its legal actions}`` (docs/interop.md).
Rewards come at the end: 1 for a win, -1 for a loss, 0 for a two-seat draw. Where a table
decides an action in steps (the Duel 52 expansion's attacks), each step is one ``step`` by
the same agent.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from duelhall.core.errors import DuelhallError
from duelhall.interop.encoding import Encoding, encoding, rewards
from duelhall.interop.seating import Seating


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo names it so
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "duelhall",
        "is_parallelizable": False,
    }

    def __init__(self, game: str = "duel52", render_mode: str | None = None, **options: Any):
        super().__init__()
        self.code: Encoding = encoding(game, options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.code.seats)]
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    0, self.code.high, (self.code.view_bytes,), self.code.dtype
                ),
                "action_mask": spaces.Box(0, 1, (self.code.actions,), np.int8),
            }
        )
        # One object per agent, returned on every call, as PettingZoo expects.
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.code.actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.seating: Seating | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**63 - 1))
        self.seating = Seating(self.code.new_state(game_seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._selector = AgentSelector(self.agents)
        self._select()

    def _select(self) -> None:
        assert self.seating is not None
        seat = self.seating.current()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.seating is not None
        seat = self.possible_agents.index(agent)
        state = self.seating.state
        legal = [] if state.is_over() else self._legal(seat)
        prefix = self.seating.partial.get(seat, ())
        return {
            "observation": self.code.observe(state.view(seat), prefix),
            "action_mask": self.code.mask(legal, prefix),
        }

    def _legal(self, seat: int) -> list[Any]:
        assert self.seating is not None
        if seat not in self.seating.waiting():
            return []
        return self.code.legal(self.seating.state, seat)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.seating is not None
        if action is None:
            raise DuelhallError(f"{agent} must choose an action; None is only for finished agents")
        seat = self.possible_agents.index(agent)
        self.code.decide(self.seating, seat, int(action))  # a step, or the whole action
        self._clear_rewards()
        outcome = self.seating.state.outcome()
        if outcome is not None:
            for name, reward in zip(self.possible_agents, rewards(outcome), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
                self.infos[name] = {"outcome": outcome.to_json()}
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.seating is None:
            return None
        return str(self.seating.state.public_view())

    def close(self) -> None:
        pass


def env(game: str = "duel52", **options: Any) -> AECEnv:
    """``raw_env`` behind PettingZoo's standard checks of illegal moves and step order."""
    wrapped: AECEnv = raw_env(game, **options)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
