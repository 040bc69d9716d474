"""Lengths of the table, the measuring card and the tolerances, all in millimetres.

Every distance in this package is a float number of millimetres. The rulebook measures with
the action cards (63 x 88 mm, the standard sleeve-free size), so the card is the unit of every
move and reach; the tolerances below are what "touching" means on a table of real objects.
"""

from __future__ import annotations

import math

CARD_LENGTH = 88.0
"""The long side of an action card: an advance, a retreat, one unit of ranged reach."""

CARD_WIDTH = 63.0
"""The short side of an action card: a lateral step, or an advance in rough ground."""

CARD_DIAGONAL = math.hypot(CARD_LENGTH, CARD_WIDTH)
"""About 108.2 mm: the furthest apart two points of one card can be, hence the combat reach."""

TABLE_SIDE = 800.0
"""The rulebook's suggested 80 x 80 cm table (nine cards a side)."""

CONTACT_TOLERANCE = 0.5
"""Two outlines closer than this touch. Half a millimetre is finer than anyone measures on a
table, yet thousands of times coarser than the float error of a chain of moves and turns, so a
base stopped "at contact" stays in contact however it got there."""

AREA_TOLERANCE = 1e-6
"""Two shapes overlap only when they share more than this area (mm^2). Touching outlines share
none; float rounding of an exact contact shares far less; a real overlap of even a micron along
a 25 mm edge shares more."""

TIE_TOLERANCE = CONTACT_TOLERANCE
"""A point this close to a base's diagonal (in mm, measured square to the diagonal) is on the
corner between two sides, and the corner rule decides (see :mod:`.figure`)."""

EVENT_MERGE = 1e-9
"""Two contact events along a move closer than this (mm) are one event."""
