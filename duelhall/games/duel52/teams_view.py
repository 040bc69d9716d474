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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import max_hp
from duelhall.games.duel52.cards import JACK, rank
from duelhall.games.duel52.teams import LANES, SEATS, TEAMS, TeamCard, team_of
from duelhall.games.duel52.teams_notation import slot_name

if TYPE_CHECKING:
    from duelhall.games.duel52.teams import TeamState


def _board_card(state: TeamState, bc: TeamCard, seat: int | None) -> dict[str, Any]:
    knows = seat is None or bool(bc.known & (1 << seat))
    jack_hp = state.options["facedown_jack_hp"]
    hp: int | None = max_hp(bc, jack_hp)
    if not knows and jack_hp != 2:
        hp = None  # a hidden card's hit points would tell whether it is a Jack
    out: dict[str, Any] = {
        "card": C.name(bc.card) if knows else None,
        "up": bc.up,
        "base": bool(bc.base),
        "damage": bc.damage,
        "hp": hp,
        "frozen": bc.frozen,
        "paired": bool(bc.pair),
        "by": bc.by if bc.by >= 0 else None,
        "seen_by": [s for s in range(SEATS) if bc.known & (1 << s) and not bc.up],
    }
    if bc.up:
        out["attacks_left"] = max(0, state.attack_allowance(bc) - bc.attacks)
    return out


def _pairs(state: TeamState, lane: int, side: int) -> list[list[int]]:
    seen: dict[int, list[int]] = {}
    for i, bc in enumerate(state.rows[lane][side]):
        if bc.pair:
            seen.setdefault(bc.pair, []).append(i)
    return sorted(seen.values())


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
            slot_name((lane, side, i), me)
            for i, bc in enumerate(state.rows[lane][side])
            if bc.card in top[2]
        ]
    return out


_ORIGIN = {True: "board", False: "hand"}


def _hand_key(name: str) -> tuple[int, str]:
    return (rank(C.parse(name)), name[-1])


def build_view(state: TeamState, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    hands: list[Any] = []
    for s in range(SEATS):
        if seat is None or s == seat:
            hands.append(sorted((C.name(c) for c in state.hands[s]), key=_hand_key))
        else:
            hands.append(len(state.hands[s]))
    discard = []
    for card, up, known, killed in state.discard:
        visible = up or seat is None or bool(known & (1 << seat))
        discard.append(
            {"card": C.name(card) if visible else None, "up": up, "from": _ORIGIN[killed]}
        )
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
        "hands": hands,
        "hand_sizes": [len(h) for h in state.hands],
        "lanes": [
            {
                "rows": [
                    [_board_card(state, bc, seat) for bc in state.rows[lane][side]]
                    for side in range(TEAMS)
                ],
                "pairs": [_pairs(state, lane, side) for side in range(TEAMS)],
                "winner": state.lane_winner[lane],
            }
            for lane in range(LANES)
        ],
        "discard": discard,
        "pending": _pending(state),
        "options": dict(state.options),
        "result": state.result.to_json() if state.result else None,
    }
    if seat is None:
        view["pile_order"] = [C.name(c) for c in state.pile]
        view["seed"] = state.seed
    return view


def determinize(state: TeamState, seat: int, rng: Rng) -> TeamState:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see.

    Hidden: the three other hands (the partner's too), the pile, face-down board cards the
    seat does not know, and discards it did not see. Two things the seat saw narrow places
    down and are kept: a hidden card that survived two damage under three-hit-point Jacks is
    a Jack, and a card killed face-down on the board is not a 3 (its Trap would have
    sprung: every kill of a face-down card is by the other team's attack).
    """
    new = state.clone()
    bit = 1 << seat
    hidden_board = [bc for lane in new.rows for row in lane for bc in row if not bc.known & bit]
    hidden_discard = [i for i, entry in enumerate(new.discard) if not entry[2] & bit]
    others = [s for s in range(SEATS) if s != seat]
    pool = [bc.card for bc in hidden_board]
    for s in others:
        pool += new.hands[s]
    pool += new.pile
    pool += [new.discard[i][0] for i in hidden_discard]
    pool.sort()  # a fixed order, so the shuffle cannot be undone by a caller
    rng.shuffle(pool)
    free = hidden_board
    if state.options["facedown_jack_hp"] == 3:
        free = []
        for bc in hidden_board:
            if bc.damage >= 2:
                bc.set_card(_take(pool, lambda c: rank(c) == JACK))
            else:
                free.append(bc)
    killed = [i for i in hidden_discard if new.discard[i][3] and not new.discard[i][1]]
    for i in killed:
        _, up, known, was_killed = new.discard[i]
        new.discard[i] = (_take(pool, lambda c: rank(c) != 3), up, known, was_killed)
    for bc in free:
        bc.set_card(pool.pop())
    for s in others:
        new.hands[s] = [pool.pop() for _ in range(len(new.hands[s]))]
    new.pile = [pool.pop() for _ in range(len(new.pile))]
    killed_set = set(killed)
    for i in hidden_discard:
        if i not in killed_set:
            _, up, known, was_killed = new.discard[i]
            new.discard[i] = (pool.pop(), up, known, was_killed)
    sample_seed = rng.next_u64()
    new.rng = Rng(sample_seed)
    new.seed = sample_seed
    new._legal = None
    return new


def _take(pool: list[int], fits: Callable[[int], bool]) -> int:
    for k in range(len(pool) - 1, -1, -1):
        if fits(pool[k]):
            return pool.pop(k)
    raise AssertionError("no card fits a place the seat has narrowed down")
