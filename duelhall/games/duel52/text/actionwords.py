"""Actions told in words, for the kinds every Duel 52 table mode shares.

Play, discard, stay, flip, pair, look, move, resolve and attack read the same in the duel,
the three-player game and the team game; only the name of a place (``lane 2``,
``triangle 3``) and of a board card (``2b (7♥)``, ``23b (face-down)``) differ, and each
mode hands those in. What a seat did not see stays hidden: another seat's play is ``a
card``, and a discard is named only to its player unless discards are revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind, Ref

POWER_QUESTIONS = {
    "discard": "{who} must discard a card from hand for the 2 (View).",
    "look": "{who} must choose a face-down card for the 4 (Foresight) to look at.",
}
"""What a 2 or a 4 asks of its player, worded alike in every mode."""


def describe_action(
    action: Any,
    view: dict[str, Any],
    viewer: int | None,
    place: str,
    board_name: Callable[[Ref], str],
) -> str:
    """``action`` in words for ``viewer``, whose view is taken before the action.

    ``place`` names the place of a play or a Queen's move (``lane 2``); ``board_name``
    names a board card as ``viewer`` sees it.
    """
    mine = action.seat == viewer
    kind = action.kind
    if kind == Kind.PLAY:
        what = C.pretty(action.card) if mine else "a card"
        return f"play {what} face-down into {place}"
    if kind == Kind.DISCARD:
        public = view["options"].get("view_discard") == "revealed"
        return f"discard {C.pretty(action.card) if mine or public else 'a card'} from hand"
    if kind == Kind.STAY:
        return "the Queen moves nothing"
    if kind == Kind.FLIP:
        return f"flip {board_name(action.slots[0])}"
    if kind == Kind.PAIR:
        a, b = (board_name(r) for r in action.slots)
        return f"pair {a} with {b}"
    if kind == Kind.LOOK:
        return f"look at {board_name(action.targets[0])} with the 4"
    if kind == Kind.MOVE:
        return f"the Queen brings {board_name(action.slots[0])} to {place}"
    if kind == Kind.RESOLVE:
        return f"resolve the power of {board_name(action.slots[0])} next"
    attackers = " and ".join(board_name(r) for r in action.slots)
    targets = " and ".join(board_name(r) for r in action.targets)
    return f"attack {targets} with {attackers}"
