"""Numbered choices at the terminal, and a person's answers read into actions.

The same rules hold in every game and mode:

- A number keeps its meaning through a player's whole turn. Choices still open after an
  action keep their numbers; choices that open up take new numbers after the highest yet;
  the number of a choice that closed is not given to another one that turn. So a player
  who reads the list, then types two numbers, gets the two actions they read, or is told
  that one is gone: never a different action.
- A number that no longer has a choice is refused, saying what it was, and the list is
  numbered afresh from 1 (and shown again, saying so). A new turn also starts again at 1.
- An answer in words is read by the game's ``read_choice`` hook when it has one (Duel 52
  reads slots as the board draws them and cards by name), else by ``state.parse_action``.
  Several choices fitting one answer is an error that lists them with their numbers.

A choice is recognised from one list to the next by its notation as typed (board letters
stay put through a turn) together with its words, so a choice whose meaning changed gets a
new number rather than an old one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich.text import Text

from duelhall.cli.answers import plain_number, shown_number
from duelhall.core.errors import DuelhallError

HELP = """\
Numbers:     a choice keeps its number for your whole turn; new choices get new
             numbers, and a number whose choice is gone is refused"""
"""How numbers behave, for ``?`` (the same in every game)."""


class GoneChoice(DuelhallError):
    """A number whose choice closed earlier in the turn."""


class AmbiguousChoice(DuelhallError):
    """An answer that fits several choices; ``candidates`` are their numbers."""

    def __init__(self, message: str, candidates: list[int]) -> None:
        super().__init__(message)
        self.candidates = candidates


@dataclass(frozen=True)
class Choice:
    """One listed choice: its number, the action, and how the person sees and types it."""

    number: int
    action: Any
    notation: str
    words: str


@dataclass
class ChoiceList:
    """The numbered choices of one prompt, in the order they are shown (by number)."""

    choices: list[Choice]
    gone: dict[int, Choice] = field(default_factory=dict)
    """Numbers given earlier this turn to choices that are closed now."""
    afresh: bool = False
    """Whether this list was numbered again from 1 within a turn (the prompt says so)."""

    @property
    def actions(self) -> list[Any]:
        return [c.action for c in self.choices]

    @property
    def numbers(self) -> list[int]:
        return [c.number for c in self.choices]

    def number_of(self, action: Any) -> int | None:
        return next((c.number for c in self.choices if c.action == action), None)

    def by_number(self, digits: str) -> Any:
        """The action numbered ``digits`` (ASCII, see :func:`answers.plain_number`)."""
        number = int(digits) if len(digits) <= 12 else -1
        for choice in self.choices:
            if choice.number == number:
                return choice.action
        if number in self.gone:
            was = self.gone[number]
            raise GoneChoice(f"{number} was to {was.words}, which is no longer possible")
        numbers, shown = self.numbers, shown_number(digits)
        if not numbers:
            raise DuelhallError(f"{shown} is not listed: there is nothing to choose")
        lo, hi = numbers[0], numbers[-1]
        gaps = " among those listed" if hi - lo + 1 != len(numbers) else ""
        raise DuelhallError(f"{shown} is not listed; choose a number from {lo} to {hi}{gaps}")

    def read(self, text: str, read_words: Callable[[str], list[Any]]) -> Any:
        """The action an answer names: a listed number (in any script's decimal digits),
        or words ``read_words`` reads into candidate actions (the listed ones among them,
        or one unlisted action to explain)."""
        digits = plain_number(text)
        if digits is not None:
            return self.by_number(digits)
        found = read_words(text)
        listed = [a for a in found if self.number_of(a) is not None]
        if len(listed) > 1:
            numbers = [n for a in listed if (n := self.number_of(a)) is not None]
            raise AmbiguousChoice(
                f"'{text}' fits {len(listed)} choices; type a number, or name more cards:",
                sorted(numbers),
            )
        if listed:
            return listed[0]
        if not found:
            raise DuelhallError(f"'{text}' is not one of your choices now")
        return found[0]


class Numbering:
    """Gives choices their numbers, remembering them through one player's turn."""

    def __init__(self) -> None:
        self._turn: Hashable = None
        self._numbers: dict[Hashable, Choice] = {}
        self._next = 1

    def list_for(
        self,
        turn: Hashable,
        legal: Sequence[Any],
        notation: Callable[[Any], str],
        words: Callable[[Any], str],
        *,
        afresh: bool = False,
    ) -> ChoiceList:
        """Number ``legal`` (in the order to show new choices) for the prompt of ``turn``
        (``None``: a game without turns, numbered afresh at every prompt)."""
        if afresh or turn is None or turn != self._turn:
            self._turn = turn
            self._numbers = {}
            self._next = 1
        choices = []
        seen: set[Hashable] = set()
        for action in legal:
            shown, said = notation(action), words(action)
            key = (shown, said)
            seen.add(key)
            old = self._numbers.get(key)
            if old is None:
                old = self._numbers[key] = Choice(self._next, action, shown, said)
                self._next += 1
            choices.append(Choice(old.number, action, shown, said))
        gone = {c.number: c for key, c in self._numbers.items() if key not in seen}
        choices.sort(key=lambda c: c.number)
        return ChoiceList(choices, gone, afresh=afresh)


def choice_line(choice: Choice) -> Text:
    """``  3) flip 2b (face-down)   [flip 2b]``: a choice as a plain list shows it."""
    line = Text(f"  {choice.number}) ", style="cyan")
    line.append(choice.words)
    line.append(f"   [{choice.notation}]", style="bright_black")
    return line


def turn_of(seat: int, view: Any) -> Hashable:
    """What a prompt's numbers last through: the seat's turn, when the game has turns."""
    turn = view.get("turn") if isinstance(view, dict) else None
    return None if turn is None else (seat, turn)


def typed(ui: ModuleType, action: Any, view: Any, seat: int) -> str:
    """``action`` as the person types it (the game's ``typed_notation`` hook, else its
    notation)."""
    hook = getattr(ui, "typed_notation", None)
    return str(action) if hook is None else str(hook(action, view, seat))


def words_reader(
    ui: ModuleType, view: Any, legal: Sequence[Any], seat: int, parse: Callable[[str], Any]
) -> Callable[[str], list[Any]]:
    """How to read an answer in words: the game's ``read_choice`` hook, else ``parse``."""
    hook = getattr(ui, "read_choice", None)
    if hook is None:
        return lambda text: [parse(text)]
    return lambda text: list(hook(text, view, legal, seat, parse))
