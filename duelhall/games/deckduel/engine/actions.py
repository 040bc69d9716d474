"""Deck Duel's decisions: the action value and the words that are its notation.

An action writes itself (``str(act)`` is its notation, as python-chess's ``Move.uci()``), so
what names or shows a decision and nothing more (the notation reader, the terminal, the
undo check) imports this module, not the state.
"""

from __future__ import annotations

from typing import NamedTuple


class Act(NamedTuple):
    """One decision: the seat that takes it and a word (its notation)."""

    seat: int
    kind: str

    def __str__(self) -> str:
        return self.kind


# The words of every decision, by phase.
RAGE, FLIP = "rage", "flip"
BLOCK, TAKE = "block", "take"
FOCUS, HEAL, FORESIGHT, ACTION = "focus", "heal", "foresight", "action"
KEEP, DISCARD = "keep", "discard"
KINDS = (RAGE, FLIP, BLOCK, TAKE, FOCUS, HEAL, FORESIGHT, ACTION, KEEP, DISCARD)
