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
