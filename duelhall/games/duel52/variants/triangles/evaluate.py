"""How good a three-player Duel 52 position is for one seat: a winning chance in [0, 1].

Each triangle gets a strength per player: the worth of their cards there (hit points left
and powers, the same table as the two-player evaluation) plus a share of their hand. A
triangle's chance of ending up in a player's control is a softmax over those strengths
(a player with nothing there and nothing in hand cannot get it). A player wins by holding
two triangles, so each player's chance of at least two of four (triangles taken as
independent) is the raw score, and the scores are normalised so the three add up to one.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from duelhall.games.duel52.duel.evaluate import card_worth

if TYPE_CHECKING:
    from duelhall.games.duel52.variants.triangles.state import TriState

HAND_CARD = 1.1
TEMPO = 0.35
SCALE = 1.4
HOLD = 0.5
HOLD_LATE = 4.0
FULL_PILE = 33


def control_chances(state: TriState) -> list[list[float]]:
    """``chances[tri][seat]``: how likely ``seat`` is to end up controlling ``tri``."""
    jack_hp = state.options["facedown_jack_hp"]
    hand = [len(h) * HAND_CARD / 4 for h in state.hands]
    pile_empty = not state.pile
    # Holding a triangle alone matters more as the pile runs out (control counts then).
    hold = HOLD + HOLD_LATE * (1.0 - min(len(state.pile), FULL_PILE) / FULL_PILE)
    out = []
    for tri in state.rows:
        weights = []
        present = sum(1 for row in tri if row)
        for seat, row in enumerate(tri):
            strength = sum(card_worth(bc, jack_hp) for bc in row) + hand[seat]
            if present == 1 and row:
                strength += hold
            if seat == state.current:
                strength += TEMPO
            if pile_empty and not row and not state.hands[seat]:
                weights.append(0.0)  # nothing there and nothing to bring: never
            else:
                weights.append(math.exp(strength / SCALE))
        total = sum(weights) or 1.0
        out.append([w / total for w in weights])
    return out


def _at_least_two(p: list[float]) -> float:
    none = 1.0
    for q in p:
        none *= 1 - q
    exactly_one = 0.0
    for i, q in enumerate(p):
        term = q
        for j, r in enumerate(p):
            if j != i:
                term *= 1 - r
        exactly_one += term
    return max(0.0, 1.0 - none - exactly_one)


def evaluate(state: TriState, seat: int) -> float:
    """``seat``'s chance of winning, estimated without search."""
    if state.result is not None:
        return state.result.scores[seat]
    chances = control_chances(state)
    raw = [_at_least_two([chances[t][s] for t in range(len(chances))]) for s in range(3)]
    total = sum(raw)
    if total <= 1e-9:
        return 1 / 3
    return raw[seat] / total
