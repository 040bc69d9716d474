"""Duel 52's tensor for three players (four triangles, every player a row in each).

Seats are written relative to the seat looking: me, the player after me (+1), the player
after that (+2). Sections, in order (sizes in :data:`LAYOUT`):

- ``scalars``: whether I am to act; who is to act (me, +1, +2); actions left / 4; turn / 60
  (capped); who played first (me, +1, +2); passes in a row / 6 (six end a game with an empty
  pile); pile / 52; cards removed / 52; hand sizes / 13 (me, +1, +2); each triangle's
  controller, one-hot (me, +1, +2; all 0: nobody); discard / 52;
- ``pending``: the pending choice's kind (none, discard, look, move, order, fort, draft,
  other); whose it is (me, +1, +2); its triangle (1-4); the cards waiting to be ordered (52);
- ``cards``: 52 cards x 14 places, 1 where I know a card lies: my hand, the discard, then
  triangle (4) x row (me, +1, +2);
- ``slots``: triangle (4) x row (me, +1, +2) x place (14, the action table's bound) x 24:
  present, face-up, base, damage / 3, hit points / 3, frozen, paired, known to me, seen by
  +1, seen by +2, attacks left / 2, rank one-hot (13, when known).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.games.duel52.variants.triangles.state import STALEMATE_PASSES, TRIANGLES
from duelhall.interop.tables.duel52 import ROWS
from duelhall.interop.tensors import duel52_board as B
from duelhall.interop.tensors.layout import Planes, Tensor, Vector, one_hot, scaled

SEATS = 3
FEATURES = B.slot_features(SEATS - 1, expansion=False, by=False)
PLANES = 2 + TRIANGLES * SEATS
LAYOUT = {
    "scalars": B.turn_scalar_count(SEATS) + 3 + SEATS + TRIANGLES * SEATS + 1,
    "pending": B.pending_size(SEATS, TRIANGLES),
    "cards": B.CARDS * PLANES,
    "slots": TRIANGLES * SEATS * ROWS[SEATS] * FEATURES,
}


def triangles_tensor(view: Mapping[str, Any]) -> Vector:
    me = int(view["seat"])
    seats = B.relative(me, SEATS)
    out = Planes(LAYOUT)
    out.put(
        "scalars",
        [
            *B.turn_scalars(view, seats),
            scaled(view["passes"], STALEMATE_PASSES),
            view["pile"] / 52,
            view["removed"] / 52,
            *(scaled(view["hand_sizes"][s], 13) for s in seats),
            *(x for tri in view["triangles"] for x in one_hot(tri["controller"], seats)),
            len(view["discard"]) / 52,
        ],
    )
    own_rows = [tri["rows"][me] for tri in view["triangles"]]
    out.put("pending", B.pending_section(view, seats, "triangle", TRIANGLES, own_rows))
    cards = B.hand_and_discard(view, me, PLANES)
    rows = [
        (tri["rows"][s], 2 + SEATS * t + k)
        for t, tri in enumerate(view["triangles"])
        for k, s in enumerate(seats)
    ]
    others = seats[1:]
    slots = B.board(
        rows, ROWS[SEATS], FEATURES, lambda bc: B.slot(bc, others, expansion=False), cards
    )
    out.put("cards", cards.ravel())
    out.put("slots", slots)
    return out.done()


TENSOR = Tensor(LAYOUT, triangles_tensor)
