"""Compact observation tensors: a seat's view as fixed, documented planes of numbers.

A builder reads ``state.view(seat)`` and nothing else, so the tensor holds what the seat may
know and no more (the leak tests compare it across re-deals). One module per game (and per
Duel 52 mode) holds its layout, documented in its docstring and docs/interop.md;
:func:`observation_tensor` picks the one for a game and its options. Games without one yet
keep the view's canonical JSON bytes (docs/interop.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.interop.tensors import deckduel, duel52, duel52_teams, duel52_triangles
from duelhall.interop.tensors.duelfighters import duelfighters_tensor
from duelhall.interop.tensors.duelfighters import layout as duelfighters_layout
from duelhall.interop.tensors.highlander import highlander_tensor
from duelhall.interop.tensors.layout import Tensor, TensorOverflow

__all__ = ["Tensor", "TensorOverflow", "observation_tensor"]


def _highlander(info: GameInfo, options: Mapping[str, Any], seats: int) -> Tensor:
    """The card file is an option, so its cards are known before any deal."""
    cards = info.new_state(0, options).cards  # type: ignore[attr-defined]
    return highlander_tensor([card.id for card in cards.cards], cards.positions)


def _duel52(info: GameInfo, options: Mapping[str, Any], seats: int) -> Tensor:
    return {2: duel52.TENSOR, 3: duel52_triangles.TENSOR, 4: duel52_teams.TENSOR}[seats]


def _duelfighters(info: GameInfo, options: Mapping[str, Any], seats: int) -> Tensor:
    """Sized by the characters a side and the content's cards and characters."""
    lay = duelfighters_layout(options)
    return Tensor(lay.sections, partial(duelfighters_tensor, lay=lay))


_BUILDERS: dict[str, Callable[[GameInfo, Mapping[str, Any], int], Tensor]] = {
    "deckduel": lambda info, options, seats: deckduel.TENSOR,
    "highlander": _highlander,
    "duel52": _duel52,
    "duelfighters": _duelfighters,
}


def observation_tensor(info: GameInfo, options: Mapping[str, Any], seats: int) -> Tensor | None:
    """The tensor of ``info`` with resolved ``options`` for ``seats``, or ``None`` where
    the game has none yet."""
    builder = _BUILDERS.get(info.name)
    return None if builder is None else builder(info, options, seats)
