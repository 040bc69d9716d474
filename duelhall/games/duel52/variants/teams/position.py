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
from typing import Any

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
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
                    f"{where}: {w!r}: a card on team {side}'s side is played by seat "
                    f"{side} or {side + 2}"
                )
            bc.by = int(s)
        elif lw.startswith("seen:"):
            seen = position_fields.read_seen(w, where, SEATS, "0-3", skip="-")
        else:
            raise PositionError(
                f"{where}: unknown word {w!r} in {token!r}; use up, down, base, frozen, dN, "
                "pN, aN, xN, by:S or seen:SS"
            )
    if bc.base:
        bc.by = -1
        if not explicit_up:
            bc.up = False
    if bc.pair and not bc.up:
        raise PositionError(f"{where}: a face-down card cannot be paired ({token!r})")
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


def _int(data: Mapping[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise PositionError(f"{key} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def load_position(info: GameInfo, data: Mapping[str, Any]) -> TeamState:
    """Build a team-game state from a position; cards placed nowhere are shuffled into the
    pile (with the position's seed) unless the position lists the pile itself."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object; see docs/notation/duel52-teams.md")
    if data.get("game", "duel52") != "duel52":
        raise PositionError(f"this position is for {data.get('game')!r}, not duel52")
    try:
        options = info.resolve_options(data.get("options") or {})
        check_options(options)
    except DuelhallError as e:
        raise PositionError(str(e)) from None
    seed = _int(data, "seed", 0, 0, 2**64 - 1)
    state = TeamState(options, seed)
    state.turn = _int(data, "turn", 5, 1, 10**6)
    state.first_player = _int(data, "first_player", 0, 0, SEATS - 1)
    state.current = _int(data, "to_move", (state.first_player + state.turn - 1) % SEATS, 0, 3)
    default_actions = 3 if state.turn > 4 else (1, 2, 2, 3)[state.turn - 1]
    state.actions_left = _int(data, "actions_left", default_actions, 0, 99)
    state.actions_taken = _int(data, "actions_taken", 0, 0, 99)
    state.passes = _int(data, "passes", 0, 0, 99)
    used: list[int] = []
    lanes = data.get("lanes")
    if not isinstance(lanes, list) or len(lanes) != LANES:
        raise PositionError("lanes must be a list of three lanes, each [team 0 row, team 1 row]")
    pair_ids = 0
    for lane, rows in enumerate(lanes):
        if not isinstance(rows, list) or len(rows) != TEAMS:
            raise PositionError(f"lane {lane + 1} must be [team 0 row, team 1 row]")
        for side, row in enumerate(rows):
            if not isinstance(row, list):
                raise PositionError(f"lane {lane + 1}, team {side}: a row is a list of cards")
            for k, token in enumerate(row):
                where = f"lane {lane + 1}, team {side}, card {k + 1}"
                bc = _parse_token(token, side, where)
                if bc.damage >= max_hp(bc, options["facedown_jack_hp"]):
                    raise PositionError(f"{where}: {token!r} has lethal damage; it would be dead")
                state.rows[lane][side].append(bc)
                used.append(bc.card)
                pair_ids = max(pair_ids, bc.pair)
        for side in range(TEAMS):
            if position_fields.bad_pair(state.rows[lane][side]) is not None:
                raise PositionError(
                    f"lane {lane + 1}, team {side}: a pair is two face-up cards of one rank"
                )
    state._next_pair = pair_ids + 1
    hands = data.get("hands", [[]] * SEATS)
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise PositionError("hands must be a list of four hands (seats 0-3)")
    for s, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise PositionError(f"hand of seat {s}: a list of cards")
        state.hands[s] = [position_fields.read_card(c, f"hand of seat {s}") for c in hand]
        used += state.hands[s]
    discard = data.get("discard", [])
    if not isinstance(discard, list):
        raise PositionError("discard must be a list of cards, oldest first")
    for k, entry in enumerate(discard):
        where = f"discard entry {k + 1}"
        if isinstance(entry, str):
            state.discard.append((position_fields.read_card(entry, where), True, ALL_SEATS, True))
            used.append(state.discard[-1][0])
            continue
        if not isinstance(entry, Mapping):
            raise PositionError(f"{where}: a card name or an object with card, up, seen, from")
        card = position_fields.read_card(entry.get("card"), where)
        up = bool(entry.get("up", True))
        known = ALL_SEATS
        if not up:
            known = 0
            seen = entry.get("seen", [])
            if not isinstance(seen, list):
                raise PositionError(f"{where}: seen lists seats 0-3, like [0, 2]")
            for s in seen:
                if s not in range(SEATS):
                    raise PositionError(f"{where}: seen lists seats 0-3")
                known |= 1 << s
        state.discard.append((card, up, known, entry.get("from", "board") != "hand"))
        used.append(card)
    pile = data.get("pile")
    if pile is not None:
        if not isinstance(pile, list):
            raise PositionError("pile must be a list of cards, top first")
        top_first = [position_fields.read_card(c, "pile") for c in pile]
        used += top_first
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
    winners = data.get("lane_winner", [None] * LANES)
    if not isinstance(winners, list) or len(winners) != LANES:
        raise PositionError("lane_winner is a list of three entries: null, 0 or 1")
    for lane, w in enumerate(winners):
        if w not in (None, 0, 1):
            raise PositionError("lane_winner entries are null, 0 or 1 (a team)")
        state.lane_winner[lane] = w
    pending = data.get("pending", [])
    if not isinstance(pending, list):
        raise PositionError("pending must be a list of choices, like [['discard']]")
    for entry in pending:
        if not isinstance(entry, list) or not entry:
            raise PositionError("pending entries are lists like ['discard'] or ['move', 2]")
        what = entry[0]
        if what in ("discard", "look"):
            state.pending.append((what,))
        elif what == "move" and len(entry) == 2 and entry[1] in (1, 2, 3):
            state.pending.append(("move", entry[1] - 1))
        elif (
            what == "order"
            and len(entry) == 3
            and entry[1] in (1, 2, 3)
            and isinstance(entry[2], list)
            and entry[2]
        ):
            state.pending.append(
                (
                    "order",
                    entry[1] - 1,
                    tuple(position_fields.read_card(c, "pending order") for c in entry[2]),
                )
            )
        else:
            raise PositionError(f"unknown pending entry {entry!r}")
    _check_pending(state)
    position_fields.read_vacated(state, data, "[team 0's, team 1's]")
    state._check_lanes()
    given = data.get("result")
    if state.result is None and isinstance(given, Mapping) and given.get("reason") == "stalemate":
        state.result = Outcome(None, (0.5,) * SEATS, "stalemate", str(given.get("detail", "")))
    if state.result is None:
        state._settle()  # automatic steps; a turn with nothing left to do passes on
    return state


def _check_pending(state: TeamState) -> None:
    """Every pending choice must have an answer, or the game could not go on."""
    me = state.current
    for entry in state.pending:
        what = entry[0]
        if what == "discard" and not state.hands[me]:
            raise PositionError(f"pending discard: seat {me} has no card in hand to discard")
        if what == "look" and not state._look_targets(me):
            raise PositionError(f"pending look: seat {me} knows every face-down card already")
        if what == "order":
            row = state.rows[entry[1]][team_of(me)]
            up = {bc.card for bc in row if bc.up}
            if any(c not in up for c in entry[2]):
                raise PositionError(
                    f"pending order: the waiting cards must be face-up on seat {me}'s team's "
                    f"side of lane {entry[1] + 1}"
                )
