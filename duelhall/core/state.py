"""The protocol every game state follows.

Everything outside a game (the terminal UI, agents, the simulator, records) uses only these
verbs: who acts, legal actions, apply, view, outcome, clone, determinize. Actions are
small immutable, hashable values whose ``str`` is their notation; each game defines its own.
A state applies actions in place; search clones first (``child = state.clone()`` then
``child.apply(a)``), which is why every game implements ``clone`` by hand rather than
through ``copy.deepcopy``.

Simultaneous secret choices: ``to_move()`` lists every seat that must choose; each seat's
action carries its seat and is applied in turn; the state keeps the early ones hidden (a
view shows only that a seat has chosen) and resolves them together when the last arrives.
Clients collect every choice from the same unchanged state before applying any.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self

from duelhall.core.errors import IllegalActionError
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng


class GameState(Protocol):
    """Structural: a game's state class satisfies it by having these members."""

    seed: int
    # Read-only (a MappingProxyType): clones and agents' samples share it with the game.
    options: Mapping[str, Any]

    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now: one, several for a simultaneous choice, none when over."""

    def legal_actions(self, seat: int | None = None) -> Sequence[Any]:
        """Legal actions for ``seat`` (default: the single seat to move).

        The sequence may be shared with clones of this state (or, as a tuple, with every
        game): read it, never change it."""

    def apply(self, action: Any) -> None:
        """Apply a legal action in place; raise ``IllegalActionError`` with the reason if not."""

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def clone(self) -> Self: ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: what ``seat`` may know and nothing more; ``None`` gives the full state."""

    def public_view(self) -> dict[str, Any]:
        """JSON-ready: what every seat may know, and so what a spectator is shown. It holds
        nothing that any one seat cannot see: re-dealing the state for any seat leaves it
        unchanged."""

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A full state consistent with ``view(seat)``: hidden cards re-dealt at random.

        The result must depend on ``view(seat)`` and ``rng`` alone: two states that look the
        same to ``seat`` give the same re-deal for the same generator (gather the hidden
        cards in a fixed order, such as sorted, before shuffling them, and give the new
        state a generator drawn from ``rng``). Agents rely on it: an observation samples
        from a stand-in re-deal instead of the true state.
        """

    def parse_action(self, text: str, seat: int | None = None) -> Any:
        """Read action notation written from ``seat``'s point of view."""

    def to_position(self) -> dict[str, Any]:
        """The complete state as a position description (see docs/positions/)."""

    def is_over(self) -> bool:
        """Whether the game has ended (``outcome()`` is not ``None``)."""
        ...

    def current_seat(self) -> int:
        """The single seat to act; an error in simultaneous or finished positions."""
        ...


def sole_seat(movers: tuple[int, ...], simultaneous: str) -> int:
    """``current_seat`` for a game with simultaneous choices: the one seat in ``movers``, or
    an error that says why there is none (``simultaneous`` names the shared choice)."""
    if len(movers) != 1:
        raise IllegalActionError(simultaneous if movers else "the game is over")
    return movers[0]
