"""The table and where the characters may be deployed on it.

The origin is the corner at the first seat's left hand; x runs along the first seat's edge, y
away from it, towards the second seat's edge (docs/duelfighters-geometry.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import shapely
from shapely.geometry import Polygon, box

from .figure import Figure
from .motion import Blocker
from .reach import within
from .units import CARD_LENGTH, CONTACT_TOLERANCE, TABLE_SIDE

EDGE = "edge"
"""The blocker key of the table's edge: a slide stops there rather than leave the table."""


@dataclass(frozen=True)
class Table:
    """A rectangular table ``width`` mm along the seats' edges and ``depth`` mm between them."""

    width: float = TABLE_SIDE
    depth: float = TABLE_SIDE
    polygon: Polygon = field(init=False, repr=False, compare=False)
    edge: Blocker = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (self.width > 0.0 and self.depth > 0.0):
            raise ValueError(
                f"a table needs a positive size in mm, not {self.width} x {self.depth}"
            )
        surface = box(0.0, 0.0, self.width, self.depth)
        shapely.prepare(surface)
        margin = max(self.width, self.depth)
        outside = Polygon(
            box(-margin, -margin, self.width + margin, self.depth + margin).exterior.coords,
            [surface.exterior.coords],
        )
        object.__setattr__(self, "polygon", surface)
        object.__setattr__(self, "edge", Blocker(EDGE, outside))

    def holds(self, figure: Figure) -> bool:
        """Whether the whole base is on the table (an edge may be touched)."""
        minx, miny, maxx, maxy = figure.polygon.bounds
        t = CONTACT_TOLERANCE
        return minx >= -t and miny >= -t and maxx <= self.width + t and maxy <= self.depth + t

    def edge_line(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The edge a seat sits at: seat 0 along y = 0, seat 1 along y = depth."""
        if seat == 0:
            return ((0.0, 0.0), (self.width, 0.0))
        if seat == 1:
            return ((0.0, self.depth), (self.width, self.depth))
        raise ValueError(f"a duel has seats 0 and 1, not {seat}")

    def home_facing(self, seat: int) -> float:
        """The facing straight across the table from a seat's edge."""
        self.edge_line(seat)
        return 90.0 if seat == 0 else 270.0

    def deployment_zone(self, seat: int, reach: float = CARD_LENGTH) -> Polygon:
        """The band of the table within ``reach`` (one card length) of a seat's edge."""
        (x0, y0), (x1, _) = self.edge_line(seat)
        if seat == 0:
            return box(x0, y0, x1, min(reach, self.depth))
        return box(x0, max(0.0, y0 - reach), x1, y0)

    def may_deploy(self, seat: int, figure: Figure, whole_base: bool = False) -> bool:
        """Whether a seat's first character may be placed there: on the table, its base
        touching the band within a card length of the seat's edge (``whole_base``: wholly
        inside the band instead; see the geometry notes for the two readings)."""
        if not self.holds(figure):
            return False
        zone = self.deployment_zone(seat)
        if whole_base:
            zone = zone.buffer(CONTACT_TOLERANCE, join_style="mitre")
            return bool(zone.contains(figure.polygon))
        return float(zone.distance(figure.polygon)) <= CONTACT_TOLERANCE


def may_deploy_ally(first: Figure, ally: Figure, cards: int = 2) -> bool:
    """Whether a further character is within ``cards`` card lengths of its side's first one
    (the gap between the bases, measured as for every reach)."""
    return within(first, ally, cards * CARD_LENGTH)
