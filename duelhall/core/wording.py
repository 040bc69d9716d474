"""Small pieces of English for the terminal, the same in every game.

The person at the terminal is called ``You`` (:data:`YOU`), so verbs and possessives agree
with that name: ``You win`` but ``Computer wins``, ``your cards`` but ``Computer's cards``.
Games word their own events; the agreement lives here once, so the games cannot drift apart
(a "You takes" in one renderer and not another).
"""

from __future__ import annotations

from collections.abc import Sequence

YOU = "You"
"""The name the terminal gives the person at it."""


def plural(n: int, word: str) -> str:
    """``1 action``, ``3 actions``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def agrees(name: str, third: str, plain: str) -> str:
    """The verb alone, agreeing with ``name``: ``take`` for You, ``takes`` for anyone else."""
    return plain if name == YOU else third


def verb(name: str, third: str, plain: str) -> str:
    """``You win`` but ``Computer wins``."""
    return f"{name} {agrees(name, third, plain)}"


def possessive(name: str) -> str:
    """``your`` for You, ``Computer's`` for anyone else."""
    return "your" if name == YOU else f"{name}'s"


def owner_label(name: str) -> str:
    """``Your`` for You, ``Computer's`` for anyone else: the start of a line."""
    return capitalized(possessive(name))


def their(name: str) -> str:
    """``your`` for You, ``their`` for anyone else: ``Computer may bring one of their
    cards``."""
    return "your" if name == YOU else "their"


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case and the rest unchanged (``str.capitalize``
    would lower-case a name inside it)."""
    return text[:1].upper() + text[1:]


def numbers(word: str, items: Sequence[object]) -> str:
    """``lane 2``, ``lanes 1 and 3``, ``lanes 1, 2 and 3``."""
    shown = [str(i) for i in items]
    if len(shown) == 1:
        return f"{word} {shown[0]}"
    return f"{word}s {', '.join(shown[:-1])} and {shown[-1]}"
