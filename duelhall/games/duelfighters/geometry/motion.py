"""Moving a base: the movement markers, the ground a move sweeps, and where it must stop.

A slide (advance, lateral step, retreat, push) keeps the facing and moves the base in a
straight line, so it sweeps the convex hull of its start and end. Where it first meets an
obstacle is found exactly from contact events: a contact can only begin or end when a corner
of the base reaches an edge of the obstacle, or a corner of the obstacle reaches an edge of
the base, so Shapely intersects one ray per corner with the other outline, and between two
consecutive events the overlap cannot change; one overlap test per gap between events then
says where the base is inside the obstacle. The answer is the start of the first such run:
the furthest the base can go and stay clear, "up to the edge of the card" or up to contact.

Turns sweep a curved area, built from sampled poses (:data:`.shapes.SWEEP_STEP`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from .figure import Corner, Figure
from .shapes import Point, bearing, heading, hull, overlap, rotation_sweep, translate
from .units import CARD_LENGTH, CARD_WIDTH, EVENT_MERGE


@dataclass(frozen=True, slots=True)
class Blocker:
    """Something a moving base must not pass into: another base, a terrain piece, the table's
    edge. ``key`` names it back to the caller."""

    key: str
    shape: Polygon

    @classmethod
    def of(cls, key: str, figure: Figure) -> Blocker:
        return cls(key, figure.polygon)


@dataclass(frozen=True, slots=True)
class Stop:
    """How far a slide can go, and what stops it (None: nothing, the whole distance is free)."""

    distance: float
    blocker: str | None


@dataclass(frozen=True, slots=True)
class Contact:
    """A blocker met along a slide, and the distance at which the base first touches it."""

    distance: float
    key: str


# --- the movement markers -------------------------------------------------------------------


def advance_heading(figure: Figure) -> float:
    """An advance moves straight ahead."""
    return figure.facing


def lateral_heading(figure: Figure, to_left: bool) -> float:
    """A lateral step moves square to the facing, to either side."""
    return figure.facing + (90.0 if to_left else -90.0)


def retreat_heading(figure: Figure, adversary: Figure) -> float:
    """A retreat moves straight away from the adversary, centre from centre (the facing is
    kept: the figure steps back, it does not turn round)."""
    if (figure.x, figure.y) == (adversary.x, adversary.y):
        return figure.facing + 180.0
    return bearing(adversary.centre, figure.centre)


def advance(figure: Figure, distance: float = CARD_LENGTH) -> Figure:
    return figure.moved(advance_heading(figure), distance)


def lateral(figure: Figure, to_left: bool, distance: float = CARD_WIDTH) -> Figure:
    return figure.moved(lateral_heading(figure, to_left), distance)


def retreat(figure: Figure, adversary: Figure, distance: float = CARD_LENGTH) -> Figure:
    return figure.moved(retreat_heading(figure, adversary), distance)


def quarter_turn(figure: Figure, to_left: bool) -> Figure:
    """A 90 degree turn in place, about the base's centre."""
    return figure.turned(90.0 if to_left else -90.0)


def corner_turn(figure: Figure, corner: Corner, to_left: bool, angle: float = 90.0) -> Figure:
    """A turn about one corner of the base (the "turn and displacement" marker)."""
    return figure.turned(angle if to_left else -angle, pivot=figure.corner(corner))


# --- what a move sweeps ------------------------------------------------------------------------


def slide_sweep(figure: Figure, angle: float, distance: float) -> Polygon:
    """The ground covered by the base sliding ``distance`` along heading ``angle``."""
    dx, dy = heading(angle)
    start = figure.corners()
    return hull([*start, *((x + dx * distance, y + dy * distance) for x, y in start)])


def turn_sweep(figure: Figure, angle: float, pivot: Point | None = None) -> Polygon:
    """The ground covered by the base turning ``angle`` degrees about ``pivot`` (its centre by
    default)."""
    return rotation_sweep(figure.corners(), figure.centre if pivot is None else pivot, angle)


def turn_blockers(
    figure: Figure, angle: float, blockers: Iterable[Blocker], pivot: Point | None = None
) -> list[str]:
    """The blockers a turn would sweep into, in the order given."""
    swept = turn_sweep(figure, angle, pivot)
    shapely.prepare(swept)
    return [b.key for b in blockers if overlap(swept, b.shape)]


# --- where a slide meets a blocker ------------------------------------------------------------


def _vertices(shape: Polygon) -> np.ndarray:
    rings = [shape.exterior, *shape.interiors]
    return np.concatenate([np.asarray(r.coords)[:-1] for r in rings])


