"""Rulebook 2.3, deployment (rulings F57, F69)."""

from __future__ import annotations

from duelhall.games.duelfighters.geometry import CARD_LENGTH

from .helpers import do, new, words


def test_s2_3_a_roll_off_decides_who_places_first() -> None:
    firsts = {new(seed).to_move() for seed in range(12)}
    assert firsts == {(0,), (1,)}
    state = new(3)
    assert state.board.log[0].startswith(state.board.fighters[state.to_move()[0]].name)


def test_s2_3_placement_within_one_card_length_of_an_edge() -> None:
    state = new(0)
    seat = state.to_move()[0]
    side = state.board.fighters[seat].character.base_mm
    for action in state.legal_actions(seat):
        x, y = (float(v) for v in action.words[1].split(","))
        gap = min(x, y, 800 - x, 800 - y) - side / 2
        assert 0 <= gap <= CARD_LENGTH, action


def test_f69_spots_are_a_grid_along_the_edges_with_four_facings() -> None:
    state = new(0)
    seat = state.to_move()[0]
    found = words(state, seat)
    assert len(found) % 4 == 0
    facings = {w.split()[2] for w in found}
    assert facings == {"n", "e", "s", "w"}
    coarse = words(new(0, deploy_step=200), seat)
    assert len(coarse) < len(found)


def test_s2_3_the_sides_take_turns_and_may_not_overlap() -> None:
    state = new(0)
    first = state.to_move()[0]
    spot = words(state, first)[0]
    do(state, first, spot)
    assert state.phase == "equip"
    do(state, first, "ready")
    second = state.to_move()[0]
    assert second == 1 - first
    assert all(w.split()[1] != spot.split()[1] for w in words(state, second))


def _second_side_rows(**options: str) -> set[float]:
    """Where the second side may place once the first stands on the south edge."""
    state = new(0, **options)
    first = state.to_move()[0]
    do(state, first, "deploy 425,25 n" if first == 0 else "deploy 420,20 n")
    do(state, first, "ready")
    second = state.to_move()[0]
    return {float(w.split()[1].split(",")[1]) for w in words(state, second)}


def test_f57_the_second_side_takes_the_far_edge_by_default() -> None:
    assert min(_second_side_rows()) > 600
    assert min(_second_side_rows(deploy="opposite")) > 600


def test_f57_any_edge_lets_the_second_side_place_along_every_edge() -> None:
    rows = _second_side_rows(deploy="any-edge")
    assert min(rows) < CARD_LENGTH and max(rows) > 600


def test_s1_4_1_a_duel_may_start_with_cards_equipped() -> None:
    state = new(0)
    while state.to_move()[0] != 1 or state.phase != "equip":
        seat = state.to_move()[0]
        do(state, seat, words(state, seat)[0] if state.phase == "deploy" else "ready")
    assert "equip ashorai-swords" in words(state, 1)
    do(state, 1, "equip ashorai-swords")
    lesdinn = state.board.fighters[1]
    assert [c.state for c in lesdinn.cards if c.id == "ashorai-swords"] == ["equipped"]
    assert "equip ashorai-swords" not in words(state, 1)


def test_s2_3_deployment_ends_with_the_first_turn() -> None:
    state = new(1)
    for _ in range(2):
        seat = state.to_move()[0]
        do(state, seat, words(state, seat)[-1])
        do(state, seat, "ready")
    assert state.turn == 1
    assert state.phase in ("order", "program")
