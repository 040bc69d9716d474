"""Seeded randomness that gives the same numbers on every machine and Python version.

Python's :mod:`random` keeps its generator stable but has changed helper algorithms between
releases; games are replayed from ``(seed, actions)`` records, so duelhall owns a small
generator (SplitMix64) whose every output is fixed by this file alone.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
# The largest seed: the generator keeps 64 bits, so a larger number would only name the deal
# of a smaller one.
MAX_SEED = _MASK
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# Rejection limits for small bounds, the ones games ask for: a bigint modulo per draw saved.
_LIMITS = [0] + [_SPAN - _SPAN % n for n in range(1, 257)]


class Rng:
    """SplitMix64: tiny state (one integer), so cloning and re-seeding are free."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        s = self._state = (self._state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        # The generator step is written out here (and in shuffle): search and playouts draw
        # millions of numbers, and a method call per draw is most of their cost.
        if not 0 < n <= _SPAN:
            raise ValueError(f"below() needs a bound between 1 and 2**64, not {n}")
        limit = _LIMITS[n] if n <= 256 else _SPAN - _SPAN % n
        while True:
            s = self._state = (self._state + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 bits of precision."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, drawing exactly as ``below(i + 1)`` would for each ``i``."""
        s = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n <= 256 else _SPAN - _SPAN % n
            while True:
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = s

    def fork(self) -> Rng:
        """An independent generator whose seed is drawn from this one."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        return Rng(self._state)


def fresh_seed() -> int:
    """A seed for a game (or a tournament) the user did not seed; it is stored in the record
    so it replays.

    Drawn from the operating system's entropy, and wide: a seat could otherwise find the deal
    from its own cards by dealing every possible seed (32 bits are within reach of a loop;
    63 are not). 63 bits, so it fits a signed 64-bit integer (see duelhall.core.seeds)."""
    return secrets.randbits(63)
