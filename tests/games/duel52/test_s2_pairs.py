"""Rulebook section 2, Pairs."""

from __future__ import annotations

from duelhall.games.duel52.duel.explain import why_illegal
from duelhall.games.duel52.engine.board import Duel52Action, Kind
from tests.games.duel52.helpers import act, card, illegal, legal, make, row

KEEP = (["2H"], [])


def test_s2_pairs_pair_costs_one_action() -> None:
    state = make({1: (["7H", "7D"], ["5C"])}, hands=KEEP, pile=["QC"])
    act(state, "pair 1b 1c")
    assert state.actions_left == 2
    a, b = card(state, "1b"), card(state, "1c")
    assert a.pair and a.pair == b.pair


def test_s2_pairs_same_rank_only() -> None:
    state = make({1: (["7H", "8D"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert not any(a.kind == Kind.PAIR for a in state.legal_actions())
    assert illegal(state, "pair 1b 1c").endswith("paired cards must have the same rank")


def test_s2_pairs_face_up_only() -> None:
    state = make({1: (["7H", "7D down"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert not any(a.kind == Kind.PAIR for a in state.legal_actions())
    assert illegal(state, "pair 1b 1c").endswith("both cards must be face-up to pair")


def test_s2_pairs_same_lane_only() -> None:
    state = make({1: (["7H"], ["5C"]), 2: (["7D"], ["6C"])}, hands=KEEP, pile=["QC"])
    assert not any(a.kind == Kind.PAIR for a in state.legal_actions())
    assert illegal(state, "pair 1b 2b").endswith("paired cards must be in the same lane")


def test_s2_pairs_pair_attack_deals_two_damage() -> None:
    state = make({1: (["7H p1", "7D p1"], ["JC"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b+1c 1B")
    assert card(state, "1B", 0).damage == 2
    assert state.actions_left == 2  # one action for both cards
    assert card(state, "1b").attacks == card(state, "1c").attacks == 1


def test_s2_pairs_must_attack_together() -> None:
    state = make({1: (["7H p1", "7D p1"], ["5C", "6C"])}, hands=KEEP, pile=["QC"])
    attacks = {a for a in legal(state) if a.startswith("attack")}
    assert attacks == {"attack 1b+1c 1B", "attack 1b+1c 1C"}
    alone = Duel52Action(0, Kind.ATTACK, slots=((0, 0, 1),), targets=((0, 1, 1),))
    assert why_illegal(state, alone).endswith("a paired card must attack together with its pair")
    # Naming one card of a pair in notation means the pair.
    assert state.parse_action("attack 1b 1B") == state.parse_action("attack 1b+1c 1B")


def test_s2_pairs_damage_cannot_be_split() -> None:
    state = make({1: (["7H p1", "7D p1"], ["5C", "6C"])}, hands=KEEP, pile=["QC"])
    assert illegal(state, "attack 1b+1c 1B 1C").endswith("only a 10 strikes two cards")


def test_s2_pairs_no_triplets() -> None:
    state = make({1: (["7H p1", "7D p1", "7S"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert not any(a.kind == Kind.PAIR for a in state.legal_actions())
    assert illegal(state, "pair 1b 1d").endswith(
        "a card can be in only one pair (no triplets or quads)"
    )


def test_s2_pairs_two_separate_pairs_of_one_rank_allowed() -> None:
    state = make({1: (["7H p1", "7D p1", "7S", "7C"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert {a for a in legal(state) if a.startswith("pair")} == {"pair 1d 1e"}


def test_s2_pairs_cards_in_a_pair_take_damage_individually() -> None:
    state = make({1: (["9H", "10H"], ["7C p1", "7D p1"])}, hands=KEEP, pile=["QC"])
    act(state, "attack 1b 1B")
    assert card(state, "1B", 0).damage == 1
    assert card(state, "1C", 0).damage == 0
    act(state, "attack 1c 1B 1C")
    assert row(state, 1, 1)[1:] == ["7D"]
    assert card(state, "1B", 0).pair == 0  # the survivor is single again


def test_s2_pairs_pair_attack_needs_both_cards_ready() -> None:
    state = make({1: (["7H p1 a1", "7D p1"], ["5C"])}, hands=KEEP, pile=["QC"])
    assert not any(a.kind == Kind.ATTACK for a in state.legal_actions())
    assert illegal(state, "attack 1b+1c 1B").endswith("that card has already attacked this turn")
