"""Which side each figure of a view fights for, for whatever draws a view.

A view lists its fighters in one list; each names its ``side``, the seat that plays it. A
duel of one character a side lists seat 0's then seat 1's, so a view without the key (an
older record's) reads as that. Several characters a side (rule 2.3, F59) keep the same
shape, so the terminal, the picture and the web board draw any number of figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def side_of(view: Mapping[str, Any], index: int) -> int:
    """The seat playing the view's fighter ``index``."""
    side = view["fighters"][index].get("side", index)
    return side if isinstance(side, int) else index


def fighters_of(view: Mapping[str, Any], side: int) -> list[int]:
    """The indexes of the fighters ``side`` plays, in the view's order."""
    return [i for i in range(len(view["fighters"])) if side_of(view, i) == side]


def by_side(view: Mapping[str, Any]) -> list[int]:
    """Every fighter's index, seat 0's first, so a side's characters are listed together."""
    return sorted(range(len(view["fighters"])), key=lambda i: side_of(view, i))


def characters_of(view: Mapping[str, Any], side: int) -> str:
    """The names of the characters ``side`` plays: "Deretor", or "Deretor and Brock"."""
    names = [view["fighters"][i]["name"] for i in fighters_of(view, side)]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def crowded(view: Mapping[str, Any]) -> bool:
    """Whether some side plays several characters (their own names are then needed)."""
    sides = [side_of(view, i) for i in range(len(view["fighters"]))]
    return len(set(sides)) < len(sides)


def acting_for(view: Mapping[str, Any], seat: int) -> int:
    """The fighter ``seat`` decides for now (F59): the one it places, programs, plays, or
    that is attacked; with one a side, its own."""
    fighters, plans = view["fighters"], view.get("plans", [])
    mine = [i for i, f in enumerate(fighters) if f.get("side", i) == seat]
    pending = view.get("pending")
    if not mine:
        return seat
    if view.get("phase") in ("deploy", "equip"):
        return int(view.get("placing", seat))
    if pending is not None and pending.get("victim", -1) in mine:
        return int(pending["victim"])
    if view.get("phase") == "program":
        return next((i for i in mine if i < len(plans) and not plans[i]["done"]), mine[0])
    acting = view.get("acting")
    return int(acting) if acting is not None else mine[0]


def key_name(view: Mapping[str, Any], key: str) -> str:
    """The name of the fighter a notation word names (``with KEY``, ``at KEY``)."""
    found = [f["name"] for f in view["fighters"] if f.get("key") == key]
    return found[0] if found else key
