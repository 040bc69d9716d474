"""The moves worth searching at a Duel Fighters decision, for the rollout search that plays the
hard level (``rollouts`` asks the heuristic player's ``candidates``; duelhall.agents.rollouts).

Deployment offers hundreds of spots, far too many to play out, yet it decides much of the
duel: a figure deployed first in the open is soon taken from the rear (the heuristic placing
first against itself scored 0.16 over 150 games), while one backed into a corner has its rear
and a flank against the table's edges (0.6 over 60). So the first figure down goes to the
corner nearest the heuristic's spot, and playouts choose between its two facings into the
table, starting from the one that faces where the adversary would come (``answer``). The
heuristic's own spot is no longer tried: the search that weighed it against the
corner kept the corner in 193 of 200 games and scored 0.71 there, but 0.29 in the 7 where
noisy playouts preferred the open spot (benchmarks/ladders/duelfighters-hard-rollouts). The
side placing second backs into a corner too: the corner nearest the heuristic's spot (which
is the nearest to the adversary), facing the adversary. The search cannot see what that corner
is worth, since its playouts are the tactician's, which fights worse there, so it is not asked:
on 60 deals where hard placed second, the corner scored 0.883 against 0.683 for the
heuristic's spot (+0.200 ± 0.074 paired; benchmarks/README.md). Where the second side may
deploy on any edge (F57's alternative), the heuristic's spot is right behind the adversary,
and taking it from the rear is worth more than any corner (the heuristic placing first scored
0.16 against itself there): that spot is kept. A side's further allies take the heuristic's
spots.
While programming every marker is tried but the eight pivots about a base corner,
near-twins of a turn that the heuristic never lays; equipment is the heuristic's; everything
else (who is player 1, each step's execution) is tried as it is.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .engine import actions as A
from .engine.actions import Action
from .engine.state import PROGRAM
from .geometry import CARD_LENGTH

UNSEARCHED = ("equip",)  # taken as the heuristic takes them
# Nearer than this to the adversary, the second side's spot is kept rather than a corner.
BEHIND = 2 * CARD_LENGTH


def worth_searching(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    own: Action,
    answer: Callable[[Action], tuple[float, float] | None] | None = None,
    seat: int = 0,
) -> list[Action]:
    """The moves a search should try at this decision for ``seat``; ``own`` is the
    heuristic's choice, and ``answer(spot)``, where given, where the adversary's first figure
    would go after ours."""
    phase = view["phase"]
    if len(legal) == 1 or phase in UNSEARCHED:
        return [own]
    if phase == "deploy":
        fighters = view["fighters"]
        ours = [f for i, f in enumerate(fighters) if f.get("side", i) == seat]
        if any(f["figure"] is not None for f in ours):
            return [own]  # an ally is down: this one goes where the heuristic puts it
        spots = corner_spots(view, legal, own)
        placed = [f["figure"] for f in fighters if f["figure"] is not None]
        if placed:
            them = (placed[0]["x"], placed[0]["y"])
            if math.dist(_centre(own), them) < BEHIND:
                return [own]  # right behind the adversary (any edge allowed): its rear first
            return _facing_first(spots, them)[:1]
        there = answer(spots[0]) if answer is not None else None
        # Where the adversary goes does not hang on our facing (the heuristic places by
        # distance and the table's middle), so the spot facing it is tried first.
        return spots if there is None else _facing_first(spots, there)
    if phase == PROGRAM:
        return [a for a in legal if a == own or not is_pivot(a)]
    return list(legal)


def corner_spots(view: Mapping[str, Any], legal: Sequence[Action], own: Action) -> list[Action]:
    """The legal spot nearest the corner nearest ``own``, facing as near the middle of the
    table as the compass allows (two facings, 45 degrees either side). One corner only: each
    spot tried costs a playout per sampled world, and the corners differ little (the four
    scored within 0.05 of each other in a 16-world search)."""
    width, depth = view["table"]
    corners = [(cx, cy) for cx in (0.0, width) for cy in (0.0, depth)]
    corner = min(corners, key=lambda c: math.dist(_centre(own), c))
    nearest = min(legal, key=lambda a: math.dist(_centre(a), corner))
    x, y = _centre(nearest)
    middle = math.degrees(math.atan2(depth / 2 - y, width / 2 - x))
    there = [a for a in legal if a.words[1] == nearest.words[1]]
    there.sort(key=lambda a: (_off(A.FACINGS[a.words[2]], middle), a.words[2]))
    return there[:2]


def _facing_first(spots: list[Action], there: tuple[float, float]) -> list[Action]:
    """``spots`` facing nearest ``there`` first, so that the duel's first step is not a turn
    (facing away from the adversary, 0.63 over 29 games)."""
    return sorted(spots, key=lambda a: _off(A.FACINGS[a.words[2]], _bearing(_centre(a), there)))


def is_pivot(action: Action) -> bool:
    return action.verb == A.MARK and action.words[1].startswith("pivot-")


def _centre(action: Action) -> tuple[float, float]:
    x, y = action.words[1].split(",")
    return float(x), float(y)


def _bearing(here: tuple[float, float], there: tuple[float, float]) -> float:
    return math.degrees(math.atan2(there[1] - here[1], there[0] - here[0]))


def _off(facing: float, bearing: float) -> float:
    return abs((bearing - facing + 180.0) % 360.0 - 180.0)
