"""The player the hard level's search builds on for its own seat (the ``searcher`` hook): the
heuristic player, but one that lets the adversary come to it.

The heuristic closes in as fast as it can, so two of them meet wherever their steps run out,
and the one whose last steps carry it into reach is struck first. From across the table
(``FAR`` or more between the bases) the tactician takes the heuristic's first step only and
holds every other step ready as an attack: the heuristic spends its turn walking into reach
and meets attacks held for it. Against the heuristic this scored 0.653 over 4,000 games
(0.735 as Deretor, 0.572 as Lesdinn, where the heuristic scores 0.665 and 0.335;
benchmarks/README.md); one step then holding beat none (0.557) and a step and a half (0.598).
Nearer, it plays as the heuristic does. In a search the adversary is still modelled by the
heuristic player (:mod:`.programmes`; duelhall.agents.rollouts), the tactician playing only
the searching seat's part.
"""

from __future__ import annotations

from typing import Any

from duelhall.agents.base import Observation
from duelhall.core.rng import Rng

from .engine.state import DuelFightersState
from .geometry import CARD_LENGTH, Figure, gap
from .heuristic import DuelFightersHeuristic
from .planning import plan_steps
from .plans import HOLD
from .programmes import sample_world

FAR = 5 * CARD_LENGTH  # the gap beyond which the tactician waits for the adversary


class DuelFightersTactician(DuelFightersHeuristic):
    """The heuristic player that, from across the table, steps once and holds its attacks."""

    name = "tactician"

    def __init__(self, info: Any = None, seed: int = 0) -> None:
        super().__init__(info, seed)
        self.model = DuelFightersHeuristic(info, seed)  # the adversary, as a search models it

    @staticmethod
    def turn_plan(me: Figure, them: Figure, count: int, technique: bool) -> list[tuple[str, ...]]:
        steps = plan_steps(me, them, count, technique)
        if count < 2 or gap(me, them) < FAR:
            return steps
        return [steps[0], *([HOLD] * (count - 1))]

    def sample_world(self, obs: Observation, rng: Rng) -> DuelFightersState:
        """A re-deal whose adversary programmes are the heuristic player's, the model of an
        adversary (not this player's own way)."""
        return sample_world(obs, rng, self.model.choose)


__all__ = ["FAR", "DuelFightersTactician"]
