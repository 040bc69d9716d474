"""A game at the terminal: people and computer agents taking turns through the protocol.

The loop is game-agnostic: it asks a game's UI module (``render_view``, ``describe``,
``result_text``, ``sort_key``, and optionally ``effects``, ``choice_lines`` and ``legend``)
to draw views and word actions, and it only ever shows a person the view of the seat they
play. In a hotseat game, what happens while one person is at the terminal is told to the
other, from their own view, once the terminal is handed to them. How choices are numbered
and answers read is :mod:`duelhall.cli.choices`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from duelhall.agents.base import Agent, Observation
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.cli import choices
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.record import Record, save
from duelhall.core.state import GameState

COMMANDS_HELP = """\
Commands:    b  board and choices again    ?  this help
             q  stop the game (a --record file keeps the game so far)"""


def ui_for(game: str) -> ModuleType:
    """The game's terminal module (declared by its GameInfo ``ui`` hook)."""
    info = get_game(game)
    if not info.has_hook("ui"):
        raise DuelhallError(f"{info.title} cannot be shown in the terminal yet")
    module: ModuleType = info.hook("ui")
    return module


class InputClosed(Exception):
    """Standard input ended (a script ran out of lines, or the person pressed Ctrl-D)."""


class Stopped(Exception):
    """The person asked to stop the game."""


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
    hint: ISMCTSAgent | None = None  # searches each person's decisions from their own view
    solo: bool = False  # one person plays every seat, after predicting the winner

    def __post_init__(self) -> None:
        self.ui = ui_for(self.record.game)
        self.names = tuple(s.name for s in self.seats)
        self._last_human: int | None = None
        # Hotseat: what each person has not been told yet, worded from their own view.
        self._untold: dict[int, list[Text]] = {}
        self._legend_shown = False
        self._view_shown: Any = None
        self._save_failed = False
        self._numbering = choices.Numbering()

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end. Returns a process exit code (0: finished, 1: stopped early)."""
        try:
            if self.solo and "prediction" not in self.record.notes:
                self._predict()
            self._announce_start()
            while not self.state.is_over():
                movers = self.state.to_move()
                if len(movers) == 1:
                    seat = movers[0]
                    before = self._audience_views()
                    action = self._decide(seat)
                    self._apply(seat, action, before)
                    continue
                # A simultaneous choice: everyone decides from the same, unchanged state,
                # and the choices are told only once all are made.
                start = before = self._audience_views()
                chosen = [(seat, self._decide(seat)) for seat in movers]
                for seat, action in chosen:
                    self._apply(seat, action, before, effects=False)
                    before = self._audience_views()
                # What the choices set off together, told once all are revealed.
                self._tell_effects(chosen[-1][1], start)
        except (InputClosed, Stopped) as e:
            why = "Input ended" if isinstance(e, InputClosed) else "You stopped the game"
            self.console.print(Text(f"\n{why}; the game is not finished.", style="yellow"))
            self._save()
            if self.record_path is not None and not self._save_failed:
                self.console.print(
                    Text(f"The game so far is recorded in {self.record_path}.", "bright_black")
                )
            return 1
        except KeyboardInterrupt:
            self.console.print(Text("\nInterrupted; the game is stopped.", style="yellow"))
            self._save()
            return 1
        self._finish()
        return 0

    def _predict(self) -> None:
        """Single player: show every opening hand, then ask which side will win."""
        count = len(self.seats)
        for seat in range(count):
            self.console.print(Text(f"\n{self.names[seat]}'s opening position:", style="bold"))
            self.console.print(self.ui.render_view(self.state.view(seat), self.names))
        choices = "/".join(str(i + 1) for i in range(count))
        while True:
            answer = self.read_line(f"Which player will win? ({choices}): ").strip()
            if answer in {"q", "quit", "exit"}:
                raise Stopped
            if answer.isdigit() and 1 <= int(answer) <= count:
                break
            self.console.print(Text(f"Answer with a player's number: {choices}.", style="red"))
        self.record.notes["prediction"] = int(answer) - 1
        self._save()
        self.console.print(
            Text(f"You predict {self.names[int(answer) - 1]} will win. Play every side well!")
        )

    def _audience(self) -> list[int]:
        """The seats whose people watch the game (seat 0's view when only agents play)."""
        humans = [i for i, s in enumerate(self.seats) if s.human]
        return humans or [0]

    def _audience_views(self) -> dict[int, Any]:
        return {seat: self.state.view(seat) for seat in self._audience()}

    def _at_terminal(self, seat: int) -> bool:
        """Whether ``seat``'s person sees the screen now (always, unless hotseat).

        In hotseat nobody holds the terminal until the first hand-over: what is said before
        it waits, so one player's opening draw is not shown to whoever is looking."""
        return not self.hotseat or self._last_human == seat

    def _tell(self, seat: int, lines: list[Text]) -> None:
        if self._at_terminal(seat):
            for line in lines:
                self.console.print(line)
        else:
            self._untold.setdefault(seat, []).extend(lines)

    def _announce_start(self) -> None:
        for seat, view in self._audience_views().items():
            # Turn 0 is set-up (a draft), not a turn anyone takes actions in.
            if view.get("result") is None and view.get("turn", 0) >= 1 and "to_move" in view:
                who = self.names[view["to_move"][0]]
                text = f"── Turn {view['turn']}: {who}"
                if "actions_left" in view:
                    left = view["actions_left"]
                    text += f", {left} action{'s' if left != 1 else ''}"
                self._tell(seat, [Text(text + " ──", style="bold")])
            break  # the same words for everyone

    def _decide(self, seat: int) -> Any:
        agent = self.seats[seat].agent
        if agent is None:
            return self._human_choice(seat)
        return agent.choose(Observation.of(self.state, seat))

    def _legend(self, view: Any) -> Any:
        """The game's key to its board: by view when the UI offers it (player variants)."""
        by_view = getattr(self.ui, "legend_for", None)
        if by_view is not None and view is not None:
            return by_view(view)
        legend = getattr(self.ui, "legend", None)
        return legend() if legend is not None else None

    def _show_board(self, view: Any, legal: choices.ChoiceList, seat: int) -> None:
        self.console.print(self.ui.render_view(view, self.names))
        legend = self._legend(view)
        if legend is not None and not self._legend_shown:
            self.console.print(legend)
            self._legend_shown = True
        self._view_shown = view
        self._print_choices(legal, view, seat)

    def _human_choice(self, seat: int) -> Any:
        if self.hotseat and self._last_human != seat:
            self._hand_over(seat)
        self._last_human = seat
        view = self.state.view(seat)
        # People read the choices grouped by kind; the numbers follow what they read.
        legal = self._list_choices(seat, view)
        self.console.print()
        self._show_board(view, legal, seat)
        if self.hint is not None and len(legal.choices) > 1:
            self._show_hint(seat, legal, view)
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
                raise Stopped
            if text in {"b", "board"}:
                self._show_board(view, legal, seat)
                continue
            try:
                action = self._parse_choice(text, legal, view, seat)
            except choices.GoneChoice as e:
                self.console.print(Text(f"Not available: {e}.", style="red"))
                legal = self._list_choices(seat, view, afresh=True)
                self._print_choices(legal, view, seat)
                continue
            except choices.AmbiguousChoice as e:
                self.console.print(Text(str(e), style="red"))
                for choice in legal.choices:
                    if choice.number in e.candidates:
                        self.console.print(choices.choice_line(choice))
                continue
            except DuelhallError as e:
                self.console.print(Text(f"Not understood: {e}", style="red"))
                continue
            if action not in legal.actions:
                reason = self._why_not(action)
                typed = choices.typed(self.ui, action, view, seat)
                reason = reason.replace(f"'{action}'", f"'{typed}'")
                self.console.print(Text(f"Not allowed: {reason}", style="red"))
                continue
            return action

    def _list_choices(self, seat: int, view: Any, *, afresh: bool = False) -> choices.ChoiceList:
        """The seat's choices, numbered: see :mod:`duelhall.cli.choices`."""
        legal = sorted(self.state.legal_actions(seat), key=self.ui.sort_key)
        return self._numbering.list_for(
            choices.turn_of(seat, view),
            legal,
            lambda a: choices.typed(self.ui, a, view, seat),
            lambda a: self.ui.describe(a, view, seat),
            afresh=afresh,
        )

    def _show_hint(self, seat: int, legal: choices.ChoiceList, view: Any) -> None:
        """The search's three favourite moves, numbered as in the list above."""
        assert self.hint is not None
        result = self.hint.search(Observation.of(self.state, seat))
        number = {c.action: c.number for c in legal.choices}
        self.console.print(
            Text(f"Hint ({result.iterations} searches from what you can see):", "bold cyan")
        )
        for move in result.moves[:3]:
            line = Text(f"  {number.get(move.action, '?')}) ", style="cyan")
            line.append(self.ui.describe(move.action, view, seat))
            line.append(
                f" — {result.share(move):.0%} of the search, winning chance {move.value:.0%}",
                style="bright_black",
            )
            self.console.print(line)

    def _parse_choice(self, text: str, legal: choices.ChoiceList, view: Any, seat: int) -> Any:
        def parse(words: str) -> Any:
            return self.state.parse_action(words, seat)

        return legal.read(text, choices.words_reader(self.ui, view, legal.actions, seat, parse))

    def _why_not(self, action: Any) -> str:
        """The state's own explanation, from a scratch copy so nothing is changed."""
        try:
            self.state.clone().apply(action)
        except DuelhallError as e:
            return str(e)
        return f"'{action}' is not one of your choices now"

    def _print_choices(self, legal: choices.ChoiceList, view: dict[str, Any], seat: int) -> None:
        if legal.afresh:
            self.console.print(Text("Your choices, numbered afresh:", style="bold yellow"))
        lines = getattr(self.ui, "choice_lines", None)
        if lines is not None:
            for line in lines(legal.actions, view, seat, legal.numbers):
                self.console.print(line)
            return
        for choice in legal.choices:
            self.console.print(choices.choice_line(choice))

    def _print_help(self) -> None:
        view = self._view_shown
        by_view = getattr(self.ui, "help_for", None)
        answers = getattr(self.ui, "help_text", None)
        text = by_view(view) if by_view is not None and view is not None else None
        if text is None:
            text = (
                answers() if answers is not None else "Answer with a choice's number or notation."
            )
        self.console.print(f"{text}\n{choices.HELP}\n{COMMANDS_HELP}", markup=False)
        legend = self._legend(view)
        if legend is not None:
            self.console.print("On the board:")
            self.console.print(legend)

    def _clear(self) -> None:
        self.console.clear()
        if self.console.is_terminal:
            # Also the scrollback, where the last player's hand could be scrolled back to.
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _hand_over(self, seat: int) -> None:
        self._clear()
        self.read_line(f"Pass the terminal to {self.names[seat]} and press Enter... ")
        self._clear()
        untold = self._untold.pop(seat, [])
        if untold:
            self.console.print(Text(f"While {self.names[seat]} was away:", style="bold"))
            for line in untold:
                self.console.print(line)

    def _apply(
        self, seat: int, action: Any, before: dict[int, Any], *, effects: bool = True
    ) -> None:
        self.state.apply(action)
        self.record.actions.append((seat, str(action)))
        self._save()
        tell = getattr(self.ui, "effects", None) if effects else None
        for watcher, view in before.items():
            words = self.ui.describe(action, view, watcher)
            style = "green" if watcher == seat and self.seats[seat].human else "magenta"
            lines = [Text(f"{self.names[seat]}: {words}", style=style)]
            if tell is not None:
                after = self.state.view(watcher)
                for line in tell(action, view, after, watcher, self.names):
                    # Consequences are indented under the action; a new turn's banner is not.
                    new_turn = line.plain.startswith("──")
                    lines.append(line if new_turn else Text("   ").append_text(line))
            self._tell(watcher, lines)

    def _tell_effects(self, action: Any, before: dict[int, Any]) -> None:
        tell = getattr(self.ui, "effects", None)
        if tell is None:
            return
        for watcher, view in before.items():
            after = self.state.view(watcher)
            lines = [
                line if line.plain.startswith("──") else Text("   ").append_text(line)
                for line in tell(action, view, after, watcher, self.names)
            ]
            if lines:
                self._tell(watcher, lines)

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        outcome = self.state.outcome()
        assert outcome is not None
        self.record.result = outcome.to_json()
        self._save()
        if self.hotseat:
            # The game is over: nothing is secret any more, so everyone hears everything.
            self._last_human = None
            for seat in sorted(self._untold):
                for line in self._untold.pop(seat):
                    self.console.print(line)
        final = self.state.view(None)
        self.console.print()
        self.console.print(self.ui.render_view(final, self.names))
        self.console.print(self.ui.result_text(final, self.names))
        predicted = self.record.notes.get("prediction")
        if self.solo and isinstance(predicted, int):
            came_true = outcome.winner == predicted
            self.console.print(
                Text(
                    f"Your prediction, {self.names[predicted]}, "
                    + ("came true: you win the solo game." if came_true else "did not come true."),
                    style="bold green" if came_true else "bold red",
                )
            )
        if self.record.start is None:
            seed = self.record.seed
            self.console.print(
                Text(f"Deal seed {seed}: play it again with --seed {seed}", style="bright_black")
            )
        if self.record_path is not None and not self._save_failed:
            self.console.print(Text(f"Record saved to {self.record_path}", style="bright_black"))

    def _save(self) -> None:
        if self.record_path is None or self._save_failed:
            return
        try:
            save(self.record, self.record_path)
        except OSError as e:
            self._save_failed = True
            self.console.print(
                Text(
                    f"Cannot write the record to {self.record_path}: {e.strerror}; "
                    "the game goes on without it.",
                    style="red",
                )
            )


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
