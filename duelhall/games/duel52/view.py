"""What one seat may see of a Duel 52 state, and states re-sampled from that sight.

A view names board cards only by where they lie (lane, row, place), which every player sees;
it never carries an identifier that could follow a hidden card between zones. Cards a seat
does not know appear as ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import BoardCard, max_hp
from duelhall.games.duel52.cards import JACK, rank
from duelhall.games.duel52.notation import slot_name

if TYPE_CHECKING:
    from duelhall.games.duel52.state import Duel52State


def _board_card(state: Duel52State, bc: BoardCard, seat: int | None) -> dict[str, Any]:
    knows = seat is None or bool(bc.known & (1 << seat))
    jack_hp = state.options["facedown_jack_hp"]
    hp: int | None = max_hp(bc, jack_hp)
    if not knows and jack_hp != 2:
        hp = None  # a hidden card's hit points would tell whether it is a Jack
    out: dict[str, Any] = {
        "card": C.name(bc.card) if knows else None,
        "up": bc.up,
        "base": bc.base,
        "damage": bc.damage,
        "hp": hp,
        "frozen": bc.frozen,
        "paired": bool(bc.pair),
        "seen_by": [s for s in (0, 1) if bc.known & (1 << s) and not bc.up],
    }
    if bc.up:
        out["attacks_left"] = max(0, state.attack_allowance(bc) - bc.attacks)
    return out


def _pairs(state: Duel52State, lane: int, seat: int) -> list[list[int]]:
    row = state.rows[lane][seat]
    seen: dict[int, list[int]] = {}
    for i, bc in enumerate(row):
        if bc.pair:
            seen.setdefault(bc.pair, []).append(i)
    return sorted(seen.values())


def _pending(state: Duel52State, seat: int | None) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    out: dict[str, Any] = {"choice": top[0], "seat": state.current}
    if top[0] in ("move", "order"):
        out["lane"] = top[1] + 1
    if top[0] == "order":
        # The waiting cards are face-up, so naming their places leaks nothing.
        row = state.rows[top[1]][state.current]
        out["waiting"] = [
            slot_name((top[1], state.current, i), state.current)
            for i, bc in enumerate(row)
            if bc.card in top[2]
        ]
    return out


_ORIGIN = {True: "board", False: "hand"}


def build_view(state: Duel52State, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    hands: list[Any] = []
    for s in (0, 1):
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
        "seat": seat,
        "turn": state.turn,
        "to_move": list(state.to_move()),
        "first_player": state.first_player,
        "actions_left": state.actions_left,
        "pile": len(state.pile),
        "removed": len(state.removed),
        "hands": hands,
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "lanes": [
            {
                "rows": [
                    [_board_card(state, bc, seat) for bc in state.rows[lane][s]] for s in (0, 1)
                ],
                "pairs": [_pairs(state, lane, s) for s in (0, 1)],
                "winner": state.lane_winner[lane],
            }
            for lane in range(len(state.rows))
        ],
        "discard": discard,
        "pending": _pending(state, seat),
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


def determinize(state: Duel52State, seat: int, rng: Rng) -> Duel52State:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see."""
    new = state.clone()
    bit = 1 << seat
    opp = 1 - seat
    hidden_board = [bc for lane in new.rows for row in lane for bc in row if not bc.known & bit]
    hidden_discard = [i for i, entry in enumerate(new.discard) if not entry[2] & bit]
    pool = [bc.card for bc in hidden_board]
    pool += new.hands[opp] + new.pile + new.removed
    pool += [new.discard[i][0] for i in hidden_discard]
    # Shuffle the cards in a fixed order: the pool as gathered lists them where they really
    # are, and a caller who knows its generator could otherwise undo the shuffle.
    pool.sort()
    rng.shuffle(pool)
    # What the seat has seen narrows some places down; those are filled first (the true
    # state proves enough such cards exist): a hidden card that survived two damage under
    # the three-hit-point rule is a Jack, and a card killed face-down on the board is not a
    # 3 (its Trap would have sprung).
    free = hidden_board
    if state.options["facedown_jack_hp"] == 3:
        free = []
        for bc in hidden_board:
            if bc.damage >= 2:
                bc.set_card(_take(pool, lambda c: rank(c) == JACK))
            else:
                free.append(bc)
    killed = {i for i in hidden_discard if new.discard[i][3] and not new.discard[i][1]}
    for i in sorted(killed):
        _, up, known, was_killed = new.discard[i]
        new.discard[i] = (_take(pool, lambda c: rank(c) != 3), up, known, was_killed)
    for bc in free:
        bc.set_card(pool.pop())
    n = len(new.hands[opp])
    new.hands[opp] = [pool.pop() for _ in range(n)]
    new.pile = [pool.pop() for _ in range(len(new.pile))]
    new.removed = [pool.pop() for _ in range(len(new.removed))]
    for i in hidden_discard:
        if i not in killed:
            _, up, known, was_killed = new.discard[i]
            new.discard[i] = (pool.pop(), up, known, was_killed)
    # The real seed would re-deal the real game: the sample gets one of its own.
    sample_seed = rng.next_u64()
    new.rng = Rng(sample_seed)
    new.seed = sample_seed
    new._legal = None
    return new


def _take(pool: list[int], fits: Callable[[int], bool]) -> int:
    """Remove and return the last card of the shuffled pool that ``fits``."""
    for k in range(len(pool) - 1, -1, -1):
        if fits(pool[k]):
            return pool.pop(k)
    raise AssertionError("no card fits a place the seat has narrowed down")
