"""Action indices: one per distinct action where the notation is closed, slots elsewhere."""

from __future__ import annotations

import numpy as np

from duelhall.interop.encoding import encoding
from duelhall.interop.seating import Seating


def _legal_by_index(code, seed, steps):
    """Every (index, notation) pair offered over ``steps`` random choices."""
    seating = Seating(code.new_state(seed))
    rng = np.random.default_rng(seed)
    seen = set()
    for _ in range(steps):
        seat = seating.current()
        if seat is None:
            break
        legal = code.legal(seating.state, seat)
        mask = code.mask(legal)
        seen |= {(code.index(a, legal), str(a)) for a in legal}
        assert sorted(np.flatnonzero(mask)) == sorted(code.index(a, legal) for a in legal)
        seating.choose(seat, legal[int(rng.integers(len(legal)))])
    return seen


def test_highlander_gives_every_action_one_index_for_the_whole_game():
    code = encoding("highlander")
    assert code.table[0] == "draw" and code.actions == len(code.table)
    seen = _legal_by_index(code, 3, 200) | _legal_by_index(code, 4, 200)
    assert all(code.table[index] == text for index, text in seen)
    assert len({text for _, text in seen}) == len({index for index, _ in seen})


def test_deckduel_indexes_its_words():
    code = encoding("deckduel")
    seen = _legal_by_index(code, 1, 100)
    assert {(0, "rage"), (1, "flip")} <= seen


def test_duel52_slots_follow_the_notation_order():
    code = encoding("duel52")
    state = code.new_state(2)
    seat = state.to_move()[0]
    legal = code.legal(state, seat)
    assert [code.index(a, legal) for a in legal] == list(range(len(legal)))
    assert [str(a) for a in legal] == sorted(str(a) for a in state.legal_actions(seat))
