"""Which engine plays a game that has more than one: its reference rules, or a compiled
engine (Duel 52's, for the base two-player game).

The commands choose (``--engine auto|reference|fast``; ``auto``, their default, takes the
compiled engine where the options allow it); the library's own default is the reference,
so code that reads a state's fields keeps getting reference states unless it asks.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

ENGINES = ("auto", "reference", "fast")
FAST_GAMES = frozenset({"duel52"})
"""Games with a compiled engine (for some of their options)."""

_chosen = ["reference"]


def chosen() -> str:
    return _chosen[0]


def choose(engine: str) -> None:
    """Play games started or loaded from now on with ``engine``."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    _chosen[0] = engine


@contextmanager
def using(engine: str) -> Iterator[None]:
    """``engine`` for the games started or loaded inside the block."""
    before = chosen()
    choose(engine)
    try:
        yield
    finally:
        choose(before)
