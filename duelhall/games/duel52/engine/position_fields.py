"""The fields every Duel 52 position file shares, written and read alike in every mode.

A position is a JSON object (docs/positions/duel52.md; the player variants' formats are in their
notation docs). All modes start with the same fields (``game``, ``options``, ``seed``,
``turn``, ``first_player``, ``to_move``, ``actions_left``, ``actions_taken``, ``passes``,
``hands``) and write a board card as a string: the card, then words. The words for its
state are the same everywhere: ``down`` (face-down), ``frozen``, ``dN`` (damage), ``pN``
(pair group), ``aN`` (attacks made this turn), ``xN`` (extra attacks granted this turn)
and ``seen:S`` (the seats that know a face-down card). A mode adds its own words (``base``,
``fort``, ``by:S``) and its own defaults for who knows a card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from duelhall.core import fields as F
from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.untrusted import shown
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import BoardCard

if TYPE_CHECKING:
    from duelhall.core.game import GameInfo

_COUNTERS = {"d": "damage", "p": "pair", "a": "attacks", "x": "bonus"}
"""The numbered words: ``d2`` is two damage."""
_NUMBERED = re.compile("[dpax][0-9]{1,4}")
"""A numbered word, in ASCII digits and few of them (no count in a game comes near)."""


def common_fields(state: Any) -> dict[str, Any]:
    """The fields every position starts with, in order."""
    return {
        "game": "duel52",
        "options": dict(state.options),
        "seed": state.seed,
        "turn": state.turn,
        "first_player": state.first_player,
        "to_move": state.current,
        "actions_left": state.actions_left,
        "actions_taken": state.actions_taken,
        "passes": state.passes,
        "hands": [[C.name(c) for c in hand] for hand in state.hands],
    }


def vacated_field(state: Any) -> dict[str, Any]:
    """``{"vacated": ...}`` when cards left rows this turn (else nothing): per place, per
    row, the letters they held, which no card takes again this turn (``["", "b"]``)."""
    if state.vacated == state.no_vacated():
        return {}
    return {
        "vacated": [
            [
                "".join(chr(ord("a") + b) for b in range(mask.bit_length()) if mask >> b & 1)
                for mask in rows
            ]
            for rows in state.vacated
        ]
    }


def read_vacated(state: Any, data: Any, rows: str) -> None:
    """Set ``state.vacated`` from a position's ``vacated`` (see :func:`vacated_field`);
    ``rows`` words the shape in errors (``[seat 0's, seat 1's]``)."""
    value = data.get("vacated")
    if value is None:
        return
    places, sides = len(state.vacated), len(state.vacated[0])
    shape = f"'vacated' lists {places} places, each {rows} letters given up this turn"
    if not isinstance(value, list) or len(value) != places:
        raise PositionError(f'{shape}, like "bd"')
    masks = []
    for place in value:
        if not isinstance(place, list) or len(place) != sides:
            raise PositionError(f'{shape}, like "bd"')
        row_masks = []
        for letters in place:
            ok = isinstance(letters, str) and all("a" <= ch <= "z" for ch in letters)
            if not ok or len(set(letters)) != len(letters):
                raise PositionError(
                    f"{shape}: a string of different letters a-z, not {shown(letters)}"
                )
            row_masks.append(sum(1 << (ord(ch) - ord("a")) for ch in letters))
        masks.append(tuple(row_masks))
    state.vacated = tuple(masks)


def seat_digits(mask: int, seats: int) -> str:
    """``02`` for seats 0 and 2 of a knowledge mask."""
    return "".join(str(s) for s in range(seats) if mask & (1 << s))


def state_words(bc: BoardCard) -> list[str]:
    """A board card's damage, freeze, pair and attacks as words: ``d1 frozen p2 a1 x1``."""
    words = []
    if bc.damage:
        words.append(f"d{bc.damage}")
    if bc.frozen:
        words.append("frozen")
    if bc.pair:
        words.append(f"p{bc.pair}")
    if bc.attacks:
        words.append(f"a{bc.attacks}")
    if bc.bonus:
        words.append(f"x{bc.bonus}")
    return words


