"""A one-step lookahead player: try every choice on a few re-deals, keep the best on average.

It is the generic way for a game to turn its ``evaluator`` hook into a sensible opponent:
the hidden cards are re-dealt from the agent's own view (``Observation.sample``) a few
times, each legal action is applied to each re-deal, and the evaluator scores the result
for the agent's seat. Averaging over re-deals is what keeps it honest: it never sees the true
hidden cards, only what they might be. At a simultaneous choice the other seats' choices are
drawn at random, since the agent cannot know them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.core.game import GameInfo


class LookaheadAgent(Agent):
    """Greedy over ``evaluator(state after action, seat)``, averaged over ``samples`` worlds."""

    name = "lookahead"
    samples = 4

    def __init__(self, info: GameInfo, seed: int = 0, *, samples: int | None = None) -> None:
        super().__init__(seed)
        self.info = info
        self.evaluate: Callable[[Any, int], float] = info.hook("evaluator")
        if samples is not None:
            self.samples = samples

    def prefer(self, obs: Observation, action: Any) -> float:
        """A small bonus or malus on top of the evaluation (games override this)."""
        return 0.0

    def choose(self, obs: Observation) -> Any:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        seat = obs.seat
        worlds = [obs.sample(self.rng) for _ in range(self.samples)]
        best: Any = legal[0]
        best_score = -1e9
        for action in legal:
            total = 0.0
            for world in worlds:
                child = world.clone()
                others = [s for s in child.to_move() if s != seat]
                child.apply(action)
                for other in others:
                    options = world.legal_actions(other)
                    child.apply(options[self.rng.below(len(options))])
                total += self.evaluate(child, seat)
            score = total / len(worlds) + self.prefer(obs, action)
            if score > best_score:
                best, best_score = action, score
        return best
