"""Board cards named by lane and letter (``2a``, ``2A``): the duel's and the team game's.

A slot is the lane (1-3) and the card's place in a row of that lane as a letter, ``a``
first. Lower case is the acting side's own row (the player's in the duel, the team's in the
team game), upper case the other side's. The three-player game names its cards another way
(:mod:`duelhall.games.duel52.variants.triangles.notation`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import NotationError

_SLOT = re.compile(r"^([1-3])([a-zA-Z])$")

EXAMPLES = {
    "play": "7H 2",
    "discard": "7H",
    "stay": "",
    "flip": "2b",
    "resolve": "2b",
    "move": "1c",
    "look": "3A",
    "pair": "2b 2c",
    "attack": "2b 2A  (or 2b+2c 2A, or 2b 2A 2B for a 10)",
}
"""An example of each shared verb's words, written with lane slots (for errors)."""


def lane_slot(lane: int, index: int, *, own: bool) -> str:
    """``2b`` for the second card of the acting side's row in lane 2, ``2B`` for the other
    side's: the notation of records, which counts places."""
    return lane_label(lane, chr(ord("a") + index), own=own)


def lane_label(lane: int, letter: str, *, own: bool) -> str:
    """``2c`` for the card lettered ``c`` (in a view) of the acting side's row in lane 2,
    ``2C`` for the other side's."""
    return f"{lane + 1}{letter if own else letter.upper()}"


def read_lane_slot(text: str, mine: str, theirs: str) -> tuple[int, bool, int]:
    """``(lane, own, index)`` from ``2b`` (own) or ``2B``; 0-based lane and index.

    ``mine`` and ``theirs`` word the example in the error (``your``, ``your opponent's``).
    """
    m = _SLOT.match(text.strip())
    if not m:
        raise NotationError(
            f"{text!r} is not a board card; write its lane and letter, like 2a for {mine} "
            f"first card in lane 2 or 2A for {theirs}"
        )
    letter = m.group(2)
    return int(m.group(1)) - 1, letter.islower(), ord(letter.lower()) - ord("a")


def view_lane_label(view: Mapping[str, Any], ref: tuple[int, int, int], *, own: bool) -> str:
    """The slot of the card at ``ref`` (lane, side, index) as the board of ``view`` shows
    it: its lane and the letter the view gives it, which stays put through a turn."""
    lane, side, index = ref
    row = view["lanes"][lane]["rows"][side]
    letter = row[index]["letter"] if 0 <= index < len(row) else chr(ord("a") + index)
    return lane_label(lane, letter, own=own)
