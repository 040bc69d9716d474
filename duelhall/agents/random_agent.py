"""Uniformly random legal actions: the baseline every other agent must beat."""

from __future__ import annotations

from typing import Any

from duelhall.agents.base import Agent, Observation


class RandomAgent(Agent):
    name = "random"

    def choose(self, obs: Observation) -> Any:
        return obs.legal[self.rng.below(len(obs.legal))]
