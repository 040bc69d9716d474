"""What one seat may see of a Highlander state, and states re-sampled from that sight.

A seat sees its own hand and its own secret choice; of the opponent's hand only its size and
the cards the opponent took face-up from beside the deck (everyone saw those taken, and they
stay known until played). The face-up cards, the cards played this round, the discard pile,
damage, the offence marker, unlocked abilities and every revealed clash are public. The
deck's order is not, and neither is the opponent's choice until both have chosen.

Cards are named by their id from the card file. Every card exists once and a name says
nothing about where a hidden card went, so no view carries anything that could follow a
hidden card.

Keys of a view (per-seat lists are in seat order):

- ``phase`` (``draft``, ``clash`` or ``over``), ``to_move``, ``round``, ``clash`` (the number
  of the next clash in the round), ``offence``, ``kurgan`` (the seat playing The Kurgan);
- ``characters``: name, key and abilities (name, threshold, effects, ``unlocked``);
- ``damage``, ``limit``, ``positions`` (attack positions along a card's edge);
- ``hands``: the seat's own hand as card ids, the opponent's as a count; ``hand_sizes``;
  ``revealed``: cards in each hand that were taken face-up (public);
- ``faceup``, ``deck`` (a count), ``deck_cards`` (what the deck was last shuffled from),
  ``reshuffles``, ``discard``, ``played`` (this round, in order);
- ``committed`` (who has chosen this clash), ``chosen`` (the seat's own choice only);
- ``required`` (positions each seat's next card must include, or null), ``momentum`` and
  ``relentless`` (effects waiting for each seat's next card);
- ``unseen``: every card whose place this seat does not know (the opponent's hidden cards and
  the deck, together);
- ``clashes``: every revealed clash (cards, penalties, result, damage, notes);
- ``options``, ``result``; and for the full view only, ``deck_order`` and ``seed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng

if TYPE_CHECKING:
    from duelhall.games.highlander.engine.state import Clash, HighlanderState


def _ids(state: HighlanderState, cards: list[int]) -> list[str]:
    table = state.cards.cards
    return [table[c].id for c in cards]


def _sorted_ids(state: HighlanderState, cards: list[int]) -> list[str]:
    return _ids(state, sorted(cards))


def _mask_ids(state: HighlanderState, mask: int) -> list[str]:
    return [c.id for c in state.cards.cards if mask >> c.index & 1]


def _positions(state: HighlanderState, mask: int) -> list[int] | None:
    if not mask:
        return None
    return [p for p in range(1, state.cards.positions + 1) if mask >> (p - 1) & 1]


def clash_json(state: HighlanderState, clash: Clash) -> dict[str, Any]:
    return {
        "round": clash.round,
        "clash": clash.number,
        "offence": clash.offence,
        "cards": _ids(state, list(clash.cards)),
        "penalties": list(clash.penalties),
        "result": clash.result,
        "damage": list(clash.damage),
        "notes": list(clash.notes),
    }


def character_json(state: HighlanderState, seat: int) -> dict[str, Any]:
    char = state.character(seat)
    return {
        "key": char.key,
        "name": char.name,
        "abilities": [
            {
                "name": a.name,
                "threshold": a.threshold,
                "effects": [str(e) for e in a.effects],
                "unlocked": i < state.unlocked[seat],
            }
            for i, a in enumerate(char.abilities)
        ],
    }


def public_mask(state: HighlanderState) -> int:
    """Cards whose place every seat knows (a spectator's known cards)."""
    mask = state.public[0] | state.public[1]
    for zone in (state.played[0], state.played[1], state.discard, state.faceup):
        for c in zone:
            if c >= 0:
                mask |= 1 << c
    return mask


def known_mask(state: HighlanderState, seat: int) -> int:
    """Cards whose place ``seat`` knows: the public ones and its own hand."""
    mask = public_mask(state)
    for c in state.hands[seat]:
        mask |= 1 << c
    return mask


def _table(
    state: HighlanderState, seat: int | None, sees: tuple[bool, bool], unseen: list[str]
) -> dict[str, Any]:
    """The view of a viewer who sees the hands and choices of the seats in ``sees``."""
    hands: list[Any] = [
        _sorted_ids(state, state.hands[s]) if sees[s] else len(state.hands[s]) for s in (0, 1)
    ]
    chosen: list[str | None] = [
        state.cards.cards[c].id if c >= 0 and sees[s] else None for s, c in enumerate(state.chosen)
    ]
    return {
        "game": "highlander",
        "seat": seat,
        "phase": state.phase,
        "to_move": list(state.to_move()),
        "round": state.round,
        "clash": state.clash_no + 1,
        "offence": state.offence,
        "kurgan": state.kurgan,
        "characters": [character_json(state, 0), character_json(state, 1)],
        "damage": list(state.damage),
        "limit": state.limit,
        "positions": state.cards.positions,
        "hands": hands,
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "revealed": [_mask_ids(state, state.public[0]), _mask_ids(state, state.public[1])],
        "faceup": [state.cards.cards[c].id if c >= 0 else None for c in state.faceup],
        "deck": len(state.deck),
        "discard": _ids(state, state.discard),
        "played": [_ids(state, state.played[0]), _ids(state, state.played[1])],
        "committed": [c >= 0 for c in state.chosen],
        "chosen": chosen,
        "required": [_positions(state, state.required(s)) for s in (0, 1)],
        "momentum": list(state.next_power),
        "relentless": list(state.free_next),
        "reshuffles": state.reshuffles,
        "deck_cards": _mask_ids(state, state.deck_mask),
        "unseen": unseen,
        "clashes": [clash_json(state, c) for c in state.history],
        "options": dict(state.options),
        "result": state.result.to_json() if state.result else None,
    }


def build_view(state: HighlanderState, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    if seat is None:
        view = _table(state, None, (True, True), [])
    else:
        unseen = _mask_ids(state, state.cards.all_mask & ~known_mask(state, seat))
        view = _table(state, seat, (seat == 0, seat == 1), unseen)
    if seat is None:
        view["deck_order"] = _ids(state, state.deck[::-1])  # top card first
        view["seed"] = state.seed
    return view


def public_view(state: HighlanderState) -> dict[str, Any]:
    """What both seats know, a spectator's sight: both hands as counts (with the cards taken
    face-up in ``revealed``), no secret choice (``committed`` says who has chosen), and in
    ``unseen`` every card in a hand or the deck that was not seen taken. ``seat`` is None as
    in the full view; ``public`` tells them apart."""
    unseen = _mask_ids(state, state.cards.all_mask & ~public_mask(state))
    view = _table(state, None, (False, False), unseen)
    view["public"] = True
    return view


def determinize(state: HighlanderState, seat: int, rng: Rng) -> HighlanderState:
    """Re-deal every card ``seat`` cannot place, keeping everything it knows.

    The unknown cards are the deck and the opponent's hand minus the cards it took
    face-up. Those of them that were not in the deck at its last shuffle must be in the
    opponent's hand since before that shuffle, so they stay there; the rest are shuffled
    between the opponent's hand and the deck. A secret choice the opponent has made is
    re-drawn from its re-dealt hand.
    """
    new = state.clone()
    opp = 1 - seat
    public = state.public[opp]
    in_deck = state.deck_mask
    hidden = [c for c in state.hands[opp] if not public >> c & 1]
    kept = [c for c in hidden if not in_deck >> c & 1]
    # Shuffle in a fixed order: as gathered, the pool lists cards where they really are.
    pool = sorted([c for c in hidden if in_deck >> c & 1] + state.deck)
    rng.shuffle(pool)
    fresh = len(hidden) - len(kept)
    new.hands[opp] = sorted([c for c in state.hands[opp] if public >> c & 1] + kept + pool[:fresh])
    new.deck = pool[fresh:]
    if state.chosen[opp] >= 0:
        new.chosen[opp] = new.hands[opp][rng.below(len(new.hands[opp]))]
    # The real seed would re-deal the real game: the sample gets one of its own.
    sample_seed = rng.next_u64()
    new.rng = Rng(sample_seed)
    new.seed = sample_seed
    new._legal = None
    return new
