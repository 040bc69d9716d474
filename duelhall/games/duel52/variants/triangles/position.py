"""Three-player Duel 52 positions as JSON (docs/notation/duel52-three-players.md, "Positions").

A board card is a string: the card, then optional words: ``down`` (face-down), ``frozen``,
``dN`` (damage), ``pN`` (pair group), ``aN`` (attacks made this turn), ``xN`` (extra attacks
granted this turn), ``seen:S`` (the seats 0, 1, 2 that know a face-down card; by default
only its owner).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from duelhall.core import fields as F
from duelhall.core.errors import PositionError
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.untrusted import shown
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import position_fields
from duelhall.games.duel52.engine.board import BoardCard, max_hp
from duelhall.games.duel52.variants.triangles.state import (
    ALL_SEATS,
    SEATS,
    TRIANGLES,
    TriState,
    check_options,
)

KEYS = (
    *position_fields.COMMON_KEYS,
    "triangles",
    "vacated",
    "pile",
    "pile_size",
    "removed",
    "discard",
    "pending",
    "result",
)


def _token(bc: BoardCard, owner: int) -> str:
    words = [C.name(bc.card)]
    if not bc.up:
        words.append("down")
    words += position_fields.state_words(bc)
    if not bc.up and bc.known != 1 << owner:
        words.append("seen:" + position_fields.seat_digits(bc.known, SEATS))
    return " ".join(words)


def _parse_token(token: Any, owner: int, where: str, jack_hp: int) -> BoardCard:
    card, words = position_fields.token_words(token, where, "'7H' or '7H down d1'")
    bc = BoardCard(card, up=True, known=ALL_SEATS)
    seen: int | None = None
    for w in words:
        lw = w.lower()
        if position_fields.read_state_word(bc, w):
            continue
        if lw == "up":
            bc.up = True
        elif lw.startswith("seen:"):
            seen = position_fields.read_seen(w, where, SEATS, "0, 1 and/or 2")
        else:
            raise PositionError(
                f"{where}: unknown word {shown(w)}; use down, frozen, dN, pN, aN, xN or seen:S"
            )
    if not bc.up:
        bc.known = (1 << owner) | (seen or 0)
    if bc.damage >= max_hp(bc, jack_hp):
        raise PositionError(
            f"{where}: {shown(token)} has lethal damage; a dead card is not on the board"
        )
    return bc


def load_position(info: GameInfo, data: Mapping[str, Any]) -> TriState:
    """A three-player state from a position; ``data`` is untrusted: every field is read
    through :mod:`duelhall.core.fields`."""
    options, seed = position_fields.read_start(
        info, data, KEYS, "a three-player position", check_options
    )
    state = TriState(options, seed)
    used: set[int] = set()

    def take(value: Any, where: str) -> int:
        card = position_fields.read_card(value, where)
        if card in used:
            raise PositionError(f"{where}: {C.name(card)} appears twice in the position")
        used.add(card)
        return card

    position_fields.read_turn(state, data, turn=3)
    hands = F.listed(data.get("hands", [[], [], []]), "'hands'", SEATS, "three hands, one a seat")
    for s, hand in enumerate(hands):
        state.hands[s] = [take(t, f"hands[{s}]") for t in F.listed(hand, f"hands[{s}]")]
    tris = F.listed(
        data.get("triangles", [[[], [], []] for _ in range(TRIANGLES)]),
        "'triangles'",
        TRIANGLES,
        "four triangles, each [row 0, row 1, row 2]",
    )
    for t, tri in enumerate(tris):
        tri = F.listed(tri, f"triangle {t + 1}", SEATS, "a row a seat")
        for s, row in enumerate(tri):
            for i, token in enumerate(F.listed(row, f"triangle {t + 1}, seat {s}'s row")):
                where = f"triangle {t + 1}, seat {s}, card {i + 1}"
                bc = _parse_token(token, s, where, options["facedown_jack_hp"])
                take(C.name(bc.card), where)
                state.rows[t][s].append(bc)
            _check_pairs(state.rows[t][s], f"triangle {t + 1}, seat {s}")
    state._next_pair = 1 + max(
        (bc.pair for tri in state.rows for row in tri for bc in row), default=0
    )
    for k, entry in enumerate(F.listed(data.get("discard", []), "'discard'")):
        state.discard.append(
            position_fields.read_discard(entry, f"discard[{k}]", take, SEATS, up=False)
        )
    removed = F.listed(data.get("removed", []), "'removed'")
    state.removed = [take(t, "removed") for t in removed]
    unplaced = [c for c in C.DECK if c not in used]
    if data.get("pile") is not None:
        top_first = [take(t, "pile") for t in F.listed(data["pile"], "'pile'")]
        state.pile = top_first[::-1]
        state.removed += [c for c in unplaced if c not in used]
    else:
        size = F.whole(data.get("pile_size", len(unplaced)), "'pile_size'", 0, len(unplaced))
        Rng(seed).shuffle(unplaced)
        state.pile = unplaced[:size]
        state.removed += unplaced[size:]
    for entry in F.listed(data.get("pending", []), "'pending'"):
        state.pending.append(position_fields.read_pending(entry, TRIANGLES, "triangle"))
    position_fields.check_pending(state, partial(_check_order, state))
    position_fields.read_vacated(state, data, "[seat 0's, seat 1's, seat 2's]")
    result = data.get("result")
    if result is not None:
        state.result = F.outcome(result, SEATS)
    state._legal = None
    if state.result is None:
        state._settle()  # a finished position ends; a turn with nothing to do passes on
    return state


def _check_pairs(row: list[BoardCard], where: str) -> None:
    n = position_fields.bad_pair(row)
    if n is not None:
        raise PositionError(f"{where}: pair p{n} must be two face-up cards of one rank")


def _check_order(state: TriState, entry: tuple[Any, ...]) -> None:
    """The cards waiting for their order must be face-up in the mover's row."""
    row = state.rows[entry[1]][state.current]
    if not all(any(bc.card == c and bc.up for bc in row) for c in entry[2]):
        raise PositionError(
            "pending order: waiting cards must be face-up in the mover's row of "
            f"triangle {entry[1] + 1}"
        )


def to_position(state: TriState) -> dict[str, Any]:
    """Every key filled in: loads back to the same state."""
    discard: list[Any] = []
    for card, up, known, killed in state.discard:
        if up and killed:
            discard.append(C.name(card))
        else:
            discard.append(
                {
                    "card": C.name(card),
                    "up": up,
                    "seen": [s for s in range(SEATS) if known & (1 << s)],
                    "from": "board" if killed else "hand",
                }
            )
    return {
        **position_fields.common_fields(state),
        "triangles": [
            [[_token(bc, s) for bc in row] for s, row in enumerate(tri)] for tri in state.rows
        ],
        **position_fields.vacated_field(state),
        "pile": [C.name(c) for c in reversed(state.pile)],
        "removed": [C.name(c) for c in state.removed],
        "discard": discard,
        "pending": [position_fields.pending_entry(entry) for entry in state.pending],
        "result": state.result.to_json() if state.result else None,
    }
