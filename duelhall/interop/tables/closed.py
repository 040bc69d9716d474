"""Games whose notation is a closed set of words: each notation is its own entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.games.deckduel.engine.actions import KINDS as DECKDUEL_WORDS
from duelhall.interop.tables.base import ActionTable, Entries


def _by_notation(game: str, names: tuple[str, ...]) -> ActionTable:
    entries = Entries()
    for name in names:
        entries.add(name, name)
    return entries.table(game, str)


def deckduel_table(info: GameInfo, options: Mapping[str, Any]) -> ActionTable:
    """The decision's word, in the order of Deck Duel's ``KINDS``."""
    return _by_notation(info.name, DECKDUEL_WORDS)


def highlander_table(info: GameInfo, options: Mapping[str, Any]) -> ActionTable:
    """``draw``, then ``take CARD`` and ``play CARD`` for every card of the card file in id
    order (the card file is an option, so the cards are known before any deal)."""
    cards = sorted(card.id for card in info.new_state(0, options).cards.cards)  # type: ignore[attr-defined]
    return _by_notation(
        info.name, ("draw", *(f"take {c}" for c in cards), *(f"play {c}" for c in cards))
    )
