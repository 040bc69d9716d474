"""Why an action is not legal in the three-player game, in words a player can act on."""

from __future__ import annotations

from typing import Any

from duelhall.games.duel52.variants.triangles.state import MAIN_KINDS, TriAction, TriState


def why_illegal(state: TriState, action: Any) -> str:
    """Why ``action`` is not legal now, in words for the player."""
    if state.result is not None:
        return "the game is over"
    if not isinstance(action, TriAction):
        return f"{action!r} is not a three-player Duel 52 action"
    if action.seat != state.current:
        return f"it is player {state.current + 1}'s turn, not player {action.seat + 1}'s"
    if state.pending:
        what = state.pending[-1][0]
        return f"'{action}' is not possible now: first answer the waiting {what} choice"
    if action.kind not in MAIN_KINDS:
        return f"'{action}' answers a power's question, and none is waiting"
    return f"'{action}' is not one of your legal actions now"
