"""Advancing a game by one uniformly random step, simultaneous choices included."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.core.state import GameState


def random_step(state: GameState, rng: Rng) -> int:
    """Every seat that must act picks a random legal action from the same, unchanged state
    (as the protocol requires for simultaneous choices); then all are applied. Returns the
    number of actions applied."""
    chosen = []
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        chosen.append(legal[rng.below(len(legal))])
    for action in chosen:
        state.apply(action)
    return len(chosen)
