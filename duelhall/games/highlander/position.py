"""Highlander positions: any moment of a game as a JSON document (docs/positions/highlander.md).

Cards are written by id (or name). Every card of the card file may appear at most once; a
position that gives ``deck`` must place every card, one without ``deck`` has its unplaced
cards shuffled (with ``seed``) into the deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
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
    """Build a state from a position, checking it; errors name the key at fault."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object; see docs/positions/highlander.md")
    if data.get("game", "highlander") != "highlander":
        raise PositionError(f"this position is for {data.get('game')!r}, not highlander")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise PositionError(
            f"unknown key {unknown[0]!r}; a Highlander position has: {', '.join(sorted(KEYS))}"
        )
    try:
        options = info.resolve_options(data.get("options") or {})
        seed = _int(data, "seed", 0)
        state = HighlanderState(options, seed)
    except PositionError:
        raise
    except DuelhallError as e:
        raise PositionError(str(e)) from None
    cards = state.cards
    used: dict[int, str] = {}

    def take(text: Any, where: str) -> int:
        card = cards.card(text) if isinstance(text, str) else None
        if card is None:
            raise PositionError(f"{where}: {text!r} is not a card of {cards.source}")
        if card.index in used:
            raise PositionError(f"{where}: {card.id} is already placed at {used[card.index]}")
        used[card.index] = where
        return card.index

    def pair(key: str, default: Any) -> list[Any]:
        value = data.get(key, default)
        if not isinstance(value, list) or len(value) != 2:
            raise PositionError(f"{key!r} must be [seat 0's, seat 1's], not {value!r}")
        return value

    state.kurgan = _seat(data, "kurgan", 0)
    state.offence = _seat(data, "offence", state.kurgan)
    state.round = _int(data, "round", 1)
    if state.round < 1:
        raise PositionError(f"'round' counts from 1, not {state.round}")
    phase = data.get("phase", CLASH)
    if phase not in (CLASH, DRAFT, "over"):
        raise PositionError(f"'phase' is clash or draft (or over), not {phase!r}")
    hands = pair("hands", [[], []])
    for s in (0, 1):
        if not isinstance(hands[s], list):
            raise PositionError(f"hand of seat {s}: a list of cards, not {hands[s]!r}")
        state.hands[s] = [take(c, f"hand of seat {s}") for c in hands[s]]
        if len(state.hands[s]) > HAND_SIZE:
            raise PositionError(f"hand of seat {s}: {len(state.hands[s])} cards, at most 5")
    played = pair("played", [[], []])
    for s in (0, 1):
        if not isinstance(played[s], list):
            raise PositionError(f"played by seat {s}: a list of cards, not {played[s]!r}")
        state.played[s] = [take(c, f"played by seat {s}") for c in played[s]]
    state.discard = [take(c, "discard") for c in _list(data, "discard")]
    faceup = data.get("faceup", [None] * FACE_UP)
    if not isinstance(faceup, list) or len(faceup) != FACE_UP:
        raise PositionError(f"'faceup' lists the {FACE_UP} face-up places (a card or null)")
    state.faceup = [
        -1 if c is None else take(c, f"face-up place {i + 1}") for i, c in enumerate(faceup)
    ]
    revealed = pair("revealed", [[], []])
    for s in (0, 1):
        if not isinstance(revealed[s], list):
            raise PositionError(f"revealed of seat {s}: a list of cards, not {revealed[s]!r}")
        for text in revealed[s]:
            card = cards.card(text) if isinstance(text, str) else None
            if card is None or card.index not in state.hands[s]:
                raise PositionError(
                    f"revealed of seat {s}: {text!r} is not a card in that seat's hand"
                )
            state.public[s] |= 1 << card.index
    if "deck" in data:
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
    if "deck_cards" in data:
        mask = 0
        for text in _list(data, "deck_cards"):
            card = cards.card(text) if isinstance(text, str) else None
            if card is None:
                raise PositionError(f"deck_cards: {text!r} is not a card")
            mask |= 1 << card.index
        state.deck_mask = mask
    for c in state.deck:
        if not state.deck_mask >> c & 1:
            raise PositionError(
                f"deck: {cards.cards[c].id} is not among 'deck_cards', the cards the deck was "
                "shuffled from"
            )
    state.reshuffles = _int(data, "reshuffles", 0)
    damage = pair("damage", [0, 0])
    for s in (0, 1):
        if isinstance(damage[s], bool) or not isinstance(damage[s], int) or damage[s] < 0:
            raise PositionError(f"damage of seat {s} must be a whole number, not {damage[s]!r}")
    state.damage = [int(damage[0]), int(damage[1])]
    default_unlocked = [state.character(s).unlocked_at(state.damage[s]) for s in (0, 1)]
    unlocked = pair("unlocked", default_unlocked)
    for s in (0, 1):
        if unlocked[s] not in (0, 1, 2) or isinstance(unlocked[s], bool):
            raise PositionError(f"unlocked of seat {s} is 0, 1 or 2 abilities, not {unlocked[s]!r}")
        if unlocked[s] > default_unlocked[s]:
            raise PositionError(
                f"unlocked of seat {s}: {unlocked[s]} abilities, but {state.damage[s]} damage "
                f"unlocks only {default_unlocked[s]}"
            )
    state.unlocked = [int(unlocked[0]), int(unlocked[1])]
    momentum = pair("momentum", [0, 0])
    relentless = pair("relentless", [False, False])
    for s in (0, 1):
        if isinstance(momentum[s], bool) or not isinstance(momentum[s], int) or momentum[s] < 0:
            raise PositionError(f"momentum of seat {s} must be a whole number, not {momentum[s]!r}")
        if not isinstance(relentless[s], bool):
            raise PositionError(f"relentless of seat {s} must be true or false")
    state.next_power = [int(momentum[0]), int(momentum[1])]
    state.free_next = [bool(relentless[0]), bool(relentless[1])]
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
                    raise PositionError(f"chosen of seat {s}: {chosen[s]!r} is not in its hand")
                state.chosen[s] = card.index
        if state.chosen[0] >= 0 and state.chosen[1] >= 0:
            raise PositionError("'chosen': with both cards chosen the clash would have resolved")
    else:
        if any(state.played) or chosen != [None, None]:
            raise PositionError("in the draft phase no card is played or chosen")
        if any(state.next_power) or any(state.free_next):
            raise PositionError("in the draft phase no momentum or relentless is waiting")
        state.current = _seat(data, "to_draft", state.offence)
        if len(state.hands[state.current]) >= HAND_SIZE:
            raise PositionError(f"to_draft: seat {state.current} already holds five cards")
        if not state.deck and not state.discard and all(c < 0 for c in state.faceup):
            raise PositionError("the draft cannot go on: no face-up card, deck or discard pile")
    if data.get("result") is not None:
        state.result = _result(data["result"])
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


