"""The player the hard level's search builds on for its own seat (the ``searcher`` hook): the
heuristic player, but one that lets the adversary come to it.

The heuristic closes in as fast as it can, so two of them meet wherever their steps run out,
and the one whose last steps carry it into reach is struck first. From across the table
(``FAR`` or more between the bases) the tactician takes the heuristic's first step only and
holds every other step ready as an attack: the heuristic spends its turn walking into reach
and meets attacks held for it. One step then holding beat none and a step and a half, and
holding beat every other plan tried. Winning the initiative from there, it plays second, so
that its held attack comes straight after the step that brings the adversary into reach.
Nearer, it plays as the heuristic does: nothing tried in the fighting beat it (see
benchmarks/README.md for the figures). In a search the adversary is still modelled by the
heuristic player (:mod:`.programmes`; duelhall.agents.rollouts), the tactician playing only
the searching seat's part.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.agents.base import Observation
from duelhall.core.rng import Rng

from .engine import actions as A
from .engine.state import DuelFightersState
from .geometry import CARD_LENGTH, Figure, gap
from .heuristic import DuelFightersHeuristic
from .planning import adversary_of, figure_of, plan_steps
from .plans import HOLD
from .programmes import sample_world

FAR = 5 * CARD_LENGTH  # the gap beyond which the tactician waits for the adversary
SECOND = f"{A.PLAYER} 2"  # the initiative winner's choice to play second


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

    def choose(self, obs: Observation) -> Any:
        view = obs.view
        if view["phase"] == "order" and self._far(view, obs.seat):
            # Holding, the second player's attacks come right after the adversary's step
            # that brings it into reach: it strikes first (0.703 against 0.675 as first).
            by_text = {str(a): a for a in obs.legal}
            if SECOND in by_text:
                return by_text[SECOND]
        return super().choose(obs)

    @staticmethod
    def _far(view: Mapping[str, Any], seat: int) -> bool:
        """Whether every figure of ``seat``'s side is ``FAR`` from its nearest adversary."""
        fighters = view["fighters"]
        ours = [i for i, f in enumerate(fighters) if f.get("side", i) == seat]
        for i in ours:
            me = figure_of(fighters[i])
            them = figure_of(fighters[adversary_of(view, i)])
            if me is None or them is None or gap(me, them) < FAR:
                return False
        return bool(ours)

    def sample_world(self, obs: Observation, rng: Rng) -> DuelFightersState:
        """A re-deal whose adversary programmes are the heuristic player's, the model of an
        adversary (not this player's own way)."""
        return sample_world(obs, rng, self.model.choose)


__all__ = ["FAR", "DuelFightersTactician"]
