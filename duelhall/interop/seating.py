"""A game played one seat at a time, as turn-based libraries expect.

A simultaneous secret choice (``to_move()`` naming several seats) is collected seat by seat
here and applied only when every seat has chosen, all from the same unchanged state: a seat
choosing later observes the state as it was, which shows nothing of the earlier choices.
"""

from __future__ import annotations

from typing import Any

from duelhall.core.state import GameState


class Seating:
    def __init__(self, state: GameState) -> None:
        self.state = state
        self.pending: dict[int, Any] = {}
        # The steps a seat has taken of an action decided in steps (the table's indices),
        # before the action is whole and chosen.
        self.partial: dict[int, tuple[int, ...]] = {}

    def clone(self) -> Seating:
        new = Seating(self.state.clone())
        new.pending = dict(self.pending)
        new.partial = dict(self.partial)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Seating:
        # Libraries copy environments with deepcopy (OpenSpiel clones its Python states so);
        # the game's own clone is the fast and complete copy.
        return self.clone()

    def waiting(self) -> list[int]:
        """Seats still to choose now, in seat order."""
        return [seat for seat in self.state.to_move() if seat not in self.pending]

    def current(self) -> int | None:
        """The seat to choose next, or ``None`` once the game is over."""
        waiting = self.waiting()
        return waiting[0] if waiting else None

    def choose(self, seat: int, action: Any) -> None:
        """Record ``seat``'s choice; apply the whole set once the last seat has chosen."""
        self.pending[seat] = action
        if self.waiting():
            return
        for chosen in sorted(self.pending):
            self.state.apply(self.pending[chosen])
        self.pending.clear()
