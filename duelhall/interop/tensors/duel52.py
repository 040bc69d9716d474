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
  (3); then forts waiting / 4;
- ``choice`` (added after the others, so their places did not move): the pending choice's
  lane (1-3, or any lane), looks left / 2, moves left / 2, the lane a move comes from (1-3),
  the cards waiting to be ordered (52); lanes stopped this turn (Time Stop: mine x3, theirs
  x3); their hand cards I was shown (52), my hand cards they were shown (52), the waiting
  forts I looked at (52); the bannermen draft is under way; turns may end early.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from duelhall.games.duel52.engine import cards as C
from duelhall.interop.tables.duel52 import ROWS
from duelhall.interop.tensors import duel52_board as B
from duelhall.interop.tensors.layout import Planes, Tensor, Vector, one_hot, scaled

RANKS = B.RANKS
PENDING = B.PENDING
SLOT_FEATURES = B.slot_features(1, expansion=True, by=False)
SIDE_EXPANSION = 13 + 6 + 13 + 3
LANES = 3
PLACES = 8  # hand, discard, my rows x3, their rows x3
LAYOUT = {
    "scalars": 16,
    "pending": len(PENDING),
    "cards": 52 * PLACES,
    "slots": LANES * 2 * ROWS[2] * SLOT_FEATURES,
    "expansion": 2 * SIDE_EXPANSION + 1,
    "choice": LANES + 1 + 2 + LANES + 52 + 2 * LANES + 3 * 52 + 2,
}
SIZE = sum(LAYOUT.values())


def duel52_tensor(view: Mapping[str, Any]) -> Vector:
    me = int(view["seat"])
    sides = (me, 1 - me)
    out = Planes(LAYOUT)
    winners = [lane.get("winner") for lane in view["lanes"]]
    pending = view.get("pending")
    out.put(
        "scalars",
        [
            float(me in view["to_move"]),
            scaled(view["actions_left"], 4),
            scaled(view["turn"], 60),
            float(view["first_player"] == me),
            view["pile"] / 52,
            view["removed"] / 52,
            *(view["hand_sizes"][s] / 13 for s in sides),
            *(float(w == me) for w in winners),
            *(float(w == 1 - me) for w in winners),
            float(pending is not None and pending.get("seat") == me),
            len(view["discard"]) / 52,
        ],
    )
    out.put("pending", B.pending_kind(pending))
    cards = B.hand_and_discard(view, me, PLACES)
    # Slots lane by lane, each lane's two rows side by side; planes side by side, lane by lane.
    rows = [
        (view["lanes"][lane]["rows"][s], 2 + LANES * side + lane)
        for lane in range(LANES)
        for side, s in enumerate(sides)
    ]
    slots = B.board(
        rows, ROWS[2], SLOT_FEATURES, lambda bc: B.slot(bc, [1 - me], expansion=True), cards
    )
    out.put("cards", cards.ravel())
    out.put("slots", slots)
    out.put("expansion", _expansion(view, sides))
    out.put("choice", _choice(view, sides))
    return out.done()


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


def _choice(view: Mapping[str, Any], sides: tuple[int, int]) -> list[float]:
    pending = view.get("pending") or {}
    lane = pending.get("lane", 0)  # None: any lane (the expansion's)
    stopped = view.get("stopped_lanes") or [[], []]
    shown = view.get("hands_shown") or [[], []]
    forts = [fort["card"] for fort in view.get("forts") or () if fort["card"] is not None]
    own_rows = [view["lanes"][n]["rows"][sides[0]] for n in range(LANES)]
    return [
        *one_hot(lane, (1, 2, 3)),
        float("lane" in pending and lane is None),
        scaled(pending.get("looks_left", 0), 2),
        scaled(pending.get("moves_left", 0), 2),
        *one_hot(pending.get("from_lane"), (1, 2, 3)),
        *B.waiting(view, own_rows),
        *(float(n + 1 in stopped[s]) for s in sides for n in range(LANES)),
        *_plane(shown[sides[1]]),
        *_plane(shown[sides[0]]),
        *_plane(forts),
        float(bool(view.get("setup"))),
        float(bool(view.get("optional_actions"))),
    ]


def _plane(names: list[str]) -> Vector:
    out = np.zeros(B.CARDS, dtype=np.float32)
    for name in names:
        out[C.parse(name)] = 1
    return out


TENSOR = Tensor(LAYOUT, duel52_tensor)
