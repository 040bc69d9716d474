"""Rulebook section 4, Single player: 3s and 4s are Vampiric instead of their powers."""

from __future__ import annotations

from duelhall.games.duel52.expansion.state import Duel52XState
from tests.games.duel52.helpers import act, card, legal, make


def test_s4_vampiric_3_heals_one_after_attacking_and_killing() -> None:
    state = make({1: (["3C d1"], ["5D d1"])}, vampiric=True)
    act(state, "attack 1b 1B")
    assert len(state.rows[0][1]) == 1 and card(state, "1b", 0).damage == 0


def test_s4_vampiric_4_heals_one_after_attacking_and_killing() -> None:
    state = make({1: (["4C d1", "9C"], ["5D d1", "6D"])}, vampiric=True)
    act(state, "attack 1b 1B")
    assert card(state, "1b").damage == 0


def test_s4_vampiric_no_heal_without_a_kill() -> None:
    state = make({1: (["3C d1"], ["5D"])}, vampiric=True)
    act(state, "attack 1b 1B")
    assert card(state, "1b", 0).damage == 1


def test_s4_vampiric_3_has_no_trap() -> None:
    state = make({1: (["9C"], ["3D down d1"])}, vampiric=True)
    act(state, "attack 1b 1B")
    assert len(state.rows[0][1]) == 1  # discarded, not returned


def test_s4_vampiric_4_has_no_foresight() -> None:
    state = make({1: (["4C down"], ["5D down"])}, vampiric=True, hands=(["9H"], []))
    act(state, "flip 1b")
    assert state.pending == [] and "look 1A" not in legal(state)


def test_s4_vampiric_is_an_option_on_its_own() -> None:
    state = make({1: (["9C"], ["5D"])}, vampiric=True)
    assert isinstance(state, Duel52XState)
    assert state.heroes == [-1, -1] and state.banners == [[], []]
    assert "end" not in legal(state)


def test_s4_vampiric_killed_by_an_8_does_not_heal() -> None:
    state = make({1: (["3C d1"], ["8D d1"])}, vampiric=True)
    act(state, "attack 1b 1B")
    assert len(state.rows[0][0]) == 1  # both died: the 8's spike killed the 3
