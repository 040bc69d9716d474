"""Properties of the table geometry over random layouts (Hypothesis)."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from duelhall.games.duelfighters.geometry import (
    CARD_DIAGONAL,
    CONTACT_TOLERANCE,
    Blocker,
    Figure,
    combat_card,
    first_contact,
    gap,
    in_combat_distance,
    in_contact,
    measure,
)
from duelhall.games.duelfighters.geometry.shapes import overlap, rotate_point

coord = st.floats(min_value=0.0, max_value=400.0, allow_nan=False)
angle = st.floats(min_value=0.0, max_value=360.0, allow_nan=False)
side = st.sampled_from([25.0, 30.0, 40.0, 50.0, 60.0])
figures = st.builds(Figure, coord, coord, angle, side)
# Close pairs, so that contact and reach are often at stake.
near = st.floats(min_value=-160.0, max_value=160.0, allow_nan=False)


@st.composite
def pairs(draw: st.DrawFn) -> tuple[Figure, Figure]:
    a = draw(figures)
    b = Figure(a.x + draw(near), a.y + draw(near), draw(angle), draw(side))
    assume(not overlap(a.polygon, b.polygon))
    return a, b


def moved_rigidly(f: Figure, turn: float, pivot: tuple[float, float], shift: float) -> Figure:
    x, y = rotate_point(f.centre, pivot, turn)
    return Figure(x + shift, y - shift, f.facing + turn, f.side)


def far_from(value: float, *limits: float) -> bool:
    return all(abs(value - limit) > 1e-6 for limit in limits)


@given(pairs())
def test_contact_and_combat_distance_are_symmetric(ab: tuple[Figure, Figure]) -> None:
    a, b = ab
    assert in_contact(a, b) == in_contact(b, a)
    assert in_combat_distance(a, b) == in_combat_distance(b, a)


@given(pairs())
def test_fast_paths_agree_with_shapely(ab: tuple[Figure, Figure]) -> None:
    a, b = ab
    g = float(a.polygon.distance(b.polygon))
    assume(far_from(g, CONTACT_TOLERANCE, CARD_DIAGONAL + CONTACT_TOLERANCE))
    assert in_contact(a, b) == (g <= CONTACT_TOLERANCE)
    assert in_combat_distance(a, b) == (g <= CARD_DIAGONAL + CONTACT_TOLERANCE)


@given(pairs(), angle, coord, st.floats(min_value=-200.0, max_value=200.0))
def test_reach_and_measure_survive_turning_and_moving_the_table(
    ab: tuple[Figure, Figure], turn: float, px: float, shift: float
) -> None:
    a, b = ab
    a2, b2 = (moved_rigidly(f, turn, (px, 200.0), shift) for f in (a, b))
    g = gap(a, b)
    assert math.isclose(g, gap(a2, b2), abs_tol=1e-6)
    if far_from(g, CONTACT_TOLERANCE, CARD_DIAGONAL + CONTACT_TOLERANCE):
        assert in_contact(a, b) == in_contact(a2, b2)
        assert in_combat_distance(a, b) == in_combat_distance(a2, b2)
    ahead, left = b.local(a.centre)
    if abs(abs(ahead) - abs(left)) > 1e-3 + CONTACT_TOLERANCE * math.sqrt(2.0):
        assert measure(a, b) == measure(a2, b2)


@given(pairs())
@settings(max_examples=60)
def test_a_card_is_laid_touching_both_whenever_in_combat_distance(
    ab: tuple[Figure, Figure],
) -> None:
    a, b = ab
    card = combat_card(a, b)
    assert (card is not None) == in_combat_distance(a, b)
    if card is not None:
        assert card.distance(a.polygon) <= CONTACT_TOLERANCE
        assert card.distance(b.polygon) <= CONTACT_TOLERANCE
        assert not overlap(card, a.polygon)
        assert not overlap(card, b.polygon)


@given(figures, st.lists(pairs(), min_size=1, max_size=4), angle, st.floats(0.0, 120.0))
@settings(max_examples=60)
def test_a_move_never_ends_overlapping_another_base(
    mover: Figure, others: list[tuple[Figure, Figure]], heading: float, distance: float
) -> None:
    # Scatter the other bases round the mover (each pair's second base, placed near it).
    placed = [
        Figure(mover.x + (b.x - a.x), mover.y + (b.y - a.y), b.facing, b.side) for a, b in others
    ]
    assume(not any(overlap(mover.polygon, o.polygon) for o in placed))
    blockers = [Blocker.of(str(i), o) for i, o in enumerate(placed)]
    stop = first_contact(mover, heading, distance, blockers)
    assert 0.0 <= stop.distance <= distance
    end = mover.moved(heading, stop.distance)
    assert not any(overlap(end.polygon, o.polygon) for o in placed)
    if stop.blocker is not None:
        assert in_contact(end, placed[int(stop.blocker)])
    else:
        assert stop.distance == distance
