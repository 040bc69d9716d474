"""The scenario laid on the table: its pieces as geometry, built once and shared by clones.

Scenario data (``content.Scenario``) names kinds as the rulings do, with ``wall`` for what cannot
be crossed at all (F58). The geometry knows every kind but ``wall``, so walls are kept apart as
plain blockers; every other piece goes into one :class:`~..geometry.Terrain` for cover, sight
and ground. Breakable barrels can be smashed in play: the state keeps the keys of the broken
ones and asks this field for what is left.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from ..content import Scenario, Shape
from ..geometry import BLOCKING, Blocker, Figure, Piece, Table, Terrain, TerrainKind

WALL = "wall"


def outline(shape: Shape) -> Polygon:
    """A scenario shape as a polygon (a circle as a 32-sided one)."""
    if shape.kind == "circle":
        return ShapelyPoint(shape.at).buffer(shape.radius, quad_segs=8)
    return Polygon(shape.outline())


@dataclass(frozen=True)
class Field:
    """The table and its scenery. ``keys`` name the pieces ``kind-n`` in scenario order."""

    scenario: Scenario
    table: Table
    terrain: Terrain
    walls: tuple[Blocker, ...]
    barrel_con: tuple[tuple[str, int], ...]
    # Every piece as (key, kind, label, outline corners in mm), for views and pictures.
    outlines: tuple[tuple[str, str, str, tuple[tuple[float, float], ...]], ...]
    # Deployment spots already worked out, by what they depend on: a search asks for the
    # same few hundred spots at every iteration, each a dozen Shapely checks.
    spot_cache: dict[Hashable, list[tuple[str, str]]] = dataclass_field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def of(cls, scenario: Scenario, side: float = 0.0) -> Field:
        """The scenario on its own table, or on a square table of ``side`` mm (F1), which
        must hold every piece (a ``ValueError`` names the first that does not fit)."""
        width, depth = (side, side) if side else (scenario.width, scenario.depth)
        pieces: list[Piece] = []
        walls: list[Blocker] = []
        cons: list[tuple[str, int]] = []
        drawn = []
        for n, item in enumerate(scenario.terrain):
            key = f"{item.kind}-{n}"
            shape = outline(item.shape)
            x0, y0, x1, y1 = shape.bounds
            if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > depth + 0.5:
                name = item.label or item.kind
                raise ValueError(f"the {name} of {scenario.id} lies off a {width:g} mm table")
            corners = tuple((round(x, 2), round(y, 2)) for x, y in shape.exterior.coords[:-1])
            drawn.append((key, item.kind, item.label, corners))
            if item.kind == WALL:
                walls.append(Blocker(key, shape))
                continue
            pieces.append(Piece(key, TerrainKind(item.kind), shape))
            if item.kind == TerrainKind.BARREL:
                cons.append((key, item.con))
        return cls(
            scenario,
            Table(width, depth),
            Terrain(tuple(pieces)),
            tuple(walls),
            tuple(cons),
            tuple(drawn),
        )

    def kind(self, key: str) -> str:
        if key.startswith(WALL + "-"):
            return WALL
        for piece in self.terrain.pieces:
            if piece.key == key:
                return str(piece.kind)
        return ""

    def con(self, key: str) -> int:
        return dict(self.barrel_con).get(key, 0)

    def blockers(self, broken: Collection[str]) -> list[Blocker]:
        """Everything a slide stops against, but the other bases: standing blocking pieces,
        walls and the table's edge."""
        out = [b for b in self.terrain.blockers(BLOCKING) if b.key not in broken]
        return [*out, *self.walls, self.table.edge]

    def free(self, figure: Figure, broken: Collection[str], *, fallen: bool = False) -> bool:
        """Whether a base may stand there: on the table, overlapping no blocking piece or wall
        (touching is allowed), and touching no lethal ground (unless ``fallen`` there)."""
        if not self.table.holds(figure):
            return False
        for blocker in self.blockers(broken):
            if blocker.key != "edge" and figure.polygon.intersection(blocker.shape).area > 1e-6:
                return False
        return fallen or TerrainKind.LETHAL not in self.terrain.standing_in(figure)
