"""Highlander: The Duel: two immortals, secret simultaneous sword clashes, twelve damage.

The rulebook gives the procedure (setup and draft, clashes, rounds, the end) but not the
cards; the reconstructed cards live in ``data/cards.toml`` (see :mod:`.cards`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.game import Capability, GameInfo, register
from duelhall.games.highlander.options import OPTIONS, VARIANTS
from duelhall.games.highlander.state import HighlanderState


def _new(seed: int, options: Mapping[str, Any]) -> HighlanderState:
    return HighlanderState.new_game(seed, INFO.resolve_options(options))


def _load(data: Mapping[str, Any]) -> HighlanderState:
    from duelhall.games.highlander.position import load_position

    return load_position(INFO, data)


INFO = register(
    GameInfo(
        name="highlander",
        title="Highlander: The Duel",
        seats=2,
        capabilities=frozenset(
            {Capability.HIDDEN_INFORMATION, Capability.CHANCE, Capability.SIMULTANEOUS}
        ),
        options=OPTIONS,
        new_state=_new,
        load_position=_load,
        summary="Connor MacLeod against The Kurgan: secret sword clashes; 12 damage loses.",
        variants=VARIANTS,
        ui="duelhall.games.highlander.render",
        reference="duelhall.games.highlander.reference",
        reveals="duelhall.games.highlander.reveals:reveals",
        heuristic="duelhall.games.highlander.ai:HighlanderHeuristic",
        evaluator="duelhall.games.highlander.ai:evaluate",
        rollout="duelhall.games.highlander.ai:rollout_action",
        # Measured against the heuristic: ismcts:300 (best-response play) 0.55 over 40 games.
        levels={"easy": "heuristic", "medium": "ismcts:300", "hard": "ismcts:2500"},
    )
)
HighlanderState.info = INFO

__all__ = ["INFO", "HighlanderState"]
