"""Small shape builders shared by the geometry modules: headings, rectangles, sectors, sweeps.

Angles are degrees counter-clockwise from the +x axis (see docs/duelfighters-geometry.md).
Shapes are Shapely polygons; the builders here only lay out vertices, and every intersection,
distance and area is left to Shapely.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely
from shapely.geometry import Polygon

from .units import AREA_TOLERANCE

Point = tuple[float, float]

SWEEP_STEP = 5.0
"""Degrees between the sampled poses of a rotating shape. The sweep is built from the convex
hulls of neighbouring poses; what it misses lies within r * (1 - cos(step / 2)) of it (r the
distance of the shape's furthest vertex from the pivot): under 0.1 mm for a 60 mm base turned
about its corner, below the contact tolerance."""


def normalise(angle: float) -> float:
    """An angle in degrees brought into [0, 360), with whole-degree values kept exact."""
    a = math.fmod(angle, 360.0)
    if a < 0.0:
        a += 360.0
    r = round(a)
    # Turns by 90 degrees accumulate float dust; snapping keeps facings comparable with ==.
    if abs(a - r) < 1e-9:
        a = float(r % 360)
    return a


def heading(angle: float) -> Point:
    """The unit vector of a heading in degrees, exact on the four axes."""
    a = normalise(angle)
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if a in exact:
        return exact[a]
    rad = math.radians(a)
    return (math.cos(rad), math.sin(rad))


def bearing(origin: Point, target: Point) -> float:
    """The heading in degrees from ``origin`` towards ``target``."""
    return normalise(math.degrees(math.atan2(target[1] - origin[1], target[0] - origin[0])))


def rectangle(origin: Point, angle: float, length: float, width: float) -> Polygon:
    """A rectangle with the middle of one short side at ``origin``, running ``length`` along
    ``angle`` and ``width`` across it (a card laid square to a base's side)."""
    fx, fy = heading(angle)
    lx, ly = -fy, fx
    ox, oy = origin
    hw = width / 2.0
    return Polygon(
        [
            (ox + lx * hw, oy + ly * hw),
            (ox - lx * hw, oy - ly * hw),
            (ox - lx * hw + fx * length, oy - ly * hw + fy * length),
            (ox + lx * hw + fx * length, oy + ly * hw + fy * length),
        ]
    )


def sector(centre: Point, radius: float, start: float, sweep: float, step: float = 5.0) -> Polygon:
    """A circular sector from heading ``start`` turning ``sweep`` degrees (negative: clockwise).

    The arc's vertices lie on the circle, so the polygon is inside the true sector by at most
    radius * (1 - cos(step / 2)): 0.08 mm for a card-length radius.
    """
    count = max(2, math.ceil(abs(sweep) / step) + 1)
    cx, cy = centre
    arc = []
    for i in range(count):
        dx, dy = heading(start + sweep * i / (count - 1))
        arc.append((cx + dx * radius, cy + dy * radius))
    if abs(sweep) >= 360.0:
        return Polygon(arc)
    return Polygon([centre, *arc])


def translate(shape: Polygon, offset: Point) -> Polygon:
    """``shape`` moved by ``offset``."""
    dx, dy = offset
    return Polygon([(x + dx, y + dy) for x, y in shape.exterior.coords[:-1]])


def rotate_point(point: Point, pivot: Point, angle: float) -> Point:
    """``point`` turned ``angle`` degrees counter-clockwise about ``pivot``."""
    c, s = heading(angle)
    x, y = point[0] - pivot[0], point[1] - pivot[1]
    return (pivot[0] + x * c - y * s, pivot[1] + x * s + y * c)


def hull(points: Sequence[Point]) -> Polygon:
    """The convex hull of some points, as a polygon (the sweep of a sliding convex shape)."""
    h = shapely.convex_hull(shapely.multipoints(points))
    if not isinstance(h, Polygon):  # degenerate: every point on one line
        return Polygon()
    return h


def rotation_sweep(vertices: Sequence[Point], pivot: Point, angle: float) -> Polygon:
    """The area covered by a convex shape turned ``angle`` degrees about ``pivot``."""
    count = max(1, math.ceil(abs(angle) / SWEEP_STEP))
    poses = [
        [rotate_point(v, pivot, angle * i / count) for v in vertices] for i in range(count + 1)
    ]
    pieces = [hull([*poses[i], *poses[i + 1]]) for i in range(count)]
    swept = shapely.union_all(pieces)
    if not isinstance(swept, Polygon):
        return hull([p for pose in poses for p in pose])
    return swept


def overlap(a: shapely.Geometry, b: shapely.Geometry) -> bool:
    """Whether two shapes share more than a sliver of area (touching is not overlapping)."""
    return bool(shapely.intersects(a, b)) and float(shapely.area(shapely.intersection(a, b))) > (
        AREA_TOLERANCE
    )
