"""A miniature on the table: a square base at a position, turned to a facing.

The base's four sides are its front, its two flanks and its rear. Which side of a base another
figure stands on (the rulebook's "measure") is decided by the base's diagonals: the lines
through the centre and the corners cut the table into four wedges, one beyond each side, and
the other figure's centre picks the wedge. A figure whose base touches a side along its length
always has its centre in that side's wedge, so this agrees with "standing at the flank" when
the bases touch, and it still answers when they do not (a card's reach away).

Corner ties: a centre within :data:`TIE_TOLERANCE` of a diagonal stands on the corner between
two sides, and the corner counts for the side nearer the front (front before flank, flank
before rear). The measure is an advantage a mover must gain, so the borderline case does not
give it; see docs/duelfighters-geometry.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from shapely.geometry import LineString, Polygon

from .shapes import Point, heading, normalise, rotate_point
from .units import TIE_TOLERANCE


class Side(StrEnum):
    """A side of a square base, named from the figure's own point of view."""

    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    REAR = "rear"


class Measure(StrEnum):
    """Where an attacker stands relative to its target: the rulebook's "measure"."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


class Corner(StrEnum):
    """A corner of a base, the pivot of a turn about a corner."""

    FRONT_LEFT = "front-left"
    FRONT_RIGHT = "front-right"
    REAR_RIGHT = "rear-right"
    REAR_LEFT = "rear-left"


_MEASURE = {
    Side.FRONT: Measure.FRONT,
    Side.LEFT: Measure.FLANK,
    Side.RIGHT: Measure.FLANK,
    Side.REAR: Measure.REAR,
}


@dataclass(frozen=True, slots=True, init=False)
class Figure:
    """A square base of side ``side`` centred at (``x``, ``y``), its front towards ``facing``.

    Frozen: moves return a new figure, and clones and sampled worlds share figures safely. The
    corners and polygon are built once, on first use (the only writes after construction),
    because the same figure is measured against many others during a search.
    """

    x: float
    y: float
    facing: float
    side: float
    _corners: tuple[Point, Point, Point, Point] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _polygon: Polygon | None = field(default=None, init=False, repr=False, compare=False)

    # Written by hand rather than generated: a search makes figures by the million, and the
    # generated frozen __init__ with a __post_init__ sets every field twice.
    def __init__(self, x: float, y: float, facing: float, side: float) -> None:
        if not side > 0.0 or not math.isfinite(side):
            raise ValueError(f"a base side must be a positive length in mm, not {side!r}")
        if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(facing)):
            raise ValueError(f"a figure needs a finite position and facing, not {x, y, facing}")
        put = object.__setattr__
        put(self, "x", float(x))
        put(self, "y", float(y))
        put(self, "facing", normalise(facing))
        put(self, "side", float(side))
        put(self, "_corners", None)
        put(self, "_polygon", None)

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    @property
    def half(self) -> float:
        """Half the side: the radius of the circle inside the base."""
        return self.side / 2.0

    @property
    def radius(self) -> float:
        """Centre to corner: the radius of the circle around the base."""
        return self.side / math.sqrt(2.0)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Front-left, front-right, rear-right, rear-left (clockwise from the front-left)."""
        if self._corners is None:
            fx, fy = heading(self.facing)
            lx, ly = -fy, fx
            h = self.half
            x, y = self.x, self.y
            corners = (
                (x + h * (fx + lx), y + h * (fy + ly)),
                (x + h * (fx - lx), y + h * (fy - ly)),
                (x - h * (fx + lx), y - h * (fy + ly)),
                (x - h * (fx - lx), y - h * (fy - ly)),
            )
            object.__setattr__(self, "_corners", corners)
            return corners
        return self._corners

    def corner(self, which: Corner) -> Point:
        return self.corners()[list(Corner).index(which)]

    @property
    def polygon(self) -> Polygon:
        if self._polygon is None:
            polygon = Polygon(self.corners())
            object.__setattr__(self, "_polygon", polygon)
            return polygon
        return self._polygon

    def edge(self, side: Side) -> LineString:
        """The side of the base as a segment, drawn clockwise round the base."""
        fl, fr, rr, rl = self.corners()
        ends = {
            Side.FRONT: (fl, fr),
            Side.RIGHT: (fr, rr),
            Side.REAR: (rr, rl),
            Side.LEFT: (rl, fl),
        }
        return LineString(ends[side])

    def local(self, point: Point) -> Point:
        """``point`` in the base's own frame: (ahead of the centre, to the left of it)."""
        fx, fy = heading(self.facing)
        dx, dy = point[0] - self.x, point[1] - self.y
        return (dx * fx + dy * fy, -dx * fy + dy * fx)

    # --- placing the figure elsewhere -------------------------------------------------------

    def placed(self, x: float, y: float, facing: float | None = None) -> Figure:
        return Figure(x, y, self.facing if facing is None else facing, self.side)

    def moved(self, angle: float, distance: float) -> Figure:
        """The figure slid ``distance`` mm along heading ``angle``, keeping its facing."""
        dx, dy = heading(angle)
        return Figure(self.x + dx * distance, self.y + dy * distance, self.facing, self.side)

    def turned(self, angle: float, pivot: Point | None = None) -> Figure:
        """The figure turned ``angle`` degrees counter-clockwise (negative: clockwise) about
        ``pivot``, its own centre by default."""
        x, y = self.centre if pivot is None else rotate_point(self.centre, pivot, angle)
        return Figure(x, y, self.facing + angle, self.side)


def side_of_point(target: Figure, point: Point) -> Side:
    """The side of ``target``'s base that ``point`` lies beyond (diagonal wedges; corners go
    to the side nearer the front)."""
    ahead, left = target.local(point)
    tie = TIE_TOLERANCE * math.sqrt(2.0)
    if abs(abs(ahead) - abs(left)) <= tie:
        # On a diagonal: the corner rule. The centre itself counts as in front.
        if ahead >= -tie:
            return Side.FRONT
        return Side.LEFT if left > 0.0 else Side.RIGHT
    if abs(ahead) > abs(left):
        return Side.FRONT if ahead > 0.0 else Side.REAR
    return Side.LEFT if left > 0.0 else Side.RIGHT


def side_of(target: Figure, other: Figure) -> Side:
    """The side of ``target`` that ``other`` stands at (by ``other``'s centre)."""
    return side_of_point(target, other.centre)


def measure(attacker: Figure, target: Figure) -> Measure:
    """Whether ``attacker`` is at ``target``'s front, flank or rear."""
    return _MEASURE[side_of(target, attacker)]
