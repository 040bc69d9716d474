"""Replaying the record of a game still in play: through its player's own eyes by default.

``play --record`` writes the seed into the record from the first move, because a record
without its seed could not be replayed or resumed. So the file itself is the referee's
log, and a game that has not ended (its record has no ``result``) is shown by ``replay``
only through the eyes of the person who plays it (the seat whose ``players`` entry is not
an ``agent:``), unless the user names another view; then a warning comes first.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from duelhall.core.errors import DuelhallError
from duelhall.core.record import Record

AGENT_PREFIX = "agent:"


def people(record: Record, count: int) -> list[int]:
    """The seats people play, as the record names its players."""
    return [
        seat
        for seat, player in enumerate(record.players[:count])
        if not str(player).startswith(AGENT_PREFIX)
    ]


def replay_view(record: Record, view_as: str | None, names: Sequence[str], console: Console) -> str:
    """The ``--view`` to replay ``record`` with: ``view_as`` if given, else the default.

    A finished game (or one only agents play) is shown in full by default; an unfinished
    one through its one person's eyes, and with several people the user must choose.
    Asking for more than a person's own view of an unfinished game prints a warning."""
    seats = people(record, len(names))
    if record.result is not None or not seats:
        return "full" if view_as is None else view_as
    if view_as is None:
        if len(seats) > 1:
            raise DuelhallError(
                "this game is not finished and several people play it: choose whose eyes "
                "with --view N (--view full shows every hidden card)"
            )
        console.print(
            Text(
                f"This game is not finished: shown through {names[seats[0]]}'s eyes (the "
                "person playing). --view full would show every hidden card.",
                style="yellow",
            )
        )
        return str(seats[0] + 1)
    other = view_as.isdigit() and int(view_as) <= len(names) and int(view_as) - 1 not in seats
    if view_as == "full" or other:
        whose = " and ".join(names[s] for s in seats)
        what = (
            "every hidden card (and the seed)"
            if view_as == "full"
            else f"{names[int(view_as) - 1]}'s hidden cards"
        )
        console.print(
            Text(
                f"Warning: this game is not finished, and --view {view_as} shows {what}: "
                f"not for {whose}'s eyes until it ends.",
                style="bold yellow",
            )
        )
    return view_as
