"""3.3.4 Getting the measure of the adversary: front, flank and rear of a base, and corners."""

from __future__ import annotations

import pytest

from duelhall.games.duelfighters.geometry import (
    Figure,
    Measure,
    Side,
    measure,
    side_of,
    side_of_point,
)

# A 40 mm base at the origin facing north (+y): its left is west.
TARGET = Figure(0.0, 0.0, 90.0, 40.0)


@pytest.mark.parametrize(
    ("point", "side"),
    [
        ((0.0, 50.0), Side.FRONT),
        ((-50.0, 0.0), Side.LEFT),
        ((50.0, 0.0), Side.RIGHT),
        ((0.0, -50.0), Side.REAR),
        ((10.0, 30.0), Side.FRONT),
        ((30.0, 10.0), Side.RIGHT),
        ((-30.0, -29.0), Side.LEFT),
        ((-29.0, -30.0), Side.REAR),
    ],
)
def test_measure_side_of_a_point(point: tuple[float, float], side: Side) -> None:
    assert side_of_point(TARGET, point) == side


def test_measure_flank_base_touching_the_flank() -> None:
    attacker = Figure(40.0, 0.0, 180.0, 40.0)  # side to side on the right flank
    assert side_of(TARGET, attacker) == Side.RIGHT
    assert measure(attacker, TARGET) == Measure.FLANK


def test_measure_flank_touching_far_forward_still_flank() -> None:
    # Touching the flank along its front 1 mm only: the centre is at (40, 39), still flank.
    attacker = Figure(40.0, 39.0, 180.0, 40.0)
    assert measure(attacker, TARGET) == Measure.FLANK


def test_measure_rear() -> None:
    attacker = Figure(0.0, -40.0, 90.0, 40.0)
    assert measure(attacker, TARGET) == Measure.REAR
    assert measure(TARGET, attacker) == Measure.FRONT  # and the target faces away from it


def test_measure_front_face_to_face() -> None:
    attacker = Figure(0.0, 40.0, 270.0, 40.0)
    assert measure(attacker, TARGET) == Measure.FRONT


def test_measure_corner_between_front_and_flank_is_front() -> None:
    # Corner to corner at the front-right: the centre lies on the diagonal.
    attacker = Figure(40.0, 40.0, 180.0, 40.0)
    assert measure(attacker, TARGET) == Measure.FRONT
    # Within half a millimetre of the diagonal is still the corner...
    assert measure(Figure(40.6, 40.0, 180.0, 40.0), TARGET) == Measure.FRONT
    # ...beyond it the flank.
    assert measure(Figure(40.8, 40.0, 180.0, 40.0), TARGET) == Measure.FLANK


def test_measure_corner_between_flank_and_rear_is_flank() -> None:
    attacker = Figure(-40.0, -40.0, 0.0, 40.0)
    assert side_of(TARGET, attacker) == Side.LEFT
    assert measure(attacker, TARGET) == Measure.FLANK
    assert measure(Figure(-40.0, -40.8, 0.0, 40.0), TARGET) == Measure.REAR


def test_measure_follows_the_targets_facing() -> None:
    attacker = Figure(40.0, 0.0, 180.0, 40.0)
    assert measure(attacker, TARGET.turned(-90.0)) == Measure.FRONT  # now facing east
    assert measure(attacker, TARGET.turned(90.0)) == Measure.REAR  # facing west
    assert measure(attacker, TARGET.turned(30.0)) == Measure.FLANK


def test_measure_sides_are_the_edges_of_the_base() -> None:
    assert list(TARGET.edge(Side.FRONT).coords) == [(-20.0, 20.0), (20.0, 20.0)]
    assert list(TARGET.edge(Side.RIGHT).coords) == [(20.0, 20.0), (20.0, -20.0)]
    assert list(TARGET.edge(Side.REAR).coords) == [(20.0, -20.0), (-20.0, -20.0)]
    assert list(TARGET.edge(Side.LEFT).coords) == [(-20.0, -20.0), (-20.0, 20.0)]
    # A base touching along the right side is on the right, by the wedge rule too.
    other = Figure(40.0, 5.0, 0.0, 40.0)
    assert other.polygon.intersection(TARGET.polygon).equals(
        TARGET.edge(Side.RIGHT).intersection(other.polygon)
    )
    assert side_of(TARGET, other) == Side.RIGHT


def test_measure_a_base_needs_a_positive_side_and_finite_place() -> None:
    with pytest.raises(ValueError, match="positive length"):
        Figure(0.0, 0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="finite"):
        Figure(float("nan"), 0.0, 0.0, 40.0)
