"""Why an action is refused with the expansion in play: the duel's reasons, told of the
heroes, spells and forts."""

from __future__ import annotations

from duelhall.games.duel52.duel import explain
from duelhall.games.duel52.engine.board import Duel52Action
from duelhall.games.duel52.expansion.state import Duel52XState


def why_illegal(state: Duel52XState, a: Duel52Action) -> str:
    return explain.why_illegal(state, a, state)
