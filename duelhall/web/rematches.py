"""A rematch: the same game, options and hints, the seats turned by one (who began now
follows). The asker gets a new seat token; every other person's seat there is held by the
token they hold here (only its hash is known), so the offer reaches them alone, in their
own snapshot, and survives a restart with the table."""

from __future__ import annotations

from duelhall.web.lobby import NewTable, SeatChoice
from duelhall.web.store.repository import TableData


def rematch_of(data: TableData, asker: int) -> NewTable:
    """The new table's settings: ``asker`` sits there as "me", the others keep their tokens."""
    choices = [
        SeatChoice("computer", s.level)
        if s.kind == "computer"
        else SeatChoice("me")
        if n == asker
        else SeatChoice("friend", token_hash=s.token_hash)
        for n, s in enumerate(data.seats)
    ]
    return NewTable(data.game, data.options, tuple(choices[1:] + choices[:1]), data.hints)
