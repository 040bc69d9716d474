"""Duel 52 positions: any mid-game state as a short JSON document (docs/positions/duel52.md).

A board card is written as a string: the card, then optional words. ``"7H"`` is a face-up
7 of hearts; ``"7H down d1"`` is face-down with one damage; ``"KS base"`` is a face-down
Base card. Words: ``up``, ``down``, ``base``, ``frozen``, ``dN`` (damage), ``pN`` (pair
group: the two cards sharing N are a pair), ``aN`` (attacks made this turn), ``xN`` (extra
attacks granted this turn), ``seen:S`` (seats, 0 and/or 1, that know a face-down card; by
default the owner knows a played card and nobody knows a Base card).

The expansion's keys are not read or written here: :mod:`duelhall.games.duel52.expansion.position`
adds them, writing through :func:`to_position` and reading through :func:`read_position`'s
:class:`Reader` hooks; the package chooses the reader from the options, as it chooses a new
game's class.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Generic, TypeVar

from duelhall.core import fields as F
from duelhall.core.errors import PositionError
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.untrusted import shown
from duelhall.games.duel52.duel.state import LANES, Duel52State
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import position_fields
from duelhall.games.duel52.engine.board import ALL_SEATS, BoardCard, max_hp


def _card_token(bc: BoardCard, owner: int) -> str:
    words = [C.name(bc.card)]
    if bc.base:
        words.append("fort" if bc.base == 2 else "base")
        if bc.up:
            words.append("up")
    elif not bc.up:
        words.append("down")
    words += position_fields.state_words(bc)
    if not bc.up:
        default = 0 if bc.base == 1 else 1 << owner
        if bc.known != default:
            words.append("seen:" + position_fields.seat_digits(bc.known, 2))
    return " ".join(words)


def _parse_token(token: Any, owner: int, where: str) -> BoardCard:
    card, words = position_fields.token_words(token, where, "'7H' or '7H down d1'")
    bc = BoardCard(card, up=True)
    explicit_up = False
    seen: int | None = None
    for w in words:
        lw = w.lower()
        if position_fields.read_state_word(bc, w):
            continue
        if lw == "up":
            explicit_up = True
        elif lw == "base":
            bc.base = True
        elif lw == "fort":
            bc.base = 2  # an expansion fort: a Base card its owner has seen
        elif lw.startswith("seen:"):
            seen = position_fields.read_seen(w, where, 2, "0 and/or 1")
        else:
            raise PositionError(
                f"{where}: unknown word {shown(w)} in {shown(token)}; use up, down, base, fort, "
                "frozen, dN, pN, aN, xN or seen:01"
            )
    if bc.base and not explicit_up:
        bc.up = False
    if bc.pair and not bc.up:
        raise PositionError(f"{where}: a face-down card cannot be paired ({shown(token)})")
    if bc.up:
        bc.known = ALL_SEATS
    else:
        default = 1 << owner if bc.base == 2 or not bc.base else 0
        bc.known = seen if seen is not None else default
    return bc


Take = Callable[[Any, str], int]
"""Reads a card of the position at a place (named for errors) and marks it placed there."""
PendingOut = Callable[[tuple[Any, ...]], list[Any]]
"""Writes a pending choice of the state as a position's list."""


def to_position(
    state: Duel52State, pending_out: PendingOut = position_fields.pending_entry
) -> dict[str, Any]:
    """``state`` as a position; ``pending_out`` writes its pending choices (a mode built on
    the duel passes one that knows its own forms, and adds its keys to the result)."""
    return {
        **position_fields.common_fields(state),
        "pile": [C.name(c) for c in reversed(state.pile)],
        "removed": [C.name(c) for c in state.removed],
        "discard": [position_fields.discard_entry(entry, 2) for entry in state.discard],
        "lanes": [
            [[_card_token(bc, s) for bc in state.rows[lane][s]] for s in (0, 1)]
            for lane in range(LANES)
        ],
        **position_fields.vacated_field(state),
        "lane_winner": list(state.lane_winner),
        "pending": [pending_out(entry) for entry in state.pending],
        "result": state.result.to_json() if state.result is not None else None,
    }


