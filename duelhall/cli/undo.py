"""Taking back your own actions in your turn, as long as nothing new was shown to you.

The rule, the same for every game: an action can be taken back when the view of the seat
that took it, after it, follows from that seat's view before it and the action alone. Each
game says when that fails through its ``reveals`` hook (a draw, a flip of a card the seat
had not seen, a look, an outcome that depends on a hidden card, the end of the turn); the
hook reads views only, so even a refusal tells nothing hidden. Actions are taken back one
at a time, last first, and only by the seat whose turn it still is: once anyone else has
acted, the earlier actions stand.

Taking back restores the state from a copy made before the action, cuts the record back
(the file is rewritten) and forgets what the other people at a hotseat terminal had yet to
be told of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.core.state import GameState

Reveals = Callable[[dict[str, Any], Any, dict[str, Any], int], "str | None"]


class TakeBack(Exception):
    """The person asked to take their last action back (and may)."""


@dataclass
class Step:
    """One action a person took, with what is needed to take it back."""

    seat: int
    words: str  # the action as its seat read it
    before: GameState  # a copy of the state before the action
    recorded: int  # record length before the action
    untold: dict[int, int]  # hotseat: how much each other seat had yet to be told
    blocker: str | None  # why it cannot be taken back, or None


@dataclass
class Undo:
    """The steps of the turn in progress that may be taken back."""

    info: GameInfo
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._reveals: Reveals | None = (
            self.info.hook("reveals") if self.info.has_hook("reveals") else None
        )

    def blocker(
        self, before: dict[str, Any], action: Any, after: dict[str, Any], seat: int
    ) -> str | None:
        if self._reveals is None:
            return f"{self.info.title} cannot take actions back yet"
        return self._reveals(before, action, after, seat)

    def acted(self, seat: int, step: Step | None) -> None:
        """``seat`` took an action: ``step`` for a person's, None for an agent's."""
        if step is None or (self.steps and self.steps[-1].seat != seat):
            self.steps.clear()  # someone else has acted: earlier actions stand
        if step is not None:
            self.steps.append(step)

    def refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take its last action back now, or None if it can."""
        if not self.steps or self.steps[-1].seat != seat:
            return "Nothing to take back: you have taken no action this turn."
        step = self.steps[-1]
        if step.blocker is not None:
            return f"'{step.words}' cannot be taken back: {step.blocker}."
        return None

    def pop(self) -> Step:
        return self.steps.pop()
