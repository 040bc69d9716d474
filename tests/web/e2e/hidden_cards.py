"""Which Duel 52 cards nobody but their holder ever saw, and whether a text names one."""

from __future__ import annotations

import re
from typing import Any

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def never_shown(final_view: dict[str, Any], holders: tuple[int, ...]) -> set[str]:
    """From the referee's view at the end: the cards still in ``holders``' hands (never
    played, so never shown to anyone else), in the pile, or set aside at the start."""
    cards = set(final_view.get("pile_order", [])) | set(final_view.get("removed_cards", []))
    for seat in holders:
        cards |= set(final_view["hands"][seat])
    return cards


def _patterns(card: str) -> list[re.Pattern[str]]:
    rank, suit = card[:-1], card[-1]
    edge = r"(?<![0-9A-Za-z])"
    return [
        re.compile(rf"{edge}{re.escape(card)}(?![0-9A-Za-z])"),  # notation, ids: 7H
        re.compile(rf"{edge}{re.escape(rank)}{SUITS[suit]}"),  # words: 7♥
    ]


def named(text: str, cards: set[str]) -> set[str]:
    """The cards of ``cards`` that ``text`` names, with the markup and spaces taken out (a
    board writes a rank and its suit in separate elements)."""
    flat = re.sub(r"\s+", "", re.sub(r"<[^>]*>", "", text))
    return {c for c in cards if any(p.search(text) or p.search(flat) for p in _patterns(c))}
