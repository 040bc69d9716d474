"""Highlander's actions: the action value and the verbs of its notation.

An action writes itself (``str(action)`` is its notation, as python-chess's ``Move.uci()``);
reading one needs the card file, so that half lives in the package's ``notation`` module.
What names or shows an action and nothing more (the notation reader, the terminal, the
undo check) imports this module, not the state.
"""

from __future__ import annotations

from typing import NamedTuple

TAKE = "take"
DRAW = "draw"
PLAY = "play"


class HighlanderAction(NamedTuple):
    """``take ID`` (a face-up card), ``draw`` (the deck's top card) or ``play ID``."""

    seat: int
    verb: str
    card: str = ""  # the card's id for take and play

    def __str__(self) -> str:
        return self.verb if self.verb == DRAW else f"{self.verb} {self.card}"
