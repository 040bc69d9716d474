"""Deck Duel Basic: War with health, action points, rage and face-card powers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import OptionError
from duelhall.core.game import Capability, GameInfo, register
from duelhall.games.deckduel.options import OPTIONS
from duelhall.games.deckduel.state import DeckDuelState


def _new(seed: int, options: Mapping[str, Any]) -> DeckDuelState:
    resolved = INFO.resolve_options(options)
    if resolved["turn_limit"] < 0:
        raise OptionError("option 'turn_limit' takes 0 (no limit) or a positive number")
    return DeckDuelState.new_game(seed, resolved)


def _load(data: Mapping[str, Any]) -> DeckDuelState:
    from duelhall.games.deckduel.position import load_position

    return load_position(INFO, data)


INFO = register(
    GameInfo(
        name="deckduel",
        title="Deck Duel Basic",
        seats=2,
        capabilities=frozenset(
            {Capability.HIDDEN_INFORMATION, Capability.CHANCE, Capability.SIMULTANEOUS}
        ),
        options=OPTIONS,
        new_state=_new,
        load_position=_load,
        summary="Flip your suit's top card against your rival's; rage, block and face cards "
        "decide who falls below 1 health first.",
        ui="duelhall.games.deckduel.render",
        reference="duelhall.games.deckduel.reference",
        reveals="duelhall.games.deckduel.reveals:reveals",
        heuristic="duelhall.games.deckduel.heuristic:DeckDuelHeuristic",
        evaluator="duelhall.games.deckduel.heuristic:evaluate",
        rollout="duelhall.games.deckduel.heuristic:rollout_action",
        search_cutoff=0,  # a game is a few dozen quick actions: play them out
        # Measured (docs/agents.md, benchmarks/README.md): ismcts:300 beat random 0.72 over
        # 100 games but scored about 0.4 against the rule-based player; the rollout search
        # keeps the rule-based player's moves except where paired playouts show it wrong.
        levels={"easy": "random", "medium": "ismcts:300", "hard": "rollouts:2000"},
    )
)
DeckDuelState.info = INFO

__all__ = ["INFO", "DeckDuelState"]
