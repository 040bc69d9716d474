"""Why an action is not allowed, in words a player can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.games.deckduel.engine.actions import (
    ACTION,
    BLOCK,
    DISCARD,
    FOCUS,
    FORESIGHT,
    HEAL,
    KEEP,
    RAGE,
    Act,
)
from duelhall.games.deckduel.engine.state import JACK, KING, MAX_RAGE, QUEEN

if TYPE_CHECKING:
    from duelhall.games.deckduel.engine.state import DeckDuelState

_FACE_WORD = {KING: FOCUS, QUEEN: HEAL, JACK: FORESIGHT}
_PENDING_WORDS = {
    "block": "block or take",
    "look": "keep or discard",
}


def why_illegal(state: DeckDuelState, action: Act) -> str:
    me = action.seat
    if state.result is not None:
        return "the game is over"
    if state.pending:
        top = state.pending[-1]
        if me != top[1]:
            return f"'{action}': player {top[1] + 1} must decide now, not player {me + 1}"
        what = top[0]
        if what == "face":
            ability = _FACE_WORD[top[2]]
            if action.kind == FORESIGHT and top[2] == JACK and not state.decks[me]:
                return "'foresight': your deck is empty, so there is no card to look at"
            return f"'{action}': your winning card offers {ability} or action"
        answers = _PENDING_WORDS.get(what, "")
        return f"'{action}': answer {answers} now"
    if state.choice[me] is not None:
        return f"'{action}': player {me + 1} has already chosen this turn"
    if action.kind == RAGE:
        if state.rage[me] >= MAX_RAGE:
            return "'rage': your rage is already 3, the most it can be"
        return "'rage': it costs an action point and you have none"
    if action.kind in (BLOCK, ACTION, KEEP, DISCARD) or action.kind in _FACE_WORD.values():
        return f"'{action}': first choose rage or flip for this turn"
    return f"'{action}' is not one of your choices now"
