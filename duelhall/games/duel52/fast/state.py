"""A Duel 52 state played by the compiled engine, with the protocol of every game state.

It keeps the compiled state (a ``bytearray``) and the game's options and seed. Who moves,
the legal actions, applying one, the outcome and cloning run in C; views, re-deals,
notation, positions and explanations are the reference's, on a reference state rebuilt
from this one (:mod:`.convert`). Actions are the reference's own objects
(:class:`~duelhall.games.duel52.engine.board.Duel52Action`), in the reference's order.

``determinize`` re-deals in C, drawing exactly as the reference's re-deal, and returns a
state of this engine (never silently a reference one), so a search plays its samples in C;
the reference's evaluator judges such a world on its reference copy (``to_reference``).
A game on this engine is the same game, search for search, as on the reference.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import Any

from duelhall.core.errors import IllegalActionError
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.board import Duel52Action
from duelhall.games.duel52.fast import codes, convert
from duelhall.games.duel52.fast.layout import State

_RESULT = State.result.offset
_CURRENT = State.current.offset
_RNG = State.rng.offset


class FastDuel52State:
    """Base two-player Duel 52 on the compiled engine; see the module notes."""

    __slots__ = ("_buf", "_codes", "_core", "_legal", "options", "seed")

    def __init__(
        self, core: ModuleType, buf: bytearray, options: Mapping[str, Any], seed: int
    ) -> None:
        self._core = core
        self._buf = buf
        self.options = options
        self.seed = seed
        self._codes: list[int] | None = None
        self._legal: list[Duel52Action] | None = None

    @classmethod
    def new_game(cls, core: ModuleType, seed: int, options: Mapping[str, Any]) -> FastDuel52State:
        shared = MappingProxyType(dict(options))
        return cls(core, core.new_game(convert.option_bytes(shared), seed), shared, seed)

    @classmethod
    def from_reference(cls, core: ModuleType, ref: Duel52State) -> FastDuel52State:
        """The compiled copy of a base two-player reference state (``convert.TooBig`` if it
        does not fit)."""
        return cls(core, convert.from_reference(ref), ref.options, ref.seed)

    def to_reference(self) -> Duel52State:
        return convert.to_reference(self._buf, self.options, self.seed)

    # ------------------------------------------------------------------ played in C

    def to_move(self) -> tuple[int, ...]:
        return () if self._buf[_RESULT] != 255 else (self._buf[_CURRENT],)

    def current_seat(self) -> int:
        return self._buf[_CURRENT]

    def is_over(self) -> bool:
        return self._buf[_RESULT] != 255

    def outcome(self) -> Outcome | None:
        result = self._buf[_RESULT]
        return convert.outcome_of(-1 if result == 255 else result)

    def legal_actions(self, seat: int | None = None) -> list[Duel52Action]:
        if self.is_over() or (seat is not None and seat != self._buf[_CURRENT]):
            return []
        if self._legal is None:
            self._codes = self._core.legal(self._buf)
            self._legal = codes.decode_all(self._codes)
        return self._legal

    def apply(self, action: Duel52Action) -> None:
        self.legal_actions()
        code = codes.encode(action)
        if code is None or self._codes is None or code not in self._codes:
            raise IllegalActionError(self.to_reference().why_illegal(action))
        self._core.apply(self._buf, code)
        self._codes = self._legal = None

    def clone(self) -> FastDuel52State:
        new = FastDuel52State(self._core, self._buf[:], self.options, self.seed)
        new._codes, new._legal = self._codes, self._legal  # never changed in place
        return new

    def playout(self, rng: Rng) -> int:
        """Play on at random to the end inside the compiled engine, drawing from ``rng``
        exactly as repeated :func:`~duelhall.core.stepping.random_step` would; the number
        of actions taken."""
        actions, rng._state = self._core.playout(self._buf, rng._state)
        self._codes = self._legal = None
        return int(actions)

    # ------------------------------------------------------------------ described by the reference

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_reference().view(seat)

    def public_view(self) -> dict[str, Any]:
        return self.to_reference().public_view()

    def determinize(self, seat: int, rng: Rng) -> FastDuel52State:
        """The re-deal of the reference (``redeal`` in C draws exactly as it does), kept on
        this engine; the sample's seed is the one the re-deal gave it."""
        buf, rng._state = self._core.redeal(self._buf, seat, rng._state)
        seed = int.from_bytes(buf[_RNG : _RNG + 8], "little")
        return FastDuel52State(self._core, buf, self.options, seed)

    def evaluate(self, seat: int) -> float:
        """``seat``'s winning chance by the duel's evaluator, run in C."""
        chance: float = self._core.evaluate(self._buf, seat)
        return chance

    def compiled(self) -> bytearray:
        """A copy of the compiled state, for searches run inside the engine."""
        return self._buf[:]

    def parse_action(self, text: str, seat: int | None = None) -> Duel52Action:
        action: Duel52Action = self.to_reference().parse_action(text, seat)
        return action

    def to_position(self) -> dict[str, Any]:
        return self.to_reference().to_position()

    def why_illegal(self, action: Any) -> str:
        return self.to_reference().why_illegal(action)

    def __repr__(self) -> str:
        return f"<FastDuel52State seed={self.seed} {'over' if self.is_over() else 'playing'}>"
