"""Checking that a game refuses an action, for the rule tests of every game."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.core.errors import IllegalActionError
from duelhall.core.state import GameState


def refusal(state: GameState, action: Any) -> str:
    """Assert ``action`` is refused and return the reason; the state must not change."""
    before = state.to_position()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state.to_position() == before
    return str(info.value)
