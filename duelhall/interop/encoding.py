"""Fixed-size arrays for a game: an action index space with legal masks, and an observation.

Both are built from what a seat may know and nothing else. The observation is the seat's view
(``state.view(seat)``) as the game's compact tensor (:mod:`duelhall.interop.tensors`), or,
for games without one yet, written as canonical JSON (sorted keys, no spaces), one byte an
entry, zero-padded to the game's fixed length: the view already holds exactly what the seat
may know, so the array can hold no more. Actions are indexed by the game's fixed action table
(:mod:`duelhall.interop.tables`): an index names one action for good and the mask opens the
legal ones. Layouts: docs/interop.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo, get_game
from duelhall.core.outcome import Outcome
from duelhall.core.state import GameState
from duelhall.interop.seating import Seating
from duelhall.interop.tables import ActionTable, action_table
from duelhall.interop.tensors import Tensor, TensorOverflow, observation_tensor

# Bounds measured with random play (docs/interop.md) and given ample room; an overflow is a
# clear error, never a silently cut array.
_VIEW_BYTES = {"deckduel": 4096, "highlander": 16384, "duel52": 16384, "duelfighters": 16384}


Prefix = tuple[int, ...]
"""The indices of an action's steps taken so far (empty: none, or a table without steps)."""


class EncodingError(DuelhallError):
    """A view larger than the game's fixed arrays allow, or an index that is not legal."""


@dataclass(frozen=True)
class Encoding:
    """A game with resolved options, its action table and the fixed sizes of its arrays."""

    info: GameInfo
    options: Mapping[str, Any]
    seats: int
    table: ActionTable
    view_bytes: int
    """The observation's length: a tensor's size, or the bytes of a view's JSON, and one
    more a step of an action (``table.parts``) where actions are decided in steps."""
    builder: Tensor | None = None
    """The game's compact tensor (float32, 0..1), or ``None``: the view's JSON bytes (uint8)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        return self  # immutable, and its read-only options cannot be deep-copied

    @property
    def actions(self) -> int:
        return len(self.table)

    def new_state(self, seed: int) -> GameState:
        return self.info.new_state(seed, self.options)

    def legal(self, state: GameState, seat: int) -> list[Any]:
        """The seat's legal actions in index order."""
        return sorted(state.legal_actions(seat), key=self.table.tokens)

    def index(self, action: Any) -> int:
        return self.table.index(action)

    def choices(self, legal: Sequence[Any], prefix: Prefix = ()) -> dict[int, Any]:
        """The indices open once ``prefix`` (the steps of an action taken so far, see
        ``ActionTable.split``) is chosen: each with the legal action it completes, or None
        where it is one more step. Without a prefix and a split, one index an action."""
        n = len(prefix)
        out: dict[int, Any] = {}
        for action in legal:
            tokens = self.table.tokens(action)
            if tokens[:n] != prefix:
                continue
            if len(tokens) == n:  # it could go on, and ends here (a split table has an end)
                end = self.table.end
                assert end is not None
                out[end] = action
            elif len(tokens) == n + 1 and tokens[n] not in out:
                out[tokens[n]] = action
            else:
                out[tokens[n]] = None
        return out

    def action_at(self, index: int, legal: Sequence[Any], prefix: Prefix = ()) -> Any:
        """The legal action ``index`` completes (None: a step of one), or a one-line error
        saying which indices are legal."""
        open_ = self.choices(legal, prefix)
        if index not in open_:
            raise EncodingError(
                f"action {index} is not legal here; the legal indices are {sorted(open_)}"
            )
        return open_[index]

    def decide(self, seating: Seating, seat: int, index: int) -> Any:
        """``seat`` takes ``index``: the action, chosen in ``seating``, once it is complete;
        None while it waits for its next step (kept in ``seating.partial``)."""
        prefix = seating.partial.get(seat, ())
        waiting = seat in seating.waiting()
        legal = self.legal(seating.state, seat) if waiting else []
        action = self.action_at(index, legal, prefix)
        if action is None:
            seating.partial[seat] = (*prefix, index)
            return None
        seating.partial.pop(seat, None)
        seating.choose(seat, action)
        return action

    def mask(self, legal: Sequence[Any], prefix: Prefix = ()) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.actions, dtype=np.int8)
        for index in self.choices(legal, prefix):
            mask[index] = 1
        return mask

    @property
    def tensor(self) -> bool:
        """Whether the observation is the game's compact tensor rather than JSON bytes."""
        return self.builder is not None

    @property
    def dtype(self) -> type[np.floating[Any]] | type[np.unsignedinteger[Any]]:
        return np.float32 if self.tensor else np.uint8

    @property
    def high(self) -> float:
        return 1.0 if self.tensor else 255.0

    def observe(self, view: Mapping[str, Any], prefix: Prefix = ()) -> npt.NDArray[Any]:
        """The view as the game's tensor, or as canonical JSON bytes zero-padded to the
        fixed length; then, where actions are decided in steps, the steps taken so far."""
        base = self._view(view)
        if not self.table.parts:
            return base
        taken = np.isin(self.table.parts, prefix).astype(base.dtype)
        return np.concatenate([base, taken])

    def _view(self, view: Mapping[str, Any]) -> npt.NDArray[Any]:
        if self.builder is not None:
            try:
                return self.builder.build(view)
            except TensorOverflow as e:
                raise EncodingError(str(e)) from None
        size = self.view_bytes - len(self.table.parts)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        data = text.encode("ascii")
        if len(data) > size:
            raise EncodingError(
                f"a {self.info.name} view of {len(data)} bytes exceeds the observation's "
                f"{size}; raise the bound in duelhall/interop/encoding.py"
            )
        out = np.zeros(size, dtype=np.uint8)
        out[: len(data)] = np.frombuffer(data, dtype=np.uint8)
        return out


def encoding(game: str, options: Mapping[str, Any] | None = None) -> Encoding:
    """The encoding of ``game`` with ``options`` (names and values as ``--option`` takes)."""
    info = get_game(game)
    resolved = info.resolve_options(dict(options or {}))
    seats = info.seat_count(resolved)
    table = _table(info.name, resolved)
    tensor = observation_tensor(info, resolved, seats)
    if tensor is not None:
        return Encoding(info, resolved, seats, table, tensor.size + len(table.parts), tensor)
    view_bytes = _VIEW_BYTES.get(info.name, 16384) * (2 if seats > 2 else 1)
    return Encoding(info, resolved, seats, table, view_bytes + len(table.parts))


def _table(game: str, options: Mapping[str, Any]) -> ActionTable:
    """The game's table, built once per game and options (the larger take a second)."""
    key = json.dumps({"game": game, **options}, sort_keys=True, default=str)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = action_table(get_game(game), options)
    return table


_TABLES: dict[str, ActionTable] = {}


def rewards(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's reward: 2 x score - 1, so a win is 1, a loss -1 and a two-seat draw 0."""
    return tuple(2.0 * score - 1.0 for score in outcome.scores)
