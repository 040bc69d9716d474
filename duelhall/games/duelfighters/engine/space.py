"""The other bases on the table as obstacles: every figure but the one moving, allies as well
as adversaries (3.2.2, F76)."""

from __future__ import annotations

from ..geometry import Blocker, Figure
from .board import Board

FIGHTER = "fighter"  # the key prefix of a base among a move's blockers: "fighter:2"


def fighter_key(index: int) -> str:
    return f"{FIGHTER}:{index}"


def fighter_of(key: str) -> int | None:
    """The fighter a blocker's key names, or None for a piece of terrain or the edge."""
    kind, _, index = key.partition(":")
    return int(index) if kind == FIGHTER and index.isdigit() else None


def base_blockers(board: Board, index: int, *, besides: tuple[int, ...] = ()) -> list[Blocker]:
    """The other figures' bases, but those in ``besides``, as blockers of a move."""
    return [
        Blocker(fighter_key(i), board.figure(i).polygon)
        for i in board.others(index)
        if i not in besides
    ]


def overlaps_any(board: Board, index: int, figure: Figure) -> bool:
    """Whether ``figure`` (where fighter ``index`` would stand) overlaps another base."""
    return any(
        figure.polygon.intersection(board.figure(i).polygon).area > 1e-6
        for i in board.others(index)
    )
