"""A game at the terminal: people and computer agents taking turns through the protocol.

The loop is game-agnostic: it asks a game's UI module (``render_view``, ``describe``,
``result_text``, ``sort_key``, and optionally ``effects``, ``choice_lines`` and ``legend``)
to draw views and word actions, and it only ever shows a person the view of the seat they
play. In a hotseat game, what happens while one person is at the terminal is told to the
other, from their own view, once the terminal is handed to them.

Around the loop, in modules of their own: what a person types (:mod:`.answers`), how
choices are numbered and answers in words read (:mod:`.choices`), taking an action back
(:mod:`.undo`), the record file (:mod:`.record_keeper`) and the line shown while the
computer thinks (:mod:`.thinking`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.text import Text

from duelhall.agents.base import Agent, Observation
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.cli import choices
from duelhall.cli.answers import InputClosed, ask_yes, command_of, number_of, read_line
from duelhall.cli.pictures import PictureWriter
from duelhall.cli.record_keeper import RecordKeeper
from duelhall.cli.thinking import thinking
from duelhall.cli.undo import Step, TakeBack, Undo
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.state import GameState

COMMANDS_HELP = """\
Commands:    b  board and choices again    ?  this help
             u  undo your last action this turn, if it showed you nothing new
             q  stop the game (a --record file keeps the game so far)
             Capitals work too: Q, B, U."""


def ui_for(game: str) -> ModuleType:
    """The game's terminal module (declared by its GameInfo ``ui`` hook)."""
    info = get_game(game)
    if not info.has_hook("ui"):
        raise DuelhallError(f"{info.title} cannot be shown in the terminal yet")
    module: ModuleType = info.hook("ui")
    return module


