"""What a step may hold, and what it costs (rulebook 3.2; rulings F13, F14, F16).

A step is two half-step markers (or one, closed with ``end``) or one full-step marker. A
character with Agile may make a step half as long again by paying one more action card (or a
victory point, as its data says): three half-step markers, or a full-step marker and a half
one in either order. Such a *long* step stays open after its second half marker (or its full
marker) for the player to extend it or close it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import FULLS
from .sheet import Fighter


def agile_cost(fighter: Fighter) -> str | None:
    """What a long step costs the fighter (``action-card`` or ``victory-point``), or None
    when it has no Agile."""
    found = fighter.ability("agile")
    if found is None:
        return None
    cost = found.effect.params.get("cost", "action-card")
    return cost if isinstance(cost, str) else "action-card"


def is_long(step: Sequence[str]) -> bool:
    return len(step) > 2 or (len(step) == 2 and any(m in FULLS for m in step))


def cards_for(step: Sequence[str], cost: str | None) -> int:
    """Action cards a step uses up: one, two for a long step paid with a card."""
    return 2 if is_long(step) and cost == "action-card" else 1


def cards_for_all(steps: Sequence[Sequence[str]], cost: str | None) -> int:
    return sum(cards_for(s, cost) for s in steps)


def _counts(step: Sequence[str]) -> tuple[int, int]:
    fulls = sum(m in FULLS for m in step)
    return len(step) - fulls, fulls


def more(step: Sequence[str], long: bool, halves: Sequence[str], fulls: Sequence[str]) -> list[str]:
    """The markers that may join an open step (``long``: it may become a long step)."""
    h, u = _counts(step)
    if u == 0 and h == 1:
        return [*halves, *(fulls if long else ())]
    if (u == 0 and h == 2) or (u == 1 and h == 0):
        return list(halves) if long else []
    return []


def complete(step: Sequence[str], long: bool) -> bool:
    """Whether a step is full and closes by itself."""
    h, u = _counts(step)
    if not long:
        return u == 1 or h == 2
    return (u == 1 and h == 1) or h == 3


def well_formed(step: Sequence[str]) -> bool:
    """One full marker, one to three half markers, or a full and a half one."""
    h, u = _counts(step)
    return (u == 0 and 1 <= h <= 3) or (u == 1 and h <= 1)
