"""Every game's views are snapshots: applying an action never changes a view taken before.

The terminal keeps the views from before an action to word what it caused; a view that
shared lists with the live state would silently show the new state as the old one.
"""

from __future__ import annotations

import copy

import pytest

from duelhall.core.game import game_names, get_game
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step


@pytest.mark.parametrize("game", game_names())
def test_a_view_does_not_change_when_the_game_moves_on(game: str) -> None:
    info = get_game(game)
    for seed in range(3):
        state = info.new_state(seed, {})
        rng = Rng(seed)
        steps = 0
        while not state.is_over() and steps < 150:
            views = {seat: state.view(seat) for seat in (None, *range(info.seat_count()))}
            frozen = copy.deepcopy(views)
            random_step(state, rng)
            assert views == frozen
            steps += 1
