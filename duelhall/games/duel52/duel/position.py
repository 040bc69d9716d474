"""Duel 52 positions: any mid-game state as a short JSON document (docs/positions/duel52.md).

A board card is written as a string: the card, then optional words. ``"7H"`` is a face-up
7 of hearts; ``"7H down d1"`` is face-down with one damage; ``"KS base"`` is a face-down
Base card. Words: ``up``, ``down``, ``base``, ``frozen``, ``dN`` (damage), ``pN`` (pair
group: the two cards sharing N are a pair), ``aN`` (attacks made this turn), ``xN`` (extra
attacks granted this turn), ``seen:S`` (seats, 0 and/or 1, that know a face-down card; by
default the owner knows a played card and nobody knows a Base card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
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
                f"{where}: unknown word {w!r} in {token!r}; use up, down, base, fort, "
                "frozen, dN, pN, aN, xN or seen:01"
            )
    if bc.base and not explicit_up:
        bc.up = False
    if bc.pair and not bc.up:
        raise PositionError(f"{where}: a face-down card cannot be paired ({token!r})")
    if bc.up:
        bc.known = ALL_SEATS
    else:
        default = 1 << owner if bc.base == 2 or not bc.base else 0
        bc.known = seen if seen is not None else default
    return bc


def _pending_out(entry: tuple[Any, ...]) -> list[Any]:
    """A pending choice, with the expansion's longer forms."""
    if entry[0] == "look" and len(entry) > 1:
        return ["look", entry[1]]
    if entry[0] == "move" and len(entry) > 2:
        return ["move", entry[1] + 1, entry[2], entry[3] + 1]
    if entry[0] == "draft":
        return ["draft", entry[1]]
    if entry[0] == "fort":
        return ["fort", entry[1] + 1]
    return position_fields.pending_entry(entry)


def to_position(state: Duel52State) -> dict[str, Any]:
    out = {
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
        "pending": [_pending_out(entry) for entry in state.pending],
        "result": state.result.to_json() if state.result is not None else None,
    }
    from duelhall.games.duel52.expansion.state import Duel52XState

    if isinstance(state, Duel52XState):
        out["expansion"] = _expansion_out(state)
    return out


def _name_or_none(card: int) -> str | None:
    return C.name(card) if card >= 0 else None


def _lanes_of(mask: int) -> list[int]:
    return [lane + 1 for lane in range(LANES) if mask >> lane & 1]


def _expansion_out(state: Any) -> dict[str, Any]:
    forts: list[Any] = []
    for bc in state.forts:
        forts.append(
            {"card": C.name(bc.card), "seen": _seats(bc.known)} if bc.known else C.name(bc.card)
        )
    return {
        "heroes": [_name_or_none(c) for c in state.heroes],
        "hero_played": list(state.hero_played),
        "spell_used": state.spell_used,
        "rushed": _name_or_none(state.rushed),
        "weary": _name_or_none(state.weary),
        "bannermen": [[C.name(c) for c in row] for row in state.banners],
        "stopped": [_lanes_of(m) for m in state.stopped],
        "forts": forts,
        "forts_taken": [_lanes_of(m) for m in state.fort_taken],
        "hands_shown": [[C.name(c) for c in row] for row in state.hand_known],
        "closing": state.closing,
    }


def _seats(mask: int) -> list[int]:
    return [s for s in (0, 1) if mask & (1 << s)]


