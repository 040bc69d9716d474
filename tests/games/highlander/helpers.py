"""Position builders shared by the Highlander rule tests.

Cards are named by id from the reconstructed file (``duelhall rules highlander`` lists
them). Useful facts about them: ``thrust`` attacks position 3 (power 1), ``bind`` guards 3
(precise 1), ``lowcut`` attacks 1 (power 1), ``backhand`` attacks 5 (power 1), ``overhead``
is 2+4 with follow-up bar 3, ``parry`` is 2+3 (riposte 1), ``whirlwind`` 1+3+5,
``diagonal`` 1+2, ``rising`` 4+5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhall.core.game import get_game
from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.engine.state import HighlanderState
from tests.refusals import refusal

GAME = get_game("highlander")


def make(
    hands: tuple[Sequence[str], Sequence[str]],
    *,
    offence: int = 0,
    kurgan: int = 0,
    damage: tuple[int, int] = (0, 0),
    played: tuple[Sequence[str], Sequence[str]] = ((), ()),
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> HighlanderState:
    """A clash-phase position (unless ``phase`` is given in ``extra``)."""
    data: dict[str, Any] = {
        "kurgan": kurgan,
        "offence": offence,
        "hands": [list(hands[0]), list(hands[1])],
        "damage": list(damage),
        "played": [list(played[0]), list(played[1])],
        "options": dict(options or {}),
        **extra,
    }
    state = GAME.load_position(data)
    assert isinstance(state, HighlanderState)
    return state


def new(seed: int = 1, **options: Any) -> HighlanderState:
    state = GAME.new_state(seed, options)
    assert isinstance(state, HighlanderState)
    return state


def clash(state: HighlanderState, card0: str, card1: str) -> HighlanderState:
    """Both seats choose (seat 0 first) and the clash resolves."""
    state.apply(HighlanderAction(0, "play", card0))
    state.apply(HighlanderAction(1, "play", card1))
    return state


def draft_to_clash(state: HighlanderState) -> HighlanderState:
    """Finish a draft by always drawing the top card."""
    while state.phase == "draft":
        state.apply(HighlanderAction(state.current, "draw"))
    return state


def illegal(state: HighlanderState, action: HighlanderAction) -> str:
    """Assert the action is refused and return the reason; the state must not change."""
    return refusal(state, action)


def ids(state: HighlanderState, cards: list[int]) -> list[str]:
    return [state.cards.cards[c].id for c in cards]