def read_card(text: Any, where: str) -> int:
    """A card name like ``7H``; an error naming ``where`` for anything else."""
    if not isinstance(text, str):
        raise PositionError(f"{where}: expected a card name like '7H', not {shown(text)}")
    try:
        return C.parse(text)
    except DuelhallError as e:
        raise PositionError(f"{where}: {e}") from None


def token_words(token: Any, where: str, example: str) -> tuple[int, list[str]]:
    """A board card string split into its card and its words; ``example`` shows the form."""
    if not isinstance(token, str) or not token.strip():
        raise PositionError(f"{where}: expected a card string like {example}")
    words = token.split()
    return read_card(words[0], where), words[1:]


def read_state_word(bc: BoardCard, word: str) -> bool:
    """Apply ``down``, ``frozen`` or a numbered word (``d1``...) to ``bc``; ``False`` for a
    word that is none of them (the mode's own, or unknown)."""
    lw = word.lower()
    if lw == "down":
        bc.up = False
    elif lw == "frozen":
        bc.frozen = True
    elif _NUMBERED.fullmatch(lw):
        setattr(bc, _COUNTERS[lw[0]], int(lw[1:]))
    else:
        return False
    return True


def read_seen(word: str, where: str, seats: int, listing: str, skip: str = "") -> int:
    """The knowledge mask of ``seen:02``; ``listing`` words the seats in the error
    (``0 and/or 1``), and characters in ``skip`` are allowed and ignored."""
    mask = 0
    for ch in word[5:].lower():
        if ch in skip:
            continue
        if ch not in "0123"[:seats]:
            raise PositionError(f"{where}: seen: lists seats {listing}, not {shown(word)}")
        mask |= 1 << int(ch)
    return mask


def bad_pair(row: Sequence[BoardCard]) -> int | None:
    """The first pair group of a row that is not two face-up cards of one rank, if any."""
    groups: dict[int, list[BoardCard]] = {}
    for bc in row:
        if bc.pair:
            groups.setdefault(bc.pair, []).append(bc)
    for pid, members in groups.items():
        ok = len(members) == 2 and all(m.up for m in members)
        if not ok or members[0].rank != members[1].rank:
            return pid
    return None


def discard_entry(entry: tuple[int, bool, int, bool], seats: int) -> str | dict[str, Any]:
    """A discarded card: its name when face-up from the board, else an object with ``up``,
    ``seen`` (when face-down) and ``from: hand`` (when discarded from a hand)."""
    card, up, known, killed = entry
    if up and killed:
        return C.name(card)
    out: dict[str, Any] = {"card": C.name(card), "up": up}
    if not up:
        out["seen"] = [s for s in range(seats) if known & (1 << s)]
    if not killed:
        out["from"] = "hand"
    return out


def pending_entry(entry: tuple[Any, ...]) -> list[Any]:
    """A pending choice every mode has: ``["discard"]``, ``["look"]``, ``["move", PLACE]``
    or ``["order", PLACE, [CARDS]]`` (places numbered from 1)."""
    if entry[0] in ("discard", "look"):
        return [entry[0]]
    if entry[0] == "move":
        return ["move", entry[1] + 1]
    return ["order", entry[1] + 1, [C.name(c) for c in entry[2]]]


def check_pending(
    state: Any,
    check_order: Callable[[tuple[Any, ...]], None],
    no_look: str = "seat {me} knows every face-down card already",
) -> None:
    """Every pending choice must have an answer, or the game could not go on: a discard a
    card in hand, a look a card to look at (``no_look`` says why not, ``{me}`` the seat).
    ``check_order`` judges a pending order, whose rows each mode words its own way."""
    me = state.current
    for entry in state.pending:
        what = entry[0]
        if what == "discard" and not state.hands[me]:
            raise PositionError(f"pending discard: seat {me} has no card in hand to discard")
        if what == "look" and not state._look_targets(me):
            raise PositionError("pending look: " + no_look.format(me=me))
        if what == "order":
            check_order(entry)


