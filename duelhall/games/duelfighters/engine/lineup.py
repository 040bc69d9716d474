"""Who fights: the characters of each side (rule 2.3, F59), from the options and the data.

Fighters are listed seat 0's first character, seat 1's first, then the allies taking turns
(seat 0's second, seat 1's second, ...), so a fighter's side is its index's parity and, with
one a side, its index is its seat. The allies are the options ``first_allies`` and
``second_allies`` (character ids, comma-separated) or, left empty, the data's other
characters no option names, in the order of the file, handed to the sides in turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import OptionError

from ..content import Content


def _listed(text: Any) -> list[str]:
    return [w.strip().lower() for w in str(text).split(",") if w.strip()]


def lineup(content: Content, options: Mapping[str, Any]) -> list[str]:
    """The character ids of the fighters, in the order above."""
    per_side = int(options.get("characters", 1))
    firsts = [str(options["first"]), str(options["second"])]
    allies = [_listed(options.get("first_allies", "")), _listed(options.get("second_allies", ""))]
    # The data's characters no option names, then all of them again, in file order.
    named = {*firsts, *allies[0], *allies[1]}
    spare = [c for c in content.characters if c not in named] + list(content.characters)
    for side in (0, 1):
        name = ("first_allies", "second_allies")[side]
        if len(allies[side]) > per_side - 1:
            raise OptionError(
                f"option {name!r} lists {len(allies[side])} allies but 'characters' = {per_side} "
                f"leaves room for {per_side - 1}; list fewer or raise 'characters'"
            )
    out = list(firsts)
    for k in range(per_side - 1):
        for side in (0, 1):
            given = allies[side]
            out.append(given[k] if k < len(given) else spare.pop(0))
    found = []
    for ident in out:
        character = content.character(ident)
        if character is None:
            known = ", ".join(content.characters)
            raise OptionError(f"no character {ident!r}; the characters: {known}")
        found.append(character.id)
    return found


def swapped_sides(content: Content, options: Mapping[str, Any]) -> dict[str, str]:
    """Options that give each side's whole lineup to the other seat: the first characters
    and, with several a side, the allies, which by default go to the seats in turn and so
    would stay with their seats."""
    ids = lineup(content, options)
    swapped = {"first": ids[1], "second": ids[0]}
    if len(ids) > 2:
        swapped |= {"first_allies": ",".join(ids[3::2]), "second_allies": ",".join(ids[2::2])}
    return swapped


def sides_of(count: int) -> tuple[int, ...]:
    """The seat of each of ``count`` fighters listed as above."""
    return tuple(i % 2 for i in range(count))


def labels(ids: list[str], names: list[str]) -> list[str]:
    """Each fighter's name, numbered from the second time a character fights: "Brock 2"."""
    seen: dict[str, int] = {}
    out = []
    for ident, name in zip(ids, names, strict=True):
        seen[ident] = seen.get(ident, 0) + 1
        out.append(name if seen[ident] == 1 else f"{name} {seen[ident]}")
    return out


def keys(ids: list[str]) -> list[str]:
    """Each fighter's word in the notation: its character id, "brock-2" the second time."""
    seen: dict[str, int] = {}
    out = []
    for ident in ids:
        seen[ident] = seen.get(ident, 0) + 1
        out.append(ident if seen[ident] == 1 else f"{ident}-{seen[ident]}")
    return out
