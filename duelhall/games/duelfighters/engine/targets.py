"""Whom an attack may be against (F76): with one adversary standing, the attack names none
and its words are those of a duel; with several, one choice per adversary it can reach,
``at KEY``. An area names no victim: it takes every figure it covers (F37)."""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .board import Board


def aims(
    board: Board, seat: int, usable: Callable[[int | None], bool], *, area: bool = False
) -> list[tuple[str, ...]]:
    """The victim words for an attack of fighter ``seat``: ``[()]`` for the sole adversary,
    ``[("at", key), ...]`` for each of several it can reach; ``usable(victim)`` says whether
    the attack reaches that one (None: the adversary). An ``area`` is ``[()]`` when it
    covers any adversary."""
    foes = board.foes(seat)
    if len(foes) <= 1:
        return [()] if usable(None) else []
    if area:
        return [()] if any(usable(v) for v in foes) else []
    return [(A.AT, board.keys[v]) for v in foes if usable(v)]
