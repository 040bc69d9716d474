"""What every game's plain-text rules reference (``duelhall rules GAME``) lays out alike.

Each game writes its own rules in its own words; these helpers only give the references one
look: a heading over wrapped text that hangs under it, and the closing table of the rulings
the given options put in force.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from duelhall.core.game import Option

WIDTH = 88
"""Longest line of a reference."""


def options_in_force(declared: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with the given values. Names the game does not know are ignored:
    a reference explains rules, it does not check a command line."""
    chosen: dict[str, Any] = {}
    for opt in declared:
        chosen[opt.name] = opt.coerce(given[opt.name]) if opt.name in given else opt.default
    return chosen


def value_text(value: Any) -> str:
    """A value as a person types it; an empty text shows as ``""`` so the column is not blank."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value != "" else '""'


def hanging(head: str, text: str, width: int = WIDTH) -> list[str]:
    """``head`` then ``text`` wrapped to ``width``, its further lines indented under the text."""
    wrapped = textwrap.wrap(text, max(30, width - len(head)), break_on_hyphens=False)
    return [head + wrapped[0], *(" " * len(head) + more for more in wrapped[1:])]


def rulings_in_force(
    shown: Iterable[Option], chosen: Mapping[str, Any], meanings: Mapping[tuple[str, Any], str]
) -> list[str]:
    """One row an option: its name, its value (``*`` when not the default) and what the value
    means at the table (``meanings``, else the option's help)."""
    shown = list(shown)
    width = max(len(opt.name) for opt in shown)
    value_width = max(len(value_text(chosen[opt.name])) for opt in shown)
    lines = ["Rulings in force (change with --option NAME=VALUE)"]
    for opt in shown:
        value = chosen[opt.name]
        marker = " " if value == opt.default else "*"
        head = f"  {opt.name:<{width}} = {value_text(value):<{value_width}} {marker} "
        lines += hanging(head, meanings.get((opt.name, value), opt.help))
    return lines
