"""Seeded randomness that gives the same numbers on every machine and Python version.

Python's :mod:`random` keeps its generator stable but has changed helper algorithms between
releases; games are replayed from ``(seed, actions)`` records, so duelhall owns a small
generator (SplitMix64) whose every output is fixed by this file alone.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: tiny state (one integer), so cloning and re-seeding are free."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 bits of precision."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator whose seed is drawn from this one."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        return Rng(self._state)


def fresh_seed() -> int:
    """A seed for a game the user did not seed; it is stored in the record so it replays."""
    return int.from_bytes(os.urandom(4), "big")
