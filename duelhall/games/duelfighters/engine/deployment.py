"""Where a figure may be deployed: the continuous placement of 2.3 made a list of spots (F69).

Candidate centres lie along each edge a side may use, ``deploy_step`` mm apart, at two depths:
the base backed against the edge, and the base as deep in the band as the ``deploy_band``
option allows; each may face any of the four compass directions. A spot is offered when the
base stands free there (no overlap with a base, a blocking piece or a wall; no lethal ground).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..geometry import CARD_LENGTH, Figure
from .actions import FACINGS, number
from .field import Field

if TYPE_CHECKING:
    from .board import Board

EDGES = ("south", "north", "west", "east")  # south: seat 0's edge (y = 0)


def _along(length: float, half: float, step: int) -> list[float]:
    spots = []
    t = half
    while t <= length - half + 1e-9:
        spots.append(t)
        t += step
    if spots and length - half - spots[-1] > 1e-9:
        spots.append(length - half)
    return spots


def spots(
    field: Field, edge: str, side: float, step: int, whole: bool
) -> Iterator[tuple[float, float]]:
    """Candidate centres along one edge (before checking that the base stands free)."""
    half = side / 2.0
    deep = CARD_LENGTH - half if whole else CARD_LENGTH
    depths = [half] if deep <= half else [half, deep]
    w, d = field.table.width, field.table.depth
    for t in _along(w if edge in ("south", "north") else d, half, step):
        for depth in depths:
            if edge == "south":
                yield (t, depth)
            elif edge == "north":
                yield (t, d - depth)
            elif edge == "west":
                yield (depth, t)
            else:
                yield (w - depth, t)


def edge_of(field: Field, figure: Figure) -> str:
    """The edge a deployed figure is nearest (for the ``opposite`` option)."""
    gaps = {
        "south": figure.y,
        "north": field.table.depth - figure.y,
        "west": figure.x,
        "east": field.table.width - figure.x,
    }
    return min(EDGES, key=gaps.__getitem__)


OPPOSITE = {"south": "north", "north": "south", "west": "east", "east": "west"}


def placements(
    field: Field,
    broken: frozenset[str],
    side: float,
    edges: tuple[str, ...],
    step: int,
    whole: bool,
    others: list[Figure],
) -> list[tuple[str, str]]:
    """The legal spots as notation words: ``x,y`` and a facing letter."""
    out: dict[tuple[str, str], None] = {}
    for edge in edges:
        for x, y in spots(field, edge, side, step, whole):
            figure = Figure(x, y, 90.0, side)  # a square base covers the same ground any way
            if not field.free(figure, broken):
                continue
            if any(_overlap(figure, o) for o in others):
                continue
            for letter in FACINGS:
                out[(f"{number(x)},{number(y)}", letter)] = None
    return list(out)


def _overlap(a: Figure, b: Figure) -> bool:
    if math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius:
        return False  # the circles round the bases are apart: Shapely need not be asked
    return bool(a.polygon.intersection(b.polygon).area > 1e-6)


def overlaps(spot: str, side: float, others: list[Figure]) -> bool:
    """Whether a base of ``side`` at ``spot`` (``x,y``) would overlap another figure's."""
    if not others:
        return False
    x, y = (float(v) for v in spot.split(","))
    figure = Figure(x, y, 90.0, side)
    return any(_overlap(figure, o) for o in others)


def deployment_order(first: int, count: int) -> list[int]:
    """The fighters in the order they are placed: the side winning the roll first, then the
    sides in turn (F57); fighters are listed as :mod:`.lineup` says."""
    return [first + 2 * k + (1 - 2 * first) * j for k in range(count // 2) for j in (0, 1)]


ALLY_GAP = 2 * CARD_LENGTH  # an ally's base no farther than two card lengths from the first's


def ally_spots(board: Board, index: int, step: int) -> list[tuple[str, str]]:
    """Where fighter ``index``, an ally, may go: a grid ``step`` mm apart about its side's
    first character, each spot free and within two card lengths of that base (F57)."""
    lead = board.figure(board.sides[index])
    side = board.fighters[index].character.base_mm
    others = [f.figure for f in board.fighters if f.figure is not None]
    reach = ALLY_GAP + (lead.side + side) / 2.0
    rings = int(reach // step)
    out: dict[tuple[str, str], None] = {}
    for gx in range(-rings, rings + 1):
        for gy in range(-rings, rings + 1):
            x, y = lead.x + gx * step, lead.y + gy * step
            figure = Figure(x, y, 90.0, side)
            if figure.polygon.distance(lead.polygon) > ALLY_GAP:
                continue
            if not board.field.free(figure, board.broken) or any(
                _overlap(figure, o) for o in others
            ):
                continue
            for letter in FACINGS:
                out[(f"{number(x)},{number(y)}", letter)] = None
    return list(out)
