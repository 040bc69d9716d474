"""What one seat of the team game may see, and states re-sampled from that sight.

A seat sees its own hand only (not its partner's), the size of every hand, every face-up
card, and the face-down cards it knows: those it played itself and those it looked at with
a 4. A face-down card its partner played is as hidden from it as the other team's. Board
cards are named only by where they lie; ``by`` (who played a card) and ``seen_by`` (who
looked at it) are things everyone at the table watched happen.

View keys (``mode`` is ``"teams"``): ``seat``, ``team`` (of the seat, or ``None``),
``teams`` ([[0, 2], [1, 3]]), ``first_player``, ``turn``, ``to_move``, ``actions_left``,
``pile``, ``hands`` (per seat: a sorted list of card names for the viewing seat, else a
count), ``hand_sizes``, ``lanes`` (per lane ``rows`` per team, ``pairs`` per team and
``winner`` (a team or ``None``)), ``discard``, ``pending``, ``options``, ``result``; the full
view (seat ``None``) adds ``pile_order`` and ``seed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import view_fields
from duelhall.games.duel52.engine.lane_slots import lane_label
from duelhall.games.duel52.engine.redeal import redeal
from duelhall.games.duel52.variants.teams.state import LANES, SEATS, TEAMS, TeamCard, team_of

if TYPE_CHECKING:
    from duelhall.games.duel52.variants.teams.state import TeamState


def _board_card(state: TeamState, bc: TeamCard, seat: int | None) -> dict[str, Any]:
    by = bc.by if bc.by >= 0 else None
    return view_fields.board_card_view(state, bc, seat, SEATS, base=bool(bc.base), by=by)


def _pending(state: TeamState) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    me = state.current
    out: dict[str, Any] = {"choice": top[0], "seat": me}
    if top[0] in ("move", "order"):
        out["lane"] = top[1] + 1
    if top[0] == "order":
        lane, side = top[1], team_of(me)
        out["waiting"] = [
            lane_label(lane, letter, own=True)
            for bc, letter in zip(state.rows[lane][side], state.letters(lane, side), strict=True)
            if bc.card in top[2]
        ]
    return out


def build_view(state: TeamState, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    view: dict[str, Any] = {
        "game": "duel52",
        "mode": "teams",
        "seat": seat,
        "team": None if seat is None else team_of(seat),
        "teams": [[0, 2], [1, 3]],
        "first_player": state.first_player,
        "turn": state.turn,
        "to_move": list(state.to_move()),
        "actions_left": state.actions_left,
        "pile": len(state.pile),
        "hands": view_fields.hands_view(state.hands, seat),
        "hand_sizes": [len(h) for h in state.hands],
        "lanes": [
            {
                "rows": [
                    view_fields.row_view(state, lane, side, lambda bc: _board_card(state, bc, seat))
                    for side in range(TEAMS)
                ],
                "pairs": [view_fields.pair_groups(state.rows[lane][side]) for side in range(TEAMS)],
                "winner": state.lane_winner[lane],
            }
            for lane in range(LANES)
        ],
        **view_fields.view_end(state, seat, _pending(state), sets_aside=False),
    }
    return view


def public_view(state: TeamState) -> dict[str, Any]:
    """What every seat may know of ``state`` (a spectator's view)."""
    return view_fields.public_view(build_view, state)


def determinize(state: TeamState, seat: int, rng: Rng) -> TeamState:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see.

    Hidden: the three other hands (the partner's too), the pile, face-down board cards the
    seat does not know, and discards it did not see. Two things the seat saw narrow places
    down and are kept: a hidden card that survived two damage under three-hit-point Jacks is
    a Jack, and a card killed face-down on the board is not a 3 (its Trap would have
    sprung: every kill of a face-down card is by the other team's attack).
    """
    sample: TeamState = redeal(state, seat, rng)
    return sample
