"""A game at the terminal: people and computer agents taking turns through the protocol.

The loop is game-agnostic: it asks a game's UI module (``render_view``, ``describe``,
``result_text``) to draw views and word actions, and it only ever shows a person the view
of the seat they play.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from duelhall.agents.base import Agent, Observation
from duelhall.core.errors import DuelhallError
from duelhall.core.record import Record, save
from duelhall.core.state import GameState

UI_MODULES = {"duel52": "duelhall.games.duel52.render"}


def ui_for(game: str) -> ModuleType:
    return importlib.import_module(UI_MODULES[game])


class InputClosed(Exception):
    """Standard input ended (a script ran out of lines, or the person pressed Ctrl-D)."""


@dataclass
class Seat:
    """Who plays a seat: a person at this terminal, or an agent."""

    name: str
    agent: Agent | None = None

    @property
    def human(self) -> bool:
        return self.agent is None


@dataclass
class Session:
    state: GameState
    seats: list[Seat]
    record: Record
    console: Console
    record_path: Path | None = None
    read_line: Callable[[str], str] = field(default=lambda prompt: _read_line(prompt))
    hotseat: bool = False

    def __post_init__(self) -> None:
        self.ui = ui_for(self.record.game)
        self.names = tuple(s.name for s in self.seats)
        self._last_human: int | None = None

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end. Returns a process exit code (0: finished, 1: stopped early)."""
        try:
            while not self.state.is_over():
                movers = self.state.to_move()
                if len(movers) == 1:
                    self._apply(movers[0], self._decide(movers[0]))
                    continue
                # A simultaneous choice: everyone decides from the same, unchanged state,
                # and the computer's choices are told only once all are made.
                watcher = self._watcher()
                before = self.state.view(watcher)
                chosen = [(seat, self._decide(seat, announce=False)) for seat in movers]
                for seat, action in chosen:
                    if not self.seats[seat].human:
                        words = self.ui.describe(action, before, watcher)
                        self.console.print(Text(f"{self.names[seat]}: {words}", style="magenta"))
                    self._apply(seat, action)
        except InputClosed:
            self.console.print(Text("\nInput ended; the game is stopped.", style="yellow"))
            self._save()
            return 1
        except KeyboardInterrupt:
            self.console.print(Text("\nInterrupted; the game is stopped.", style="yellow"))
            self._save()
            return 1
        self._finish()
        return 0

    def _watcher(self) -> int:
        """The seat whose view is shown when a computer acts."""
        humans = [i for i, s in enumerate(self.seats) if s.human]
        if not humans:
            return 0
        if self._last_human is not None:
            return self._last_human
        return humans[0]

    def _decide(self, seat: int, *, announce: bool = True) -> Any:
        agent = self.seats[seat].agent
        if agent is None:
            return self._human_choice(seat)
        watcher = self._watcher()
        before = self.state.view(watcher)
        action = agent.choose(Observation.of(self.state, seat))
        if announce:
            words = self.ui.describe(action, before, watcher)
            self.console.print(Text(f"{self.names[seat]}: {words}", style="magenta"))
        return action

    def _human_choice(self, seat: int) -> Any:
        if self.hotseat and self._last_human not in (None, seat):
            self._hand_over(seat)
        self._last_human = seat
        view = self.state.view(seat)
        # People read the choices grouped by kind; the numbers follow what they read.
        legal = sorted(self.state.legal_actions(seat), key=self.ui.sort_key)
        self.console.print()
        self.console.print(self.ui.render_view(view, self.names))
        self._print_choices(legal, view, seat)
        while True:
            answer = self.read_line(
                f"{self.names[seat]}, your choice (number or notation, ? for help): "
            )
            text = answer.strip()
            if not text:
                continue
            if text in {"?", "h", "help"}:
                self._print_help()
                continue
            if text in {"q", "quit", "exit"}:
                raise InputClosed
            if text in {"b", "board"}:
                self.console.print(self.ui.render_view(view, self.names))
                self._print_choices(legal, view, seat)
                continue
            try:
                action = self._parse_choice(text, legal, seat)
            except DuelhallError as e:
                self.console.print(Text(f"Not allowed: {e}", style="red"))
                continue
            if action not in legal:
                reason = self._why_not(action)
                self.console.print(Text(f"Not allowed: {reason}", style="red"))
                continue
            words = self.ui.describe(action, view, seat)
            self.console.print(Text(f"{self.names[seat]}: {words}", style="green"))
            return action

    def _parse_choice(self, text: str, legal: list[Any], seat: int) -> Any:
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                raise DuelhallError(f"choose a number from 1 to {len(legal)}")
            return legal[number - 1]
        return self.state.parse_action(text, seat)

    def _why_not(self, action: Any) -> str:
        """The state's own explanation, from a scratch copy so nothing is changed."""
        try:
            self.state.clone().apply(action)
        except DuelhallError as e:
            return str(e)
        return f"'{action}' is not one of your choices now"

    def _print_choices(self, legal: list[Any], view: dict[str, Any], seat: int) -> None:
        width = len(str(len(legal)))
        for number, action in enumerate(legal, start=1):
            line = Text(f"  {number:>{width}}) ", style="cyan")
            line.append(self.ui.describe(action, view, seat))
            line.append(f"   [{action}]", style="bright_black")
            self.console.print(line)

    def _print_help(self) -> None:
        self.console.print(
            "Type the number of an action, or the action in notation (see the bracketed text "
            "and docs/notation/duel52.md).\n  b: show the board again   ?: this help   "
            "q: stop the game (the record so far is kept)"
        )

    def _hand_over(self, seat: int) -> None:
        self.console.clear()
        self.read_line(f"Pass the terminal to {self.names[seat]} and press Enter... ")
        self.console.clear()

    def _apply(self, seat: int, action: Any) -> None:
        self.state.apply(action)
        self.record.actions.append((seat, str(action)))
        self._save()

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        outcome = self.state.outcome()
        assert outcome is not None
        self.record.result = outcome.to_json()
        self._save()
        final = self.state.view(None)
        self.console.print()
        self.console.print(self.ui.render_view(final, self.names))
        self.console.print(self.ui.result_text(final, self.names))
        if self.record_path is not None:
            self.console.print(Text(f"Record saved to {self.record_path}", style="bright_black"))

    def _save(self) -> None:
        if self.record_path is not None:
            save(self.record, self.record_path)


def _read_line(prompt: str, stream: TextIO | None = None) -> str:
    stream = stream or sys.stdin
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = stream.readline()
    if not line:
        raise InputClosed
    if not stream.isatty():
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line
