"""How good a Duel 52 position is for one seat: a winning chance in [0, 1].

Search uses it to stop playouts early, and the heuristic player to compare the results of its
choices. It reads a full state, which for an agent is always a sample re-dealt from its own
view (``determinize``), never the true game.

Each open lane gets a strength per side: the hit points left on its cards, what their powers
are worth (a face-up 8 or 10 keeps working; a face-down card still has its flip to come), a
share of the cards in hand, and nothing for a card that cannot act this turn. The strength gap
becomes a chance of taking the lane through a logistic curve, and the game is won by taking
two of three lanes, counted as independent events.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import LANES, Duel52State
from duelhall.games.duel52.engine.board import BoardCard, Duel52Action, Kind
from duelhall.games.duel52.engine.cards import ACE, JACK, KING, QUEEN

# Worth of a face-up card's power beyond its hit points. Flip powers (2, 4, 5, 6, 7) are
# spent once used, so they are worth little face-up (a King can wake them again).
UP_WORTH = {
    2: 0.2,
    3: 0.2,
    4: 0.2,
    5: 0.3,
    6: 0.3,
    7: 0.3,
    8: 1.2,
    9: 0.9,
    10: 1.3,
    JACK: 1.3,
    QUEEN: 0.5,
    KING: 0.9,
    ACE: 0.8,
}
# Worth of a face-down card's power still to come, flip or constant (after flipping).
DOWN_WORTH = {
    2: 0.6,
    3: 0.8,
    4: 0.4,
    5: 0.8,
    6: 0.9,
    7: 0.7,
    8: 1.0,
    9: 0.8,
    10: 1.1,
    JACK: 1.1,
    QUEEN: 0.7,
    KING: 0.9,
    ACE: 1.1,
}
HIT_POINT = 0.55
HAND_CARD = 1.1  # a card in hand can go to any open lane, so it is shared between them
TEMPO = 0.35  # the side to move strikes first
SCALE = 1.6  # strength gap that makes a lane about 73% likely


def card_worth(bc: BoardCard, jack_down_hp: int) -> float:
    """Hit points left and what its power is worth (face-down, what is still to come)."""
    if bc.up:
        hp = (3 if bc.rank == JACK else 2) - bc.damage
        worth = UP_WORTH[bc.rank]
    else:
        hp = (jack_down_hp if bc.rank == JACK else 2) - bc.damage
        worth = DOWN_WORTH[bc.rank] * (0.6 if bc.base else 1.0)
    if bc.frozen:
        worth *= 0.8
    return hp * HIT_POINT + worth


def side_win_chance(state: Any, me: int, hands: Sequence[list[int]], to_move: bool) -> float:
    """The chance that side ``me`` (a seat, or a team) takes two of the three lanes.

    ``state.rows[lane][side]`` are a side's cards in a lane and ``state.lane_winner`` the
    side that won a lane; ``hands`` are each side's cards in hand (both partners' for a
    team), and ``to_move`` says whether ``me`` moves now.
    """
    jack_hp = state.options["facedown_jack_hp"]
    open_lanes = sum(1 for w in state.lane_winner if w is None) or 1
    hand_share = [len(hand) * HAND_CARD / open_lanes for hand in hands]
    tempo = TEMPO if to_move else -TEMPO
    chances = []
    for lane in range(LANES):
        winner = state.lane_winner[lane]
        if winner is not None:
            chances.append(1.0 if winner == me else 0.0)
            continue
        rows = state.rows[lane]
        strength = [sum(card_worth(bc, jack_hp) for bc in rows[s]) + hand_share[s] for s in (0, 1)]
        gap = strength[me] - strength[1 - me] + tempo
        if not state.pile:
            # With the pile gone an empty side with no cards in hand cannot come back.
            if not rows[1 - me] and not hands[1 - me] and rows[me]:
                chances.append(0.97)
                continue
            if not rows[me] and not hands[me] and rows[1 - me]:
                chances.append(0.03)
                continue
        chances.append(1.0 / (1.0 + math.exp(-gap / SCALE)))
    a, b, c = chances
    # At least two of three independent lanes.
    return a * b + a * c + b * c - 2 * a * b * c


def evaluate(state: Duel52State, seat: int) -> float:
    """``seat``'s chance of winning, estimated without search."""
    result = state.result
    if result is not None:
        return result.scores[seat]
    return side_win_chance(state, seat, state.hands, state.current == seat)


def rollout_action(state: Duel52State, rng: Rng) -> Duel52Action:
    """A quick playout choice: mostly attack when an attack is possible, otherwise anything.

    Random playouts undervalue aggression, since a random player rarely finishes a lane; this
    costs one scan of the legal list and nothing else. Every table mode plays out this way.
    """
    chosen: Duel52Action = attack_minded(state.legal_actions(), rng)
    return chosen


def attack_minded(legal: Sequence[Any], rng: Rng) -> Any:
    """Three times in four an attack when one is legal, otherwise any legal action."""
    if len(legal) > 1 and rng.below(4) != 0:
        attacks = [a for a in legal if a.kind == Kind.ATTACK]
        if attacks:
            return attacks[rng.below(len(attacks))]
    return legal[rng.below(len(legal))]
