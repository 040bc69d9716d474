"""Facts about each seat's cards in one game, for the ``card-value`` and bannermen questions.

A feature is a short text, ``kind:card``. Duel 52 (ranks: 2-10, J, Q, K, A):

- ``hand:R`` a card of rank R in the seat's opening hand (after the bannermen draft, if any);
- ``base:R`` a Base card of rank R dealt to the seat;
- ``first:R`` the first card the seat played was of rank R;
- ``removed:R`` a card of rank R was set aside unseen (given to the first seat only: the
  removal touches every seat alike, so what it can change is the first seat's advantage);
- ``hero:R`` and ``banner:R`` the seat's hero and bannermen (the expansion).

Highlander: ``hand:CARD`` (in the opening hand; the face-up row is not counted) and
``played:CARD`` (played at least once).

These are the referee's facts, read after the game from its seed and record; they are
never part of what a seat saw during play. A game without an entry here has no features.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Actions = Sequence[tuple[int, str]]


def features_of(game: str, start: Any, actions: Actions) -> tuple[tuple[str, ...], ...]:
    reader = READERS.get(game)
    seats = len(start.hands) if hasattr(start, "hands") else 2
    if reader is None:
        return tuple(() for _ in range(seats))
    found = reader(start, actions)
    return tuple(tuple(sorted(set(f))) for f in found)


def _duel52(start: Any, actions: Actions) -> list[list[str]]:
    from duelhall.games.duel52.engine import cards as C

    def r(card: int) -> str:
        return C.rank_name(C.rank(card))

    state = start.clone()
    drafted = 0
    for seat, text in actions:  # the bannermen draft comes before the opening hands
        if not text.startswith("draft "):
            break
        state.apply(state.parse_action(text, seat))
        drafted += 1
    seats = len(state.hands)
    out: list[list[str]] = [[f"hand:{r(c)}" for c in hand] for hand in state.hands]
    for lane in state.rows:
        if len(lane) != seats:
            break  # the three-player triangles keep their rows otherwise
        for seat, row in enumerate(lane):
            out[seat] += [f"base:{r(bc.card)}" for bc in row if bc.base]
    first = int(getattr(state, "first_player", 0))
    out[first] += [f"removed:{r(c)}" for c in getattr(state, "removed", [])]
    for seat, hero in enumerate(getattr(state, "heroes", [])):
        if hero >= 0:
            out[seat].append(f"hero:{r(hero)}")
    for seat, banners in enumerate(getattr(state, "banners", [])):
        out[seat] += [f"banner:{r(c)}" for c in banners]
    played: set[int] = set()
    for seat, text in actions[drafted:]:
        if seat not in played and text.startswith("play "):
            played.add(seat)
            out[seat].append(f"first:{r(C.parse(text.split()[1]))}")
    return out


def _highlander(start: Any, actions: Actions) -> list[list[str]]:
    names = start.cards
    out: list[list[str]] = [[f"hand:{_card_key(names, c)}" for c in hand] for hand in start.hands]
    for seat, text in actions:
        if text.startswith("play "):
            out[seat].append(f"played:{text.split()[1]}")
    return out


def _card_key(cards: Any, card: int) -> str:
    return str(cards.cards[card].id)


# The games with card features, and how each reads them.
READERS: dict[str, Callable[[Any, Actions], list[list[str]]]] = {
    "duel52": _duel52,
    "highlander": _highlander,
}
