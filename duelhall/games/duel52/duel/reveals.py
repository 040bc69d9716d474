"""Whether a Duel 52 action showed the seat that took it anything new (for undo).

An action can be taken back when the seat's view after it follows from its view before and
the action alone. In every shape of the game (two, three and four players, the expansion)
that fails exactly when:

1. a card the seat had not seen appears in its view: a draw (a 2, a Recruiter), a flip of
   a card it had not seen (its own Base card, a 5's flips, the Activate spell), a look (a
   4, the Information spell), a Trap or a Boom springing, a fort taken, a bannerman
   drafted, a hand shown by the All Seeing;
2. an attack involved a card the seat has not seen: whether a face-down card dies, lives
   or springs back depends on what it is, even when it dies unseen;
3. the turn passed: the next turn begins with a draw, and belongs to someone else.

Everything else an action does (a play, a pair, a freeze, a heal, a Queen's move, a flip of
a card the seat knows and the powers it fires that show nothing) is decided by what the seat
sees. ``tests/cli/test_undo.py`` checks the rule against re-deals of random positions in
every shape.
"""

from __future__ import annotations

from typing import Any

from duelhall.games.duel52.engine.board import Kind

# Where a view names cards: the board and the discard pile ("card"), hands, hands shown
# by the All Seeing, bannermen. Other strings (slot labels such as "3D") are not cards.
CARD_KEY = "card"
CARD_LISTS = frozenset({"hands", "hands_shown", "bannermen"})


def reveals(before: dict[str, Any], action: Any, after: dict[str, Any], seat: int) -> str | None:
    if after.get("result") is not None:
        return "the game is over"
    if after.get("turn") != before.get("turn"):
        return "your turn is over"
    if _cards(after) - _cards(before):
        return "it showed you a card you had not seen"
    if action.kind == Kind.ATTACK and any(
        _card_at(before, ref) is None for ref in (*action.slots, *action.targets)
    ):
        return "what a face-down card you have not seen does when struck depends on what it is"
    return None


def _card_at(view: dict[str, Any], ref: tuple[int, int, int]) -> str | None:
    board = view["lanes"] if "lanes" in view else view["triangles"]
    lane, side, i = ref
    card: str | None = board[lane]["rows"][side][i]["card"]
    return card


def _cards(view: Any) -> set[str]:
    """Every card ``view`` names (each card of the deck exists once)."""
    found: set[str] = set()

    def walk(value: Any, in_list: bool) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == CARD_KEY and isinstance(item, str):
                    found.add(item)
                elif key != "options":
                    walk(item, key in CARD_LISTS)
        elif isinstance(value, list):
            for item in value:
                if in_list and isinstance(item, str):
                    found.add(item)
                else:
                    walk(item, in_list)

    walk(view, False)
    return found