def _ray_hits(starts: np.ndarray, step: np.ndarray, outline: shapely.Geometry) -> list[float]:
    """How far along ``step`` each point of ``starts`` travels to touch ``outline`` (every
    touching point, both ends of any stretch run along an edge)."""
    rays = shapely.linestrings(np.stack([starts, starts + step], axis=1))
    hits: np.ndarray = np.asarray(shapely.intersection(rays, outline))
    length = float(np.hypot(*step))
    unit = step / length
    out: list[float] = []
    for start, hit in zip(starts, hits, strict=True):
        pts = shapely.get_coordinates(hit)
        if len(pts):
            out.extend(float(v) for v in (pts - start) @ unit)
    return out


def overlap_runs(
    mover: Polygon, angle: float, distance: float, obstacle: Polygon
) -> list[tuple[float, float]]:
    """The stretches of a slide (from, to; in mm along it) during which ``mover`` overlaps
    ``obstacle``, in order. ``mover`` must be convex; ``obstacle`` may be any polygon."""
    if distance <= 0.0:
        return [(0.0, 0.0)] if overlap(mover, obstacle) else []
    step = np.asarray(heading(angle)) * distance
    events = [0.0, distance]
    events += _ray_hits(_vertices(mover), step, obstacle.boundary)
    events += _ray_hits(_vertices(obstacle), -step, mover.boundary)
    ordered = sorted(e for e in events if -EVENT_MERGE <= e <= distance + EVENT_MERGE)
    cuts = [0.0]
    for e in ordered:
        e = min(max(e, 0.0), distance)
        if e - cuts[-1] > EVENT_MERGE:
            cuts.append(e)
    if cuts[-1] < distance:
        cuts.append(distance)
    ux, uy = heading(angle)
    runs: list[tuple[float, float]] = []
    for lo, hi in itertools.pairwise(cuts):
        mid = (lo + hi) / 2.0
        if overlap(translate(mover, (ux * mid, uy * mid)), obstacle):
            if runs and math.isclose(runs[-1][1], lo):
                runs[-1] = (runs[-1][0], hi)
            else:
                runs.append((lo, hi))
    return runs


def contacts(
    figure: Figure, angle: float, distance: float, blockers: Iterable[Blocker]
) -> list[Contact]:
    """Every blocker the base would run into over the whole slide, nearest first, each with
    the distance at which the base meets it (ties in the order given). A blocker already
    overlapped at the start is met at 0."""
    swept = slide_sweep(figure, angle, distance)
    shapely.prepare(swept)
    met: list[Contact] = []
    for b in blockers:
        if not overlap(swept, b.shape):
            continue
        runs = overlap_runs(figure.polygon, angle, distance, b.shape)
        if runs:
            met.append(Contact(runs[0][0], b.key))
    met.sort(key=lambda c: c.distance)
    return met


def first_contact(
    figure: Figure, angle: float, distance: float, blockers: Iterable[Blocker]
) -> Stop:
    """The furthest the base can slide along ``angle``, up to ``distance``, before it would
    overlap a blocker, and which blocker stops it."""
    met = contacts(figure, angle, distance, blockers)
    if not met:
        return Stop(distance, None)
    return Stop(met[0].distance, met[0].key)


def crossing_distance(
    figure: Figure, angle: float, obstacle: Polygon, limit: float
) -> float | None:
    """How far the base must slide along ``angle`` to be wholly past ``obstacle`` it is about
    to climb over (a hedge, a wall, a barrel): the end of the first overlap along the slide.
    None when it is not past within ``limit`` mm, or never enters the obstacle."""
    runs = overlap_runs(figure.polygon, angle, limit, obstacle)
    if not runs or runs[0][1] >= limit - EVENT_MERGE:
        return None
    return runs[0][1]


def blockers_of(figures: Sequence[tuple[str, Figure]]) -> list[Blocker]:
    """Other bases as blockers, keyed by the caller's names."""
    return [Blocker.of(key, f) for key, f in figures]


def push(mover: Figure, angle: float, distance: float, pushed: Figure) -> tuple[Figure, Figure]:
    """A mover that wins the collision (3.2.2) completes its slide and displaces the other
    base along the same heading, by as far as the mover travelled after meeting it, so the two
    end in contact. Where the pushed base itself must stop (a wall, the edge, lethal ground) is
    for the caller to ask with :func:`first_contact`."""
    met = contacts(mover, angle, distance, [Blocker.of("pushed", pushed)])
    shove = distance - met[0].distance if met else 0.0
    return mover.moved(angle, distance), pushed.moved(angle, shove)
