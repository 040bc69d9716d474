"""Whether a Highlander action showed the seat that took it anything new (for undo).

An action can be taken back unless:

1. it drew from the deck (the seat sees the card);
2. it took a face-up card that a card from the deck replaced (everyone sees the new one);
3. it was the second card chosen for a clash: both cards were shown;
4. the draft or the round ended.

A take that leaves its place empty, and a first card chosen for a clash, follow from what
the seat sees. ``tests/cli/test_undo.py`` checks the rule against re-deals of random
positions.
"""

from __future__ import annotations

from typing import Any

from duelhall.games.highlander.engine.actions import DRAW, TAKE


def reveals(before: dict[str, Any], action: Any, after: dict[str, Any], seat: int) -> str | None:
    if after.get("result") is not None:
        return "the game is over"
    if action.verb == DRAW:
        return "you drew a card"
    if action.verb == TAKE and (before["deck"] or before["discard"]):
        return "a card from the deck took its place"
    if after["clashes"] != before["clashes"]:
        return "both cards of the clash were shown"
    if after["phase"] != before["phase"] or after["round"] != before["round"]:
        return "the draft is over"
    return None
