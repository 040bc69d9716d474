"""How a block seats its games: the first player rotated through every seat on one deal.

Which option decides who goes first is the game's own affair; this table names it for the
games that have one (Highlander's Kurgan starts on offence, so rotating him rotates the first
seat, and his character with it). A game without one (Deck Duel, whose seats flip at once)
plays each deal once, and its "first seat" is seat 1.

Duel Fighters has no first player (initiative is rolled every turn) but its seats differ:
the second side deploys after the first (F57). Its "first seat" is seat 1, and a block plays
the deal twice with the two sides swapped whole (characters and allies, F59), so the sides
cancel and the seat stays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo
from duelhall.lab.runner import Seating

FIRST_SEAT_OPTION = {"duel52": "first_player", "highlander": "kurgan"}


def _fighter_sides(options: Mapping[str, Any]) -> dict[str, Any]:
    # Imported here, as the lab's other game-specific code is: a game is loaded when asked.
    from duelhall.games.duelfighters.engine.content_option import content_of
    from duelhall.games.duelfighters.engine.lineup import swapped_sides

    return swapped_sides(content_of(options.get("content", "")), options)


# Games whose sides are options of their own, one per seat: the option overrides that give
# each seat the other's side (of resolved options), swapped within a block.
SIDE_SWAPS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "duelfighters": _fighter_sides
}


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
    swap = SIDE_SWAPS.get(info.name)
    if swap is not None:
        agents_by_seat = seat_agents(agents, seats, 0)
        return (Seating({}, agents_by_seat, 0), Seating(swap(options), agents_by_seat, 0))
    if option is None:
        return (Seating({}, seat_agents(agents, seats, 0), 0),)
    return tuple(
        Seating({option: str(first + 1)}, seat_agents(agents, seats, first), first)
        for first in range(seats)
    )
