"""Whom an attack may be against (F76): with one adversary standing, the attack names none
and its words are those of a duel; with several, one choice per adversary it can reach,
``at KEY``. An area names no victim: it takes every figure it covers (F37)."""

from __future__ import annotations

from collections.abc import Callable

from ..geometry import in_contact
from . import actions as A
from .board import Board
from .sheet import EQUIPPED, PLAIN


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


def gifts(board: Board, seat: int) -> list[tuple[str, str]]:
    """The equipped cards fighter ``seat`` may pass with a skill step, and to whom: an ally
    in contact, still fighting, within its card limit (F64)."""
    f = board.fighters[seat]
    items = [c.id for c in f.cards if c.state == EQUIPPED and c.id != PLAIN]
    if not items or f.downed:
        return []
    me = board.figure(seat)
    allies = [
        i
        for i in board.of_side(board.sides[seat])
        if i != seat
        and not board.fighters[i].defeated
        and board.fighters[i].figure is not None
        and in_contact(me, board.figure(i))
        and board.fighters[i].may_receive()
    ]
    return [(item, board.keys[i]) for i in allies for item in items]