KEYS = (
    *position_fields.COMMON_KEYS,
    "lanes",
    "vacated",
    "pile",
    "pile_size",
    "removed",
    "discard",
    "lane_winner",
    "pending",
    "result",
    "expansion",
)


S = TypeVar("S", bound=Duel52State)


class Reader(Generic[S]):
    """How a position becomes a state of class ``S``: the duel's reading of the fields it
    shares with any mode built on it, through hooks where that mode's own fields come in.

    A mode built on the duel (the expansion) subclasses this and fills in the hooks, typed
    against its own state; :func:`read_position` is the one loop over the fields, so every
    check and its order stay the same for both (python-chess's variants override a few
    hooks in the same way)."""

    def __init__(self, state_class: type[S]) -> None:
        self.state_class = state_class

    def read_expansion(self, state: S, given: Mapping[str, Any], take: Take) -> None:
        """Read the ``expansion`` object (an object, maybe empty) into ``state``, after the
        board and the hands and before the discard pile; the duel has none."""
        if given:
            raise PositionError(
                "'expansion' needs an expansion option (heroes, bannermen, forts or vampiric)"
            )

    def read_pending(self, entry: Any) -> tuple[Any, ...]:
        """A pending choice, in the forms this mode has."""
        return position_fields.read_pending(entry, LANES, "lane")

    def hp(self, state: S, bc: BoardCard, owner: int) -> int:
        """The hit points of ``bc`` in ``owner``'s rows, to check its damage against."""
        return max_hp(bc, state.options["facedown_jack_hp"])

    def check_turn(self, state: S, used: Mapping[int, str]) -> None:
        """The mode's turn flow, once the whole state is read (``used``: where each placed
        card was read); the duel has no turn 0."""
        if state.turn == 0:
            raise PositionError("'turn' counts from 1 (turn 0 is the expansion's bannermen draft)")


READER = Reader(Duel52State)
"""The duel's own reading: no expansion fields."""


