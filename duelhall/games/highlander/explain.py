"""Why a Highlander action is not allowed now, in words that say what is."""

from __future__ import annotations

from duelhall.games.highlander.engine.actions import DRAW, PLAY, HighlanderAction
from duelhall.games.highlander.engine.state import CLASH, DRAFT, HighlanderState


def why_illegal(state: HighlanderState, action: HighlanderAction) -> str:
    """Why ``action`` cannot be taken now, in words that say what can."""
    seat = action.seat
    who = f"player {seat + 1}" if seat in (0, 1) else f"seat {seat!r}"
    if state.result is not None:
        return f"'{action}': the game is over"
    if seat not in (0, 1):
        return f"'{action}': there is no {who}"
    card = state.cards.card(action.card) if action.card else None
    if state.phase == DRAFT:
        if action.verb == PLAY:
            return f"'{action}': cards are drafted now (draw, or take a face-up card), not played"
        if seat != state.current:
            return f"'{action}': it is player {state.current + 1}'s turn to draft"
        if card is None and action.verb != DRAW:
            return f"'{action}': no such card"
        if action.verb == DRAW:
            return f"'{action}': the deck and the discard pile are both empty"
        shown = ", ".join(state.cards.cards[c].id for c in state.faceup if c >= 0) or "none"
        return f"'{action}': that card is not face-up beside the deck (face-up: {shown})"
    if state.phase == CLASH:
        if action.verb != PLAY:
            return f"'{action}': the draft is over; choose a card to play (play CARD)"
        if state.chosen[seat] >= 0:
            return f"'{action}': {who} has already chosen a card for this clash"
        if card is None or card.index not in state.hands[seat]:
            return f"'{action}': {who} does not hold that card"
    return f"'{action}' is not allowed now"