__all__ = ["InputClosed", "Seat", "Session", "Stopped", "ui_for"]


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
    """One game at the terminal. ``state`` is replaced when an action is taken back: read
    the game's end from ``session.state``, not from the state passed in."""

    state: GameState
    seats: list[Seat]
    record: Record
    console: Console
    record_path: Path | None = None
    read_line: Callable[[str], str] = field(default=lambda prompt: read_line(prompt))
    hotseat: bool = False
    hint: ISMCTSAgent | None = None  # searches each person's decisions from their own view
    solo: bool = False  # one person plays every seat, after predicting the winner
    # The deal's seed was drawn, not given: it stays unsaid until the game ends, or until
    # the person stopping the game asks for it.
    secret_seed: bool = False
    tell_seed: bool = True  # say the deal's seed at the end (a tournament keeps it to itself)
    pictures: PictureWriter | None = None  # --svg: a picture of the table every step

    def __post_init__(self) -> None:
        self.ui = ui_for(self.record.game)
        self.names = tuple(s.name for s in self.seats)
        self._last_human: int | None = None
        # Hotseat: what each person has not been told yet, worded from their own view.
        self._untold: dict[int, list[Text]] = {}
        self._legend_shown = False
        self._view_shown: Any = None
        self._keeper = (
            RecordKeeper(self.record_path, self.console) if self.record_path is not None else None
        )
        self._undo = Undo(get_game(self.record.game))
        self._numbering = choices.Numbering()

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end. Returns a process exit code (0: finished, 1: stopped early)."""
        try:
            if self.solo and "prediction" not in self.record.notes:
                self._predict()
            self._announce_start()
            self._picture()
            while not self.state.is_over():
                movers = self.state.to_move()
                if len(movers) == 1:
                    seat = movers[0]
                    before = self._audience_views(seat)
                    try:
                        action = self._decide(seat, can_undo=True)
                    except TakeBack:
                        self._take_back()
                        continue
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
        except (InputClosed, Stopped, KeyboardInterrupt) as e:
            self._stop(e)
            return 1
        self._finish()
        return 0

    def _stop(self, why: BaseException) -> None:
        """The game stops unfinished: keep the record, say so, and offer the seed."""
        if isinstance(why, InputClosed):
            words = "Input ended"
        elif isinstance(why, Stopped):
            words = "You stopped the game"
        else:
            words = "Interrupted"
        self.console.print(Text(f"\n{words}; the game is not finished.", style="yellow"))
        self._save()
        if self._keeper is not None:
            self.console.print(self._keeper.closing_line(finished=False))
        # Once the person is done, the deal is no secret worth keeping from them; but only
        # if they ask (someone else may be looking), and never without a person to ask.
        asked = self.secret_seed and not isinstance(why, InputClosed)
        if asked and ask_yes(self.read_line, "Show the deal's seed?"):
            self._say_seed()

    def _say_seed(self) -> None:
        seed = self.record.seed
        self.console.print(
            Text(f"Deal seed {seed}: play it again with --seed {seed}", style="bright_black")
        )

    def _predict(self) -> None:
        """Single player: show every opening hand, then ask which side will win."""
        count = len(self.seats)
        for seat in range(count):
            self.console.print(Text(f"\n{self.names[seat]}'s opening position:", style="bold"))
            self.console.print(self.ui.render_view(self.state.view(seat), self.names))
        choices = "/".join(str(i + 1) for i in range(count))
        while True:
            answer = self.read_line(f"Which player will win? ({choices}): ")
            if command_of(answer) == "quit":
                raise Stopped
            try:
                number = number_of(answer, count)
            except DuelhallError:
                number = None
            if number is not None:
                break
            self.console.print(Text(f"Answer with a player's number: {choices}.", style="red"))
        self.record.notes["prediction"] = number - 1
        self._save()
        self.console.print(
            Text(f"You predict {self.names[number - 1]} will win. Play every side well!")
        )

    def _audience(self) -> list[int]:
        """The seats whose people watch the game (seat 0's view when only agents play)."""
        humans = [i for i, s in enumerate(self.seats) if s.human]
        return humans or [0]

    def _audience_views(self, actor: int | None = None) -> dict[int, Any]:
        audience = self._audience()
        if not self.hotseat and len(audience) > 1:
            # One person plays every seat (solo): tell each action once, as the seat taking
            # it saw it, not once per seat.
            audience = [actor if actor in audience else audience[0]]
        return {seat: self.state.view(seat) for seat in audience}

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

    def _decide(self, seat: int, *, can_undo: bool = False) -> Any:
        agent = self.seats[seat].agent
        if agent is None:
            return self._human_choice(seat, can_undo)
        with thinking(self.console, self.names[seat]):
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

    def _human_choice(self, seat: int, can_undo: bool) -> Any:
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
            command = command_of(text)
            if command == "help":
                self._print_help()
                continue
            if command == "quit":
                raise Stopped
            if command == "board":
                self._show_board(view, legal, seat)
                continue
            if command == "undo":
                refusal = (
                    self._undo.refusal(seat)
                    if can_undo
                    else "Nothing can be taken back while everyone chooses at once."
                )
                if refusal is None:
                    raise TakeBack
                self.console.print(Text(refusal, style="red"))
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
        with thinking(self.console, "The hint search"):
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
        answer = self.read_line(f"Pass the terminal to {self.names[seat]} and press Enter... ")
        if command_of(answer) == "quit":
            raise Stopped
        self._clear()
        untold = self._untold.pop(seat, [])
        if untold:
            self.console.print(Text(f"While {self.names[seat]} was away:", style="bold"))
            for line in untold:
                self.console.print(line)

    def _apply(
        self, seat: int, action: Any, before: dict[int, Any], *, effects: bool = True
    ) -> None:
        step: Step | None = None
        own_view: Any = None
        if self.seats[seat].human:
            own_view = before[seat] if seat in before else self.state.view(seat)
            # What taking it back needs: the state, the record and the untold as they were.
            step = Step(
                seat=seat,
                words=self.ui.describe(action, own_view, seat),
                before=self.state.clone(),
                recorded=len(self.record.actions),
                untold={s: len(lines) for s, lines in self._untold.items()},
                blocker=None,
            )
        self.state.apply(action)
        self.record.actions.append((seat, str(action)))
        self._save()
        self._picture()
        if step is not None:
            step.blocker = self._undo.blocker(own_view, action, self.state.view(seat), seat)
        self._undo.acted(seat, step)
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

    def _picture(self) -> None:
        """The table after the last step, seen by the one person playing (in a hotseat or
        solo game, by any spectator: the public view)."""
        if self.pictures is None:
            return
        people = [s for s, seat in enumerate(self.seats) if seat.human]
        if len(people) == 1 and not (self.hotseat or self.solo):
            view = self.state.view(people[0])
        else:
            view = self.state.public_view()
        self.pictures.write(len(self.record.actions), view, self.names)

    def _take_back(self) -> None:
        """Undo the seat's last action: state, record (and its file), untold news."""
        step = self._undo.pop()
        self.state = step.before
        del self.record.actions[step.recorded :]
        if self.pictures is not None:
            self.pictures.forget_after(step.recorded)
        for seat in list(self._untold):
            kept = step.untold.get(seat, 0)
            del self._untold[seat][kept:]
            if not self._untold[seat]:
                del self._untold[seat]
        self._save()
        self.console.print(Text(f"Taken back: {step.words}", style="yellow"))

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
        if self.tell_seed and self.record.start is None:
            self._say_seed()
        if self._keeper is not None:
            self.console.print(self._keeper.closing_line(finished=True))

    def _save(self) -> None:
        if self._keeper is not None:
            self._keeper.write(self.record)
