"""Highlander positions: any moment of a game as a JSON document (docs/positions/highlander.md).

Cards are written by id (or name). Every card of the card file may appear at most once; a
position that gives ``deck`` must place every card, one without ``deck`` has its unplaced
cards shuffled (with ``seed``) into the deck.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from duelhall.core import fields as F
from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.untrusted import shown
from duelhall.games.highlander.engine.state import (
    BLOCK,
    CLASH,
    DRAFT,
    FACE_UP,
    HAND_SIZE,
    PERFECT,
    STRIKE,
    Clash,
    HighlanderState,
)
from duelhall.games.highlander.view import clash_json

KEYS = {
    "game",
    "options",
    "seed",
    "phase",
    "round",
    "kurgan",
    "offence",
    "to_draft",
    "damage",
    "unlocked",
    "hands",
    "revealed",
    "chosen",
    "faceup",
    "deck",
    "deck_cards",
    "reshuffles",
    "discard",
    "played",
    "momentum",
    "relentless",
    "clashes",
    "result",
}


def to_position(state: HighlanderState) -> dict[str, Any]:
    table = state.cards.cards

    def ids(cards: list[int]) -> list[str]:
        return [table[c].id for c in cards]

    return {
        "game": "highlander",
        "options": dict(state.options),
        "seed": state.seed,
        "phase": state.phase if state.result is None else "over",
        "round": state.round,
        "kurgan": state.kurgan,
        "offence": state.offence,
        "to_draft": state.current,
        "damage": list(state.damage),
        "unlocked": list(state.unlocked),
        "hands": [ids(h) for h in state.hands],
        "revealed": [[c.id for c in table if p >> c.index & 1] for p in state.public],
        "chosen": [table[c].id if c >= 0 else None for c in state.chosen],
        "faceup": [table[c].id if c >= 0 else None for c in state.faceup],
        "deck": ids(state.deck[::-1]),
        "deck_cards": [c.id for c in table if state.deck_mask >> c.index & 1],
        "reshuffles": state.reshuffles,
        "discard": ids(state.discard),
        "played": [ids(p) for p in state.played],
        "momentum": list(state.next_power),
        "relentless": list(state.free_next),
        "clashes": [clash_json(state, c) for c in state.history],
        "result": state.result.to_json() if state.result is not None else None,
    }


def load_position(info: GameInfo, data: Mapping[str, Any]) -> HighlanderState:
    """Build a state from a position, checking it; errors name the key at fault. ``data``
    is untrusted: every field is read through :mod:`duelhall.core.fields`."""
    F.known_keys(data, KEYS, "a Highlander position")
    options = F.options(info, data)
    seed = F.whole(data.get("seed", 0), "'seed'", 0, 2**64 - 1)
    try:
        state = HighlanderState(options, seed)
    except DuelhallError as e:
        raise PositionError(str(e)) from None
    cards = state.cards
    used: dict[int, str] = {}

    def take(text: Any, where: str) -> int:
        card = cards.card(text) if isinstance(text, str) else None
        if card is None:
            raise PositionError(f"{where}: {shown(text)} is not a card of {cards.source}")
        if card.index in used:
            raise PositionError(f"{where}: {card.id} is already placed at {used[card.index]}")
        used[card.index] = where
        return card.index

    def pair(key: str, default: Any) -> list[Any]:
        return F.listed(data.get(key, default), repr(key), 2, "seat 0's, seat 1's")

    def seat_cards(key: str, s: int, value: Any) -> list[Any]:
        return F.listed(value, f"{key} of seat {s}")

    state.kurgan = F.seat(data.get("kurgan", 0), "'kurgan'", 2)
    state.offence = F.seat(data.get("offence", state.kurgan), "'offence'", 2)
    state.round = F.whole(data.get("round", 1), "'round' (counted from 1)", 1, F.BIG)
    phase = F.one_of(data.get("phase", CLASH), "'phase'", (CLASH, DRAFT, "over"))
    hands = pair("hands", [[], []])
    for s in (0, 1):
        state.hands[s] = [take(c, f"hand of seat {s}") for c in seat_cards("hand", s, hands[s])]
        if len(state.hands[s]) > HAND_SIZE:
            raise PositionError(f"hand of seat {s}: {len(state.hands[s])} cards, at most 5")
    played = pair("played", [[], []])
    for s in (0, 1):
        cards_played = seat_cards("played", s, played[s])
        state.played[s] = [take(c, f"played by seat {s}") for c in cards_played]
    state.discard = [take(c, "discard") for c in _list(data, "discard")]
    faceup = F.listed(
        data.get("faceup", [None] * FACE_UP), "'faceup'", FACE_UP, "a card or null a place"
    )
    state.faceup = [
        -1 if c is None else take(c, f"face-up place {i + 1}") for i, c in enumerate(faceup)
    ]
    revealed = pair("revealed", [[], []])
    for s in (0, 1):
        for text in seat_cards("revealed", s, revealed[s]):
            card = cards.card(text) if isinstance(text, str) else None
            if card is None or card.index not in state.hands[s]:
                raise PositionError(
                    f"revealed of seat {s}: {shown(text)} is not a card in that seat's hand"
                )
            state.public[s] |= 1 << card.index
    if data.get("deck") is not None:
        state.deck = [take(c, "deck") for c in _list(data, "deck")][::-1]
        missing = [c.id for c in cards.cards if c.index not in used]
        if missing:
            raise PositionError(
                f"with 'deck' given every card must be placed; not placed: {', '.join(missing)}"
            )
    else:
        rest = [c.index for c in cards.cards if c.index not in used]
        Rng(seed).shuffle(rest)
        state.deck = rest
    if data.get("deck_cards") is not None:
        mask = 0
        for text in _list(data, "deck_cards"):
            card = cards.card(text) if isinstance(text, str) else None
            if card is None:
                raise PositionError(f"deck_cards: {shown(text)} is not a card")
            mask |= 1 << card.index
        state.deck_mask = mask
    for c in state.deck:
        if not state.deck_mask >> c & 1:
            raise PositionError(
                f"deck: {cards.cards[c].id} is not among 'deck_cards', the cards the deck was "
                "shuffled from"
            )
    state.reshuffles = F.whole(data.get("reshuffles", 0), "'reshuffles'")
    damage = pair("damage", [0, 0])
    state.damage = [F.whole(damage[s], f"damage of seat {s}", 0, 999) for s in (0, 1)]
    default_unlocked = [state.character(s).unlocked_at(state.damage[s]) for s in (0, 1)]
    unlocked = pair("unlocked", default_unlocked)
    for s in (0, 1):
        F.one_of(unlocked[s], f"unlocked of seat {s} (abilities)", (0, 1, 2))
        if unlocked[s] > default_unlocked[s]:
            raise PositionError(
                f"unlocked of seat {s}: {unlocked[s]} abilities, but {state.damage[s]} damage "
                f"unlocks only {default_unlocked[s]}"
            )
    state.unlocked = [int(unlocked[0]), int(unlocked[1])]
    momentum = pair("momentum", [0, 0])
    relentless = pair("relentless", [False, False])
    state.next_power = [F.whole(momentum[s], f"momentum of seat {s}", 0, 99) for s in (0, 1)]
    state.free_next = [F.flag(relentless[s], f"relentless of seat {s}") for s in (0, 1)]
    state.history = [_clash(state, entry) for entry in _list(data, "clashes")]
    chosen = pair("chosen", [None, None])
    state.phase = CLASH if phase == "over" else phase
    if phase == "over":
        if data.get("result") is None:
            raise PositionError("phase 'over' needs the game's 'result'")
        state.clash_no = len(state.played[0])
    elif state.phase == CLASH:
        if len(state.played[0]) != len(state.played[1]):
            raise PositionError("'played': both players play one card a clash, so equal counts")
        if len(state.hands[0]) != len(state.hands[1]) or len(state.hands[0]) < 2:
            raise PositionError(
                "in the clash phase both hands hold the same number of cards, at least 2 "
                "(a round ends when both hold one)"
            )
        state.clash_no = len(state.played[0])
        for s in (0, 1):
            if chosen[s] is not None:
                card = cards.card(chosen[s]) if isinstance(chosen[s], str) else None
                if card is None or card.index not in state.hands[s]:
                    raise PositionError(
                        f"chosen of seat {s}: {shown(chosen[s])} is not in its hand"
                    )
                state.chosen[s] = card.index
        if state.chosen[0] >= 0 and state.chosen[1] >= 0:
            raise PositionError("'chosen': with both cards chosen the clash would have resolved")
    else:
        if any(state.played) or chosen != [None, None]:
            raise PositionError("in the draft phase no card is played or chosen")
        if any(state.next_power) or any(state.free_next):
            raise PositionError("in the draft phase no momentum or relentless is waiting")
        state.current = F.seat(data.get("to_draft", state.offence), "'to_draft'", 2)
        if len(state.hands[state.current]) >= HAND_SIZE:
            raise PositionError(f"to_draft: seat {state.current} already holds five cards")
        if not state.deck and not state.discard and all(c < 0 for c in state.faceup):
            raise PositionError("the draft cannot go on: no face-up card, deck or discard pile")
    if data.get("result") is not None:
        state.result = F.outcome(data["result"], 2)
        if state.result.winner is None:
            raise PositionError("'result': a Highlander game always has a winner (0 or 1)")
        state.phase = "over"
        state._legal = []
    else:
        if max(state.damage) >= state.limit:
            raise PositionError(
                f"a player has {max(state.damage)} damage (limit {state.limit}): the game "
                "would be over; give its 'result' too"
            )
        state._legal = None
    return state


CLASH_KEYS = ("round", "clash", "offence", "cards", "penalties", "result", "damage", "notes")
# The notes a clash records (see HighlanderState._resolve): a word or two, then an amount.
_NOTE = re.compile(
    r"(precise|riposte|power|momentum|armor|momentum waiting) [0-9]{1,3}|relentless|penalty"
)


def _clash(state: HighlanderState, entry: Any) -> Clash:
    where = f"clashes entry {shown(entry)}"
    if not isinstance(entry, Mapping):
        raise PositionError(f"{where}: each clash is an object like the view's 'clashes'")
    F.known_keys(entry, CLASH_KEYS, "a clashes entry")
    ids = F.listed(entry.get("cards"), f"{where}: 'cards'", 2, "the ids seat 0 and 1 played")
    cards = []
    for text in ids:
        card = state.cards.card(text) if isinstance(text, str) else None
        if card is None:
            raise PositionError(f"{where}: {shown(text)} is not a card")
        cards.append(card.index)
    notes = F.listed(entry.get("notes", []), f"{where}: 'notes'")
    for note in notes:
        if not isinstance(note, str) or not _NOTE.fullmatch(note):
            raise PositionError(
                f"{where}: {shown(note)} is not a clash note (like 'power 2' or 'relentless')"
            )
    penalties = F.listed(entry.get("penalties"), f"{where}: 'penalties'", 2, "by seat")
    damage = F.listed(entry.get("damage"), f"{where}: 'damage'", 2, "by seat")
    return Clash(
        F.whole(entry.get("round"), f"{where}: 'round'", 1, F.BIG),
        F.whole(entry.get("clash"), f"{where}: 'clash'", 1, F.BIG),
        F.seat(entry.get("offence"), f"{where}: 'offence'", 2),
        (cards[0], cards[1]),
        (
            F.whole(penalties[0], f"{where}: penalties", 0, 999),
            F.whole(penalties[1], f"{where}: penalties", 0, 999),
        ),
        F.one_of(entry.get("result"), f"{where}: 'result'", (BLOCK, PERFECT, STRIKE, "")),
        (
            F.whole(damage[0], f"{where}: damage", 0, 999),
            F.whole(damage[1], f"{where}: damage", 0, 999),
        ),
        tuple(notes),
    )


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    return [] if value is None else F.listed(value, repr(key))
