"""What every question shares: its inputs, and the arms of a batch with the first seat
rotated."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from duelhall.core.errors import DuelhallError, OptionError
from duelhall.core.game import GameInfo
from duelhall.lab.metrics import Observed
from duelhall.lab.report.model import Report
from duelhall.lab.runner import Arm, ArmData, Study, StudyResult
from duelhall.lab.seating import rotated


@dataclass(frozen=True)
class Ask:
    """A question's inputs, as the command line gives them."""

    info: GameInfo
    options: Mapping[str, Any]  # the user's --option values (not resolved)
    agents: tuple[str, ...]
    seed: int
    precision: float
    max_games: int | None = None
    variants: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    heroes: tuple[str, ...] = ()
    kind: str = ""
    a: Mapping[str, Any] = field(default_factory=dict)
    b: Mapping[str, Any] = field(default_factory=dict)
    metrics: tuple[str, ...] = ()
    # ``duelhall balance all first-player``: every game, each arm labelled with its game.
    every_game: tuple[GameInfo, ...] = ()

    @property
    def title(self) -> str:
        return "every game" if self.every_game else self.info.title

    @property
    def game_name(self) -> str:
        return "all" if self.every_game else self.info.name


class Question(Protocol):
    name: str
    help: str

    def study(self, ask: Ask) -> Study: ...

    def report(self, ask: Ask, result: StudyResult) -> Report: ...


def checked(info: GameInfo, options: Mapping[str, Any], what: str) -> dict[str, Any]:
    """``options`` resolved, and a game with them started once, so a bad combination is
    refused before anything is played."""
    try:
        resolved = info.resolve_options(options)
        info.new_state(0, resolved)
    except OptionError as e:
        raise DuelhallError(f"{what}: {e}") from None
    return resolved


def batch_arm(
    ask: Ask, label: str, options: Mapping[str, Any], info: GameInfo | None = None
) -> Arm:
    """An arm that plays every deal once with each seat first, measuring the first seat
    (of ``info``'s game when given, else the question's)."""
    game = info or ask.info
    resolved = checked(game, options, label)
    return Arm(
        label,
        dict(options),
        rotated(game, resolved, ask.agents),
        fair=True,
        game=game.name if info is not None else "",
    )


def observed(data: ArmData) -> list[Observed]:
    """The arm's games, each with the seat that moved first (its seating's subject)."""
    return [
        Observed(f, s.subject)
        for block in data.blocks
        for f, s in zip(block, data.arm.seatings, strict=True)
    ]


def pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def num(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def given_options(info: GameInfo, pairs: Sequence[str], what: str) -> dict[str, Any]:
    """The options typed as ``NAME=VALUE`` pairs, checked and coerced, and only those (a
    question adds its own to them, and a report names what the user chose)."""
    given = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise DuelhallError(f"{what} takes NAME=VALUE, like variant=quick; got {pair!r}")
        given[name.strip()] = value.strip()
    resolved = info.resolve_options(given, command_line=True)
    return {name: resolved[name] for name in given}
