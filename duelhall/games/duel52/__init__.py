"""Duel 52: two players, three lanes, one standard deck (rulebook sections 1-3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.game import Capability, GameInfo, register
from duelhall.games.duel52.options import OPTIONS, VARIANT_OPTIONS, VARIANTS
from duelhall.games.duel52.state import Duel52State


def _new(seed: int, options: Mapping[str, Any]) -> Duel52State:
    resolved = INFO.resolve_options(options)
    if any(resolved[name] for name in VARIANT_OPTIONS):
        from duelhall.games.duel52.expansion import Duel52XState

        return Duel52XState.new_game(seed, resolved)
    return Duel52State.new_game(seed, resolved)


def _load(data: Mapping[str, Any]) -> Duel52State:
    from duelhall.games.duel52.position import load_position

    return load_position(INFO, data)


INFO = register(
    GameInfo(
        name="duel52",
        title="Duel 52",
        seats=2,
        capabilities=frozenset({Capability.HIDDEN_INFORMATION, Capability.CHANCE}),
        options=OPTIONS,
        new_state=_new,
        load_position=_load,
        summary="Fight over three lanes with a standard deck; win two lanes to win.",
        variants=VARIANTS,
        ui="duelhall.games.duel52.ui",
        reference="duelhall.games.duel52.reference",
        heuristic="duelhall.games.duel52.heuristic:Duel52Heuristic",
        evaluator="duelhall.games.duel52.evaluate:evaluate",
        rollout="duelhall.games.duel52.evaluate:rollout_action",
    )
)
Duel52State.info = INFO

__all__ = ["INFO", "Duel52State"]
