"""Three-player Duel 52 notation (docs/notation/duel52-three-players.md).

A board card is named absolutely: triangle (1-4), player (1-3), then its place in that
player's row of the triangle as a letter: ``23b`` is player 3's second card in triangle 2.
Every seat writes and reads the same names, so a record reads the same from any chair.
When parsing, a player's own card may be written without the player: ``2b`` is "my ``b``
in triangle 2". Letters are case-insensitive.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import NotationError
from duelhall.games.duel52.engine.verbs import TableWords, read_action, verbs_usage
from duelhall.games.duel52.variants.triangles.state import Ref, TriAction, TriState, tri_label

_SLOT = re.compile(r"^([1-4])([1-3])?([a-zA-Z])$")

USAGE = verbs_usage("TRIANGLE") + (
    "  (SLOT is triangle, player and letter: 23b is player 3's second card in triangle 2; "
    "your own cards may drop the player: 2b)"
)

_EXAMPLES = {
    "play": "7H 3",
    "discard": "7H",
    "stay": "",
    "flip": "31b",
    "resolve": "31b",
    "move": "11a",
    "look": "32a",
    "pair": "31a 31b",
    "attack": "31a 32b  (or 31a+31b 32b, or 31a 32b 33a for a 10)",
}

WORDS = TableWords(
    place="triangle",
    places=4,
    yours="your",
    look_at="a face-down card",
    attack_words=3,
    examples=_EXAMPLES,
    usage=USAGE,
)


def board_label(view: Mapping[str, Any], ref: Ref) -> str:
    """The slot as the board of ``view`` shows it: the card's letter there, which stays
    put through a turn (``slot_name`` counts places, as records do)."""
    tri, owner, index = ref
    row = view["triangles"][tri]["rows"][owner]
    letter = row[index]["letter"] if 0 <= index < len(row) else chr(ord("a") + index)
    return tri_label(tri, owner, letter)


def parse_slot(text: str, seat: int) -> Ref:
    m = _SLOT.match(text.strip())
    if not m:
        raise NotationError(
            f"{text!r} is not a board card; write triangle, player and letter, like 23b for "
            "player 3's second card in triangle 2 (or 2b for your own)"
        )
    tri = int(m.group(1)) - 1
    owner = int(m.group(2)) - 1 if m.group(2) else seat
    return (tri, owner, ord(m.group(3).lower()) - ord("a"))


def parse_action(state: TriState, text: str, seat: int) -> TriAction:
    """Read notation; a paired card named alone as an attacker stands for its pair."""
    verb, args = WORDS.split(text)
    action: TriAction = read_action(state, verb, args, seat, WORDS, parse_slot, TriAction)
    return action