def read_start(info: GameInfo, data: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """A position's options and seed, read first: the options choose the state class."""
    return position_fields.read_start(info, data, KEYS, "a Duel 52 position")


def read_position(
    reader: Reader[S], data: Mapping[str, Any], options: dict[str, Any], seed: int
) -> S:
    """Build a state from a position; cards not placed anywhere fill the pile or are removed.

    ``data`` is untrusted: every field is read through :mod:`duelhall.core.fields` and the
    state is checked to be one a game could reach (cards once each, no lethal damage, every
    pending choice answerable). ``options`` and ``seed`` come from :func:`read_start`."""
    state = reader.state_class(options, seed)
    used: dict[int, str] = {}

    def take(text: Any, where: str) -> int:
        card = position_fields.read_card(text, where)
        if card in used:
            raise PositionError(f"{where}: {C.name(card)} is already placed at {used[card]}")
        used[card] = where
        return card

    lanes = F.listed(
        or_default(data, "lanes", [[[], []] for _ in range(LANES)]), "'lanes'", LANES, "three lanes"
    )
    for li, lane in enumerate(lanes):
        lane = F.listed(lane, f"lane {li + 1}", 2, "seat 0's row, seat 1's row")
        for s in (0, 1):
            row = F.listed(lane[s], f"lane {li + 1}, seat {s}'s row")
            for k, token in enumerate(row):
                where = f"lane {li + 1}, seat {s}, card {k + 1}"
                bc = _parse_token(token, s, where)
                take(C.name(bc.card), where)
                state.rows[li][s].append(bc)
    hands = F.listed(or_default(data, "hands", [[], []]), "'hands'", 2, "seat 0's cards, seat 1's")
    state.hands = [
        [take(c, f"hand of seat {s}") for c in F.listed(hands[s], f"hand of seat {s}")]
        for s in (0, 1)
    ]
    expansion = or_default(data, "expansion", {})
    if not isinstance(expansion, Mapping):
        raise PositionError("'expansion' is an object; see docs/positions/duel52.md")
    reader.read_expansion(state, expansion, take)
    for k, entry in enumerate(F.listed(or_default(data, "discard", []), "'discard'")):
        where = f"discard entry {k + 1}"
        traps = not options.get("vampiric")
        state.discard.append(position_fields.read_discard(entry, where, take, 2, traps=traps))
    removed = [take(c, "removed") for c in F.listed(or_default(data, "removed", []), "'removed'")]
    if data.get("pile") is not None:
        if "pile_size" in data:
            raise PositionError("give 'pile' or 'pile_size', not both")
        state.pile = [take(c, "pile") for c in reversed(F.listed(data["pile"], "'pile'"))]
        rest = [c for c in C.DECK if c not in used]
        state.removed = removed + rest
    else:
        rest = [c for c in C.DECK if c not in used]
        Rng(seed).shuffle(rest)
        size = F.whole(data.get("pile_size", len(rest)), "'pile_size'", 0, len(rest))
        state.pile = rest[:size]
        state.removed = removed + rest[size:]
    position_fields.read_turn(state, data, turn=2, first_turn=0)  # turn 0: the draft
    winners = F.listed(or_default(data, "lane_winner", [None] * LANES), "'lane_winner'", LANES)
    state.lane_winner = [
        F.one_of(w, f"'lane_winner' of lane {i + 1}", (None, 0, 1)) for i, w in enumerate(winners)
    ]
    state._next_pair = 1 + max(
        (bc.pair for lane in state.rows for row in lane for bc in row), default=0
    )
    for entry in F.listed(or_default(data, "pending", []), "'pending'"):
        state.pending.append(reader.read_pending(entry))
    position_fields.read_vacated(state, data, "[seat 0's, seat 1's]")
    _check_pairs(state)
    _check_cards(reader, state)
    position_fields.check_pending(
        state, partial(_check_order, state), "no face-down card unknown to seat {me}"
    )
    reader.check_turn(state, used)
    if data.get("result") is not None:
        # A finished game is stored with its result: settling again could not recover a
        # stalemate's count of passes, and must not replay the ending.
        state.result = F.outcome(data["result"], 2)
        state._legal = []
    else:
        state._settle()
    return state


def or_default(data: Mapping[str, Any], key: str, default: Any) -> Any:
    """``data[key]``, with ``null`` or a missing key meaning ``default``."""
    value = data.get(key)
    return default if value is None else value


def _check_pairs(state: Duel52State) -> None:
    for li, lane in enumerate(state.rows):
        for s, row in enumerate(lane):
            pid = position_fields.bad_pair(row)
            if pid is not None:
                raise PositionError(
                    f"lane {li + 1}, seat {s}: pair p{pid} must be two face-up cards "
                    "of the same rank"
                )


def _check_cards(reader: Reader[S], state: S) -> None:
    for li, lane in enumerate(state.rows):
        for s, row in enumerate(lane):
            for k, bc in enumerate(row):
                where = f"lane {li + 1}, seat {s}, card {k + 1}"
                hp = reader.hp(state, bc, s)
                if bc.damage >= hp:
                    raise PositionError(
                        f"{where}: {C.name(bc.card)} has {bc.damage} damage but only {hp} hit "
                        "points; a card with that much damage is dead"
                    )


def _check_order(state: Duel52State, entry: tuple[Any, ...]) -> None:
    """The cards waiting for their order must be face-up cards of the mover in the
    entry's lane (in any lane when it names none)."""
    me = state.current
    lane, waiting = entry[1], entry[2]
    lanes = range(LANES) if lane < 0 else (lane,)
    row = {bc.card for at in lanes for bc in state.rows[at][me] if bc.up}
    missing = [C.name(c) for c in waiting if c not in row]
    if not waiting or missing:
        raise PositionError(
            f"pending order in lane {lane + 1}: the waiting cards must be face-up "
            f"cards of seat {me} in that lane (not {', '.join(missing) or 'none'})"
        )
