"""Whom an attack may be against (F76): with one adversary standing, the attack names none
and its words are those of a duel; with several, one choice per adversary it can reach,
``at KEY``. An area names no victim: it takes every figure it covers (F37).

With ``target`` = ``when-programmed`` and several adversaries standing, the markers in
:data:`NAMED` are laid with their victim (``mark attack at KEY``), and when the step comes
its attack can strike that adversary only (a retreat moves away from it,
:meth:`.board.Board.away_from`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..geometry import in_contact
from . import actions as A
from .board import Board
from .sheet import EQUIPPED, PLAIN

NAMED = ("attack", "technique", "retreat")  # the markers laid with a victim (F76)


def naming(board: Board, seat: int) -> bool:
    """Whether fighter ``seat`` names the victim of its markers as it lays them (F76)."""
    return board.options["target"] == "when-programmed" and len(board.foes(seat)) > 1


def marks(board: Board, seat: int, markers: Sequence[str]) -> list[tuple[str, ...]]:
    """The programming choices that lay ``markers``: a marker of :data:`NAMED` once per
    adversary standing when fighter ``seat`` names victims (F76), every other one plain."""
    foes = [board.keys[v] for v in board.foes(seat)] if naming(board, seat) else []
    out: list[tuple[str, ...]] = []
    for m in markers:
        if foes and m in NAMED:
            out += [(A.MARK, m, A.AT, key) for key in foes]
        else:
            out.append((A.MARK, m))
    return out


def aims(
    board: Board,
    seat: int,
    usable: Callable[[int | None], bool],
    *,
    area: bool = False,
    named: str = "",
) -> list[tuple[str, ...]]:
    """The victim words for an attack of fighter ``seat``: ``[()]`` for the sole adversary,
    ``[("at", key), ...]`` for each of several it can reach; ``usable(victim)`` says whether
    the attack reaches that one (None: the adversary). An ``area`` is ``[()]`` when it
    covers any adversary. ``named``: the key of the victim named with the marker (F76), the
    only one the attack may strike; none when it has fallen or is out of reach."""
    foes = board.foes(seat)
    if named and not area:
        victim = board.index_of(named)
        if victim not in foes or not usable(victim):
            return []
        return [()] if len(foes) == 1 else [(A.AT, named)]
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
