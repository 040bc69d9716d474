"""How a block seats its games: the first player rotated through every seat on one deal.

Which option decides who goes first is the game's own affair; this table names it for the
games that have one (Highlander's Kurgan starts on offence, so rotating him rotates the first
seat, and his character with it). A game without one (Deck Duel, whose seats flip at once)
plays each deal once, and its "first seat" is seat 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo
from duelhall.lab.runner import Seating

FIRST_SEAT_OPTION = {"duel52": "first_player", "highlander": "kurgan"}


def seat_agents(agents: Sequence[str], seats: int, first: int) -> tuple[str, ...]:
    """Agents by seat, ``agents`` given in turn order from the first seat (one spec: all)."""
    if len(agents) not in (1, seats):
        raise DuelhallError(
            f"--agents: give one agent for every seat or {seats} (in turn order), not {len(agents)}"
        )
    return tuple(
        agents[(s - first) % seats] if len(agents) > 1 else agents[0] for s in range(seats)
    )


def rotated(
    info: GameInfo, options: Mapping[str, Any], agents: Sequence[str]
) -> tuple[Seating, ...]:
    """One seating per seat as the first player, the subject being the first seat."""
    seats = info.seat_count(options)
    option = FIRST_SEAT_OPTION.get(info.name)
    if option is None:
        return (Seating({}, seat_agents(agents, seats, 0), 0),)
    return tuple(
        Seating({option: str(first + 1)}, seat_agents(agents, seats, first), first)
        for first in range(seats)
    )
