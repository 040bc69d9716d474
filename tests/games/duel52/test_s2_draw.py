"""Rulebook section 2, Draw a card each turn, and the endgame once the pile is empty."""

from __future__ import annotations

from duelhall.games.duel52.engine.board import Kind
from tests.games.duel52.helpers import act, card, hand, illegal, legal, make

KEEP = (["2H"], [])


def test_s2_draw_no_card_drawn_by_any_means_when_pile_empty() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=KEEP, pile=[])
    act(state, "flip 1b")  # the 2 would draw, but there is nothing to draw
    assert hand(state, 0) == ["2H"]
    assert state.pending == []


def test_s2_draw_base_cards_inactive_while_pile_has_cards() -> None:
    state = make({1: (["9H"], [])}, hands=KEEP, pile=["QC"], bases=True)
    assert not any(a.kind == Kind.FLIP for a in state.legal_actions())
    assert not any(a.kind == Kind.ATTACK for a in state.legal_actions())
    assert illegal(state, "flip 1a").endswith(
        "Base cards can only be flipped once the draw pile is empty"
    )
    assert illegal(state, "attack 1b 1A").endswith(
        "Base cards can only be attacked once the draw pile is empty"
    )


def test_s2_draw_base_cards_become_normal_when_pile_empty() -> None:
    state = make(
        {1: (["KH base", "9H"], ["5C base"]), 2: (["2D base"], ["2S base"])},
        hands=KEEP,
        pile=[],
        bases=False,
    )
    assert {"flip 1a", "flip 2a", "attack 1b 1A"} <= legal(state)
    act(state, "attack 1b 1A")
    assert card(state, "1A", 0).damage == 1


def test_s2_draw_base_cards_become_normal_the_moment_the_last_card_is_drawn() -> None:
    state = make({1: (["2C down"], ["5S"])}, hands=KEEP, pile=["QC"])
    assert "flip 1a" not in legal(state)
    act(state, "flip 1b", "discard 2H")  # the 2 draws the last card
    assert state.pile == []
    assert "flip 1a" in legal(state)


def test_s2_draw_base_cards_cannot_be_looked_at_before_flipping() -> None:
    state = make({1: (["KH base", "9H"], ["5C base"])}, hands=KEEP, pile=[], bases=False)
    assert card(state, "1a").known == 0
    assert state.view(0)["lanes"][0]["rows"][0][0]["card"] is None
    act(state, "flip 1a")
    assert state.view(0)["lanes"][0]["rows"][0][0]["card"] == "KH"
    assert state.view(1)["lanes"][0]["rows"][0][0]["card"] == "KH"
