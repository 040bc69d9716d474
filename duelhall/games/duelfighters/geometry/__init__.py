"""The table geometry of Duel Fighters: bases, reaches, moves, terrain and templates in mm.

Everything is measured with Shapely; docs/duelfighters-geometry.md gives the conventions.
"""

from __future__ import annotations

from .figure import Corner, Figure, Measure, Side, measure, side_of, side_of_point
from .motion import (
    Blocker,
    Contact,
    Stop,
    advance,
    advance_heading,
    contacts,
    corner_turn,
    crossing_distance,
    first_contact,
    lateral,
    lateral_heading,
    push,
    quarter_turn,
    retreat,
    retreat_heading,
    slide_sweep,
    turn_blockers,
    turn_sweep,
)
from .reach import (
    combat_card,
    gap,
    in_combat_distance,
    in_contact,
    in_range,
    ranged_reach,
    within,
)
from .table import Table, may_deploy_ally
from .templates import cone_template, rectangle_template, sweep_template, touched
from .terrain import BLOCKING, GROUND, LOW, TALL, Piece, Sight, Terrain, TerrainKind
from .units import (
    CARD_DIAGONAL,
    CARD_LENGTH,
    CARD_WIDTH,
    CONTACT_TOLERANCE,
    TABLE_SIDE,
)

__all__ = [
    "BLOCKING",
    "CARD_DIAGONAL",
    "CARD_LENGTH",
    "CARD_WIDTH",
    "CONTACT_TOLERANCE",
    "GROUND",
    "LOW",
    "TABLE_SIDE",
    "TALL",
    "Blocker",
    "Contact",
    "Corner",
    "Figure",
    "Measure",
    "Piece",
    "Side",
    "Sight",
    "Stop",
    "Table",
    "Terrain",
    "TerrainKind",
    "advance",
    "advance_heading",
    "combat_card",
    "cone_template",
    "contacts",
    "corner_turn",
    "crossing_distance",
    "first_contact",
    "gap",
    "in_combat_distance",
    "in_contact",
    "in_range",
    "lateral",
    "lateral_heading",
    "may_deploy_ally",
    "measure",
    "push",
    "quarter_turn",
    "ranged_reach",
    "rectangle_template",
    "retreat",
    "retreat_heading",
    "side_of",
    "side_of_point",
    "slide_sweep",
    "sweep_template",
    "touched",
    "turn_blockers",
    "turn_sweep",
    "within",
]
