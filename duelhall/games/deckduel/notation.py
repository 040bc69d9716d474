"""Deck Duel action notation (documented in docs/notation/deckduel.md).

Every decision is one word: ``rage`` or ``flip`` at the start of a turn, ``block`` or
``take`` when losing, ``focus``, ``heal``, ``foresight`` or ``action`` for a winning face
card, ``keep`` or ``discard`` after foresight. No decision names a card, so notation never
reveals anything hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError
from duelhall.games.deckduel.engine.actions import FLIP, KINDS, Act

if TYPE_CHECKING:
    from duelhall.games.deckduel.engine.state import DeckDuelState

USAGE = (
    "decisions: rage | flip (start of a turn), block | take (after losing), "
    "focus | heal | foresight | action (a winning K, Q or J), keep | discard (after foresight)"
)

# Friendly spellings people type; the canonical word is what records store.
_ALIASES = {"norage": FLIP, "no": FLIP, "calm": FLIP, "health": "heal", "look": "foresight"}

_CARD_NAMES = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}


def parse_card(text: str) -> int:
    """A rank written as A, 2-10 (or T), J, Q or K; a suit symbol after it is ignored."""
    raw = text.strip().upper().rstrip("♠♥♦♣SHDC*") or text
    if raw in _CARD_NAMES:
        return _CARD_NAMES[raw]
    if raw.isascii() and raw.isdecimal() and len(raw) <= 2 and 2 <= int(raw) <= 10:
        return int(raw)
    raise NotationError(f"{text!r} is not a card; write A, 2-10, J, Q or K")


def parse_action(state: DeckDuelState, text: str, seat: int | None) -> Act:
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty decision; " + USAGE)
    if len(words) > 1:
        raise NotationError(f"{text!r}: a decision is one word; " + USAGE)
    word = _ALIASES.get(words[0], words[0])
    if word not in KINDS:
        raise NotationError(f"unknown decision {words[0]!r}; " + USAGE)
    if seat is None:
        movers = state.to_move()
        if len(movers) != 1:
            raise NotationError(
                f"{text!r}: both players choose now; say which seat takes this decision"
            )
        seat = movers[0]
    return Act(seat, word)
