"""How a game's state is seen, read, written and explained, wired in by the game package.

A state class holds the rules (who acts, legal actions, apply, outcome, clone). What
describes a state (its per-seat view and the re-deal behind it, its notation reader, its
position writer, the reasons an action is illegal) lives in modules that import the state;
were the state to import them back, every game would be an import circle. So the state
only promises the verbs, through :class:`Wired`, and the game package's ``__init__``
attaches a :class:`Wiring` to the class (OpenSpiel's game object makes the observer the
same way, and boardgame.io's server applies a game's ``playerView``).

A variant wires its own class with its own functions: an expansion's view is the base
view plus its own keys, composed where the wiring is built, never an ``isinstance`` test
inside the base view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Self

from duelhall.core.errors import DuelhallError
from duelhall.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Wiring:
    """The describing half of a game, as plain functions of the state."""

    view: Callable[[Any, int | None], dict[str, Any]]
    determinize: Callable[[Any, int, Rng], Any]
    # ``seat`` None means the seat to move, as in the protocol.
    parse_action: Callable[[Any, str, int | None], Any]
    to_position: Callable[[Any], dict[str, Any]]
    # Why ``action`` is not legal now, in words a player can act on.
    why_illegal: Callable[[Any, Any], str]
    # What every seat may know (a spectator's view). A game without one cannot be watched.
    public_view: Callable[[Any], dict[str, Any]] | None = None

    @classmethod
    def of(
        cls, view: ModuleType, notation: ModuleType, position: ModuleType, explain: ModuleType
    ) -> Wiring:
        """The wiring of a game whose modules name their functions as the protocol does:
        ``view.build_view`` and ``view.determinize``, ``notation.parse_action``,
        ``position.to_position`` and ``explain.why_illegal``."""
        return cls(
            view.build_view,
            view.determinize,
            notation.parse_action,
            position.to_position,
            explain.why_illegal,
        )


class Wired:
    """The protocol's describing verbs as one-liners over the class's :class:`Wiring`.

    Mixed into a state class (it has no slots of its own, so slotted states stay slotted).
    A state class is wired when its game package is imported, which creating a state through
    the game registry always does first.
    """

    __slots__ = ()
    wiring: ClassVar[Wiring]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.wiring.view(self, seat)

    def public_view(self) -> dict[str, Any]:
        if self.wiring.public_view is None:
            raise DuelhallError(f"{type(self).__name__} has no spectator's view yet")
        return self.wiring.public_view(self)

    def determinize(self, seat: int, rng: Rng) -> Self:
        sample: Self = self.wiring.determinize(self, seat, rng)
        return sample

    def parse_action(self, text: str, seat: int | None = None) -> Any:
        return self.wiring.parse_action(self, text, seat)

    def to_position(self) -> dict[str, Any]:
        return self.wiring.to_position(self)

    def why_illegal(self, action: Any) -> str:
        return self.wiring.why_illegal(self, action)
