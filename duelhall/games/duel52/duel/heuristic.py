"""The rule-based Duel 52 player (agent spec ``heuristic``).

It looks one decision ahead on a few re-deals of what it cannot see and keeps the choice
that leaves the best position by :mod:`duelhall.games.duel52.duel.evaluate`. The evaluation is
where the rules of thumb live: hit points and powers on the board (so it kills what it can
and keeps its valuable cards alive), a face-up 8 or Jack counts against attacking into it
(an attacker loses hit points, a Jack soaks three), cards in hand are worth a share of every
open lane, and lanes are weighed by how likely they are to be won, so it commits where a lane
is in reach. A few preferences on top break near-ties the way a sensible player would.
"""

from __future__ import annotations

from typing import Any

from duelhall.agents.base import Observation
from duelhall.agents.lookahead import LookaheadAgent
from duelhall.games.duel52.engine.board import Kind


class Duel52Heuristic(LookaheadAgent):
    name = "heuristic"
    samples = 4

    def prefer(self, obs: Observation, action: Any) -> float:
        # Pairs are worth forming (two cards attacking as one) but the evaluation cannot see
        # that until they attack; attacks are better early than late in a turn.
        if action.kind == Kind.PAIR:
            return 0.01
        if action.kind == Kind.ATTACK:
            return 0.002
        return 0.0
