"""Terminal sessions for tests: any game and mode, answers from a list, output in a string."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.console import Console

from duelhall.agents.registry import make_agent
from duelhall.cli.answers import InputClosed
from duelhall.cli.session import Seat, Session
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.state import GameState

# (game, options, mode): how a person can meet every game at the terminal.
MODES: list[tuple[str, dict[str, Any], str]] = [
    ("duel52", {}, "computer"),
    ("duel52", {}, "hotseat"),
    ("duel52", {"vampiric": True}, "solo"),
    ("duel52", {"players": 3}, "computer"),
    ("duel52", {"players": 4}, "computer"),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True}, "computer"),
    ("deckduel", {}, "computer"),
    ("deckduel", {}, "hotseat"),
    ("highlander", {}, "computer"),
    ("duelfighters", {"turn_limit": 3}, "computer"),
    ("duelfighters", {"turn_limit": 2}, "hotseat"),
]

EOF = "<end of input>"
CTRL_C = "<Ctrl-C>"


def scripted(answers: Iterable[str], then: str = EOF) -> Callable[[str], str]:
    """A ``read_line`` giving ``answers`` in turn, then ending the input (or Ctrl-C)."""
    queue = list(answers)

    def read(prompt: str) -> str:
        answer = queue.pop(0) if queue else then
        if answer == EOF:
            raise InputClosed
        if answer == CTRL_C:
            raise KeyboardInterrupt
        return answer

    return read


def make_session(
    game: str,
    options: dict[str, Any],
    mode: str,
    read_line: Callable[[str], str],
    *,
    seed: int = 1,
    record_path: Path | None = None,
    console: Console | None = None,
    secret_seed: bool = False,
    state: GameState | None = None,
) -> tuple[Session, io.StringIO]:
    """A session of ``game`` with a person in seat 1 (every seat in hotseat and solo) and
    random agents elsewhere; what it prints goes to the returned string buffer. It starts
    from a new deal, or from ``state`` (then ``options`` are the state's own)."""
    info = get_game(game)
    chosen = info.resolve_options(options if state is None else state.options)
    count = info.seat_count(chosen)
    people = mode in {"hotseat", "solo"}
    seats = [
        Seat(f"Player {i + 1}")
        if people or i == 0
        else Seat(f"Computer {i}", make_agent("random", seed + i, game=info))
        for i in range(count)
    ]
    out = io.StringIO()
    session = Session(
        state=info.new_state(seed, chosen) if state is None else state,
        seats=seats,
        record=Record(
            game=game,
            seed=seed if state is None else state.seed,
            options=chosen,
            players=[s.name if s.human else "agent:random" for s in seats],
            start=None if state is None else state.to_position(),
        ),
        console=console or Console(file=out, width=120),
        record_path=record_path,
        read_line=read_line,
        hotseat=mode == "hotseat",
        solo=mode == "solo",
        secret_seed=secret_seed,
    )
    return session, out


def full_view(session: Session) -> str:
    return json.dumps(session.state.view(None), sort_keys=True)
