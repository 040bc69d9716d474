"""Three-player Duel 52 positions as JSON (docs/notation/duel52-three-players.md, "Positions").

A board card is a string: the card, then optional words: ``down`` (face-down), ``frozen``,
``dN`` (damage), ``pN`` (pair group), ``aN`` (attacks made this turn), ``xN`` (extra attacks
granted this turn), ``seen:S`` (the seats 0, 1, 2 that know a face-down card; by default
only its owner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import PositionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
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

KEYS = frozenset(
    {
        "game",
        "options",
        "seed",
        "turn",
        "first_player",
        "to_move",
        "actions_left",
        "actions_taken",
        "passes",
        "hands",
        "triangles",
        "vacated",
        "pile",
        "pile_size",
        "removed",
        "discard",
        "pending",
        "result",
    }
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
                f"{where}: unknown word {w!r}; use down, frozen, dN, pN, aN, xN or seen:S"
            )
    if not bc.up:
        bc.known = (1 << owner) | (seen or 0)
    if bc.damage >= max_hp(bc, jack_hp):
        raise PositionError(
            f"{where}: {token!r} has lethal damage; a dead card is not on the board"
        )
    return bc


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PositionError(f"{key!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def load_position(info: GameInfo, data: Mapping[str, Any]) -> TriState:
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object")
    unknown = set(data) - KEYS
    if unknown:
        raise PositionError(
            f"unknown key(s) {sorted(unknown)} in a three-player position; known keys: "
            + ", ".join(sorted(KEYS))
        )
    if data.get("game", "duel52") != "duel52":
        raise PositionError(f"this is a {data.get('game')!r} position, not duel52")
    options = info.resolve_options(data.get("options") or {})
    check_options(options)
    seed = _int(data, "seed", 0, 0, 2**64 - 1)
    state = TriState(options, seed)
    used: set[int] = set()

    def take(card: int, where: str) -> int:
        if card in used:
            raise PositionError(f"{where}: {C.name(card)} appears twice in the position")
        used.add(card)
        return card

    state.turn = _int(data, "turn", 3, 1, 10**6)
    state.first_player = _int(data, "first_player", 0, 0, 2)
    state.current = _int(data, "to_move", 0, 0, 2)
    state.actions_left = _int(data, "actions_left", 3, 0, 99)
    state.actions_taken = _int(data, "actions_taken", 0, 0, 99)
    state.passes = _int(data, "passes", 0, 0, 99)
    hands = data.get("hands", [[], [], []])
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise PositionError("'hands' must list three hands, one per seat")
    for s, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise PositionError(f"hands[{s}] must be a list of card names")
        state.hands[s] = [
            take(position_fields.read_card(t, f"hands[{s}]"), f"hands[{s}]") for t in hand
        ]
    tris = data.get("triangles", [[[], [], []] for _ in range(TRIANGLES)])
    if not isinstance(tris, list) or len(tris) != TRIANGLES:
        raise PositionError("'triangles' must list four triangles, each [row 0, row 1, row 2]")
    for t, tri in enumerate(tris):
        if not isinstance(tri, list) or len(tri) != SEATS:
            raise PositionError(f"triangle {t + 1} must be three rows, one per seat")
        for s, row in enumerate(tri):
            if not isinstance(row, list):
                raise PositionError(f"triangle {t + 1}, seat {s}: a row is a list of cards")
            for i, token in enumerate(row):
                where = f"triangle {t + 1}, seat {s}, card {i + 1}"
                bc = _parse_token(token, s, where, options["facedown_jack_hp"])
                take(bc.card, where)
                state.rows[t][s].append(bc)
            _check_pairs(state.rows[t][s], f"triangle {t + 1}, seat {s}")
    state._next_pair = 1 + max(
        (bc.pair for tri in state.rows for row in tri for bc in row), default=0
    )
    discard = data.get("discard", [])
    if not isinstance(discard, list):
        raise PositionError("'discard' must be a list")
    for k, entry in enumerate(discard):
        state.discard.append(_parse_discard(entry, f"discard[{k}]", take))
    removed = data.get("removed", [])
    if not isinstance(removed, list):
        raise PositionError("'removed' must be a list of card names")
    state.removed = [take(position_fields.read_card(t, "removed"), "removed") for t in removed]
    unplaced = [c for c in C.DECK if c not in used]
    if "pile" in data:
        pile = data["pile"]
        if not isinstance(pile, list):
            raise PositionError("'pile' must be a list of card names, top card first")
        top_first = [take(position_fields.read_card(t, "pile"), "pile") for t in pile]
        state.pile = top_first[::-1]
        state.removed += [c for c in unplaced if c not in used]
    else:
        size = _int(data, "pile_size", len(unplaced), 0, len(unplaced))
        Rng(seed).shuffle(unplaced)
        state.pile = unplaced[:size]
        state.removed += unplaced[size:]
    state.pending = _parse_pending(data.get("pending", []), state)
    position_fields.read_vacated(state, data, "[seat 0's, seat 1's, seat 2's]")
    result = data.get("result")
    if result is not None:
        if not isinstance(result, Mapping) or "scores" not in result:
            raise PositionError("'result' must be an object with winner, scores and reason")
        state.result = Outcome(
            result.get("winner"),
            tuple(float(x) for x in result["scores"]),
            str(result.get("reason", "")),
            str(result.get("detail", "")),
        )
    state._legal = None
    if state.result is None:
        state._settle()  # a finished position ends; a turn with nothing to do passes on
    return state


def _check_pairs(row: list[BoardCard], where: str) -> None:
    n = position_fields.bad_pair(row)
    if n is not None:
        raise PositionError(f"{where}: pair p{n} must be two face-up cards of one rank")


def _parse_discard(entry: Any, where: str, take: Any) -> tuple[int, bool, int, bool]:
    if isinstance(entry, str):
        return (take(position_fields.read_card(entry, where), where), True, ALL_SEATS, True)
    if not isinstance(entry, Mapping) or "card" not in entry:
        raise PositionError(f"{where}: a card name or an object with 'card'")
    card = take(position_fields.read_card(entry["card"], where), where)
    up = bool(entry.get("up", False))
    origin = entry.get("from", "board")
    if origin not in ("board", "hand"):
        raise PositionError(f"{where}: 'from' is 'board' or 'hand', not {origin!r}")
    seen = entry.get("seen", [])
    if not isinstance(seen, list) or any(s not in (0, 1, 2) for s in seen):
        raise PositionError(f"{where}: 'seen' lists seats 0, 1 and/or 2")
    known = ALL_SEATS if up else sum(1 << s for s in set(seen))
    killed = origin == "board"
    if killed and not up and C.rank(card) == 3:
        raise PositionError(f"{where}: a 3 killed face-down springs its Trap; it cannot be here")
    return (card, up, known, killed)


def _parse_pending(raw: Any, state: TriState) -> list[tuple[Any, ...]]:
    if not isinstance(raw, list):
        raise PositionError("'pending' must be a list of entries")
    out: list[tuple[Any, ...]] = []
    for k, entry in enumerate(raw):
        where = f"pending[{k}]"
        if not isinstance(entry, list) or not entry:
            raise PositionError(f'{where}: an entry is a list like ["look"]')
        what = entry[0]
        if what in ("discard", "look") and len(entry) == 1:
            out.append((what,))
        elif what == "move" and len(entry) == 2 and entry[1] in (1, 2, 3, 4):
            out.append(("move", entry[1] - 1))
        elif what == "order" and len(entry) == 3 and entry[1] in (1, 2, 3, 4):
            tri = entry[1] - 1
            cards = tuple(position_fields.read_card(c, where) for c in entry[2])
            row = state.rows[tri][state.current]
            if not all(any(bc.card == c and bc.up for bc in row) for c in cards):
                raise PositionError(
                    f"{where}: waiting cards must be face-up in the mover's row of triangle "
                    f"{tri + 1}"
                )
            out.append(("order", tri, cards))
        else:
            raise PositionError(
                f'{where}: expected ["discard"], ["look"], ["move", TRIANGLE] or '
                f'["order", TRIANGLE, [CARDS]]'
            )
    return out


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
