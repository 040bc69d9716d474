"""The frame every observation tensor shares: named sections of fixed sizes, filled in order.

A game's module declares its layout (section name to size, the table docs/interop.md
prints) and fills it with a :class:`Planes` writer, which refuses a section of the wrong
size, so the documented layout and the numbers written can never drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


class TensorOverflow(ValueError):
    """A view holding more than the tensor's fixed bound (a longer row than it has room
    for); the message names the bound and the file to raise it in."""


@dataclass(frozen=True)
class Tensor:
    """A game's tensor for one set of rules options: its layout and its builder, which
    reads a seat's view and nothing else."""

    layout: Mapping[str, int]
    build: Callable[[Mapping[str, Any]], Vector]

    @property
    def size(self) -> int:
        return sum(self.layout.values())


class Planes:
    """A tensor being written section by section, in the layout's order."""

    def __init__(self, layout: Mapping[str, int]) -> None:
        self.layout = layout
        self.out = np.zeros(sum(layout.values()), dtype=np.float32)
        self.sections = iter(layout.items())
        self.at = 0

    def put(self, section: str, values: Sequence[float] | npt.NDArray[Any]) -> None:
        name, size = next(self.sections)
        if name != section or len(values) != size:
            # A bug in a tensor module, never bad input: the layout is the documentation.
            raise AssertionError(f"section {section!r} of {len(values)} where {name!r} of {size}")
        self.out[self.at : self.at + size] = values
        self.at += size

    def done(self) -> Vector:
        if self.at != len(self.out):
            raise AssertionError("the tensor's layout has sections left unwritten")
        return self.out


def one_hot(value: Hashable, choices: Sequence[Hashable]) -> list[float]:
    """1 at ``value``'s place among ``choices`` (all 0 when it is none of them)."""
    return [float(value == choice) for choice in choices]


def scaled(count: float, top: float) -> float:
    """``count / top`` kept within 0..1 (counts past ``top`` read as 1)."""
    return min(max(count / top, 0.0), 1.0)


def marks(size: int, places: Iterable[int]) -> list[float]:
    """``size`` values, 1 at each of ``places``."""
    out = [0.0] * size
    for place in places:
        out[place] = 1.0
    return out
