"""How good a team-game position is for a seat's team, and a cheap playout policy.

The same model as :mod:`duelhall.games.duel52.evaluate` with a team in place of a player:
each open lane gets a strength per team (its cards' hit points and powers, plus a share of
both partners' hands), the gap becomes a chance of taking the lane, and the team wins by
taking two of three lanes. Agents call it on states re-dealt from their own view.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from duelhall.core.rng import Rng
from duelhall.games.duel52.board import Kind
from duelhall.games.duel52.evaluate import HAND_CARD, SCALE, TEMPO, _card_worth
from duelhall.games.duel52.teams import LANES, TEAMS, TeamAction, team_of, team_seats

if TYPE_CHECKING:
    from duelhall.games.duel52.teams import TeamState


def lane_chances(state: TeamState, seat: int) -> list[float]:
    """For each lane, the chance that ``seat``'s team ends up holding it."""
    me = team_of(seat)
    jack_hp = state.options["facedown_jack_hp"]
    open_lanes = sum(1 for w in state.lane_winner if w is None) or 1
    in_hand = [sum(len(state.hands[s]) for s in team_seats(t)) for t in range(TEAMS)]
    hand_share = [n * HAND_CARD / open_lanes for n in in_hand]
    tempo = TEMPO if team_of(state.current) == me else -TEMPO
    chances = []
    for lane in range(LANES):
        winner = state.lane_winner[lane]
        if winner is not None:
            chances.append(1.0 if winner == me else 0.0)
            continue
        rows = state.rows[lane]
        strength = [
            sum(_card_worth(bc, jack_hp) for bc in rows[t]) + hand_share[t] for t in range(TEAMS)
        ]
        gap = strength[me] - strength[1 - me] + tempo
        if not state.pile:
            if not rows[1 - me] and not in_hand[1 - me] and rows[me]:
                chances.append(0.97)
                continue
            if not rows[me] and not in_hand[me] and rows[1 - me]:
                chances.append(0.03)
                continue
        chances.append(1.0 / (1.0 + math.exp(-gap / SCALE)))
    return chances


def evaluate_for(state: TeamState, seat: int) -> float:
    """``seat``'s team's chance of winning, in [0, 1]."""
    if state.result is not None:
        return state.result.scores[seat]
    a, b, c = lane_chances(state, seat)
    return a * b + a * c + b * c - 2 * a * b * c


def rollout_action(state: TeamState, rng: Rng) -> TeamAction:
    """Mostly attack when an attack is possible, otherwise anything (as the base game)."""
    legal = state.legal_actions()
    if len(legal) > 1 and rng.below(4) != 0:
        attacks = [a for a in legal if a.kind == Kind.ATTACK]
        if attacks:
            return attacks[rng.below(len(attacks))]
    return legal[rng.below(len(legal))]
