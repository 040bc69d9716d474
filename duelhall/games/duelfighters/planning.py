"""The geometry of a Duel Fighters player's turn plan, shared by the heuristic player and the
whole programmes the hard level weighs (:mod:`.plans`): where the adversary lies, the steps
that close in on it, and where laid steps would take a figure.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from .geometry import CARD_LENGTH, CARD_WIDTH, Figure, Measure, gap, in_combat_distance, measure

FACING_ARC = 45.0  # the adversary counts as in front within this many degrees either side
SPARE_POINTS = 2  # points kept back before one is spent on a technique


def figure_of(fighter: Mapping[str, Any]) -> Figure | None:
    base = fighter["figure"]
    if base is None:
        return None
    return Figure(base["x"], base["y"], base["facing"], base["side"])


def bearing_from(me: Figure, them: Figure) -> float:
    """Where ``them`` lies from ``me``: degrees counter-clockwise from ``me``'s facing, in
    (-180, 180]."""
    angle = math.degrees(math.atan2(them.y - me.y, them.x - me.x)) - me.facing
    angle = (angle + 180.0) % 360.0 - 180.0
    return 180.0 if angle == -180.0 else angle


def plan_steps(me: Figure, them: Figure, count: int, technique: bool) -> list[tuple[str, ...]]:
    """The steps to program this turn, following the figure as it would move."""
    return list(_plan_steps(me, them, count, technique))


# A playout's heuristic plans afresh at every marker from figures that have not moved, and the
# worlds of one decision share their figures: most plans are asked for again.
@functools.lru_cache(maxsize=4096)
def _plan_steps(
    me: Figure, them: Figure, count: int, technique: bool
) -> tuple[tuple[str, ...], ...]:
    steps: list[tuple[str, ...]] = []
    spent = False
    for _ in range(count):
        rel = bearing_from(me, them)
        if in_combat_distance(me, them) and abs(rel) <= FACING_ARC:
            if technique and not spent:
                steps.append(("technique",))
                spent = True
            else:
                steps.append(("attack",))
            continue
        if abs(rel) > FACING_ARC:
            way = "turn-left" if rel > 0 else "turn-right"
            me = me.turned(90.0 if rel > 0 else -90.0)
            far = gap(me, them)
            if far > CARD_LENGTH and abs(bearing_from(me, them)) <= FACING_ARC:
                steps.append((way, "advance"))
                me = me.moved(me.facing, min(CARD_LENGTH, far - 1.0))
            else:
                steps.append((way,))
            continue
        far = gap(me, them)
        if far < 2 * CARD_LENGTH and measure(me, them) == Measure.FRONT and count > 2:
            # Close and in its front: slide towards its flank, then come in.
            way = "lateral-left" if bearing_from(them, me) < 0 else "lateral-right"
            steps.append((way, "advance"))
            side = me.facing + (90.0 if way == "lateral-left" else -90.0)
            me = me.moved(side, 0.7 * CARD_LENGTH).moved(me.facing, min(CARD_LENGTH, far))
            continue
        steps.append(("advance", "advance"))
        me = me.moved(me.facing, max(0.0, min(2 * CARD_LENGTH, far - 1.0)))
    return tuple(steps)


def follow(me: Figure, them: Figure, steps: Sequence[Sequence[str]]) -> Figure:
    """Where ``me`` would stand after ``steps`` (markers by name), if each move went its full
    length (an advance stops short of ``them`` when it heads their way)."""
    for step in steps:
        for marker in step:
            if marker == "advance":
                ahead = abs(bearing_from(me, them)) <= FACING_ARC
                far = max(0.0, gap(me, them) - 1.0) if ahead else CARD_LENGTH
                me = me.moved(me.facing, min(CARD_LENGTH, far))
            elif marker.startswith("lateral-"):
                me = me.moved(me.facing + (90.0 if marker.endswith("left") else -90.0), CARD_WIDTH)
            elif marker.startswith(("turn-", "pivot-")):
                me = me.turned(90.0 if "left" in marker else -90.0)
            elif marker == "retreat":
                away = math.degrees(math.atan2(me.y - them.y, me.x - them.x))
                me = me.moved(away, CARD_LENGTH)
    return me


def markers(step: Sequence[str]) -> tuple[str, ...]:
    """A step's markers by name (a view writes one laid with its victim ``attack at KEY``)."""
    return tuple(m.split(" ", 1)[0] for m in step)


def adversary_of(view: Mapping[str, Any], index: int) -> int:
    """The nearest adversary still fighting (the other seat's, with one a side)."""
    fighters = view["fighters"]
    side = fighters[index].get("side", index)
    foes = [
        i
        for i, f in enumerate(fighters)
        if f.get("side", i) != side and not f["defeated"] and f["figure"] is not None
    ]
    me = figure_of(fighters[index])
    if not foes or me is None:
        return next(i for i, f in enumerate(fighters) if f.get("side", i) != side)
    if len(foes) == 1:
        return foes[0]  # a duel of one a side: no gap to measure (a tenth of a playout's time)
    return min(foes, key=lambda i: (gap(me, figure_of(fighters[i]) or me), i))
