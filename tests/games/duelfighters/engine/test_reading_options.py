"""The rulings' other readings, each selected by its option (docs/rulings/duelfighters.md:
F26, F34, F38, F41, F42, F53, F61)."""

from __future__ import annotations

import pytest

from duelhall.core.errors import OptionError
from duelhall.core.rng import Rng
from duelhall.games.duelfighters.engine.reach import cover_for, side_measure, walled_off
from duelhall.games.duelfighters.geometry import Measure

from ..combat.scripted import Dice
from .helpers import do, executing, new, one_piece, words

WAIT = [("turn-left",)]


@pytest.mark.parametrize(("reading", "allowed"), [("any", True), ("length", False)])
def test_f26_combat_distance_any_placement_or_straight_ahead(reading: str, allowed: bool) -> None:
    # Lesdinn stands 15 mm off Deretor's right flank: within a card laid any way, but not
    # in front of him.
    state = executing(
        [[("attack",)], WAIT], [(400, 300, 90), (460, 300, 180)], combat_distance=reading
    )
    assert ("attack" in words(state, 0)) is allowed


def test_f34_spell_and_card_uses_up_another_card_as_well() -> None:
    dice = Dice(1, 1, 1, 1, 1, 1, 1)
    state = executing(
        [WAIT, [("skill",)]],
        [(400, 300, 90), (400, 495, 270)],
        dice=dice,
        order=(1, 0),
        spell_cost="spell-and-card",
    )
    do(state, 1, "cast water-lash")
    assert state.board.fighters[1].count("used") == 1


@pytest.mark.parametrize(
    ("reading", "found"), [("quadrant", Measure.FLANK), ("beyond-edge", Measure.FRONT)]
)
def test_f38_the_flank_by_the_diagonals_or_past_the_front_edge(
    reading: str, found: Measure
) -> None:
    state = executing([WAIT, WAIT], [(400, 300, 90), (450, 320, 180)], measure=reading)
    assert side_measure(state.board, state.board.figure(1), state.board.figure(0)) == found


@pytest.mark.parametrize(("reading", "allowed"), [("strip", True), ("lengths", False)])
def test_f41_a_range_as_a_strip_of_cards_or_in_lengths(reading: str, allowed: bool) -> None:
    # A gap of 180 mm: within two cards laid as a strip (187 mm), beyond 2 x 88 = 176 mm.
    state = executing(
        [WAIT, [("skill",)]], [(400, 300, 90), (400, 525, 270)], order=(1, 0), range_measure=reading
    )
    assert ("cast water-lash" in words(state, 1)) is allowed


@pytest.mark.parametrize(("reading", "blocked"), [("cover", False), ("barrels-block", True)])
def test_f42_barrels_give_cover_or_block_the_line_of_fire(reading: str, blocked: bool) -> None:
    state = executing([WAIT, WAIT], [(400, 300, 90), (400, 500, 270)], line_of_fire=reading)
    state.board.field = one_piece("barrel-wall")
    a, b = state.board.figure(0), state.board.figure(1)
    assert walled_off(state.board, a, b, ranged=True) is blocked
    assert not walled_off(state.board, a, b)  # melee reach is never blocked by barrels


@pytest.mark.parametrize(("reading", "dice"), [("between", 1), ("touching", 0)])
def test_f53_cover_from_a_hedge_between_or_touching(reading: str, dice: int) -> None:
    state = executing([WAIT, WAIT], [(400, 300, 90), (400, 500, 270)], behind=reading)
    state.board.field = one_piece("hedge")
    assert cover_for(state.board, 0, ranged=False) == dice


@pytest.mark.parametrize(("reading", "out"), [("wall", False), ("ring-out", True)])
def test_f61_the_edge_stops_a_push_or_puts_the_pushed_out(reading: str, out: bool) -> None:
    dice = Dice(4, 4, 4, 4, 1, 1, 1, 1, 1, 1)  # Deretor wins the push 4 to 0
    state = executing(
        [[("advance",)], WAIT],
        [(400, 715, 90), (400, 760, 270)],
        dice=dice,
        edge=reading,
        collision_hits="injuries",
    )
    do(state, 0, "advance 88")
    result = state.outcome()
    if out:
        assert result is not None and result.winner == 0 and result.reason == "ring-out"
    else:
        assert result is None and state.board.figure(1).y == pytest.approx(780)


def test_f12_reveal_step_shows_each_secret_step_as_it_is_played() -> None:
    state = executing(
        [[("turn-left",), ("turn-right",)], [("turn-left",)] * 2],
        [(400, 100, 90), (400, 700, 270)],
        reveal="step",
    )
    for plan in state.board.plans:
        plan.shown = 0  # nothing anticipated: every step is secret
    seen = state.view(1)["plans"][0]
    assert seen["steps"] == [] and seen["face_down"] == 2
    do(state, 0, "turn left")
    seen = state.view(1)["plans"][0]
    assert seen["steps"] == [["turn-left"]] and seen["face_down"] == 1
    sample = state.determinize(1, Rng(3))
    assert sample.view(1) == state.view(1)
    assert len(sample.board.plans[0].steps) == 2


def test_f1_the_table_option_sets_a_square_table() -> None:
    state = new(0, table=1200)
    assert state.view(None)["table"] == [1200.0, 1200.0]
    seat = state.to_move()[0]
    far = max(float(a.words[1].split(",")[0]) for a in state.legal_actions(seat))
    assert far > 1100  # spots along the longer edges
    with pytest.raises(OptionError) as caught:
        new(0, scenario="tavern", table=500)
    assert "off a 500 mm table" in str(caught.value)
    with pytest.raises(OptionError):
        new(0, table=100)