def read_discard(
    entry: Any,
    where: str,
    take: Callable[[Any, str], int],
    seats: int,
    *,
    up: bool = True,
    traps: bool = True,
) -> tuple[int, bool, int, bool]:
    """A discard pile entry (see :func:`discard_entry`) as ``(card, up, known, killed)``;
    ``take`` reads and places the card, ``up`` is the format's default for ``up``, and
    ``traps`` says a 3 killed face-down springs its Trap, so is never discarded so."""
    if not isinstance(entry, Mapping):
        return take(entry, where), True, (1 << seats) - 1, True
    F.known_keys(entry, ("card", "up", "seen", "from"), where)
    card = take(entry.get("card"), where)
    up = F.flag(entry.get("up", up), f"{where}: 'up'")
    known = (1 << seats) - 1 if up else 0
    for s in F.listed(entry.get("seen", []), f"{where}: 'seen'"):
        seat = F.seat(s, f"{where}: 'seen'", seats)
        known |= 1 << seat
    origin = F.one_of(entry.get("from", "board"), f"{where}: 'from'", ("board", "hand"))
    killed = origin == "board"
    if traps and killed and not up and C.rank(card) == 3:
        raise PositionError(
            f"{where}: a 3 killed face-down springs its Trap and is never discarded face-down"
        )
    return card, up, known, killed


def read_pending(entry: Any, places: int, word: str) -> tuple[Any, ...]:
    """A pending choice every mode has (see :func:`pending_entry`); ``places`` is the number
    of lanes (or triangles, the ``word`` for them), numbered from 1 in the entry."""
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
        raise PositionError(
            f"each pending entry is a list like ['discard'] or ['move', 2], not {shown(entry)}"
        )
    what, n = entry[0], len(entry)
    numbers = tuple(range(1, places + 1))
    if what in ("discard", "look") and n == 1:
        return (what,)
    if what == "move" and n == 2:
        return ("move", F.one_of(entry[1], f"pending move: the {word}", numbers) - 1)
    if what == "order" and n == 3:
        place = F.one_of(entry[1], f"pending order: the {word}", numbers) - 1
        cards = F.listed(entry[2], "pending order: the cards waiting")
        if not cards:
            raise PositionError("pending order: name the cards whose powers are waiting")
        return ("order", place, tuple(read_card(c, "pending order") for c in cards))
    if what in ("discard", "look", "move", "order"):
        raise PositionError(
            f"pending {shown(entry)}: write ['discard'], ['look'], ['move', {word.upper()}] "
            f"or ['order', {word.upper()}, [CARDS]]"
        )
    raise PositionError(f"unknown pending choice {shown(what)}; use discard, look, move or order")


COMMON_KEYS = (
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
)
"""The keys :func:`common_fields` writes; each mode adds its own."""


def read_start(
    info: GameInfo,
    data: Mapping[str, Any],
    keys: Collection[str],
    what: str,
    check: Callable[[Mapping[str, Any]], None] | None = None,
) -> tuple[dict[str, Any], int]:
    """A position's options (with the mode's own ``check`` of them) and seed, once its keys
    are known to be ``keys`` (``what`` names the format in the message)."""
    F.known_keys(data, keys, what)
    options = F.options(info, data)
    if check is not None:
        try:
            check(options)
        except DuelhallError as e:
            raise PositionError(str(e)) from None
    return options, F.whole(data.get("seed", 0), "'seed'", 0, 2**64 - 1)


def read_turn(
    state: Any,
    data: Mapping[str, Any],
    *,
    turn: int,
    first_turn: int = 1,
    to_move: Callable[[Any], int] = lambda state: 0,
    actions: Callable[[Any], int] = lambda state: 3,
) -> None:
    """Read ``turn``, ``first_player``, ``to_move``, ``actions_left``, ``actions_taken`` and
    ``passes`` into ``state``; the defaults of ``to_move`` and ``actions_left`` may depend
    on the turn and the first player, read before them."""
    seats = len(state.hands)
    state.turn = F.whole(data.get("turn", turn), "'turn'", first_turn, F.BIG)
    state.first_player = F.seat(data.get("first_player", 0), "'first_player'", seats)
    state.current = F.seat(data.get("to_move", to_move(state)), "'to_move'", seats)
    left = data.get("actions_left", actions(state))
    state.actions_left = F.whole(left, "'actions_left'", 0, 99)
    state.actions_taken = F.whole(data.get("actions_taken", 0), "'actions_taken'", 0, 99)
    state.passes = F.whole(data.get("passes", 0), "'passes'", 0, 99)
