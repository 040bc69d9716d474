"""Duel Fighters positions (docs/positions/duelfighters.md): placeholder until the reader lands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import PositionError
from duelhall.core.game import GameInfo

from .engine.state import DuelFightersState
from .view import build_view


def to_position(state: DuelFightersState) -> dict[str, Any]:
    out = build_view(state, None)
    out["options"] = dict(state.options)
    out["seed"] = state.seed
    return out


def load_position(info: GameInfo, data: Mapping[str, Any]) -> DuelFightersState:
    raise PositionError("Duel Fighters positions cannot be read yet")
