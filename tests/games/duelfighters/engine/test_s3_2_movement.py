"""Rulebook 3.2 to 3.2.2 and 4: moving, collisions, pushing, terrain (rulings F19 to F25,
F52 to F56, F61)."""

from __future__ import annotations

import pytest

from duelhall.games.duelfighters import DuelFightersState
from duelhall.games.duelfighters.geometry import CARD_LENGTH, CARD_WIDTH, in_contact

from ..combat.scripted import Dice
from .helpers import do, executing, one_piece, words

AWAY = (600, 650, 270)
WAIT_STEP = [("turn-left",)]


def _figure(state, seat):  # type: ignore[no-untyped-def]
    return state.board.figure(seat)


def _deretor_advances_on_lesdinn(
    lesdinn: tuple[float, float, float], dice: Dice
) -> DuelFightersState:
    """Deretor at (400, 300) facing Lesdinn, about to advance into him with scripted dice."""
    return executing(
        [[("advance",)], []], [(400, 300, 90), lesdinn], dice=dice, collision_hits="injuries"
    )


def test_f19_an_advance_goes_half_or_a_full_card() -> None:
    state = executing([[("advance",)], []], [(400, 100, 90), AWAY])
    assert words(state, 0) == ["advance 44", "advance 88"]
    do(state, 0, "advance 44")
    assert _figure(state, 0).y == pytest.approx(144)


def test_f19_move_fractions_option() -> None:
    state = executing([[("advance",)], []], [(400, 100, 90), AWAY], move_fractions=4)
    assert words(state, 0) == ["advance 22", "advance 44", "advance 66", "advance 88"]


def test_f19_up_to_contact_when_something_is_in_the_way() -> None:
    state = executing([[("advance",)], []], [(400, 300, 90), (400, 400, 270)])
    assert "advance contact" in words(state, 0)
    do(state, 0, "advance contact")
    assert in_contact(_figure(state, 0), _figure(state, 1))
    assert _figure(state, 0).y == pytest.approx(355)


def test_s3_2_lateral_moves_a_card_width() -> None:
    state = executing([[("lateral-left",)], []], [(400, 100, 90), AWAY])
    assert words(state, 0) == ["lateral left 31.5", "lateral left 63"]
    do(state, 0, "lateral left 63")
    assert _figure(state, 0).x == pytest.approx(400 - CARD_WIDTH)
    assert _figure(state, 0).facing == 90


def test_s3_2_retreat_goes_straight_away_from_the_adversary() -> None:
    state = executing([[("retreat",)], []], [(400, 300, 90), (400, 400, 270)])
    do(state, 0, "retreat 88")
    assert (_figure(state, 0).x, _figure(state, 0).y) == pytest.approx((400, 300 - CARD_LENGTH))
    assert _figure(state, 0).facing == 90


def test_s3_2_turn_90_degrees_in_place() -> None:
    state = executing([[("turn-left",)], []], [(400, 300, 90), AWAY])
    do(state, 0, "turn left")
    assert _figure(state, 0).facing == 180
    assert (_figure(state, 0).x, _figure(state, 0).y) == (400, 300)


def test_s3_2_turn_about_a_corner() -> None:
    state = executing([[], [("pivot-fl-right",)]], [AWAY, (400, 300, 90)], order=(1, 0))
    before = _figure(state, 1).corners()[0]
    do(state, 1, "pivot fl right")
    after = _figure(state, 1)
    assert after.facing == 0
    assert after.corners()[0] == pytest.approx(before)  # the pivot stays put


def test_f61_the_table_edge_stops_a_move() -> None:
    state = executing([[("advance",)], []], [(400, 760, 90), (100, 100, 90)])
    assert "advance contact" in words(state, 0)
    do(state, 0, "advance 88")
    assert _figure(state, 0).y == pytest.approx(775)


def test_s3_2_2_a_collision_lost_stops_the_mover_with_the_difference_as_strikes() -> None:
    dice = Dice(1, 1, 1, 1, 4, 4, 4)  # Deretor's CON 4: none; Lesdinn's CON 3: three
    state = _deretor_advances_on_lesdinn((400, 400, 270), dice)
    do(state, 0, "advance 88")
    assert dice.spent
    assert in_contact(_figure(state, 0), _figure(state, 1))
    assert _figure(state, 1).y == 400
    assert state.board.fighters[0].injuries == 3


