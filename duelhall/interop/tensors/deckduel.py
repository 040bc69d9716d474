"""Deck Duel's tensor: 192 float32 numbers in 0..1, from the seat's side (mine first).

Each seat owns one suit, so a card is its rank (A, 2..10, J, Q, K) and a side's cards are
13 places. Sections, in order (sizes in :data:`LAYOUT`):

- ``scalars``: whether the seat is to act; turn / 100 (capped); turn / the turn limit (0
  without one); then per side (mine, theirs): health / 12, action points / 6, rage / 3,
  focus, the King laid sideways, round / 10 (capped), deck / 13, discard / 13, face-down
  discards whose card the seat does not know / 13, the rage answer is in, the side knows
  its top card;
- ``answer``: the seat's own rage answer while it waits for the other's: rage, flip;
- ``pending``: the choice on the stack, one-hot (none, block, hit, face, look); it is
  mine; damage / 5; the face card asking (J, Q, K);
- ``cards``: per side x 13 ranks x 4 places, 1 where the seat knows the card lies: the
  discard pile, unseen (in the deck, or face-down in the discard, order unknown), on the
  table now, the top of the deck;
- ``combat``: the last turn's combat (public once the cards are turned): there is one;
  it is this turn's; the two cards (13 each, mine then theirs); per side focused Ace, rage
  bought, rage in play / 3; the winner (me, them, tie); damage / 5; blocked; dealt / 5;
  landed; the face card's choice (focus, heal, foresight, action); foresight's answer
  (keep, discard); per side reshuffled, new round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.games.deckduel.engine.actions import ACTION, DISCARD, FOCUS, FORESIGHT, HEAL, KEEP
from duelhall.games.deckduel.engine.state import (
    DIE_ACTIONS,
    MAX_DAMAGE,
    MAX_HEALTH,
    MAX_RAGE,
    SUIT,
    card_name,
)
from duelhall.interop.tensors.layout import Planes, Tensor, Vector, one_hot, scaled

RANKS = tuple(card_name(c) for c in SUIT)
PENDING = ("none", "block", "hit", "face", "look")
SIDE_SCALARS = 11
CARD_PLACES = ("discard", "unseen", "table", "top")
LAYOUT = {
    "scalars": 3 + 2 * SIDE_SCALARS,
    "answer": 2,
    "pending": len(PENDING) + 5,
    "cards": 2 * len(RANKS) * len(CARD_PLACES),
    "combat": 2 + 2 * len(RANKS) + 3 * 2 + 3 + 4 + 4 + 2 + 2 * 2,
}


def deckduel_tensor(view: Mapping[str, Any]) -> Vector:
    me = int(view["seat"])
    sides = (me, 1 - me)
    players = [view["players"][s] for s in sides]
    out = Planes(LAYOUT)
    limit = view["options"].get("turn_limit") or 0
    scalars = [
        float(me in view["to_move"]),
        scaled(view["turn"], 100),
        scaled(view["turn"], limit) if limit else 0.0,
    ]
    for p in players:
        scalars += [
            scaled(p["health"], MAX_HEALTH),
            scaled(p["actions"], DIE_ACTIONS),
            scaled(p["rage"], MAX_RAGE),
            float(p["focus"]),
            float(p["sideways"] is not None),
            scaled(p["round"], 10),
            scaled(p["deck"], 13),
            scaled(len(p["discard"]), 13),
            scaled(sum(card is None for card in p["discard"]), 13),
            float(p["decided"]),
            float(p["top_known"]),
        ]
    out.put("scalars", scalars)
    answer = players[0]["rage_choice"]
    out.put("answer", [float(answer is True), float(answer is False)])
    pending = view["pending"] or {"choice": "none"}
    out.put(
        "pending",
        [
            *one_hot(pending["choice"], PENDING),
            float(pending.get("seat") == me),
            scaled(pending.get("damage", 0), MAX_DAMAGE),
            *one_hot(pending.get("card"), ("J", "Q", "K")),
        ],
    )
    cards: list[float] = []
    for p in players:
        zones = (p["discard"], p["unseen"], [p["table"]], [p["top"]])
        for rank in RANKS:
            cards += [float(rank in zone) for zone in zones]
    out.put("cards", cards)
    out.put("combat", _combat(view["combat"], view["turn"], sides))
    return out.done()


def _combat(combat: Mapping[str, Any] | None, turn: int, sides: tuple[int, int]) -> list[float]:
    if combat is None:
        return [0.0] * LAYOUT["combat"]
    winner = combat["winner"]
    return [
        1.0,
        float(combat["turn"] == turn),
        *(x for s in sides for x in one_hot(combat["cards"][s], RANKS)),
        *(float(combat["focused"][s]) for s in sides),
        *(float(combat["spent"][s]) for s in sides),
        *(scaled(combat["rage"][s], MAX_RAGE) for s in sides),
        float(winner == sides[0]),
        float(winner == sides[1]),
        float(winner is None),
        scaled(combat["damage"], MAX_DAMAGE),
        float(combat["blocked"]),
        scaled(combat["dealt"], MAX_DAMAGE),
        float(combat["landed"]),
        *one_hot(combat["effect"], (FOCUS, HEAL, FORESIGHT, ACTION)),
        *one_hot(combat["look"], (KEEP, DISCARD)),
        *(float(combat["reshuffled"][s]) for s in sides),
        *(float(combat["new_round"][s]) for s in sides),
    ]


TENSOR = Tensor(LAYOUT, deckduel_tensor)
