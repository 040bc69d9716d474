"""3.2 Movement sequence: the markers (advance, lateral, turn 90, turn about a corner, retreat),
the ground a move sweeps, and 3.2.1 stopping against what is in the way."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import box

from duelhall.games.duelfighters.geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    Blocker,
    Corner,
    Figure,
    Stop,
    Table,
    advance,
    corner_turn,
    first_contact,
    in_contact,
    lateral,
    lateral_heading,
    quarter_turn,
    rectangle_template,
    retreat,
    retreat_heading,
    slide_sweep,
    turn_blockers,
    turn_sweep,
)
from duelhall.games.duelfighters.geometry.motion import crossing_distance, overlap_runs

NORTH = Figure(100.0, 100.0, 90.0, 40.0)


def close(f: Figure, x: float, y: float, facing: float) -> bool:
    return (
        math.isclose(f.x, x, abs_tol=1e-9)
        and math.isclose(f.y, y, abs_tol=1e-9)
        and (f.facing == facing)
    )


def test_advance_a_card_length_along_the_facing() -> None:
    assert close(advance(NORTH), 100.0, 188.0, 90.0)
    assert close(advance(NORTH.turned(-90.0), 44.0), 144.0, 100.0, 0.0)


def test_advance_card_laid_square_to_the_front() -> None:
    card = rectangle_template(NORTH)
    assert card.bounds == pytest.approx((68.5, 120.0, 131.5, 208.0))
    # The base moved a full card stands with its front on the far edge of the card.
    assert advance(NORTH).polygon.bounds[3] == pytest.approx(208.0)


def test_lateral_a_card_width_to_either_side_keeping_the_facing() -> None:
    assert close(lateral(NORTH, to_left=True), 100.0 - CARD_WIDTH, 100.0, 90.0)
    assert close(lateral(NORTH, to_left=False), 100.0 + CARD_WIDTH, 100.0, 90.0)
    assert lateral_heading(NORTH, to_left=True) == 180.0


def test_turn_90_in_place_either_way() -> None:
    assert close(quarter_turn(NORTH, to_left=True), 100.0, 100.0, 180.0)
    assert close(quarter_turn(NORTH, to_left=False), 100.0, 100.0, 0.0)
    four = NORTH
    for _ in range(4):
        four = quarter_turn(four, to_left=True)
    assert four == NORTH  # facings snap to whole degrees, so four turns come back exactly


def test_turn_about_a_corner() -> None:
    # About the front-right corner (120, 120), a quarter turn clockwise: the centre swings
    # from (100, 100) to (100, 140) and the figure faces east.
    turned = corner_turn(NORTH, Corner.FRONT_RIGHT, to_left=False)
    assert close(turned, 100.0, 140.0, 0.0)
    assert (120.0, 120.0) in [tuple(round(v, 9) for v in c) for c in turned.corners()]
    # Counter-clockwise about the front-left corner (80, 120): centre to (100, 140), facing west.
    assert close(corner_turn(NORTH, Corner.FRONT_LEFT, to_left=True), 100.0, 140.0, 180.0)


def test_retreat_a_card_length_straight_away_from_the_adversary() -> None:
    adversary = Figure(130.0, 140.0, 270.0, 40.0)  # 30 east, 40 north: 3-4-5
    back = retreat(NORTH, adversary)
    assert back.x == pytest.approx(100.0 - 88.0 * 0.6)
    assert back.y == pytest.approx(100.0 - 88.0 * 0.8)
    assert back.facing == NORTH.facing  # stepping back, not turning round
    assert retreat_heading(NORTH, adversary) == pytest.approx(
        math.degrees(math.atan2(-40.0, -30.0)) + 360.0
    )


def test_swept_path_of_an_advance() -> None:
    swept = slide_sweep(NORTH, 90.0, CARD_LENGTH)
    assert swept.bounds == pytest.approx((80.0, 80.0, 120.0, 208.0))
    assert swept.area == pytest.approx(40.0 * 128.0)


def test_swept_path_of_a_turn_in_place_is_the_circle_round_the_base() -> None:
    swept = turn_sweep(NORTH, 90.0)
    r = 20.0 * math.sqrt(2.0)
    assert swept.area == pytest.approx(math.pi * r * r, rel=0.01)
    assert swept.area <= math.pi * r * r


def test_turn_blocked_by_a_base_at_the_corner() -> None:
    # A base whose corner sits 5 mm off the turning base's corner circle is missed by the turn
    # only if beyond r = 28.28 mm from the centre along the diagonal.
    near = Figure(100.0 + 20.0 + 2.0 + 20.0, 100.0, 90.0, 40.0)  # side 2 mm off the right flank
    assert turn_blockers(NORTH, 90.0, [Blocker.of("near", near)]) == ["near"]
    far = Figure(100.0 + 28.5 + 20.0, 100.0, 90.0, 40.0)
    assert turn_blockers(NORTH, 90.0, [Blocker.of("far", far)]) == []


def test_stop_at_contact_with_a_base_ahead() -> None:
    other = Figure(100.0, 200.0, 270.0, 40.0)  # 60 mm ahead, front to front
    stop = first_contact(NORTH, 90.0, CARD_LENGTH, [Blocker.of("b", other)])
    assert stop == Stop(60.0, "b")
    assert in_contact(NORTH.moved(90.0, stop.distance), other)


def test_stop_at_contact_with_a_turned_base() -> None:
    # A base turned 45 degrees, its corner pointing at the mover's front: the corner is at
    # y = 200 - 28.28, the mover's front at 120, so contact after 51.72 mm.
    other = Figure(100.0, 200.0, 45.0, 40.0)
    stop = first_contact(NORTH, 90.0, CARD_LENGTH, [Blocker.of("b", other)])
    assert stop.distance == pytest.approx(80.0 - 20.0 * math.sqrt(2.0))


def test_stop_sliding_past_a_base_alongside_is_free() -> None:
    beside = Figure(140.0, 150.0, 270.0, 40.0)  # its left side on the mover's path edge
    assert first_contact(NORTH, 90.0, CARD_LENGTH, [Blocker.of("b", beside)]) == Stop(88.0, None)


def test_stop_moving_away_from_contact_is_free() -> None:
    behind = Figure(100.0, 60.0, 90.0, 40.0)  # touching the mover's rear
    assert first_contact(NORTH, 90.0, CARD_LENGTH, [Blocker.of("b", behind)]) == Stop(88.0, None)


def test_stop_moving_into_contact_goes_nowhere() -> None:
    ahead = Figure(100.0, 140.0, 270.0, 40.0)
    assert first_contact(NORTH, 90.0, CARD_LENGTH, [Blocker.of("b", ahead)]) == Stop(0.0, "b")


def test_stop_nearest_of_several() -> None:
    blockers = [
        Blocker.of("far", Figure(100.0, 200.0, 0.0, 40.0)),
        Blocker.of("near", Figure(110.0, 170.0, 0.0, 40.0)),
    ]
    assert first_contact(NORTH, 90.0, CARD_LENGTH, blockers) == Stop(30.0, "near")


def test_stop_at_the_table_edge() -> None:
    table = Table()
    near_edge = Figure(400.0, 750.0, 90.0, 40.0)
    assert first_contact(near_edge, 90.0, CARD_LENGTH, [table.edge]) == Stop(30.0, "edge")


def test_s3_2_1_stop_adjacent_to_a_hedge_then_cross_it_from_contact() -> None:
    hedge = box(0.0, 150.0, 300.0, 160.0)
    stop = first_contact(NORTH, 90.0, CARD_LENGTH, [Blocker("hedge", hedge)])
    assert stop == Stop(30.0, "hedge")
    at_hedge = NORTH.moved(90.0, stop.distance)
    # From contact the next advance climbs over and ends adjacent on the far side.
    assert crossing_distance(at_hedge, 90.0, hedge, CARD_LENGTH) == pytest.approx(50.0)
    assert overlap_runs(at_hedge.polygon, 90.0, CARD_LENGTH, hedge) == [(0.0, 50.0)]


def test_crossing_too_deep_for_the_move_is_none() -> None:
    thick = box(0.0, 120.0, 300.0, 300.0)
    assert crossing_distance(NORTH, 90.0, thick, CARD_LENGTH) is None


def test_lateral_stops_against_a_wall_at_the_side() -> None:
    wall = box(150.0, 0.0, 160.0, 300.0)
    stop = first_contact(
        NORTH, lateral_heading(NORTH, to_left=False), CARD_WIDTH, [Blocker("wall", wall)]
    )
    assert stop == Stop(30.0, "wall")
