"""Reading what a person types at a prompt: commands and choice numbers.

Commands are words, so their case and width do not matter (``Q``, ``q`` and the full-width
``ｑ`` all stop the game). Numbers may be written with the decimal digits of any script
(``3``, ``٣``, ``３``), as keyboards and input methods give them; other digit-like
characters (``²``, ``①``) are not numbers and are refused with a word on what to type.
Notation is left exactly as typed: in Duel 52 the case of a slot names its side.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable
from typing import TextIO

from duelhall.core.errors import DuelhallError

COMMANDS = {
    "?": "help",
    "h": "help",
    "help": "help",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "b": "board",
    "board": "board",
    "u": "undo",
    "undo": "undo",
}


def command_of(text: str) -> str | None:
    """The command ``text`` names (``help``, ``quit``, ``board``, ``undo``), else None."""
    return COMMANDS.get(unicodedata.normalize("NFKC", text.strip()).casefold())


def number_of(text: str, count: int) -> int | None:
    """``text`` as a choice number from 1 to ``count``, or None if it is not a number.

    Raises :class:`DuelhallError` for a number outside the list, or for digit-like
    characters that are not plain digits."""
    digits = plain_number(text)
    if digits is None:
        return None
    # Compared as text first: a number thousands of digits long is simply too big (and
    # int() refuses to read one that long).
    if len(digits) > len(str(count)) or not 1 <= int(digits) <= count:
        raise DuelhallError(
            f"{shown_number(digits)} is not listed; choose a number from 1 to {count}"
        )
    return int(digits)


def plain_number(text: str) -> str | None:
    """``text`` as a number in ASCII digits without leading zeros (``"0"`` for zero), or
    None if it is not a number; raises :class:`DuelhallError` for digit-like characters
    that are not plain digits (``²``)."""
    text = text.strip()
    if not text.isdigit():
        return None
    if not text.isdecimal():
        raise DuelhallError(
            f"{text!r} is not a plain number; type the choice's number with the digits 0-9"
        )
    return "".join(str(unicodedata.decimal(c)) for c in text).lstrip("0") or "0"


def shown_number(digits: str) -> str:
    """A number as an error shows it: cut short when it is very long."""
    return digits if len(digits) <= 12 else f"{digits[:6]}...({len(digits)} digits)"


class InputClosed(Exception):
    """Standard input ended (a script ran out of lines, or the person pressed Ctrl-D)."""


def read_line(prompt: str, stream: TextIO | None = None) -> str:
    """One line from standard input after ``prompt``; echoed when it was piped in, so a
    transcript reads as a person saw it."""
    stream = stream or sys.stdin
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = stream.readline()
    if not line:
        raise InputClosed
    if not stream.isatty():
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line


def ask_yes(ask: Callable[[str], str], question: str) -> bool:
    """A ``[y/N]`` question: only a yes is a yes; the end of input or Ctrl-C is a no."""
    try:
        answer = ask(f"{question} [y/N] ")
    except (InputClosed, KeyboardInterrupt):
        return False
    return unicodedata.normalize("NFKC", answer.strip()).casefold() in {"y", "yes"}
