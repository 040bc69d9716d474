"""Areas of effect laid from a figure's front: the rectangle (a card laid ahead), the cone, and
the arc a weapon sweeps as its bearer turns.

The rulebook names a conical and a rectangular area without their sizes (the pictures are
missing from the text), so every size here is a parameter; the defaults are one card, and the
spells' data files may set their own.
"""

from __future__ import annotations

from collections.abc import Iterable

from shapely.geometry import Polygon

from .figure import Figure
from .shapes import heading, rectangle, sector
from .units import CARD_LENGTH, CARD_WIDTH, CONTACT_TOLERANCE

CONE_ANGLE = 60.0
"""The default opening of a cone, in degrees (reconstructed: the rulebook does not say)."""


def front_middle(figure: Figure) -> tuple[float, float]:
    """The middle of the base's front side, where templates start."""
    fx, fy = heading(figure.facing)
    return (figure.x + fx * figure.half, figure.y + fy * figure.half)


def rectangle_template(
    figure: Figure, length: float = CARD_LENGTH, width: float = CARD_WIDTH
) -> Polygon:
    """A card laid square to the front, its short side centred on it (also the card a player
    lays to measure an advance)."""
    return rectangle(front_middle(figure), figure.facing, length, width)


def cone_template(
    figure: Figure, length: float = CARD_LENGTH, angle: float = CONE_ANGLE
) -> Polygon:
    """A cone from the middle of the front, ``length`` mm deep and opening ``angle`` degrees
    about the facing (a circular sector)."""
    if not 0.0 < angle < 360.0:
        raise ValueError(f"a cone opens between 0 and 360 degrees, not {angle}")
    return sector(front_middle(figure), length, figure.facing - angle / 2.0, angle)


def sweep_template(figure: Figure, reach: float, turn: float) -> Polygon:
    """The arc swept by a weapon reaching ``reach`` mm beyond the base's front while the figure
    turns ``turn`` degrees (negative: clockwise) in place: a sector about the centre from the
    facing."""
    return sector(figure.centre, figure.half + reach, figure.facing, turn)


def touched(template: Polygon, figures: Iterable[tuple[str, Figure]]) -> list[str]:
    """The figures whose bases the template touches or covers, in the order given."""
    return [key for key, f in figures if float(template.distance(f.polygon)) <= CONTACT_TOLERANCE]