def load_position(info: GameInfo, data: Mapping[str, Any]) -> Duel52State:
    """Build a state from a position; cards not placed anywhere fill the pile or are removed."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object; see docs/positions/duel52.md")
    if data.get("game", "duel52") != "duel52":
        raise PositionError(f"this position is for {data.get('game')!r}, not duel52")
    try:
        options = info.resolve_options(data.get("options") or {})
    except DuelhallError as e:
        raise PositionError(str(e)) from None
    seed = _int(data, "seed", 0)
    from duelhall.games.duel52.expansion.state import state_class

    state = state_class(options)(options, seed)
    used: dict[int, str] = {}

    def take(text: Any, where: str) -> int:
        try:
            card = C.parse(str(text))
        except DuelhallError as e:
            raise PositionError(f"{where}: {e}") from None
        if card in used:
            raise PositionError(f"{where}: {C.name(card)} is already placed at {used[card]}")
        used[card] = where
        return card

    lanes = data.get("lanes") or [[[], []] for _ in range(LANES)]
    if not isinstance(lanes, list) or len(lanes) != LANES:
        raise PositionError("'lanes' must list 3 lanes, each [seat 0's row, seat 1's row]")
    for li, lane in enumerate(lanes):
        if not isinstance(lane, list) or len(lane) != 2:
            raise PositionError(f"lane {li + 1}: write it as [seat 0's row, seat 1's row]")
        for s in (0, 1):
            if not isinstance(lane[s], list):
                raise PositionError(
                    f"lane {li + 1}, seat {s}: a row is a list of card strings, not {lane[s]!r}"
                )
            for k, token in enumerate(lane[s]):
                where = f"lane {li + 1}, seat {s}, card {k + 1}"
                bc = _parse_token(token, s, where)
                take(C.name(bc.card), where)
                state.rows[li][s].append(bc)
    from duelhall.games.duel52.expansion.state import Duel52XState

    if isinstance(state, Duel52XState):
        _expansion_in(state, data.get("expansion") or {}, take)
    elif data.get("expansion"):
        raise PositionError(
            "'expansion' needs an expansion option (heroes, bannermen, forts or vampiric)"
        )
    hands = data.get("hands") or [[], []]
    if not isinstance(hands, list) or len(hands) != 2:
        raise PositionError("'hands' must be [seat 0's cards, seat 1's cards]")
    for s in (0, 1):
        if not isinstance(hands[s], list):
            raise PositionError(f"hand of seat {s}: a list of cards, not {hands[s]!r}")
    state.hands = [[take(c, f"hand of seat {s}") for c in hands[s]] for s in (0, 1)]
    if isinstance(state, Duel52XState):
        shown = (data.get("expansion") or {}).get("hands_shown", [[], []])
        for s in (0, 1):
            cards = [C.parse(str(c)) for c in shown[s]]
            if any(c not in state.hands[s] for c in cards):
                raise PositionError(f"hands_shown of seat {s}: every card must be in that hand")
            state.hand_known[s] = cards
    for entry in _list(data, "discard"):
        if isinstance(entry, Mapping):
            card = take(entry.get("card"), "discard")
            up = bool(entry.get("up", True))
            seen = entry.get("seen", [])
            if not isinstance(seen, list) or any(x not in (0, 1) for x in seen):
                raise PositionError(f"discard {entry!r}: 'seen' lists seats 0 and/or 1")
            known = ALL_SEATS if up else sum(1 << int(x) for x in set(seen))
            origin = entry.get("from", "board")
            if origin not in ("board", "hand"):
                raise PositionError(f"discard {entry!r}: 'from' is board or hand, not {origin!r}")
            killed = origin == "board"
            if killed and not up and C.rank(card) == 3 and not options.get("vampiric"):
                raise PositionError(
                    f"discard {entry!r}: a 3 killed face-down springs its Trap and is never "
                    "discarded face-down"
                )
        else:
            card, up, known, killed = take(entry, "discard"), True, ALL_SEATS, True
        state.discard.append((card, up, known, killed))
    removed = [take(c, "removed") for c in _list(data, "removed")]
    if "pile" in data:
        state.pile = [take(c, "pile") for c in reversed(_list(data, "pile"))]
        rest = [c for c in C.DECK if c not in used]
        state.removed = removed + rest
    else:
        rest = [c for c in C.DECK if c not in used]
        Rng(seed).shuffle(rest)
        size = _int(data, "pile_size", len(rest))
        if not 0 <= size <= len(rest):
            raise PositionError(f"pile_size must be between 0 and {len(rest)}, not {size}")
        state.pile = rest[:size]
        state.removed = removed + rest[size:]
    state.turn = _int(data, "turn", 2)
    state.first_player = _seat(data, "first_player", 0)
    state.current = _seat(data, "to_move", 0)
    state.actions_left = _count(data, "actions_left", 3)
    state.actions_taken = _count(data, "actions_taken", 0)
    state.passes = _count(data, "passes", 0)
    winners = data.get("lane_winner") or [None] * LANES
    if (
        not isinstance(winners, list)
        or len(winners) != LANES
        or any(w not in (None, 0, 1) or isinstance(w, bool) for w in winners)
    ):
        raise PositionError(
            f"'lane_winner' lists 3 lanes, each null or the winning seat 0 or 1, not {winners!r}"
        )
    state.lane_winner = list(winners)
    state._next_pair = 1 + max(
        (bc.pair for lane in state.rows for row in lane for bc in row), default=0
    )
    for entry in _list(data, "pending"):
        state.pending.append(_pending(entry))
    position_fields.read_vacated(state, data, "[seat 0's, seat 1's]")
    _check_pairs(state)
    _check_cards(state)
    _check_pending(state)
    if data.get("result") is not None:
        # A finished game is stored with its result: settling again could not recover a
        # stalemate's count of passes, and must not replay the ending.
        state.result = _result(data["result"])
        state._legal = []
    else:
        state._settle()
    return state


def _expansion_in(state: Any, x: Any, take: Any) -> None:
    if not isinstance(x, Mapping):
        raise PositionError("'expansion' is an object; see docs/positions/duel52.md")

    def pair_list(key: str, default: Any) -> list[Any]:
        value = x.get(key, default)
        if not isinstance(value, list) or len(value) != 2:
            raise PositionError(f"expansion {key!r} lists two entries, seat 0's then seat 1's")
        return value

    def card_or_none(value: Any, where: str) -> int:
        return -1 if value is None else int(take(value, where))

    def lanes(value: Any, where: str) -> int:
        if not isinstance(value, list) or any(v not in (1, 2, 3) for v in value):
            raise PositionError(f"{where}: a list of lanes 1-3, not {value!r}")
        return sum(1 << (int(v) - 1) for v in set(value))

    heroes = pair_list("heroes", [None, None])
    played = pair_list("hero_played", [False, False])
    state.hero_played = [bool(p) for p in played]
    state.heroes = [
        C.parse(str(h))
        if state.hero_played[s] and h is not None
        # a played warrior's card lies on the board, where it is placed
        else card_or_none(h, f"hero of seat {s}")
        for s, h in enumerate(heroes)
    ]
    state.spell_used = bool(x.get("spell_used", False))
    rushed, weary = x.get("rushed"), x.get("weary")
    state.rushed = C.parse(str(rushed)) if rushed is not None else -1
    state.weary = C.parse(str(weary)) if weary is not None else -1
    banners = pair_list("bannermen", [[], []])
    state.banners = [
        [take(c, f"bannermen of seat {s}") for c in (row or [])] for s, row in enumerate(banners)
    ]
    state.stopped = [lanes(v, "expansion 'stopped'") for v in pair_list("stopped", [[], []])]
    state.fort_taken = [
        lanes(v, "expansion 'forts_taken'") for v in pair_list("forts_taken", [[], []])
    ]
    forts = x.get("forts", [])
    if not isinstance(forts, list):
        raise PositionError("expansion 'forts' is a list of cards")
    state.forts = []
    for entry in forts:
        seen: Any = []
        if isinstance(entry, Mapping):
            seen = entry.get("seen", [])
            entry = entry.get("card")
        bc = BoardCard(take(entry, "forts"), base=2)
        if not isinstance(seen, list) or any(v not in (0, 1) for v in seen):
            raise PositionError(f"fort {entry!r}: 'seen' lists seats 0 and/or 1")
        bc.known = sum(1 << int(v) for v in set(seen))
        state.forts.append(bc)
    state.closing = bool(x.get("closing", False))
    state.retable()


def _result(value: Any) -> Outcome:
    if not isinstance(value, Mapping):
        raise PositionError(f"'result' is an object with winner, scores and reason, not {value!r}")
    winner = value.get("winner")
    scores = value.get("scores")
    reason = value.get("reason")
    if (
        winner not in (None, 0, 1)
        or isinstance(winner, bool)
        or not isinstance(scores, list)
        or len(scores) != 2
        or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
        or not isinstance(reason, str)
    ):
        raise PositionError(
            f"'result' needs winner (null, 0 or 1), scores (two numbers) and reason, not {value!r}"
        )
    return Outcome(winner, tuple(float(x) for x in scores), reason, str(value.get("detail", "")))


def _pending(entry: Any) -> tuple[Any, ...]:
    if not isinstance(entry, list) or not entry:
        raise PositionError("each pending entry is a list like ['discard'] or ['move', 2]")
    what = entry[0]
    if what == "look" and len(entry) == 2 and entry[1] in (1, 2):
        return ("look", int(entry[1]))
    if what in ("discard", "look"):
        return (what,)
    if what == "move" and len(entry) == 4:
        n, src = entry[2], entry[3]
        if n not in (1, 2) or src not in (0, 1, 2, 3):
            raise PositionError(f"pending {entry!r}: write ['move', lane, moves left, from lane]")
        return ("move", _pending_lane(entry), int(n), int(src) - 1)
    if what == "move":
        return ("move", _pending_lane(entry))
    if what == "draft":
        if len(entry) != 2 or entry[1] not in (0, 1):
            raise PositionError(f"pending {entry!r}: write ['draft', seat]")
        return ("draft", int(entry[1]))
    if what == "fort":
        return ("fort", _pending_lane(entry))
    if what == "order" and len(entry) == 3 and entry[1] == 0:
        try:
            return ("order", -1, tuple(C.parse(str(c)) for c in entry[2]))
        except DuelhallError as e:
            raise PositionError(f"pending {entry!r}: {e}") from None
    if what == "order":
        if len(entry) != 3 or not isinstance(entry[2], list):
            raise PositionError(
                f"pending {entry!r}: write an order as ['order', lane, [cards waiting]]"
            )
        lane = _pending_lane(entry)
        try:
            return ("order", lane, tuple(C.parse(str(c)) for c in entry[2]))
        except DuelhallError as e:
            raise PositionError(f"pending {entry!r}: {e}") from None
    raise PositionError(f"unknown pending choice {what!r}; use discard, look, move or order")


def _pending_lane(entry: list[Any]) -> int:
    lane = entry[1] if len(entry) > 1 else None
    if isinstance(lane, bool) or lane not in (1, 2, 3):
        raise PositionError(f"pending {entry!r}: the second item is a lane, 1, 2 or 3")
    return int(lane) - 1


def _check_pairs(state: Duel52State) -> None:
    for li, lane in enumerate(state.rows):
        for s, row in enumerate(lane):
            pid = position_fields.bad_pair(row)
            if pid is not None:
                raise PositionError(
                    f"lane {li + 1}, seat {s}: pair p{pid} must be two face-up cards "
                    "of the same rank"
                )


def _check_cards(state: Duel52State) -> None:
    from duelhall.games.duel52.expansion.state import Duel52XState

    jack_hp = state.options["facedown_jack_hp"]
    for li, lane in enumerate(state.rows):
        for s, row in enumerate(lane):
            for k, bc in enumerate(row):
                where = f"lane {li + 1}, seat {s}, card {k + 1}"
                hp = state.hp(bc, s) if isinstance(state, Duel52XState) else max_hp(bc, jack_hp)
                if bc.damage >= hp:
                    raise PositionError(
                        f"{where}: {C.name(bc.card)} has {bc.damage} damage but only {hp} hit "
                        "points; a card with that much damage is dead"
                    )


def _check_pending(state: Duel52State) -> None:
    """Each pending choice must have an answer, or the game could not go on."""
    me = state.current
    for entry in state.pending:
        what = entry[0]
        if what == "discard" and not state.hands[me]:
            raise PositionError(f"pending discard: seat {me} has no card in hand to discard")
        if what == "look" and not state._look_targets(me):
            raise PositionError(f"pending look: no face-down card unknown to seat {me}")
        if what == "order":
            lane, waiting = entry[1], entry[2]
            lanes = range(LANES) if lane < 0 else (lane,)
            row = {bc.card for at in lanes for bc in state.rows[at][me] if bc.up}
            missing = [C.name(c) for c in waiting if c not in row]
            if not waiting or missing:
                raise PositionError(
                    f"pending order in lane {lane + 1}: the waiting cards must be face-up "
                    f"cards of seat {me} in that lane (not {', '.join(missing) or 'none'})"
                )


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{key!r} must be a whole number, not {value!r}")
    return value


def _count(data: Mapping[str, Any], key: str, default: int) -> int:
    value = _int(data, key, default)
    if value < 0:
        raise PositionError(f"{key!r} cannot be negative, not {value}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise PositionError(f"{key!r} must be a list, not {value!r}")
    return value


def _seat(data: Mapping[str, Any], key: str, default: int) -> int:
    value = _int(data, key, default)
    if value not in (0, 1):
        raise PositionError(f"{key!r} is a seat: 0 or 1, not {value}")
    return value
