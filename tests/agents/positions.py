"""Positions for agent tests: a game's default deal, a few random steps in."""

from __future__ import annotations

from typing import Any

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step


def some_position(game: str, seed: int, steps: int) -> Any:
    """``game`` dealt with ``seed`` and played ``steps`` random actions (or to its end)."""
    info = get_game(game)
    state = info.new_state(seed, {})
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        random_step(state, rng)
    return state
