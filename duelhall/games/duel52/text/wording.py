"""Small pieces of English for the table, the same in every Duel 52 mode.

The person at the terminal is called ``You``, so verbs and possessives agree with that name:
``You win`` but ``Computer wins``, ``your cards`` but ``Computer's cards``.
"""

from __future__ import annotations

from collections.abc import Sequence


def plural(n: int, word: str) -> str:
    """``1 action``, ``3 actions``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def verb(name: str, third: str, plain: str) -> str:
    """``You win`` but ``Computer wins``."""
    return f"{name} {plain if name == 'You' else third}"


def possessive(name: str) -> str:
    """``your`` for You, ``Computer's`` for anyone else."""
    return "your" if name == "You" else f"{name}'s"


def owner_label(name: str) -> str:
    """``Your`` for You, ``Computer's`` for anyone else: the start of a line."""
    return "Your" if name == "You" else f"{name}'s"


def their(name: str) -> str:
    """``your`` for You, ``their`` for anyone else: ``Computer may bring one of their
    cards``."""
    return "your" if name == "You" else "their"


def numbers(word: str, items: Sequence[object]) -> str:
    """``lane 2``, ``lanes 1 and 3``, ``lanes 1, 2 and 3``."""
    shown = [str(i) for i in items]
    if len(shown) == 1:
        return f"{word} {shown[0]}"
    return f"{word}s {', '.join(shown[:-1])} and {shown[-1]}"
