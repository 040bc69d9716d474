"""Reading the expansion's notation: the duel's reader, told of the heroes and whether the
expansion's words are in play (docs/notation/duel52.md)."""

from __future__ import annotations

from duelhall.games.duel52.duel import notation
from duelhall.games.duel52.engine.board import Duel52Action
from duelhall.games.duel52.expansion.state import Duel52XState


def parse_action(state: Duel52XState, text: str, seat: int) -> Duel52Action:
    return notation.parse_action(state, text, seat, state)
