"""Terrain pieces as polygons with a kind, and the geometric questions the rules ask of them.

Section 4 of the rulebook sorts scenery into kinds; the geometry of each is:

- hedges, shrubs, low walls, barrel walls and breakable barrels block a slide (the mover stops
  against them, :func:`.motion.first_contact`) and may be climbed from contact
  (:func:`.motion.crossing_distance`); lying between an attacker and its target they give cover
  (:meth:`Terrain.cover`);
- trees, columns and statues block a slide too, and give cover against ranged attacks;
- rough, dangerous and lethal ground are areas: a base touching one (its outline included)
  stands in it, and a slide whose sweep touches one moves into it.

What the rules then do (a card's width instead of its length, a CON contest with a barrel, an
injury, death) is the engine's part.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np
import shapely
from shapely.geometry import Polygon

from .figure import Figure
from .motion import Blocker
from .shapes import hull, overlap
from .units import AREA_TOLERANCE, CONTACT_TOLERANCE


class TerrainKind(StrEnum):
    HEDGE = "hedge"
    """A hedge, shrub or low wall."""
    BARREL_WALL = "barrel-wall"
    """Barrels or boxes in a row, agreed immovable: a low wall."""
    BARREL = "barrel"
    """A breakable barrel (the scenario gives its CON)."""
    TREE = "tree"
    """A tree, column, statue or other tall object."""
    ROUGH = "rough"
    DANGEROUS = "dangerous"
    LETHAL = "lethal"


BLOCKING = frozenset(
    {TerrainKind.HEDGE, TerrainKind.BARREL_WALL, TerrainKind.BARREL, TerrainKind.TREE}
)
"""Kinds a slide stops against."""

LOW = frozenset({TerrainKind.HEDGE, TerrainKind.BARREL_WALL, TerrainKind.BARREL})
"""Kinds a figure can climb over from contact, and that give cover in melee."""

TALL = frozenset({TerrainKind.TREE})
"""Kinds that give cover against ranged attacks."""

GROUND = frozenset({TerrainKind.ROUGH, TerrainKind.DANGEROUS, TerrainKind.LETHAL})
"""Kinds that are areas to stand in rather than obstacles."""


@dataclass(frozen=True)
class Piece:
    """One piece of scenery: ``key`` names it in the scenario, ``shape`` is its footprint."""

    key: str
    kind: TerrainKind
    shape: Polygon

    def __post_init__(self) -> None:
        if self.shape.is_empty or not self.shape.is_valid or self.shape.area <= AREA_TOLERANCE:
            raise ValueError(f"terrain piece {self.key!r} needs a valid polygon with an area")
        shapely.prepare(self.shape)

    @property
    def blocker(self) -> Blocker:
        return Blocker(self.key, self.shape)


@dataclass(frozen=True)
class Sight:
    """What lies across the lines between two bases: ``clear`` when at least one line from a
    corner of one base to a corner of the other crosses none of the pieces asked about;
    ``blocked_by`` the pieces that each, on their own, cross every such line."""

    clear: bool
    blocked_by: tuple[str, ...]


@dataclass(frozen=True)
class Terrain:
    """The scenery on the table, indexed once so that every query touches few pieces."""

    pieces: tuple[Piece, ...]
    _tree: shapely.STRtree = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = [p.key for p in self.pieces]
        if len(set(keys)) != len(keys):
            raise ValueError("terrain pieces need distinct keys")
        object.__setattr__(self, "_tree", shapely.STRtree([p.shape for p in self.pieces]))

    def _near(self, shape: shapely.Geometry, kinds: Iterable[TerrainKind] | None) -> list[Piece]:
        if not self.pieces:
            return []  # a bare table (the open field): a playout asks thousands of times
        wanted = None if kinds is None else frozenset(kinds)
        found = self._tree.query(shape, predicate="dwithin", distance=CONTACT_TOLERANCE)
        return [
            self.pieces[i]
            for i in sorted(int(i) for i in found)
            if wanted is None or self.pieces[i].kind in wanted
        ]

    def blockers(self, kinds: Iterable[TerrainKind] = BLOCKING) -> list[Blocker]:
        wanted = frozenset(kinds)
        return [p.blocker for p in self.pieces if p.kind in wanted]

    def touching(
        self, shape: shapely.Geometry, kinds: Iterable[TerrainKind] | None = None
    ) -> list[Piece]:
        """The pieces (of the given kinds) that ``shape`` touches or overlaps: for a base, the
        ground it stands in; for a slide's sweep, the ground it moves into or through."""
        return self._near(shape, kinds)

    def standing_in(self, figure: Figure) -> frozenset[TerrainKind]:
        """The kinds of ground (rough, dangerous, lethal) the base touches."""
        return frozenset(p.kind for p in self._near(figure.polygon, GROUND))

    def between(
        self, a: Figure, b: Figure, kinds: Iterable[TerrainKind] | None = None
    ) -> list[Piece]:
        """The pieces lying between two bases: overlapping the area that joins them (their
        convex hull, less the bases themselves). A piece that only touches that area, or
        stands beside or behind a base, is not between them."""
        if not self.pieces:
            return []
        gap = hull([*a.corners(), *b.corners()]).difference(a.polygon).difference(b.polygon)
        return [p for p in self._near(gap, kinds) if overlap(gap, p.shape)]

    def cover(self, attacker: Figure, target: Figure, ranged: bool) -> list[Piece]:
        """The pieces that cover ``target`` from ``attacker``: a low obstacle between them, or
        for a ranged attack also a tall one (each gives the defender an extra die)."""
        kinds = LOW | TALL if ranged else LOW
        return self.between(attacker, target, kinds)

    def sight(self, a: Figure, b: Figure, kinds: Iterable[TerrainKind] | None = None) -> Sight:
        """The lines of sight between two bases, corner to corner, against the pieces of the
        given kinds. For one convex piece this is exact: if it crosses every corner-to-corner
        line it crosses every line from one base to the other (the lines between two bases are
        the convex combinations of those sixteen)."""
        pieces = self.between(a, b, kinds)
        if not pieces:
            return Sight(True, ())
        ends = np.array([(p, q) for p in a.corners() for q in b.corners()], dtype=float)
        lines: np.ndarray = np.asarray(shapely.linestrings(ends))
        crossed = np.zeros((len(lines), len(pieces)), dtype=np.bool_)
        for j, piece in enumerate(pieces):
            inside = shapely.length(shapely.intersection(lines, piece.shape))
            crossed[:, j] = inside > CONTACT_TOLERANCE
        clear = bool((~crossed.any(axis=1)).any())
        blocked_by = tuple(p.key for j, p in enumerate(pieces) if crossed[:, j].all())
        return Sight(clear, blocked_by)
