"""What the expansion adds to the duel's positions (docs/positions/duel52.md).

The duel's position (:mod:`duelhall.games.duel52.duel.position`) knows nothing of the
expansion: the expansion's position is the duel's plus an ``expansion`` object (heroes,
bannermen, forts, Time Stop, cards shown from a hand) and the longer pending choices
(``["look", N]``, ``["move", LANE, MOVES, FROM]``, ``["draft", SEAT]``, ``["fort", LANE]``,
``["order", 0, [CARDS]]``). It is read by the duel's loop through :class:`XReader`, which
fills in the duel reader's hooks, and wired to
:class:`~duelhall.games.duel52.expansion.state.Duel52XState` by the package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core import fields as F
from duelhall.core.errors import PositionError
from duelhall.core.untrusted import shown
from duelhall.games.duel52.duel import position as duel_position
from duelhall.games.duel52.duel.position import Reader, Take, or_default
from duelhall.games.duel52.duel.state import LANES
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import position_fields
from duelhall.games.duel52.engine.board import BoardCard
from duelhall.games.duel52.expansion.state import BANNERMEN, FORT, FORTS, Duel52XState

KEYS = (
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
"""The keys of the ``expansion`` object."""


def to_position(state: Duel52XState) -> dict[str, Any]:
    """The duel's position of ``state``, with the expansion's pending forms and keys."""
    out = duel_position.to_position(state, _pending_out)
    out["expansion"] = _expansion_out(state)
    return out


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


def _name_or_none(card: int) -> str | None:
    return C.name(card) if card >= 0 else None


def _lanes_of(mask: int) -> list[int]:
    return [lane + 1 for lane in range(LANES) if mask >> lane & 1]


def _seats(mask: int) -> list[int]:
    return [s for s in (0, 1) if mask & (1 << s)]


def _expansion_out(state: Duel52XState) -> dict[str, Any]:
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


class XReader(Reader[Duel52XState]):
    """The duel's reading, with the expansion's object, pending forms, hit points (a banner
    Jack has four) and turn flow (the bannermen draft, fort choices)."""

    def read_expansion(self, state: Duel52XState, given: Mapping[str, Any], take: Take) -> None:
        _expansion_in(state, given, take)

    def read_pending(self, entry: Any) -> tuple[Any, ...]:
        if isinstance(entry, list) and entry:
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
        return super().read_pending(entry)

    def hp(self, state: Duel52XState, bc: BoardCard, owner: int) -> int:
        return state.hp(bc, owner)

    def check_turn(self, state: Duel52XState, used: Mapping[int, str]) -> None:
        _check_expansion(state, used)


READER = XReader(Duel52XState)
"""The expansion's reading, for :func:`~duelhall.games.duel52.duel.position.read_position`."""


def _pending_lane(entry: list[Any]) -> int:
    lane = entry[1] if len(entry) > 1 else None
    if isinstance(lane, bool) or lane not in (1, 2, 3):
        raise PositionError(f"pending {shown(entry)}: the second item is a lane, 1, 2 or 3")
    return int(lane) - 1


def _expansion_in(state: Duel52XState, x: Mapping[str, Any], take: Take) -> None:
    F.known_keys(x, KEYS, "'expansion'")

    def pair_list(key: str, default: Any) -> list[Any]:
        return F.listed(or_default(x, key, default), f"expansion {key!r}", 2, "seat 0's, seat 1's")

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
    forts = F.listed(or_default(x, "forts", []), "expansion 'forts'")
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


def _check_expansion(state: Duel52XState, used: Mapping[int, str]) -> None:
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
