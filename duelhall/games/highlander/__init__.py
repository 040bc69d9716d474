"""Highlander: The Duel: two immortals, secret simultaneous sword clashes, twelve damage.

The rulebook gives the procedure (setup and draft, clashes, rounds, the end) but not the
cards; the reconstructed cards live in ``data/cards.toml`` (see :mod:`.engine.cards`).

The package, and what each part may import:

- ``engine/``: the rules core, importing nothing else of the package: ``state`` (setup and
  draft, clashes, rounds, the end, legal actions, apply, clone), ``actions`` (the action
  value, which writes its own notation), ``cards`` (the card model, effect keywords and the
  checked loader) and ``options``.
- ``view`` (a seat's sight and the re-deal behind it), ``notation`` (reading an action),
  ``position`` (any moment as JSON, docs/positions/highlander.md), ``explain`` (why an
  action is refused), ``reveals`` (what an action showed, for undo) and ``heuristic`` (the
  rule-based player, its evaluation and playout policy): each reads the engine, and none is
  read by it.
- ``terminal/``: what a person sees, drawn from views and the card file only (``render``),
  and the rules summary of ``duelhall rules highlander`` (``reference``).
- ``data/``: the editable card file.

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
from duelhall.games.highlander import explain, notation, position, view
from duelhall.games.highlander.engine.options import OPTIONS, VARIANTS
from duelhall.games.highlander.engine.state import HighlanderState


def _new(seed: int, options: Mapping[str, Any]) -> HighlanderState:
    return HighlanderState.new_game(seed, INFO.resolve_options(options))


def _load(data: Mapping[str, Any]) -> HighlanderState:
    return position.load_position(INFO, data)


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
        read_position=_load,
        summary="Connor MacLeod against The Kurgan: secret sword clashes; 12 damage loses.",
        variants=VARIANTS,
        ui="duelhall.games.highlander.terminal.render",
        web="duelhall.games.highlander.web.board",
        reference="duelhall.games.highlander.terminal.reference",
        reveals="duelhall.games.highlander.reveals:reveals",
        heuristic="duelhall.games.highlander.heuristic:HighlanderHeuristic",
        evaluator="duelhall.games.highlander.heuristic:evaluate",
        rollout="duelhall.games.highlander.heuristic:rollout_action",
        # Measured against the heuristic: ismcts:300 (best-response play) 0.55 over 40 games.
        levels={"easy": "heuristic", "medium": "ismcts:300", "hard": "ismcts:2500"},
    )
)
HighlanderState.info = INFO
HighlanderState.wiring = replace(
    Wiring.of(view, notation, position, explain), public_view=view.public_view
)

__all__ = ["INFO", "HighlanderState"]
