"""Team-game positions: any mid-game state as a JSON document (docs/notation/duel52-teams.md).

Seats are 0-3 and teams 0 (seats 0 and 2) and 1 (seats 1 and 3), as in the two-player
format's 0-based seats. A board card is a string: the card, then optional words: ``up``,
``down``, ``base``, ``frozen``, ``dN`` (damage), ``pN`` (pair group), ``aN`` (attacks made
this turn), ``xN`` (extra attacks granted this turn), ``by:S`` (the seat that played it;
default the team's first seat, 0 or 1) and ``seen:SS`` (the seats that know a face-down
card; by default the seat that played it, nobody for a Base card).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from duelhall.core import fields as F
from duelhall.core.errors import PositionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.core.untrusted import shown
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import position_fields
from duelhall.games.duel52.engine.board import max_hp
from duelhall.games.duel52.variants.teams.state import (
    ALL_SEATS,
    LANES,
    SEATS,
    TEAMS,
    TeamCard,
    TeamState,
    check_options,
    team_of,
)


def card_token(bc: TeamCard, side: int) -> str:
    words = [C.name(bc.card)]
    if bc.base:
        words.append("base")
        if bc.up:
            words.append("up")
    elif not bc.up:
        words.append("down")
    words += position_fields.state_words(bc)
    if not bc.base and bc.by != side:
        words.append(f"by:{bc.by}")
    if not bc.up:
        default = 0 if bc.base else 1 << bc.by
        if bc.known != default:
            words.append("seen:" + (position_fields.seat_digits(bc.known, SEATS) or "-"))
    return " ".join(words)


def _parse_token(token: Any, side: int, where: str) -> TeamCard:
    card, words = position_fields.token_words(token, where, "'7H' or '7H down by:2 d1'")
    bc = TeamCard(card, up=True, by=side)
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
        elif lw.startswith("by:"):
            s = lw[3:]
            if s not in ("0", "1", "2", "3") or int(s) % 2 != side:
                raise PositionError(
                    f"{where}: {shown(w)}: a card on team {side}'s side is played by seat "
                    f"{side} or {side + 2}"
                )
            bc.by = int(s)
        elif lw.startswith("seen:"):
            seen = position_fields.read_seen(w, where, SEATS, "0-3", skip="-")
        else:
            raise PositionError(
                f"{where}: unknown word {shown(w)} in {shown(token)}; use up, down, base, "
                "frozen, dN, pN, aN, xN, by:S or seen:SS"
            )
    if bc.base:
        bc.by = -1
        if not explicit_up:
            bc.up = False
    if bc.pair and not bc.up:
        raise PositionError(f"{where}: a face-down card cannot be paired ({shown(token)})")
    if bc.up:
        bc.known = ALL_SEATS
    else:
        bc.known = seen if seen is not None else (0 if bc.base else 1 << bc.by)
    return bc


def to_position(state: TeamState) -> dict[str, Any]:
    return {
        **position_fields.common_fields(state),
        "pile": [C.name(c) for c in reversed(state.pile)],
        "discard": [position_fields.discard_entry(entry, SEATS) for entry in state.discard],
        "lanes": [
            [[card_token(bc, side) for bc in state.rows[lane][side]] for side in range(TEAMS)]
            for lane in range(LANES)
        ],
        **position_fields.vacated_field(state),
        "lane_winner": list(state.lane_winner),
        "pending": [position_fields.pending_entry(entry) for entry in state.pending],
        "result": state.result.to_json() if state.result is not None else None,
    }


KEYS = (
    *position_fields.COMMON_KEYS,
    "lanes",
    "vacated",
    "pile",
    "discard",
    "lane_winner",
    "pending",
    "result",
)


def load_position(info: GameInfo, data: Mapping[str, Any]) -> TeamState:
    """Build a team-game state from a position; cards placed nowhere are shuffled into the
    pile (with the position's seed) unless the position lists the pile itself. ``data`` is
    untrusted: every field is read through :mod:`duelhall.core.fields`."""
    options, seed = position_fields.read_start(
        info, data, KEYS, "a team-game position", check_options
    )
    state = TeamState(options, seed)
    position_fields.read_turn(
        state,
        data,
        turn=5,
        to_move=lambda state: (state.first_player + state.turn - 1) % SEATS,
        actions=lambda state: state.actions_for_turn(state.turn),
    )
    used: list[int] = []

    def take(value: Any, where: str) -> int:
        card = position_fields.read_card(value, where)
        used.append(card)
        return card

    lanes = F.listed(data.get("lanes"), "'lanes'", LANES, "three lanes")
    pair_ids = 0
    for lane, rows in enumerate(lanes):
        rows = F.listed(rows, f"lane {lane + 1}", TEAMS, "team 0's row, team 1's row")
        for side, row in enumerate(rows):
            for k, token in enumerate(F.listed(row, f"lane {lane + 1}, team {side}'s row")):
                where = f"lane {lane + 1}, team {side}, card {k + 1}"
                bc = _parse_token(token, side, where)
                if bc.damage >= max_hp(bc, options["facedown_jack_hp"]):
                    raise PositionError(
                        f"{where}: {shown(token)} has lethal damage; it would be dead"
                    )
                state.rows[lane][side].append(bc)
                used.append(bc.card)
                pair_ids = max(pair_ids, bc.pair)
        for side in range(TEAMS):
            if position_fields.bad_pair(state.rows[lane][side]) is not None:
                raise PositionError(
                    f"lane {lane + 1}, team {side}: a pair is two face-up cards of one rank"
                )
    state._next_pair = pair_ids + 1
    hands = F.listed(data.get("hands", [[]] * SEATS), "'hands'", SEATS, "four hands, one a seat")
    for s, hand in enumerate(hands):
        where = f"hand of seat {s}"
        state.hands[s] = [take(c, where) for c in F.listed(hand, where)]
    for k, entry in enumerate(F.listed(data.get("discard", []), "'discard'")):
        state.discard.append(
            # The team format has always let a 3 lie face-down in the discard pile.
            position_fields.read_discard(entry, f"discard entry {k + 1}", take, SEATS, traps=False)
        )
    pile = data.get("pile")
    if pile is not None:
        top_first = [take(c, "pile") for c in F.listed(pile, "'pile'")]
        state.pile = top_first[::-1]
    dupes = sorted({c for c in used if used.count(c) > 1})
    if dupes:
        raise PositionError("cards placed twice: " + ", ".join(C.name(c) for c in dupes))
    rest = [c for c in C.DECK if c not in set(used)]
    if pile is not None and rest:
        raise PositionError(
            "the position lists a pile but leaves cards nowhere: "
            + ", ".join(C.name(c) for c in rest)
            + " (add them to the pile, or leave the pile out to shuffle the rest into it)"
        )
    if pile is None:
        Rng(seed ^ 0x7EA5).shuffle(rest)
        state.pile = rest
    winners = F.listed(data.get("lane_winner", [None] * LANES), "'lane_winner'", LANES)
    for lane, w in enumerate(winners):
        state.lane_winner[lane] = F.one_of(w, f"'lane_winner' of lane {lane + 1}", (None, 0, 1))
    for entry in F.listed(data.get("pending", []), "'pending'"):
        state.pending.append(position_fields.read_pending(entry, LANES, "lane"))
    position_fields.check_pending(state, partial(_check_order, state))
    position_fields.read_vacated(state, data, "[team 0's, team 1's]")
    state._check_lanes()
    given = data.get("result")
    if given is not None:
        given_result = F.outcome(given, SEATS)
        # A won game is settled again from the lanes; a stalemate's passes cannot be.
        if state.result is None and given_result.reason == "stalemate":
            state.result = Outcome(None, (0.5,) * SEATS, "stalemate", given_result.detail)
    if state.result is None:
        state._settle()  # automatic steps; a turn with nothing left to do passes on
    return state


def _check_order(state: TeamState, entry: tuple[Any, ...]) -> None:
    """The cards waiting for their order must be face-up on the mover's team's side."""
    me = state.current
    row = state.rows[entry[1]][team_of(me)]
    up = {bc.card for bc in row if bc.up}
    if any(c not in up for c in entry[2]):
        raise PositionError(
            f"pending order: the waiting cards must be face-up on seat {me}'s team's "
            f"side of lane {entry[1] + 1}"
        )
