"""Whose eyes: a seat's view, or the spectators' public view."""

from __future__ import annotations

from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.state import GameState
from duelhall.core.wording import YOU

Audience = int | None  # a seat, or None for the spectators


def view_of(state: GameState, who: Audience) -> dict[str, Any]:
    """What ``who`` may see: a seat's own view, or for spectators the public view (never
    ``view(None)``, which is the referee's)."""
    return state.view(who) if who is not None else state.public_view()


def names_for(names: tuple[str, ...], who: Audience) -> tuple[str, ...]:
    """The names as ``who`` reads them: its own seat is ``You``, as at the terminal, where
    the person playing is called ``You`` and the game's words agree with it."""
    if who is None:
        return names
    return (*names[:who], YOU, *names[who + 1 :])


def has_public_view(state: GameState) -> bool:
    """Whether the game can be watched: games gain ``public_view`` one by one."""
    try:
        state.public_view()
    except (DuelhallError, AttributeError, NotImplementedError):
        return False
    return True


def plain(words: Any) -> str:
    """A game's words (a Rich ``Text`` or a string) as plain text for the browser."""
    text = getattr(words, "plain", words)
    return str(text)