def _clash(state: HighlanderState, entry: Any) -> Clash:
    where = f"clashes entry {entry!r}"
    if not isinstance(entry, Mapping):
        raise PositionError(f"{where}: each clash is an object like the view's 'clashes'")
    try:
        cards = tuple(state.cards.card(c).index for c in entry["cards"])  # type: ignore[union-attr]
        result = entry["result"]
        if result not in (BLOCK, PERFECT, STRIKE, "") or len(cards) != 2:
            raise ValueError
        return Clash(
            int(entry["round"]),
            int(entry["clash"]),
            int(entry["offence"]),
            (cards[0], cards[1]),
            (int(entry["penalties"][0]), int(entry["penalties"][1])),
            str(result),
            (int(entry["damage"][0]), int(entry["damage"][1])),
            tuple(str(n) for n in entry.get("notes", [])),
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        raise PositionError(
            f"{where}: needs round, clash, offence, cards (two ids), penalties, result "
            "(block, perfect block or strike) and damage"
        ) from None


def _result(value: Any) -> Outcome:
    if not isinstance(value, Mapping):
        raise PositionError(f"'result' is an object with winner, scores and reason, not {value!r}")
    winner = value.get("winner")
    scores = value.get("scores")
    reason = value.get("reason")
    if (
        winner not in (0, 1)
        or isinstance(winner, bool)
        or not isinstance(scores, list)
        or len(scores) != 2
        or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
        or not isinstance(reason, str)
    ):
        raise PositionError(
            f"'result' needs winner (0 or 1), scores (two numbers) and reason, not {value!r}"
        )
    return Outcome(winner, tuple(float(x) for x in scores), reason, str(value.get("detail", "")))


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{key!r} must be a whole number, not {value!r}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise PositionError(f"{key!r} must be a list, not {value!r}")
    return value


def _seat(data: Mapping[str, Any], key: str, default: int) -> int:
    value = _int(data, key, default)
    if value not in (0, 1):
        raise PositionError(f"{key!r} is a seat: 0 or 1, not {value}")
    return value
