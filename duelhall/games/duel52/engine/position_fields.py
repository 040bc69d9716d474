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

from collections.abc import Sequence
from typing import Any

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import BoardCard

_COUNTERS = {"d": "damage", "p": "pair", "a": "attacks", "x": "bonus"}
"""The numbered words: ``d2`` is two damage."""


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
                raise PositionError(f"{shape}: a string of different letters a-z, not {letters!r}")
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
        raise PositionError(f"{where}: expected a card name like '7H', not {text!r}")
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
    elif lw[:1] in _COUNTERS and lw[1:].isdecimal() and lw[1:].isascii():
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
            raise PositionError(f"{where}: seen: lists seats {listing}, not {word!r}")
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
