"""Which engine plays a game that has more than one: its reference rules, or a compiled
engine (Duel 52's, for the base two-player game).

``auto``, the default of the library and of the commands (``--engine auto|reference|fast``),
takes the compiled engine where the options allow it: games started, loaded and searched by
agents run there. Code that reads a reference state's fields asks for the reference
(``using("reference")``) or converts (a compiled state's ``to_reference()``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

ENGINES = ("auto", "reference", "fast")
FAST_GAMES = frozenset({"duel52"})
"""Games with a compiled engine (for some of their options)."""

AUTO = "auto"
"""The library's default choice: the compiled engine where the options allow it."""

_chosen = [AUTO]


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
