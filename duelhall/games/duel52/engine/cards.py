"""Playing cards as small integers: ``card = (rank - 2) * 4 + suit``.

Ranks run 2..14 (11 Jack, 12 Queen, 13 King, 14 Ace); suits are clubs, diamonds, hearts,
spades. Integers keep clones cheap and make a card's identity a plain value.
"""

from __future__ import annotations

from duelhall.core.errors import NotationError

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = {r: str(r) for r in range(2, 11)} | {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_BY_NAME = {name: rank for rank, name in RANK_NAMES.items()} | {"T": 10}

DECK = tuple(range(52))


def rank(card: int) -> int:
    return (card >> 2) + 2


def suit(card: int) -> int:
    return card & 3


def make(rank_: int, suit_: int) -> int:
    return (rank_ - 2) * 4 + suit_


def name(card: int) -> str:
    """Notation name, for example ``10H`` or ``QS``."""
    return RANK_NAMES[rank(card)] + SUITS[suit(card)]


def pretty(card: int) -> str:
    """Display name with a suit symbol, for example ``10♥``."""
    return RANK_NAMES[rank(card)] + SUIT_SYMBOLS[suit(card)]


def rank_name(rank_: int) -> str:
    return RANK_NAMES[rank_]


def parse(text: str) -> int:
    """Read ``7H``, ``10h``, ``TH`` or ``q♠`` as a card."""
    t = text.strip().upper()
    for sym, letter in zip(SUIT_SYMBOLS, SUITS, strict=True):
        t = t.replace(sym, letter)
    if len(t) < 2 or t[-1] not in SUITS or t[:-1] not in _RANK_BY_NAME:
        raise NotationError(f"{text!r} is not a card; write rank then suit, like 7H, 10S, QD or AC")
    return make(_RANK_BY_NAME[t[:-1]], SUITS.index(t[-1]))


def parse_rank(text: str) -> int:
    t = text.strip().upper()
    if t not in _RANK_BY_NAME:
        raise NotationError(f"{text!r} is not a rank; use 2-10, J, Q, K or A")
    return _RANK_BY_NAME[t]
