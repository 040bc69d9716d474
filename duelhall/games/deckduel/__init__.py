"""Deck Duel Basic: War with health, action points, rage and face-card powers.

The package, and what each part may import:

- ``engine/``: the rules core, importing nothing else of the package: ``state`` (setup,
  the turn, legal actions, apply, clone, outcome), ``actions`` (the decision value, which
  writes its own notation) and ``options``.
- ``view`` (a seat's sight and the re-deal behind it), ``notation`` (reading a decision),
  ``position`` (any moment as JSON, docs/positions/deckduel.md), ``explain`` (why an action
  is refused), ``reveals`` (what an action showed, for undo) and ``heuristic`` (the
  rule-based player, its evaluation and playout policy): each reads the engine, and none is
  read by it.
- ``terminal/``: what a person sees, drawn from views only (``render``) and the rules
  summary of ``duelhall rules deckduel`` (``reference``).

Why only ``engine/`` and ``terminal/`` are folders: docs/architecture.md (Deck Duel and
Highlander). The state names none of the modules that describe it; this ``__init__`` wires
them to it (:mod:`duelhall.core.wiring`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from duelhall.core.game import Capability, GameInfo, register
from duelhall.core.wiring import Wiring
from duelhall.games.deckduel import explain, notation, position, view
from duelhall.games.deckduel.engine.options import OPTIONS
from duelhall.games.deckduel.engine.state import DeckDuelState


def _new(seed: int, options: Mapping[str, Any]) -> DeckDuelState:
    resolved = INFO.resolve_options(options)
    return DeckDuelState.new_game(seed, resolved)


def _load(data: Mapping[str, Any]) -> DeckDuelState:
    return position.load_position(INFO, data)


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
        read_position=_load,
        summary="Flip your suit's top card against your rival's; rage, block and face cards "
        "decide who falls below 1 health first.",
        ui="duelhall.games.deckduel.terminal.render",
        web="duelhall.games.deckduel.web.board",
        reference="duelhall.games.deckduel.terminal.reference",
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
DeckDuelState.wiring = replace(
    Wiring.of(view, notation, position, explain), public_view=view.public_view
)

__all__ = ["INFO", "DeckDuelState"]
