"""What one seat may see of a three-player Duel 52 state, and states re-sampled from it.

A view names board cards only by where they lie (triangle, player, place). Cards the seat
does not know are ``None``: the other players' hands (only their sizes), face-down cards it
has not played or looked at, discards it did not see. The view keys are listed in
docs/notation/duel52-three-players.md ("Views").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import view_fields
from duelhall.games.duel52.engine.board import BoardCard
from duelhall.games.duel52.engine.redeal import redeal
from duelhall.games.duel52.variants.triangles.state import tri_label

if TYPE_CHECKING:
    from duelhall.games.duel52.variants.triangles.state import TriState


def _board_card(state: TriState, bc: BoardCard, seat: int | None) -> dict[str, Any]:
    return view_fields.board_card_view(state, bc, seat, 3)


def _pending(state: TriState) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    out: dict[str, Any] = {"choice": top[0], "seat": state.current}
    if top[0] in ("move", "order"):
        out["triangle"] = top[1] + 1
    if top[0] == "order":
        # The waiting cards are face-up, so naming their places leaks nothing.
        tri, me = top[1], state.current
        out["waiting"] = [
            tri_label(tri, me, letter)
            for bc, letter in zip(state.rows[tri][me], state.letters(tri, me), strict=True)
            if bc.card in top[2]
        ]
    return out


def build_view(state: TriState, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    controllers = state.controllers()
    view: dict[str, Any] = {
        "game": "duel52",
        "mode": "triangles",
        "players": 3,
        "seat": seat,
        "turn": state.turn,
        "to_move": list(state.to_move()),
        "first_player": state.first_player,
        "actions_left": state.actions_left,
        "passes": state.passes,
        "pile": len(state.pile),
        "removed": len(state.removed),
        "hands": view_fields.hands_view(state.hands, seat),
        "hand_sizes": [len(h) for h in state.hands],
        "triangles": [
            {
                "rows": [
                    view_fields.row_view(state, t, owner, lambda bc: _board_card(state, bc, seat))
                    for owner in range(len(tri))
                ],
                "pairs": [view_fields.pair_groups(row) for row in tri],
                "controller": controllers[t],
            }
            for t, tri in enumerate(state.rows)
        ],
        **view_fields.view_end(state, seat, _pending(state), sets_aside=True),
    }
    return view


def public_view(state: TriState) -> dict[str, Any]:
    """What every seat may know of ``state`` (a spectator's view)."""
    return view_fields.public_view(build_view, state)


def determinize(state: TriState, seat: int, rng: Rng) -> TriState:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see.

    The other players' hands, the pile, face-down board cards the seat has not played or
    looked at and discards it did not see are pooled and dealt again. Two things the seat has
    seen narrow places down and are honoured: a hidden card that survived two damage under
    ``facedown_jack_hp=3`` is a Jack, and a card killed face-down is not a 3 (an opponent's
    attack killed it, so its Trap would have sprung).
    """
    sample: TriState = redeal(state, seat, rng)
    return sample
