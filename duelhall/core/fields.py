"""Typed readers for the fields of a position, which is untrusted input.

Each reader takes a JSON value and the words that name it in a message (``"'turn'"``,
``"damage of seat 0"``), and returns the value as the game needs it or raises
:class:`PositionError` saying what was expected. Game loaders read every field through
these, so a value of the wrong type or range is refused where it is read, never met later
by the rules as a crash. ``True`` is not a number here, although Python counts it as 1.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.outcome import Outcome
from duelhall.core.untrusted import shown

if TYPE_CHECKING:
    from duelhall.core.game import GameInfo

# Counts and turn numbers in positions stay far below this; a larger one is a typo or an
# attack, and an engine must never loop over it.
BIG = 1_000_000


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, what: str, low: int = 0, high: int = BIG) -> int:
    """A whole number from ``low`` to ``high``."""
    if not is_whole(value):
        raise PositionError(f"{what} must be a whole number, not {shown(value)}")
    if not low <= value <= high:
        raise PositionError(f"{what} must be between {low} and {high}, not {value}")
    return int(value)


def seat(value: Any, what: str, seats: int) -> int:
    """A seat number, 0 to ``seats - 1``."""
    if not is_whole(value) or not 0 <= value < seats:
        listing = "0 or 1" if seats == 2 else f"0 to {seats - 1}"
        raise PositionError(f"{what} is a seat: {listing}, not {shown(value)}")
    return int(value)


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{what} is true or false, not {shown(value)}")
    return value


def listed(value: Any, what: str, length: int | None = None, meaning: str = "") -> list[Any]:
    """A list, of exactly ``length`` items when given; ``meaning`` says what the items are
    (``"seat 0's row, seat 1's row"``), for the message."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        items = f" of {length} items" if length is not None else ""
        said = f" ({meaning})" if meaning else ""
        raise PositionError(f"{what} must be a list{items}{said}, not {shown(value)}")
    return value


def one_of(value: Any, what: str, allowed: Collection[Any]) -> Any:
    """One of a few values (compared by type too, so ``true`` is not ``1``)."""
    if not any(type(value) is type(a) and value == a for a in allowed):
        choices = ", ".join("null" if a is None else str(a) for a in allowed)
        raise PositionError(f"{what} is one of {choices}, not {shown(value)}")
    return value


def known_keys(data: Mapping[str, Any], known: Collection[str], what: str) -> None:
    """Refuse keys a format does not have: a misspelt key would otherwise be ignored."""
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise PositionError(
            f"unknown key {shown(unknown[0])} in {what}; its keys are: {', '.join(sorted(known))}"
        )


def options(info: GameInfo, data: Mapping[str, Any]) -> dict[str, Any]:
    """A position's ``options`` (an object, or left out for the defaults), resolved."""
    given = data.get("options")
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise PositionError(f"'options' is an object of names and values, not {shown(given)}")
    try:
        return info.resolve_options(given)
    except DuelhallError as e:
        raise PositionError(f"options: {e}") from None


def outcome(value: Any, seats: int, what: str = "'result'") -> Outcome:
    """A finished game's result: ``{"winner": seat or null, "scores": [one number from 0 to
    1 a seat], "reason": text, "detail": text}``."""
    form = (
        f"{what} is an object with winner (a seat or null), scores ({seats} numbers from 0 "
        f"to 1), reason and detail"
    )
    if not isinstance(value, Mapping):
        raise PositionError(f"{form}, not {shown(value)}")
    winner = value.get("winner")
    scores = value.get("scores")
    reason = value.get("reason")
    detail = value.get("detail", "")
    if (
        (winner is not None and not (is_whole(winner) and 0 <= winner < seats))
        or not isinstance(scores, list)
        or len(scores) != seats
        or not all(_score(x) for x in scores)
        or not isinstance(reason, str)
        or not reason
        or not isinstance(detail, str)
    ):
        raise PositionError(f"{form}, not {shown(value)}")
    return Outcome(winner, tuple(float(x) for x in scores), reason, detail)


def _score(x: Any) -> bool:
    return (is_whole(x) or isinstance(x, float)) and math.isfinite(x) and 0 <= x <= 1
