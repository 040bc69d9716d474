"""3.3 Attacking (combat distance), 3.2.2 contact, 3.3.5-3.3.6 ranged reach and contact."""

from __future__ import annotations

import math

import pytest

from duelhall.games.duelfighters.geometry import (
    CARD_DIAGONAL,
    CONTACT_TOLERANCE,
    Figure,
    combat_card,
    gap,
    in_combat_distance,
    in_contact,
    in_range,
    ranged_reach,
)
from duelhall.games.duelfighters.geometry.shapes import overlap


def pair(
    dx: float, dy: float = 0.0, turn: float = 0.0, side: float = 40.0
) -> tuple[Figure, Figure]:
    return Figure(0.0, 0.0, 90.0, 40.0), Figure(dx, dy, 270.0 + turn, side)


def test_contact_bases_side_to_side_touch() -> None:
    a, b = pair(40.0)  # 40 mm bases, centres 40 apart: the sides meet
    assert gap(a, b) == 0.0
    assert in_contact(a, b)


def test_contact_within_half_a_millimetre_counts() -> None:
    assert in_contact(*pair(40.0 + CONTACT_TOLERANCE))
    assert not in_contact(*pair(40.0 + CONTACT_TOLERANCE + 0.01))


def test_contact_corner_to_corner() -> None:
    # Diagonal neighbours: corners meet at (20, 20).
    a, b = pair(40.0, 40.0)
    assert in_contact(a, b)
    a, b = pair(40.3, 40.3)  # corners 0.3 * sqrt(2) = 0.42 mm apart
    assert in_contact(a, b)
    a, b = pair(40.4, 40.4)  # 0.57 mm apart
    assert not in_contact(a, b)


def test_contact_turned_base_corner_on_side() -> None:
    # A 40 mm base turned 45 degrees reaches 20 * sqrt(2) = 28.28 mm from its centre.
    a, b = pair(20.0 + 20.0 * math.sqrt(2.0), turn=45.0)
    assert gap(a, b) == pytest.approx(0.0, abs=1e-9)
    assert in_contact(a, b)
    a, b = pair(20.0 + 20.0 * math.sqrt(2.0) + 1.0, turn=45.0)
    assert gap(a, b) == pytest.approx(1.0)
    assert not in_contact(a, b)


def test_combat_distance_is_the_card_diagonal() -> None:
    assert math.isclose(CARD_DIAGONAL, 108.2266, abs_tol=1e-4)  # sqrt(63^2 + 88^2)
    assert in_combat_distance(*pair(40.0 + 108.0))
    assert in_combat_distance(*pair(40.0 + CARD_DIAGONAL + CONTACT_TOLERANCE - 0.01))
    assert not in_combat_distance(*pair(40.0 + CARD_DIAGONAL + CONTACT_TOLERANCE + 0.01))


def test_combat_distance_without_touching() -> None:
    a, b = pair(100.0)  # 60 mm apart
    assert not in_contact(a, b)
    assert in_combat_distance(a, b)


def test_combat_distance_corner_to_corner_on_the_diagonal() -> None:
    # Corners (20, 20) and (20 + d/sqrt2, 20 + d/sqrt2): gap d along the diagonal.
    d = 108.0 / math.sqrt(2.0)
    assert in_combat_distance(*pair(40.0 + d, 40.0 + d))
    d = 109.0 / math.sqrt(2.0)
    assert not in_combat_distance(*pair(40.0 + d, 40.0 + d))


def test_combat_distance_between_different_base_sizes() -> None:
    # A 60 mm base: centre to side 30, so the gap is 50 - 20 - 30 = 0 at 50 mm.
    a, b = pair(50.0, side=60.0)
    assert in_contact(a, b)
    a, b = pair(20.0 + 30.0 + 108.0, side=60.0)
    assert in_combat_distance(a, b)


@pytest.mark.parametrize(
    ("dx", "dy", "turn"),
    [
        (40.0, 0.0, 0.0),
        (60.0, 0.0, 0.0),
        (100.0, 0.0, 0.0),
        (148.0, 0.0, 0.0),
        (100.0, 70.0, 30.0),
        (40.0 + 108.0 / math.sqrt(2.0), 40.0 + 108.0 / math.sqrt(2.0), 0.0),
        (70.0, 10.0, 17.0),
    ],
)
def test_combat_distance_a_card_can_be_laid_touching_both(
    dx: float, dy: float, turn: float
) -> None:
    a, b = pair(dx, dy, turn)
    card = combat_card(a, b)
    assert card is not None
    assert card.area == pytest.approx(63.0 * 88.0)
    assert card.distance(a.polygon) <= CONTACT_TOLERANCE
    assert card.distance(b.polygon) <= CONTACT_TOLERANCE
    assert not overlap(card, a.polygon)
    assert not overlap(card, b.polygon)


def test_combat_distance_no_card_beyond_reach() -> None:
    assert combat_card(*pair(150.0)) is None


def test_s3_3_5_ranged_reach_is_cards_laid_end_to_end() -> None:
    assert ranged_reach(1) == pytest.approx(CARD_DIAGONAL)
    assert ranged_reach(4) == pytest.approx(math.hypot(352.0, 63.0))  # 357.59
    a, b = pair(40.0 + 357.0)
    assert in_range(a, b, 4)
    assert not in_range(a, b, 3)
    with pytest.raises(ValueError, match="at least 1"):
        ranged_reach(0)


def test_s3_3_6_short_range_needs_base_contact() -> None:
    # Short-range bonus: bases in contact; long-range bonus: within reach but not in contact.
    touching, apart = pair(40.0), pair(41.0)
    assert in_contact(*touching)
    assert not in_contact(*apart) and in_combat_distance(*apart)
