"""How the team game names a team to its reader, at the terminal and in the browser.

A seat's reader is ``You`` among the names (:func:`duelhall.web.views.names_for`, and the
terminal's person): its own team is "your team" and the other "the opponents", as the web
board labels the two sides. A reader who is none of the seats (a spectator, a replay named
as recorded, four people at one terminal) reads "team 1" (seats 1 and 3) and "team 2"
(seats 2 and 4), as docs/rulings/duel52-teams.md numbers them. Partners are named once
each, so two computers of one level read "both Computer (easy)", not the name twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from duelhall.core.wording import YOU, capitalized


def _partners(team: int, names: Sequence[str]) -> tuple[str, str]:
    return names[team], names[team + 2]


def is_readers(team: int, names: Sequence[str]) -> bool:
    """Whether the reader (``You``) plays in ``team``."""
    return YOU in _partners(team, names)


def team_label(team: int, names: Sequence[str]) -> str:
    """``your team``, ``the opponents`` or ``team 1``, to go inside a sentence."""
    if YOU not in names:
        return f"team {team + 1}"
    return "your team" if is_readers(team, names) else "the opponents"


def team_heading(team: int, names: Sequence[str]) -> str:
    """``Your team``, ``Opponents`` or ``Team 1``: a side's heading on a board."""
    if YOU not in names:
        return f"Team {team + 1}"
    return "Your team" if is_readers(team, names) else "Opponents"


def team_verb(team: int, names: Sequence[str], third: str, plain: str) -> str:
    """``Your team wins``, ``The opponents win``, ``Team 2 wins``: the start of a line."""
    label = team_label(team, names)
    return f"{capitalized(label)} {plain if label == 'the opponents' else third}"


def members(team: int, names: Sequence[str]) -> str:
    """The partners: ``you and Computer (easy)``, ``Ann and Computer (hard)``, ``both
    Computer (easy)``."""
    a, b = _partners(team, names)
    if a == b:
        return f"both {a}"
    if YOU in (a, b):
        return f"you and {b if a == YOU else a}"
    return f"{a} and {b}"


def team_with_members(team: int, names: Sequence[str]) -> str:
    """``Your team (you and Computer (easy))``: a side's heading."""
    return f"{capitalized(team_label(team, names))} ({members(team, names)})"
