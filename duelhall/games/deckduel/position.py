"""Deck Duel positions: any moment of a game as a short JSON document (docs/positions/deckduel.md).

A player is an object with ``health``, ``actions``, ``rage``, ``focus``, ``round``,
``deck`` (top card first), ``discard`` (oldest first; ``{"card": "9", "up": false}`` for a
face-down foresight discard), ``top_known`` and ``rage_choice`` (``null`` until answered).
Cards are ranks: ``A``, ``2``-``10``, ``J``, ``Q``, ``K``. When ``deck`` is left out, the
player's cards not placed anywhere are shuffled with the seed into the deck, below any
``deck_top`` cards (top card first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core import fields as F
from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.untrusted import shown
from duelhall.games.deckduel.engine.state import (
    ACE,
    DIE_ACTIONS,
    JACK,
    KING,
    MAX_DAMAGE,
    MAX_HEALTH,
    MAX_RAGE,
    SUIT,
    Combat,
    DeckDuelState,
    card_name,
    value,
)
from duelhall.games.deckduel.notation import parse_card
from duelhall.games.deckduel.view import combat_json


def to_position(state: DeckDuelState) -> dict[str, Any]:
    players = []
    for s in (0, 1):
        players.append(
            {
                "health": state.health[s],
                "actions": state.actions[s],
                "rage": state.rage[s],
                "focus": state.focus[s],
                "round": state.rounds[s],
                "deck": [card_name(c) for c in reversed(state.decks[s])],
                "discard": [
                    card_name(c) if up else {"card": card_name(c), "up": False}
                    for c, up in state.discards[s]
                ],
                "top_known": state.known_top[s],
                "rage_choice": state.choice[s],
            }
        )
    return {
        "game": "deckduel",
        "options": dict(state.options),
        "seed": state.seed,
        "turn": state.turn,
        "players": players,
        "combat": combat_json(state.combat),
        "pending": [
            [e[0], e[1], *([e[2]] if e[0] in ("block", "hit") else [])]
            + ([card_name(e[2])] if e[0] == "face" else [])
            for e in state.pending
        ],
        "result": state.result.to_json() if state.result is not None else None,
    }


KEYS = ("game", "options", "seed", "turn", "players", "combat", "pending", "result")
PLAYER_KEYS = (
    "health",
    "actions",
    "rage",
    "focus",
    "round",
    "deck",
    "deck_top",
    "discard",
    "top_known",
    "rage_choice",
)
COMBAT_KEYS = (
    "turn",
    "cards",
    "focused",
    "spent",
    "rage",
    "winner",
    "damage",
    "blocked",
    "dealt",
    "landed",
    "effect",
    "look",
    "reshuffled",
    "new_round",
)


def load_position(info: GameInfo, data: Mapping[str, Any]) -> DeckDuelState:
    """Build a state from a position, checking that it could happen in a game. ``data`` is
    untrusted: every field is read through :mod:`duelhall.core.fields`."""
    F.known_keys(data, KEYS, "a Deck Duel position")
    options = F.options(info, data)
    seed = F.whole(data.get("seed", 0), "'seed'", 0, 2**64 - 1)
    state = DeckDuelState(options, seed)
    state.turn = F.whole(data.get("turn", 1), "'turn'", 1, 10**9)
    players = F.listed(
        _or(data, "players", [{}, {}]), "'players'", 2, "two players, player 1 first"
    )
    for s, p in enumerate(players):
        where = f"player {s + 1}"
        if not isinstance(p, Mapping):
            raise PositionError(f"{where} is an object with health, actions, rage...")
        F.known_keys(p, PLAYER_KEYS, where)
        state.health[s] = F.whole(p.get("health", 10), f"{where}: 'health'", 0, MAX_HEALTH)
        limit = DIE_ACTIONS if options["action_die_limit"] else 10**6
        state.actions[s] = F.whole(p.get("actions", 2), f"{where}: 'actions'", 0, limit)
        state.rage[s] = F.whole(p.get("rage", 0), f"{where}: 'rage'", 0, MAX_RAGE)
        state.rounds[s] = F.whole(p.get("round", 1), f"{where}: 'round'", 1, 10**9)
        state.focus[s] = F.flag(p.get("focus", False), f"{where}: 'focus'")
        state.known_top[s] = F.flag(p.get("top_known", False), f"{where}: 'top_known'")
        choice = p.get("rage_choice")
        state.choice[s] = None if choice is None else F.flag(choice, f"{where}: 'rage_choice'")
    flipped = state.choice[0] is not None and state.choice[1] is not None
    state.combat = _combat(data.get("combat"), required=flipped)
    for s, p in enumerate(players):
        _cards(state, s, p, seed, flipped)
    for entry in F.listed(_or(data, "pending", []), "'pending'"):
        state.pending.append(_pending(state, entry))
    if state.pending and not flipped:
        raise PositionError(
            "'pending' choices belong to a combat: give both players a rage_choice "
            "(the cards are on the table) and the 'combat' they came from"
        )
    if data.get("result") is not None:
        state.result = F.outcome(data["result"], 2)
        return state
    for s in (0, 1):
        if state.health[s] < 1:
            raise PositionError(f"player {s + 1} has health 0 but the game has no 'result'")
        if not flipped and not state.decks[s]:
            raise PositionError(f"player {s + 1}'s deck is empty: there is nothing to flip")
        if not flipped and state.choice[s] and (state.actions[s] < 1 or state.rage[s] >= MAX_RAGE):
            raise PositionError(
                f"player {s + 1} answered rage without an action point to spend or with "
                "rage already 3"
            )
    state._settle()
    return state


def _or(data: Mapping[str, Any], key: str, default: Any) -> Any:
    """``data[key]``, with ``null`` or a missing key meaning ``default``."""
    value = data.get(key)
    return default if value is None else value


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise PositionError(f"{where}: a card is written A, 2-10, J, Q or K, not {shown(value)}")
    try:
        return parse_card(value)
    except DuelhallError as e:
        raise PositionError(f"{where}: {e}") from None


def _cards(state: DeckDuelState, s: int, p: Mapping[str, Any], seed: int, flipped: bool) -> None:
    where = f"player {s + 1}"
    used: dict[int, str] = {}

    def take(value: Any, place: str) -> int:
        card = _card(value, f"{where}, {place}")
        if card in used:
            raise PositionError(
                f"{where}: {card_name(card)} appears twice ({used[card]} and {place})"
            )
        used[card] = place
        return card

    combat = state.combat
    if flipped and combat is not None:
        take(card_name(combat.cards[s]), "the table")
    if state.focus[s] and not (flipped and combat is not None and combat.cards[s] == KING):
        take("K", "sideways for focus")
    for k, entry in enumerate(F.listed(_or(p, "discard", []), f"{where}: 'discard'")):
        if isinstance(entry, Mapping):
            F.known_keys(entry, ("card", "up"), f"{where}, discard {k + 1}")
            card = take(entry.get("card"), f"discard {k + 1}")
            up = F.flag(entry.get("up", True), f"{where}, discard {k + 1}: 'up'")
        else:
            card, up = take(entry, f"discard {k + 1}"), True
        state.discards[s].append((card, up))
    if p.get("deck") is not None:
        if "deck_top" in p:
            raise PositionError(f"{where}: give 'deck' or 'deck_top', not both")
        deck = [take(c, "deck") for c in F.listed(p["deck"], f"{where}: 'deck'")]
        missing = [card_name(c) for c in SUIT if c not in used]
        if missing:
            raise PositionError(
                f"{where}: {', '.join(missing)} not placed anywhere; every card of the suit "
                "must be in the deck, the discard pile, on the table or sideways"
            )
        state.decks[s] = deck[::-1]
    else:
        top = [
            take(c, "deck_top") for c in F.listed(_or(p, "deck_top", []), f"{where}: 'deck_top'")
        ]
        rest = [c for c in SUIT if c not in used]
        Rng(seed + s).shuffle(rest)
        state.decks[s] = rest + top[::-1]
    if state.known_top[s] and not state.decks[s]:
        raise PositionError(f"{where}: 'top_known' needs a card in the deck")


def _combat(value_: Any, *, required: bool) -> Combat | None:
    if value_ is None:
        if required:
            raise PositionError(
                "both players have answered rage, so the cards are on the table: give "
                "'combat' with at least its 'cards' (the two flipped cards)"
            )
        return None
    if not isinstance(value_, Mapping):
        raise PositionError("'combat' is an object with the flipped 'cards' and what followed")
    F.known_keys(value_, COMBAT_KEYS, "'combat'")
    cards_ = F.listed(value_.get("cards"), "combat 'cards'", 2, "the two flipped cards")
    c0, c1 = (_card(c, "combat 'cards'") for c in cards_)
    focused = _pair(value_, "focused", False)
    if (focused[0] and c0 != ACE) or (focused[1] and c1 != ACE):
        raise PositionError("combat: only an Ace can be 'focused'")
    v0, v1 = value(c0, focused[0]), value(c1, focused[1])
    winner = F.one_of(
        value_.get("winner", None if v0 == v1 else (0 if v0 > v1 else 1)),
        "combat 'winner' (null for a tie)",
        (None, 0, 1),
    )
    effect = F.one_of(
        value_.get("effect", ""), "combat 'effect'", ("", "focus", "heal", "foresight", "action")
    )
    look = F.one_of(value_.get("look", ""), "combat 'look'", ("", "keep", "discard"))
    rage = _pair(value_, "rage", 0)
    if not all(0 <= r <= MAX_RAGE for r in rage):
        raise PositionError(f"combat 'rage' is each player's rage, 0 to {MAX_RAGE}")
    return Combat(
        turn=F.whole(value_.get("turn", 1), "combat 'turn'", 1, 10**9),
        cards=(c0, c1),
        focused=focused,
        spent=_pair(value_, "spent", False),
        rage=rage,
        winner=winner,
        damage=F.whole(value_.get("damage", 0), "combat 'damage'", 0, MAX_DAMAGE),
        blocked=F.flag(value_.get("blocked", False), "combat 'blocked'"),
        dealt=F.whole(value_.get("dealt", 0), "combat 'dealt'", 0, MAX_DAMAGE),
        landed=F.flag(value_.get("landed", False), "combat 'landed'"),
        effect=effect,
        look=look,
        reshuffled=_pair(value_, "reshuffled", False),
        new_round=_pair(value_, "new_round", False),
    )


def _pending(state: DeckDuelState, entry: Any) -> tuple[Any, ...]:
    if not isinstance(entry, list) or len(entry) < 2:
        raise PositionError(
            "each pending entry is a list like ['block', 1, 3], ['face', 0, 'K'] or ['look', 0]"
        )
    what, n = entry[0], len(entry)
    seat = F.seat(entry[1], f"pending {shown(entry)}: the second item", 2)
    if what in ("block", "hit") and n == 3:
        return (what, seat, F.whole(entry[2], f"pending {what}: the damage", 1, 5))
    if what == "face" and n == 3:
        card = _card(entry[2], "pending face")
        if card < JACK:
            raise PositionError(
                f"pending {shown(entry)}: the third item is the face card, J, Q or K"
            )
        return ("face", seat, card)
    if what == "look" and n == 2:
        if not state.decks[seat]:
            raise PositionError(f"pending {shown(entry)}: player {seat + 1}'s deck is empty")
        return ("look", seat)
    if what in ("block", "hit", "face", "look"):
        raise PositionError(
            f"pending {shown(entry)}: write ['block', SEAT, DAMAGE], ['hit', SEAT, DAMAGE], "
            "['face', SEAT, CARD] or ['look', SEAT]"
        )
    raise PositionError(f"unknown pending choice {shown(what)}; use block, hit, face or look")


def _pair(data: Mapping[str, Any], key: str, default: Any) -> Any:
    v = data.get(key, [default, default])
    if not isinstance(v, list) or len(v) != 2 or any(type(x) is not type(default) for x in v):
        kind = "true/false" if isinstance(default, bool) else "whole numbers"
        raise PositionError(f"combat {key!r} is a pair of {kind}, one a player, not {shown(v)}")
    return (v[0], v[1])
