"""How good a team-game position is for a seat's team.

The same model as :mod:`duelhall.games.duel52.duel.evaluate` with a team in place of a player:
each open lane gets a strength per team (its cards' hit points and powers, plus a share of
both partners' hands), the gap becomes a chance of taking the lane, and the team wins by
taking two of three lanes. Agents call it on states re-dealt from their own view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.games.duel52.duel.evaluate import side_win_chance
from duelhall.games.duel52.variants.teams.state import TEAMS, team_of, team_seats

if TYPE_CHECKING:
    from duelhall.games.duel52.variants.teams.state import TeamState


def evaluate_for(state: TeamState, seat: int) -> float:
    """``seat``'s team's chance of winning, in [0, 1]."""
    if state.result is not None:
        return state.result.scores[seat]
    me = team_of(seat)
    hands = [[c for s in team_seats(t) for c in state.hands[s]] for t in range(TEAMS)]
    return side_win_chance(state, me, hands, team_of(state.current) == me)
