"""Duel 52's tensor for the two-player game (any base rules options and the expansion).

Everything is written from the seat's side ("mine" first) and scaled into 0..1. Sections,
in order (sizes in :data:`LAYOUT`):

- ``scalars``: whether the seat is to act, actions left / 4 (capped), turn / 60 (capped), whether it
  played first, pile / 52, cards removed / 52, hand sizes / 13 (mine, theirs), lanes won
  (mine x3, theirs x3), whether a pending choice is the seat's, discard size / 52;
- ``pending``: the pending choice's kind, one-hot (none, discard, look, move, order, fort,
  draft, other);
- ``cards``: 52 cards x 8 places, 1 where the seat knows a card lies: its hand, the discard,
  its rows (lanes 1-3), the opponent's rows (lanes 1-3);
- ``slots``: lane x side (mine, theirs) x place in row (up to the action table's bound) x
  26 features: present, face-up, base, damage / 3, hit points / 3, frozen, paired, known to
  the seat, seen by the opponent, attacks left / 2, the rank one-hot (13, when known), fort,
  hero, rushed;
- ``expansion``: per side (mine, theirs) the hero's rank one-hot (13), mage, warrior, played,
  exerted, enraged, spell used, the bannermen's ranks (13) and the lanes whose fort it took
  (3); then forts waiting / 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from duelhall.games.duel52.engine import cards as C
from duelhall.interop.tables.duel52 import ROWS

RANKS = tuple(C.RANK_NAMES)
PENDING = ("none", "discard", "look", "move", "order", "fort", "draft", "other")
SLOT_FEATURES = 13 + len(RANKS)
SIDE_EXPANSION = 13 + 6 + 13 + 3
LANES = 3
PLACES = 8  # hand, discard, my rows x3, their rows x3
LAYOUT = {
    "scalars": 16,
    "pending": len(PENDING),
    "cards": 52 * PLACES,
    "slots": LANES * 2 * ROWS[2] * SLOT_FEATURES,
    "expansion": 2 * SIDE_EXPANSION + 1,
}
SIZE = sum(LAYOUT.values())


class RowTooLong(ValueError):
    """A row past the tensor's bound (the same bound as the action table's)."""


def duel52_tensor(view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    me = int(view["seat"])
    sides = (me, 1 - me)
    out = np.zeros(SIZE, dtype=np.float32)
    at = 0

    def put(values: Sequence[float] | npt.NDArray[np.float32]) -> None:
        nonlocal at
        out[at : at + len(values)] = values
        at += len(values)

    cards = np.zeros((52, PLACES), dtype=np.float32)
    winners = [lane.get("winner") for lane in view["lanes"]]
    pending = view.get("pending")
    put(
        [
            float(me in view["to_move"]),
            min(view["actions_left"] / 4, 1.0),
            min(view["turn"] / 60, 1.0),
            float(view["first_player"] == me),
            view["pile"] / 52,
            view["removed"] / 52,
            *(view["hand_sizes"][s] / 13 for s in sides),
            *(float(w == me) for w in winners),
            *(float(w == 1 - me) for w in winners),
            float(pending is not None and pending.get("seat") == me),
            len(view["discard"]) / 52,
        ]
    )
    kind = "none" if pending is None else pending["choice"]
    put([float(kind == k) for k in PENDING[:-1]] + [float(kind not in PENDING)])
    for card in view["hands"][me]:
        cards[C.parse(card), 0] = 1
    for entry in view["discard"]:
        if entry["card"] is not None:
            cards[C.parse(entry["card"]), 1] = 1
    slots = np.zeros((LANES, 2, ROWS[2], SLOT_FEATURES), dtype=np.float32)
    for lane, data in enumerate(view["lanes"]):
        for side, owner in enumerate(sides):
            row = data["rows"][owner]
            if len(row) > ROWS[2]:
                raise RowTooLong(f"a Duel 52 row of {len(row)} cards; the tensor holds {ROWS[2]}")
            for place, bc in enumerate(row):
                slots[lane, side, place] = _slot(bc, 1 - me)
                if bc["card"] is not None:
                    cards[C.parse(bc["card"]), 2 + 3 * side + lane] = 1
    put(cards.ravel())
    put(slots.ravel())
    put(_expansion(view, sides))
    assert at == SIZE
    return out


def _slot(bc: Mapping[str, Any], other: int) -> list[float]:
    known = bc["card"] is not None
    rank = C.rank(C.parse(bc["card"])) if known else None
    return [
        1.0,
        float(bc["up"]),
        float(bc["base"]),
        min(bc["damage"] / 3, 1.0),
        min(bc["hp"] / 3, 1.0),
        float(bc["frozen"]),
        float(bc["paired"]),
        float(known),
        float(other in bc["seen_by"]),
        min(bc.get("attacks_left", 0) / 2, 1.0),
        *(float(rank == r) for r in RANKS),
        float(bc.get("fort", False)),
        float(bc.get("hero", False)),
        float(bc.get("rushed", False)),
    ]


def _expansion(view: Mapping[str, Any], sides: tuple[int, int]) -> list[float]:
    heroes = view.get("heroes") or [None, None]
    bannermen = view.get("bannermen") or [[], []]
    taken = view.get("forts_taken") or [[], []]
    out: list[float] = []
    for s in sides:
        hero = heroes[s]
        rank = C.rank(C.parse(hero["card"])) if hero and hero.get("card") else None
        out += [float(rank == r) for r in RANKS]
        flags = ("played", "exerted", "enraged", "spell_used")
        kind = hero.get("kind") if hero else None
        out += [float(kind == "mage"), float(kind == "warrior")]
        out += [float(bool(hero and hero.get(flag))) for flag in flags]
        ranks = {C.rank(C.parse(card)) for card in bannermen[s] if card}
        out += [float(r in ranks) for r in RANKS]
        out += [float(lane + 1 in taken[s]) for lane in range(LANES)]  # lanes 1-3
    out.append(len(view.get("forts") or []) / 4)
    return out