def test_s3_2_2_a_collision_won_carries_the_other_figure_along() -> None:
    dice = Dice(4, 4, 4, 4, 1, 1, 1)
    state = _deretor_advances_on_lesdinn((400, 400, 270), dice)
    do(state, 0, "advance 88")
    assert _figure(state, 0).y == pytest.approx(388)
    assert _figure(state, 1).y == pytest.approx(433)
    assert in_contact(_figure(state, 0), _figure(state, 1))
    assert state.board.fighters[1].injuries == 4


def test_f23_armoured_hulk_takes_no_strikes_when_charged() -> None:
    dice = Dice(4, 4, 4, 1, 1, 1, 1)  # Lesdinn charges Deretor and wins by three
    state = executing(
        [[], [("advance",)]],
        [(400, 400, 270), (400, 300, 90)],
        dice=dice,
        order=(1, 0),
        collision_hits="injuries",
    )
    do(state, 1, "advance 88")
    assert state.board.fighters[0].injuries == 0
    assert _figure(state, 0).y > 400


def test_s3_2_2_a_push_from_contact_deals_no_strikes() -> None:
    dice = Dice(4, 4, 4, 1, 1, 1, 1)  # Lesdinn, in contact, pushes Deretor
    state = executing(
        [[], [("advance",)]],
        [(400, 345, 270), (400, 300, 90)],
        dice=dice,
        order=(1, 0),
        collision_hits="injuries",
    )
    do(state, 1, "advance 44")
    assert _figure(state, 1).y == pytest.approx(344)
    assert _figure(state, 0).y == pytest.approx(389)
    assert [f.injuries for f in state.board.fighters] == [0, 0]


def test_f25_lacerating_armour_pushes_with_strikes() -> None:
    dice = Dice(4, 4, 4, 4, 1, 1, 1)  # Deretor, in contact, pushes Lesdinn
    state = _deretor_advances_on_lesdinn((400, 345, 270), dice)
    do(state, 0, "advance 44")
    assert state.board.fighters[1].injuries == 4


def test_s4_a_hedge_stops_a_move_and_an_advance_from_contact_climbs_it() -> None:
    # The arena's low wall spans x 300-500, y 225-255.
    state = executing([[("advance",), ("advance",)], []], [(400, 190, 90), AWAY], scenario="arena")
    do(state, 0, "advance 88")
    assert _figure(state, 0).y == pytest.approx(200)
    do(state, 0, "advance 44")
    assert _figure(state, 0).y == pytest.approx(280, abs=0.6)


def test_s4_running_into_a_tree_deals_ones_own_con_in_hits() -> None:
    # The arena's statue at (150, 150), radius 25: Lesdinn (CON 3) runs into it.
    dice = Dice(1, 1, 1)  # his three defence dice all fail
    state = executing(
        [[("turn-left",)], [("advance",)]],
        [AWAY, (150, 80, 90)],
        dice=dice,
        order=(1, 0),
        scenario="arena",
    )
    do(state, 1, "advance 88")
    assert dice.spent
    assert state.board.fighters[1].injuries == 3
    assert _figure(state, 1).y == pytest.approx(105, abs=0.5)


def test_s4_armoured_hulk_takes_no_hits_from_objects() -> None:
    state = executing(
        [[("advance",)], [("turn-left",)]], [(150, 70, 90), AWAY], dice=Dice(), scenario="arena"
    )
    do(state, 0, "advance 88")
    assert state.board.fighters[0].injuries == 0


def test_s4_rough_ground_moves_a_card_width() -> None:
    state = executing([[], [("advance",)]], [AWAY, (110, 250, 90)], order=(1, 0), scenario="arena")
    assert words(state, 1) == ["advance 31.5", "advance 63"]


def test_s4_dangerous_ground_is_an_automatic_injury() -> None:
    state = executing(
        [[], [("advance",)]], [(100, 100, 90), (690, 470, 90)], order=(1, 0), scenario="forest"
    )
    do(state, 1, "advance 44")
    assert state.board.fighters[1].injuries == 1


def test_s4_lethal_ground_kills() -> None:
    state = executing(
        [[], [("advance",)]], [(100, 700, 270), (400, 320, 90)], order=(1, 0), scenario="arena"
    )
    do(state, 1, "advance 44")
    assert state.is_over()
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "killed"


def test_f74_a_figure_against_a_tree_does_not_run_into_it_again() -> None:
    # Lesdinn's front touches the arena's statue (bottom at y = 125).
    state = executing(
        [[("turn-left",)], [("advance",)]],
        [AWAY, (150, 105, 90)],
        dice=Dice(),
        order=(1, 0),
        scenario="arena",
    )
    do(state, 1, "advance 88")
    assert state.board.fighters[1].injuries == 0
    assert _figure(state, 1).y == pytest.approx(105)


