"""What one seat may see of a Duel 52 state, and states re-sampled from that sight.

A view names board cards only by where they lie (lane, row, place), which every player sees;
it never carries an identifier that could follow a hidden card between zones. Cards a seat
does not know appear as ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Never, Protocol, TypeVar

from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import view_fields
from duelhall.games.duel52.engine.board import BoardCard
from duelhall.games.duel52.engine.cards import rank
from duelhall.games.duel52.engine.lane_slots import lane_label
from duelhall.games.duel52.engine.powers import Power
from duelhall.games.duel52.engine.redeal import (
    deal_discards,
    deal_killed,
    deal_wounded_jacks,
    give_own_seed,
)


def _board_card(state: Duel52State, bc: BoardCard, seat: int | None) -> dict[str, Any]:
    return view_fields.board_card_view(state, bc, seat, 2, base=bc.base)


def _pending(state: Duel52State, seat: int | None) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    out: dict[str, Any] = {"choice": top[0], "seat": state.current}
    if top[0] in ("move", "order", "fort"):
        out["lane"] = top[1] + 1 if top[1] >= 0 else None  # None: any lane (expansion)
    if top[0] == "order":
        # The waiting cards are face-up, so naming their places leaks nothing.
        lanes = range(len(state.rows)) if top[1] < 0 else (top[1],)
        out["waiting"] = [
            lane_label(lane, letter, own=True)
            for lane in lanes
            for bc, letter in zip(
                state.rows[lane][state.current], state.letters(lane, state.current), strict=True
            )
            if bc.card in top[2]
        ]
    if top[0] == "look" and len(top) > 1:
        out["looks_left"] = top[1]
    if top[0] == "move" and len(top) > 2:
        out["moves_left"] = top[2]
        out["from_lane"] = top[3] + 1 if top[3] >= 0 else None
    return out


def build_view(state: Duel52State, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    view: dict[str, Any] = {
        "game": "duel52",
        "seat": seat,
        "turn": state.turn,
        "to_move": list(state.to_move()),
        "first_player": state.first_player,
        "actions_left": state.actions_left,
        "pile": len(state.pile),
        "removed": len(state.removed),
        "hands": view_fields.hands_view(state.hands, seat),
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "lanes": [
            {
                "rows": [
                    view_fields.row_view(state, lane, s, lambda bc: _board_card(state, bc, seat))
                    for s in (0, 1)
                ],
                "pairs": [view_fields.pair_groups(state.rows[lane][s]) for s in (0, 1)],
                "winner": state.lane_winner[lane],
            }
            for lane in range(len(state.rows))
        ],
        **view_fields.view_end(state, seat, _pending(state, seat), sets_aside=True),
    }
    return view


def _take_ranks(pool: list[int], ranks: list[int]) -> list[int]:
    """Take one card of each of ``ranks`` from the shuffled pool, from its end.

    A rank with no card left unseen is skipped: only a hand-written position can get there,
    and its sample is still a consistent state."""
    out: list[int] = []
    for r in ranks:
        k = next((k for k in range(len(pool) - 1, -1, -1) if rank(pool[k]) == r), -1)
        if k >= 0:
            out.append(pool.pop(k))
    return out


def public_view(state: Duel52State) -> dict[str, Any]:
    """What every seat may know of ``state`` (a spectator's view)."""
    return view_fields.public_view(build_view, state)


def determinize(state: Duel52State, seat: int, rng: Rng) -> Duel52State:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see."""
    return redeal_duel(state, seat, rng)


class Extras(Protocol):
    """What the expansion's state adds to a re-deal (its own module builds on
    :func:`redeal_duel` with these): forts are hidden places too, hand cards the opponent
    was shown stay put, the card a 3 hero rushed is followed by identity, and a banner 3
    changes what a card killed face-down may have been."""

    rushed: int

    @property
    def forts(self) -> Sequence[BoardCard]: ...

    @property
    def hand_known(self) -> Sequence[list[int]]: ...

    @property
    def tables(self) -> Sequence[Mapping[int, Power[Never]]]: ...


S = TypeVar("S", bound=Duel52State)


def redeal_duel(
    state: S,
    seat: int,
    rng: Rng,
    held: list[int] | None = None,
    extras: Callable[[S], Extras] | None = None,
) -> S:
    """The re-deal itself; ``held``: ranks the opponent's unseen hand cards must include;
    ``extras``: the sample's expansion fields, when it has them."""
    new = state.clone()
    bit = 1 << seat
    opp = 1 - seat
    x = extras(new) if extras is not None else None
    hidden_board = [bc for lane in new.rows for row in lane for bc in row if not bc.known & bit]
    rushed = None  # the card a 3 hero played this turn is marked by identity: follow it
    if x is not None and x.rushed >= 0:
        rushed = next(
            (bc for lane in new.rows for row in lane for bc in row if bc.card == x.rushed), None
        )
    if x is not None:
        hidden_board += [bc for bc in x.forts if not bc.known & bit]
    shown = x.hand_known[opp] if x is not None else []
    hidden_hand = [c for c in new.hands[opp] if c not in shown]
    hidden_discard = [i for i, entry in enumerate(new.discard) if not entry[2] & bit]
    pool = [bc.card for bc in hidden_board]
    pool += hidden_hand + new.pile + new.removed
    pool += [new.discard[i][0] for i in hidden_discard]
    # Shuffle the cards in a fixed order: the pool as gathered lists them where they really
    # are, and a caller who knows its generator could otherwise undo the shuffle.
    pool.sort()
    rng.shuffle(pool)
    # A drafted rank pins a hand card to a single rank, so it is dealt before the places
    # below: dealt after them, the killed places (any card but a 3) could have taken the
    # last card of that rank.
    kept = _take_ranks(pool, held[: len(hidden_hand)]) if held else []
    # What the seat has seen narrows some places down; those are filled first (the true
    # state proves enough such cards exist): a hidden card that survived two damage under
    # the three-hit-point rule is a Jack, and a card killed face-down on the board is not a
    # 3 (its Trap would have sprung).
    free = deal_wounded_jacks(hidden_board, pool, state.options["facedown_jack_hp"])
    killed = {i for i in hidden_discard if new.discard[i][3] and not new.discard[i][1]}
    if killed:
        # Every face-down card killed on the board in hidden_discard is the seat's opponent's
        # (the seat knows its own), so the opponent's 3s are what cannot be there.
        trap_free = x is None or x.tables[opp][3].killed_face_down is not None
        fits = (lambda c: rank(c) != 3) if trap_free else (lambda c: True)
        deal_killed(new.discard, sorted(killed), pool, fits)
    for bc in free:
        bc.set_card(pool.pop())
    if x is not None and rushed is not None:
        x.rushed = rushed.card
    n = len(hidden_hand)
    new.hands[opp] = list(shown) + kept + [pool.pop() for _ in range(n - len(kept))]
    new.pile = [pool.pop() for _ in range(len(new.pile))]
    new.removed = [pool.pop() for _ in range(len(new.removed))]
    deal_discards(new.discard, hidden_discard, killed, pool)
    give_own_seed(new, rng)
    return new
