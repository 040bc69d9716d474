"""Contact, combat distance, ranged reach, and a card laid to show a reach.

Combat distance is exact, not sampled. A card touches two bases in some placement exactly when
the gap between the bases is at most the card's diagonal:

- no placement does better, since two points of one card are never further apart than its
  diagonal;
- when the gap g is at most the diagonal, turn the card so that its diagonal lies along the
  shortest segment between the bases: the card then contains a point of each base. A card
  that merely overlaps both can also be laid without covering either, touching both: for a
  fixed turn of the card, the positions where it meets base A form a convex set C_A (A swept
  by the card) and likewise C_B; they meet, and neither lies inside the other (that would put
  one base inside the other), so their outlines cross, and at a crossing the card touches both
  bases while covering neither. :func:`combat_card` builds that placement.

The same argument holds for any convex shape laid as a ruler, so a chain of cards laid end to
end (one rectangle) reaches its own diagonal: :func:`ranged_reach`.
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import Polygon

from .figure import Figure
from .shapes import Point, bearing, hull, rectangle, translate
from .units import CARD_DIAGONAL, CARD_LENGTH, CARD_WIDTH, CONTACT_TOLERANCE


def gap(a: Figure, b: Figure) -> float:
    """The shortest distance between two bases (0 when they touch or overlap)."""
    return float(a.polygon.distance(b.polygon))


def within(a: Figure, b: Figure, reach: float) -> bool:
    """Whether the gap between two bases is at most ``reach`` (plus the contact tolerance).

    The circles round and inside each base settle most pairs without Shapely: a search asks
    this for every pair after every step.
    """
    limit = reach + CONTACT_TOLERANCE
    centres = math.hypot(a.x - b.x, a.y - b.y)
    if centres - a.radius - b.radius > limit:
        return False
    if centres - a.half - b.half <= limit:
        return True
    return float(a.polygon.distance(b.polygon)) <= limit


def in_contact(a: Figure, b: Figure) -> bool:
    """Whether two bases touch (within :data:`CONTACT_TOLERANCE`)."""
    return within(a, b, 0.0)


def in_combat_distance(a: Figure, b: Figure) -> bool:
    """Whether some placement of one action card touches both bases."""
    return within(a, b, CARD_DIAGONAL)


def ranged_reach(cards: int) -> float:
    """The longest gap that ``cards`` action cards laid end to end can span, touching both
    bases: the diagonal of the cards' joint rectangle (one card gives the combat distance)."""
    if cards < 1:
        raise ValueError(f"a ranged reach is a whole number of cards, at least 1, not {cards}")
    return math.hypot(cards * CARD_LENGTH, CARD_WIDTH)


def in_range(attacker: Figure, target: Figure, cards: int) -> bool:
    """Whether ``target`` is within a ranged attack's reach of ``cards`` action cards."""
    return within(attacker, target, ranged_reach(cards))


def _closest(a: Polygon, b: Polygon) -> tuple[Point, Point]:
    p, q = shapely.shortest_line(a, b).coords
    return (p[0], p[1]), (q[0], q[1])


def _swept_by(shape: Polygon, card: Polygon) -> Polygon:
    """The offsets by which ``card`` can be moved so that it meets ``shape`` (both convex):
    the Minkowski sum of ``shape`` and the card reflected through the origin."""
    card_points = card.exterior.coords[:-1]
    return hull([(x - cx, y - cy) for x, y in shape.exterior.coords[:-1] for cx, cy in card_points])


def combat_card(
    a: Figure, b: Figure, length: float = CARD_LENGTH, width: float = CARD_WIDTH
) -> Polygon | None:
    """A placement of one card touching both bases and covering neither, or None when the
    bases are out of reach: what a player lays on the table to show combat distance."""
    if not within(a, b, math.hypot(length, width)):
        return None
    p, q = _closest(a.polygon, b.polygon)
    g = math.dist(p, q)
    towards = bearing(p, q) if g > 0.0 else bearing(a.centre, b.centre)
    # Lay the card straight along the gap when it spans it, else along its own diagonal.
    turn = 0.0 if g <= length else math.degrees(math.atan2(width, length))
    card = rectangle((0.0, 0.0), towards - turn, length, width)
    crossing = shapely.intersection(
        _swept_by(a.polygon, card).exterior, _swept_by(b.polygon, card).exterior
    )
    offsets = [(float(x), float(y)) for x, y in shapely.get_coordinates(crossing)]
    if not offsets:
        # Beyond the reach by no more than the tolerance: the card's diagonal laid along the
        # gap from ``p`` ends within the tolerance of ``q`` (its second corner is the one whose
        # diagonal runs along ``towards``, see :func:`.shapes.rectangle`).
        cx, cy = card.exterior.coords[1]
        return translate(card, (p[0] - cx, p[1] - cy))
    # Of the placements, the one whose middle is nearest the middle of the gap draws best.
    mid = ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)
    cx, cy = card.centroid.coords[0]
    best = min(offsets, key=lambda o: math.dist(mid, (cx + o[0], cy + o[1])))
    return translate(card, best)
