"""Highlander action notation (documented in docs/notation/highlander.md).

Three forms: ``draw`` (the deck's top card, in the draft), ``take ID`` (a face-up card, in
the draft) and ``play ID`` (the card chosen in secret for a clash). A card is named by its
id from the card file (``thrust``) or by its name (``Overhead Cut``); case, spaces and
punctuation do not matter on input. ``take 1`` and ``take 2`` also name the face-up places.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError

if TYPE_CHECKING:
    from duelhall.games.highlander.state import HighlanderAction, HighlanderState

USAGE = "actions: draw | take CARD | play CARD  (CARD is an id such as thrust, or a name)"


def parse_action(state: HighlanderState, text: str, seat: int) -> HighlanderAction:
    from duelhall.games.highlander.state import DRAW, PLAY, TAKE, HighlanderAction

    words = text.strip().split(maxsplit=1)
    if not words:
        raise NotationError("empty action; " + USAGE)
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if verb == DRAW:
        if rest:
            raise NotationError("'draw' takes nothing after it: it takes the deck's top card")
        return HighlanderAction(seat, DRAW)
    if verb not in (TAKE, PLAY):
        raise NotationError(f"unknown action {words[0]!r}; " + USAGE)
    if not rest:
        example = "take thrust" if verb == TAKE else "play thrust"
        raise NotationError(f"'{verb}' needs a card, like: {example}")
    if verb == TAKE and rest in {"1", "2"}:
        card = state.faceup[int(rest) - 1]
        if card < 0:
            raise NotationError(f"face-up place {rest} is empty")
        return HighlanderAction(seat, TAKE, state.cards.cards[card].id)
    found = state.cards.card(rest)
    if found is None:
        raise NotationError(
            f"no card is called {rest!r}; name a card by its id (like "
            f"{state.cards.cards[0].id}) or its name; `duelhall rules highlander` lists them"
        )
    return HighlanderAction(seat, verb, found.id)


def why_illegal(state: HighlanderState, action: HighlanderAction) -> str:
    """Why ``action`` cannot be taken now, in words that say what can."""
    from duelhall.games.highlander.state import CLASH, DRAFT, PLAY

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
        if card is None and action.verb != "draw":
            return f"'{action}': no such card"
        if action.verb == "draw":
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
