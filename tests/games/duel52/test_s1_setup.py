"""Rulebook section 1, Overview & Setup."""

from __future__ import annotations

import pytest

from duelhall.core.game import get_game
from duelhall.games.duel52.state import Duel52State

GAME = get_game("duel52")


def new(seed: int = 1, **options: object) -> Duel52State:
    state = GAME.new_state(seed, options)
    assert isinstance(state, Duel52State)
    return state


def test_s1_setup_one_facedown_base_card_per_lane_per_player() -> None:
    state = new()
    for lane in state.rows:
        for row in lane:
            assert len(row) == 1
            assert row[0].base and not row[0].up


def test_s1_setup_base_cards_unknown_to_both_players() -> None:
    state = new()
    for lane in state.rows:
        for row in lane:
            assert row[0].known == 0


@pytest.mark.parametrize(("variant", "removed"), [("standard", 10), ("quick", 16), ("long", 0)])
def test_s1_setup_removed_cards_by_variant(variant: str, removed: int) -> None:
    state = new(variant=variant)
    assert len(state.removed) == removed
    # 6 bases + 10 dealt + removed + pile, with the first player's first draw taken.
    assert len(state.pile) == 52 - 6 - 10 - removed - 1
    assert state.card_counts() == 52


def test_s1_setup_five_cards_each_hand_before_first_draw() -> None:
    state = new(first_player="1")
    assert len(state.hands[0]) == 6  # five dealt plus the first turn's draw
    assert len(state.hands[1]) == 5
