"""What one seat may see of a three-player Duel 52 state, and states re-sampled from it.

A view names board cards only by where they lie (triangle, player, place). Cards the seat
does not know are ``None``: the other players' hands (only their sizes), face-down cards it
has not played or looked at, discards it did not see. The view keys are listed in
docs/notation/duel52-three-players.md ("Views").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import BoardCard, max_hp
from duelhall.games.duel52.cards import JACK, rank
from duelhall.games.duel52.triangles_notation import slot_name

if TYPE_CHECKING:
    from duelhall.games.duel52.triangles import TriState

_ORIGIN = {True: "board", False: "hand"}


def _board_card(state: TriState, bc: BoardCard, seat: int | None) -> dict[str, Any]:
    knows = seat is None or bool(bc.known & (1 << seat))
    jack_hp = state.options["facedown_jack_hp"]
    hp: int | None = max_hp(bc, jack_hp)
    if not knows and jack_hp != 2:
        hp = None  # a hidden card's hit points would tell whether it is a Jack
    out: dict[str, Any] = {
        "card": C.name(bc.card) if knows else None,
        "up": bc.up,
        "damage": bc.damage,
        "hp": hp,
        "frozen": bc.frozen,
        "paired": bool(bc.pair),
        "seen_by": [] if bc.up else [s for s in range(3) if bc.known & (1 << s)],
    }
    if bc.up:
        out["attacks_left"] = max(0, state.attack_allowance(bc) - bc.attacks)
    return out


def _pairs(row: list[BoardCard]) -> list[list[int]]:
    seen: dict[int, list[int]] = {}
    for i, bc in enumerate(row):
        if bc.pair:
            seen.setdefault(bc.pair, []).append(i)
    return sorted(seen.values())


def _pending(state: TriState) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    out: dict[str, Any] = {"choice": top[0], "seat": state.current}
    if top[0] in ("move", "order"):
        out["triangle"] = top[1] + 1
    if top[0] == "order":
        # The waiting cards are face-up, so naming their places leaks nothing.
        out["waiting"] = [
            slot_name((top[1], state.current, i))
            for i, bc in enumerate(state.rows[top[1]][state.current])
            if bc.card in top[2]
        ]
    return out


def build_view(state: TriState, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    hands: list[Any] = []
    for s in range(3):
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
        "hands": hands,
        "hand_sizes": [len(h) for h in state.hands],
        "triangles": [
            {
                "rows": [[_board_card(state, bc, seat) for bc in row] for row in tri],
                "pairs": [_pairs(row) for row in tri],
                "controller": controllers[t],
            }
            for t, tri in enumerate(state.rows)
        ],
        "discard": discard,
        "pending": _pending(state),
        "options": dict(state.options),
        "result": state.result.to_json() if state.result else None,
    }
    if seat is None:
        view["pile_order"] = [C.name(c) for c in state.pile]
        view["removed_cards"] = [C.name(c) for c in state.removed]
        view["seed"] = state.seed
    return view


def _hand_key(name: str) -> tuple[int, str]:
    return (rank(C.parse(name)), name[-1])


def determinize(state: TriState, seat: int, rng: Rng) -> TriState:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see.

    The other players' hands, the pile, face-down board cards the seat has not played or
    looked at and discards it did not see are pooled and dealt again. Two things the seat has
    seen narrow places down and are honoured: a hidden card that survived two damage under
    ``facedown_jack_hp=3`` is a Jack, and a card killed face-down is not a 3 (an opponent's
    attack killed it, so its Trap would have sprung).
    """
    new = state.clone()
    bit = 1 << seat
    hidden_board = [bc for tri in new.rows for row in tri for bc in row if not bc.known & bit]
    others = [s for s in range(3) if s != seat]
    hidden_discard = [i for i, entry in enumerate(new.discard) if not entry[2] & bit]
    pool = [bc.card for bc in hidden_board]
    for s in others:
        pool += new.hands[s]
    pool += new.pile + new.removed
    pool += [new.discard[i][0] for i in hidden_discard]
    pool.sort()  # a fixed order first, so the shuffle cannot be undone from the true state
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
    new.removed = [pool.pop() for _ in range(len(new.removed))]
    for i in hidden_discard:
        if i not in killed:
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
