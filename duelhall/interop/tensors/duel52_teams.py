"""Duel 52's tensor for four players in two teams (partners sit across: seats 0 and 2,
1 and 3), three lanes, one row a team in each.

Seats are written relative to the seat looking: me, the opponent after me (+1), my partner
(+2), the opponent before me (+3); rows and lanes won as my team's, then theirs. Sections,
in order (sizes in :data:`LAYOUT`):

- ``scalars``: whether I am to act; who is to act (me, +1, +2, +3); actions left / 4; turn
  / 60 (capped); who played first (me, +1, +2, +3); pile / 52; hand sizes / 13 (me, +1, +2,
  +3); lanes won (my team x3, theirs x3); discard / 52;
- ``pending``: the pending choice's kind (none, discard, look, move, order, fort, draft,
  other); whose it is (me, +1, +2, +3); its lane (1-3); the cards waiting to be ordered (52);
- ``cards``: 52 cards x 8 places, 1 where I know a card lies: my hand, the discard, my
  team's rows (lanes 1-3), theirs (lanes 1-3);
- ``slots``: lane (3) x row (my team's, theirs) x place (24, the action table's bound) x 29:
  present, face-up, base, damage / 3, hit points / 3, frozen, paired, known to me, seen by
  +1, +2, +3, attacks left / 2, rank one-hot (13, when known), who played it (me, +1, +2,
  +3; none for a Base card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.interop.tables.duel52 import ROWS
from duelhall.interop.tensors import duel52_board as B
from duelhall.interop.tensors.layout import Planes, Tensor, Vector, scaled

SEATS = 4
LANES = 3
FEATURES = B.slot_features(SEATS - 1, expansion=False, by=True)
PLANES = 2 + LANES * 2
LAYOUT = {
    "scalars": B.turn_scalar_count(SEATS) + 1 + SEATS + 2 * LANES + 1,
    "pending": B.pending_size(SEATS, LANES),
    "cards": B.CARDS * PLANES,
    "slots": LANES * 2 * ROWS[SEATS] * FEATURES,
}


def teams_tensor(view: Mapping[str, Any]) -> Vector:
    me = int(view["seat"])
    seats = B.relative(me, SEATS)
    mine = int(view["team"])
    teams = (mine, 1 - mine)
    out = Planes(LAYOUT)
    winners = [lane["winner"] for lane in view["lanes"]]
    out.put(
        "scalars",
        [
            *B.turn_scalars(view, seats),
            view["pile"] / 52,
            *(scaled(view["hand_sizes"][s], 13) for s in seats),
            *(float(w == team) for team in teams for w in winners),
            len(view["discard"]) / 52,
        ],
    )
    own_rows = [lane["rows"][mine] for lane in view["lanes"]]
    out.put("pending", B.pending_section(view, seats, "lane", LANES, own_rows))
    cards = B.hand_and_discard(view, me, PLANES)
    rows = [
        (view["lanes"][lane]["rows"][team], 2 + LANES * side + lane)
        for lane in range(LANES)
        for side, team in enumerate(teams)
    ]
    others = seats[1:]
    slots = B.board(
        rows, ROWS[SEATS], FEATURES, lambda bc: B.slot(bc, others, expansion=False, by=seats), cards
    )
    out.put("cards", cards.ravel())
    out.put("slots", slots)
    return out.done()


TENSOR = Tensor(LAYOUT, teams_tensor)
