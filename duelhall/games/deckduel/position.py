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

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
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


def load_position(info: GameInfo, data: Mapping[str, Any]) -> DeckDuelState:
    """Build a state from a position, checking that it could happen in a game."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object; see docs/positions/deckduel.md")
    if data.get("game", "deckduel") != "deckduel":
        raise PositionError(f"this position is for {data.get('game')!r}, not deckduel")
    try:
        options = info.resolve_options(data.get("options") or {})
    except DuelhallError as e:
        raise PositionError(str(e)) from None
    if options["turn_limit"] < 0:
        raise PositionError("option 'turn_limit' takes 0 (no limit) or a positive number")
    seed = _int(data, "seed", 0, 0, 2**64 - 1)
    state = DeckDuelState(options, seed)
    state.turn = _int(data, "turn", 1, 1, 10**9)
    players = data.get("players") or [{}, {}]
    if not isinstance(players, list) or len(players) != 2:
        raise PositionError("'players' must list two players: [player 1, player 2]")
    for s, p in enumerate(players):
        if not isinstance(p, Mapping):
            raise PositionError(f"player {s + 1} is an object with health, actions, rage...")
        where = f"player {s + 1}"
        state.health[s] = _int(p, "health", 10, 0, MAX_HEALTH, where)
        limit = DIE_ACTIONS if options["action_die_limit"] else 10**6
        state.actions[s] = _int(p, "actions", 2, 0, limit, where)
        state.rage[s] = _int(p, "rage", 0, 0, MAX_RAGE, where)
        state.rounds[s] = _int(p, "round", 1, 1, 10**9, where)
        state.focus[s] = _bool(p, "focus", False, where)
        state.known_top[s] = _bool(p, "top_known", False, where)
        choice = p.get("rage_choice")
        if choice is not None and not isinstance(choice, bool):
            raise PositionError(f"{where}: 'rage_choice' is null, true or false, not {choice!r}")
        state.choice[s] = choice
    flipped = state.choice[0] is not None and state.choice[1] is not None
    state.combat = _combat(data.get("combat"), required=flipped)
    for s, p in enumerate(players):
        _cards(state, s, p, seed, flipped)
    for entry in _list(data, "pending"):
        state.pending.append(_pending(state, entry))
    if state.pending and not flipped:
        raise PositionError(
            "'pending' choices belong to a combat: give both players a rage_choice "
            "(the cards are on the table) and the 'combat' they came from"
        )
    if data.get("result") is not None:
        state.result = _result(data["result"])
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


def _cards(state: DeckDuelState, s: int, p: Mapping[str, Any], seed: int, flipped: bool) -> None:
    where = f"player {s + 1}"
    used: dict[int, str] = {}

    def take(text: Any, place: str) -> int:
        try:
            card = parse_card(str(text))
        except DuelhallError as e:
            raise PositionError(f"{where}, {place}: {e}") from None
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
    for k, entry in enumerate(_list(p, "discard", where)):
        if isinstance(entry, Mapping):
            card = take(entry.get("card"), f"discard {k + 1}")
            up = _bool(entry, "up", True, f"{where}, discard {k + 1}")
        else:
            card, up = take(entry, f"discard {k + 1}"), True
        state.discards[s].append((card, up))
    if "deck" in p:
        deck = [take(c, "deck") for c in _list(p, "deck", where)]
        missing = [card_name(c) for c in SUIT if c not in used]
        if missing:
            raise PositionError(
                f"{where}: {', '.join(missing)} not placed anywhere; every card of the suit "
                "must be in the deck, the discard pile, on the table or sideways"
            )
        state.decks[s] = deck[::-1]
    else:
        top = [take(c, "deck_top") for c in _list(p, "deck_top", where)]
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
    cards_ = value_.get("cards")
    if not isinstance(cards_, list) or len(cards_) != 2:
        raise PositionError("combat 'cards' lists the two flipped cards, like ['K', '7']")
    try:
        c0, c1 = (parse_card(str(c)) for c in cards_)
    except DuelhallError as e:
        raise PositionError(f"combat: {e}") from None
    focused = _pair(value_, "focused", False)
    if (focused[0] and c0 != ACE) or (focused[1] and c1 != ACE):
        raise PositionError("combat: only an Ace can be 'focused'")
    v0, v1 = value(c0, focused[0]), value(c1, focused[1])
    winner = value_.get("winner", None if v0 == v1 else (0 if v0 > v1 else 1))
    if winner not in (None, 0, 1) or isinstance(winner, bool):
        raise PositionError(f"combat 'winner' is null (a tie), 0 or 1, not {winner!r}")
    damage = _int(value_, "damage", 0, 0, MAX_DAMAGE, "combat")
    effect = value_.get("effect", "")
    if effect not in ("", "focus", "heal", "foresight", "action"):
        raise PositionError(
            f"combat 'effect' is focus, heal, foresight, action or empty, not {effect!r}"
        )
    look = value_.get("look", "")
    if look not in ("", "keep", "discard"):
        raise PositionError(f"combat 'look' is keep, discard or empty, not {look!r}")
    return Combat(
        turn=_int(value_, "turn", 1, 1, 10**9, "combat"),
        cards=(c0, c1),
        focused=focused,
        spent=_pair(value_, "spent", False),
        rage=_pair(value_, "rage", 0),
        winner=winner,
        damage=damage,
        blocked=_bool(value_, "blocked", False, "combat"),
        dealt=_int(value_, "dealt", 0, 0, MAX_DAMAGE, "combat"),
        landed=_bool(value_, "landed", False, "combat"),
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
    what, seat = entry[0], entry[1]
    if seat not in (0, 1) or isinstance(seat, bool):
        raise PositionError(f"pending {entry!r}: the second item is a seat, 0 or 1")
    if what in ("block", "hit"):
        damage = entry[2] if len(entry) > 2 else None
        if not isinstance(damage, int) or isinstance(damage, bool) or not 1 <= damage <= 5:
            raise PositionError(f"pending {entry!r}: the third item is the damage, 1 to 5")
        return (what, seat, damage)
    if what == "face":
        try:
            card = parse_card(str(entry[2])) if len(entry) > 2 else 0
        except DuelhallError as e:
            raise PositionError(f"pending {entry!r}: {e}") from None
        if card < JACK:
            raise PositionError(f"pending {entry!r}: the third item is the face card, J, Q or K")
        return ("face", seat, card)
    if what == "look":
        if not state.decks[seat]:
            raise PositionError(f"pending {entry!r}: player {seat + 1}'s deck is empty")
        return ("look", seat)
    raise PositionError(f"unknown pending choice {what!r}; use block, hit, face or look")


def _result(value_: Any) -> Outcome:
    if not isinstance(value_, Mapping):
        raise PositionError("'result' is an object with winner, scores and reason")
    winner = value_.get("winner")
    scores = value_.get("scores")
    reason = value_.get("reason")
    if (
        winner not in (None, 0, 1)
        or isinstance(winner, bool)
        or not isinstance(scores, list)
        or len(scores) != 2
        or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
        or not isinstance(reason, str)
    ):
        raise PositionError(
            f"'result' needs winner (null, 0 or 1), scores (two numbers) and reason, not {value_!r}"
        )
    return Outcome(winner, tuple(float(x) for x in scores), reason, str(value_.get("detail", "")))


def _int(
    data: Mapping[str, Any], key: str, default: int, low: int, high: int, where: str = ""
) -> int:
    v = data.get(key, default)
    prefix = f"{where}: " if where else ""
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(f"{prefix}{key!r} must be a whole number, not {v!r}")
    if not low <= v <= high:
        raise PositionError(f"{prefix}{key!r} must be between {low} and {high}, not {v}")
    return v


def _bool(data: Mapping[str, Any], key: str, default: bool, where: str) -> bool:
    v = data.get(key, default)
    if not isinstance(v, bool):
        raise PositionError(f"{where}: {key!r} is true or false, not {v!r}")
    return v


def _pair(data: Mapping[str, Any], key: str, default: Any) -> Any:
    v = data.get(key, [default, default])
    if not isinstance(v, list) or len(v) != 2 or any(type(x) is not type(default) for x in v):
        kind = "true/false" if isinstance(default, bool) else "whole numbers"
        raise PositionError(f"combat {key!r} is a pair of {kind}, one a player, not {v!r}")
    return (v[0], v[1])


def _list(data: Mapping[str, Any], key: str, where: str = "") -> list[Any]:
    v = data.get(key) or []
    if not isinstance(v, list):
        prefix = f"{where}: " if where else ""
        raise PositionError(f"{prefix}{key!r} must be a list, not {v!r}")
    return v
