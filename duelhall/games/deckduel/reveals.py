"""Whether a Deck Duel action showed the seat that took it anything new (for undo).

Almost everything in Deck Duel is public once the cards are turned over, so an action can
be taken back unless:

1. it was the second rage answer: both cards were turned over (and the other answer shown);
2. it chose the Jack's foresight: the seat now sees its top card;
3. the turn passed: decks may have been reshuffled, and a new turn has begun.

A first rage answer, a block, a face card's other choices and the Jack's keep or discard
follow from what the seat sees. ``tests/cli/test_undo.py`` checks the rule against
re-deals of random positions.
"""

from __future__ import annotations

from typing import Any

from duelhall.games.deckduel.engine.actions import FORESIGHT


def reveals(before: dict[str, Any], action: Any, after: dict[str, Any], seat: int) -> str | None:
    if after.get("result") is not None:
        return "the game is over"
    if after["turn"] != before["turn"]:
        return "the turn is over"
    if after["combat"] != before["combat"] and before["phase"] == "rage":
        return "both cards were turned over"
    if action.kind == FORESIGHT:
        return "you saw your top card"
    return None
