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


def positions_along(
    game: str, options: dict[str, Any], games: int, every: int = 9
) -> list[tuple[Any, int]]:
    """(state, seat to move) every ``every`` steps of random games, the draft and setup
    included; each state is a copy."""
    info = get_game(game)
    out = []
    for seed in range(games):
        state = info.new_state(seed, info.resolve_options(options))
        rng = Rng(seed)
        step = 0
        while not state.is_over():
            if step % every == 0:
                out.extend((state.clone(), seat) for seat in state.to_move())
            random_step(state, rng)
            step += 1
    return out
