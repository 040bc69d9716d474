"""Highlander action notation (documented in docs/notation/highlander.md).

Three forms: ``draw`` (the deck's top card, in the draft), ``take ID`` (a face-up card, in
the draft) and ``play ID`` (the card chosen in secret for a clash). A card is named by its
id from the card file (``thrust``) or by its name (``Overhead Cut``); case, spaces and
punctuation do not matter on input. ``take 1`` and ``take 2`` also name the face-up places.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError
from duelhall.games.highlander.engine.actions import DRAW, PLAY, TAKE, HighlanderAction

if TYPE_CHECKING:
    from duelhall.games.highlander.engine.state import HighlanderState

USAGE = "actions: draw | take CARD | play CARD  (CARD is an id such as thrust, or a name)"


def parse_action(state: HighlanderState, text: str, seat: int | None) -> HighlanderAction:
    if seat is None:
        seat = state.current_seat()
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