def test_f23_a_pushing_mover_stops_at_what_lies_beside_the_other_figures_path() -> None:
    # Lesdinn pushes Deretor east; the wall (y 395-405 from x 250) lies across Lesdinn's
    # path but not Deretor's: both stop when Lesdinn meets it, 30 mm on.
    dice = Dice(4, 4, 4, 1, 1, 1, 1)
    state = executing(
        [WAIT_STEP, [("advance",)]],
        [(245, 365, 90), (200, 390, 0)],
        dice=dice,
        order=(1, 0),
        collision_hits="injuries",
    )
    state.board.field = one_piece("wall")
    state.edited()
    do(state, 1, "advance 44")
    assert _figure(state, 1).x == pytest.approx(230)
    assert _figure(state, 0).x == pytest.approx(275)
    wall = state.board.field.walls[0].shape
    assert _figure(state, 1).polygon.intersection(wall).area < 1e-6


def test_s4_standing_in_dangerous_ground_hurts_each_step_once() -> None:
    # Lesdinn stands in the forest's thorn patch (centre 690, 560, radius 50) and turns twice.
    state = executing(
        [[("turn-left",)] * 3, [("turn-left",), ("turn-right",)]],
        [(100, 100, 90), (690, 560, 90)],
        order=(1, 0),
        scenario="forest",
    )
    do(state, 1, "turn left")
    assert state.board.fighters[1].injuries == 1
    do(state, 0, "turn left")
    do(state, 1, "turn right")
    assert state.board.fighters[1].injuries == 2


@pytest.mark.parametrize(("faces", "broken"), [((4, 4), True), ((1, 1), False)])
def test_f54_a_figure_pushed_into_a_barrel_breaks_it_only_by_the_roll_off(
    faces: tuple[int, ...], broken: bool
) -> None:
    # Lesdinn (CON 3), in contact, pushes Hallothon (CON 2) east into the tavern's large
    # barrel (CON 4, x 610-670 at y 110), 10 mm ahead of him.
    dice = Dice(4, 4, 4, 1, 1, *faces, *((1, 1, 1, 1) if broken else (4, 4, 4, 4)))
    state = executing(
        [[("advance",)], WAIT_STEP],
        [(540, 110, 0), (580, 110, 0)],
        dice=dice,
        first="lesdinn",
        second="hallothon",
        scenario="tavern",
        collision_hits="injuries",
    )
    do(state, 0, "advance 44")
    assert dice.spent
    assert bool(state.board.broken) is broken
    if broken:
        assert _figure(state, 1).x == pytest.approx(624)
    else:
        assert _figure(state, 1).x == pytest.approx(590)
        assert _figure(state, 0).x == pytest.approx(550)
        assert state.board.fighters[1].injuries == 4


def test_f61_a_move_the_edge_blocks_at_once_says_so() -> None:
    state = executing([[("advance",)], []], [(400, 775, 90), (100, 100, 90)])
    do(state, 0, "advance 88")
    # The step ended the turn: its line is the first of the log that goes on.
    assert state.board.log[0] == "Deretor cannot advance: blocked by the table's edge"
    assert _figure(state, 0).y == 775


def test_s3_2_2_a_lost_push_says_who_blocked_the_move() -> None:
    dice = Dice(1, 1, 1, 1, 4, 4, 4)  # Deretor, in contact, fails to push Lesdinn
    state = _deretor_advances_on_lesdinn((400, 345, 270), dice)
    do(state, 0, "advance 44")
    assert state.board.log == [
        "Deretor pushes Lesdinn: 0 to 3",
        "Deretor cannot advance: blocked by Lesdinn",
    ]


def test_s4_a_lateral_move_into_a_hedge_names_it() -> None:
    # Against the arena's low wall (y 225-255), facing along it: a lateral left runs into it.
    state = executing([[("lateral-left",)], []], [(400, 200, 0), AWAY], scenario="arena")
    do(state, 0, "lateral left 31.5")
    assert state.board.log[0] == "Deretor cannot move left: blocked by a hedge"


def test_s3_2_a_move_cut_short_still_gives_its_length() -> None:
    state = executing([[("advance",)], []], [(400, 760, 90), (100, 100, 90)])
    do(state, 0, "advance 88")
    assert state.board.log[0] == "Deretor: advance 15 mm (of 88)"
