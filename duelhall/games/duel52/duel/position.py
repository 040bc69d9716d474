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
EXPANSION_KEYS = (
    "heroes",
    "hero_played",
    "spell_used",
    "rushed",
    "weary",
    "bannermen",
    "stopped",
    "forts",
    "forts_taken",
    "hands_shown",
    "closing",
)


def load_position(info: GameInfo, data: Mapping[str, Any]) -> Duel52State:
    """Build a state from a position; cards not placed anywhere fill the pile or are removed.

    ``data`` is untrusted: every field is read through :mod:`duelhall.core.fields` and the
    state is checked to be one a game could reach (cards once each, no lethal damage, every
    pending choice answerable)."""
    options, seed = position_fields.read_start(info, data, KEYS, "a Duel 52 position")
    from duelhall.games.duel52.expansion.state import Duel52XState, state_class

    state = state_class(options)(options, seed)
    used: dict[int, str] = {}

    def take(text: Any, where: str) -> int:
        card = position_fields.read_card(text, where)
        if card in used:
            raise PositionError(f"{where}: {C.name(card)} is already placed at {used[card]}")
        used[card] = where
        return card

    lanes = F.listed(
        _or(data, "lanes", [[[], []] for _ in range(LANES)]), "'lanes'", LANES, "three lanes"
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
    hands = F.listed(_or(data, "hands", [[], []]), "'hands'", 2, "seat 0's cards, seat 1's")
    state.hands = [
        [take(c, f"hand of seat {s}") for c in F.listed(hands[s], f"hand of seat {s}")]
        for s in (0, 1)
    ]
    expansion = _or(data, "expansion", {})
    if not isinstance(expansion, Mapping):
        raise PositionError("'expansion' is an object; see docs/positions/duel52.md")
    if isinstance(state, Duel52XState):
        _expansion_in(state, expansion, take)
    elif expansion:
        raise PositionError(
            "'expansion' needs an expansion option (heroes, bannermen, forts or vampiric)"
        )
    for k, entry in enumerate(F.listed(_or(data, "discard", []), "'discard'")):
        where = f"discard entry {k + 1}"
        traps = not options.get("vampiric")
        state.discard.append(position_fields.read_discard(entry, where, take, 2, traps=traps))
    removed = [take(c, "removed") for c in F.listed(_or(data, "removed", []), "'removed'")]
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
    winners = F.listed(_or(data, "lane_winner", [None] * LANES), "'lane_winner'", LANES)
    state.lane_winner = [
        F.one_of(w, f"'lane_winner' of lane {i + 1}", (None, 0, 1)) for i, w in enumerate(winners)
    ]
    state._next_pair = 1 + max(
        (bc.pair for lane in state.rows for row in lane for bc in row), default=0
    )
    with_expansion = isinstance(state, Duel52XState)
    for entry in F.listed(_or(data, "pending", []), "'pending'"):
        state.pending.append(_pending(entry, with_expansion))
    position_fields.read_vacated(state, data, "[seat 0's, seat 1's]")
    _check_pairs(state)
    _check_cards(state)
    _check_pending(state)
    if isinstance(state, Duel52XState):
        _check_expansion(state, used)
    elif state.turn == 0:
        raise PositionError("'turn' counts from 1 (turn 0 is the expansion's bannermen draft)")
    if data.get("result") is not None:
        # A finished game is stored with its result: settling again could not recover a
        # stalemate's count of passes, and must not replay the ending.
        state.result = F.outcome(data["result"], 2)
        state._legal = []
    else:
        state._settle()
    return state


def _or(data: Mapping[str, Any], key: str, default: Any) -> Any:
    """``data[key]``, with ``null`` or a missing key meaning ``default``."""
    value = data.get(key)
    return default if value is None else value


def _expansion_in(state: Any, x: Mapping[str, Any], take: Any) -> None:
    from duelhall.games.duel52.expansion.state import BANNERMEN, FORT, FORTS

    F.known_keys(x, EXPANSION_KEYS, "'expansion'")

    def pair_list(key: str, default: Any) -> list[Any]:
        return F.listed(_or(x, key, default), f"expansion {key!r}", 2, "seat 0's, seat 1's")

    def card_or_none(value: Any, where: str) -> int:
        return -1 if value is None else position_fields.read_card(value, where)

    def lanes(value: Any, where: str) -> int:
        mask = 0
        for v in F.listed(value, where):
            mask |= 1 << (F.one_of(v, f"{where}: a lane", (1, 2, 3)) - 1)
        return mask

    options = state.options
    heroes = pair_list("heroes", [None, None])
    played = pair_list("hero_played", [False, False])
    state.hero_played = [F.flag(p, f"hero_played of seat {s}") for s, p in enumerate(played)]
    state.heroes = [card_or_none(h, f"hero of seat {s}") for s, h in enumerate(heroes)]
    for s in (0, 1):
        if state.heroes[s] >= 0 and not options["heroes"]:
            raise PositionError("expansion 'heroes' needs the option heroes=true")
        if state.hero_played[s] and state.heroes[s] < 0:
            raise PositionError(f"hero_played of seat {s}: seat {s} has no hero")
        if state.heroes[s] >= 0 and not state.hero_played[s]:
            # a played warrior's card lies on the board (or in the discard pile), where it
            # is placed; a hero not yet played is set aside here
            take(C.name(state.heroes[s]), f"hero of seat {s}")
    state.spell_used = F.flag(x.get("spell_used", False), "expansion 'spell_used'")
    state.rushed = card_or_none(x.get("rushed"), "expansion 'rushed'")
    state.weary = card_or_none(x.get("weary"), "expansion 'weary'")
    banners = pair_list("bannermen", [[], []])
    state.banners = []
    for s, row in enumerate(banners):
        row = F.listed(row, f"bannermen of seat {s}")
        if row and not options["bannermen"]:
            raise PositionError("expansion 'bannermen' needs the option bannermen=true")
        if len(row) > BANNERMEN:
            raise PositionError(f"bannermen of seat {s}: at most {BANNERMEN}, not {len(row)}")
        state.banners.append([take(c, f"bannermen of seat {s}") for c in row])
    state.stopped = [lanes(v, "expansion 'stopped'") for v in pair_list("stopped", [[], []])]
    state.fort_taken = [
        lanes(v, "expansion 'forts_taken'") for v in pair_list("forts_taken", [[], []])
    ]
    forts = F.listed(_or(x, "forts", []), "expansion 'forts'")
    if forts and not options["forts"]:
        raise PositionError("expansion 'forts' needs the option forts=true")
    if len(forts) > FORTS:
        raise PositionError(f"expansion 'forts': at most {FORTS} forts, not {len(forts)}")
    state.forts = []
    for k, entry in enumerate(forts):
        where = f"fort {k + 1}"
        seen: Any = []
        if isinstance(entry, Mapping):
            F.known_keys(entry, ("card", "seen"), where)
            seen = entry.get("seen", [])
            entry = entry.get("card")
        bc = BoardCard(take(entry, where), base=FORT)
        bc.known = 0
        for v in F.listed(seen, f"{where}: 'seen'"):
            bc.known |= 1 << F.seat(v, f"{where}: 'seen'", 2)
        state.forts.append(bc)
    shown_cards = pair_list("hands_shown", [[], []])
    for s in (0, 1):
        where = f"hands_shown of seat {s}"
        cards = [position_fields.read_card(c, where) for c in F.listed(shown_cards[s], where)]
        if any(c not in state.hands[s] for c in cards) or len(set(cards)) != len(cards):
            raise PositionError(f"{where}: cards of that seat's hand, each once")
        state.hand_known[s] = cards
    state.closing = F.flag(x.get("closing", False), "expansion 'closing'")
    state.retable()


def _check_expansion(state: Any, used: Mapping[int, str]) -> None:
    """The expansion's turn flow: the bannermen draft is turn 0 and nothing else is; fort
    choices are made while a turn closes, and only then."""
    drafting = any(entry[0] == "draft" for entry in state.pending)
    if state.turn == 0 or drafting:
        if not (state.turn == 0 and drafting and state.options["bannermen"]):
            raise PositionError(
                "turn 0 is the bannermen draft: it needs the option bannermen=true and a "
                "pending ['draft', SEAT], and a draft happens only at turn 0"
            )
        if any(row for lane in state.rows for row in lane) or len(state.pile) < 2 * LANES:
            raise PositionError(
                f"during the bannermen draft no card is on the board yet and the pile holds "
                f"the {2 * LANES} Base cards still to deal"
            )
        if any(entry[0] != "draft" for entry in state.pending):
            raise PositionError("during the bannermen draft only drafts can be pending")
        if state.forts:
            raise PositionError(
                "during the bannermen draft the forts are not set aside yet: leave "
                "expansion 'forts' empty"
            )
    forts_pending = any(entry[0] == "fort" for entry in state.pending)
    if forts_pending != state.closing:
        raise PositionError(
            "fort choices are pending exactly while a turn closes: give 'closing': true with "
            "pending ['fort', LANE] entries, or neither"
        )
    for s in (0, 1):
        if state.hero_played[s] and state.heroes[s] not in used:
            raise PositionError(
                f"the played hero of seat {s}, {C.name(state.heroes[s])}, must be placed on "
                "the board or in the discard pile"
            )


def _pending(entry: Any, expansion: bool) -> tuple[Any, ...]:
    """A pending choice: the expansion's own forms, or those every mode has."""
    if expansion and isinstance(entry, list) and entry:
        what, n = entry[0], len(entry)
        if what == "look" and n == 2:
            return ("look", F.one_of(entry[1], "pending ['look', N]: N", (1, 2)))
        if what == "move" and n == 4:
            moves = F.one_of(entry[2], "pending move: moves left", (1, 2))
            src = F.one_of(entry[3], "pending move: from lane", (0, 1, 2, 3))
            return ("move", _pending_lane(entry), moves, src - 1)
        if what == "draft" and n == 2:
            return ("draft", F.seat(entry[1], "pending draft: the seat", 2))
        if what == "fort" and n == 2:
            return ("fort", _pending_lane(entry))
        if what == "order" and n == 3 and F.is_whole(entry[1]) and entry[1] == 0:
            cards = F.listed(entry[2], "pending order: the cards waiting")
            return (
                "order",
                -1,
                tuple(position_fields.read_card(c, "pending order") for c in cards),
            )
        if what in ("draft", "fort"):
            raise PositionError(f"pending {shown(entry)}: write ['{what}', {what.upper()}]")
    return position_fields.read_pending(entry, LANES, "lane")


def _pending_lane(entry: list[Any]) -> int:
    lane = entry[1] if len(entry) > 1 else None
    if isinstance(lane, bool) or lane not in (1, 2, 3):
        raise PositionError(f"pending {shown(entry)}: the second item is a lane, 1, 2 or 3")
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
