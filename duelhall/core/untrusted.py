"""JSON from strangers: records and positions are read here before any game sees them.

Records and positions come from other people (and, through the web server, from anyone), so
they are untrusted input. This module turns bytes into a JSON value that every reader can
walk without surprises, or explains in one line why it will not:

- a file is read up to :data:`MAX_FILE_BYTES` (a record or position is a few kilobytes;
  ``/dev/zero`` or a video is refused, not loaded into memory);
- the text is UTF-8 (a byte-order mark is allowed);
- JSON is nested at most :data:`MAX_DEPTH` levels deep, so no reader can exhaust the stack;
- a whole number has at most :data:`MAX_DIGITS` digits (Python refuses to read numbers of
  thousands of digits, and nothing in a game needs one); other numbers are finite (no
  ``NaN`` or ``Infinity``);
- an object names each key once;
- text holds no control character but tab, newline and carriage return, and no lone
  surrogate: such text cannot be printed or written as UTF-8, a NUL ends a path early, and
  escape sequences would drive the reader's terminal.

The same checks apply to JSON that arrives already parsed (:func:`check_document`), as it
will from a web server.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import DuelhallError

MAX_FILE_BYTES = 5_000_000
MAX_DEPTH = 32
MAX_DIGITS = 40

# C0 controls but tab, newline and carriage return; DEL and the C1 controls; the line and
# paragraph separators and the bidirectional overrides, which break or disguise the line a
# message or a name is printed on; lone surrogates (a valid pair never reaches Python as two
# code points).
_BAD_CHAR = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into the caller's error class."""


def read_document(path: str | os.PathLike[str], what: str, error: type[DuelhallError]) -> Any:
    """The JSON value in the file at ``path`` (a ``what``: "record", "position"), checked as
    the module says; ``error`` is raised, naming the file, for anything else."""
    raw = read_regular_file(path, MAX_FILE_BYTES, what, error)
    return parse_document(raw, str(path), error)


def read_regular_file(
    path: str | os.PathLike[str],
    limit: int,
    what: str,
    error: type[DuelhallError],
    hint: str = "",
) -> bytes:
    """The bytes of the regular file at ``path`` (a ``what``, for messages), at most
    ``limit`` of them. A pipe, a device or a folder is refused, and opened without blocking
    so that naming a pipe cannot hang; ``hint`` says what to give instead."""
    tail = f"; {hint}" if hint else ""
    shown = os.fspath(path) or "''"  # an empty name still reads as a name in the message
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise error(f"cannot read {what} {shown}: {e.strerror or e}{tail}") from None
    # Checked before wrapping the descriptor: os.fdopen itself refuses a folder with
    # IsADirectoryError, which would escape as a traceback instead of this message.
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise error(f"cannot read {what} {shown}: not a regular file{tail}")
    with os.fdopen(fd, "rb") as f:
        try:
            raw = f.read(limit + 1)
        except OSError as e:
            raise error(f"cannot read {what} {shown}: {e.strerror or e}{tail}") from None
    if len(raw) > limit:
        size = f"{limit // 1_000_000} MB" if limit % 1_000_000 == 0 else f"{limit // 1024} KB"
        raise error(
            f"{what} {shown} is larger than {size}, more than any {what} holds; check that it "
            "is the right file"
        )
    return raw


def parse_document(raw: bytes | str, name: str, error: type[DuelhallError]) -> Any:
    """The JSON value in ``raw`` (``name`` says where it came from, for messages)."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise error(
                f"{name} is not UTF-8 text (byte {e.start + 1} cannot be read); save it as "
                "UTF-8 JSON"
            ) from None
    else:
        text = raw
    try:
        data = json.loads(
            text,
            parse_int=_whole,
            parse_float=_number,
            parse_constant=_constant,
            object_pairs_hook=_object,
        )
    except _Refused as e:
        raise error(f"{name}: {e}") from None
    except json.JSONDecodeError as e:
        raise error(f"{name} is not valid JSON (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise error(f"{name}: {_TOO_DEEP}") from None
    check_document(data, name, error)
    return data


def check_document(data: Any, name: str, error: type[DuelhallError]) -> None:
    """Check JSON that is already parsed (types, depth, numbers, text) as files are checked."""
    try:
        _check(data, "", 0)
    except _Refused as e:
        raise error(f"{name}: {e}") from None


_TOO_DEEP = (
    f"nested more than {MAX_DEPTH} levels deep; no record or position is, so check that it "
    "is the right file"
)


def _check(value: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise _Refused(_TOO_DEEP)
    if isinstance(value, str):
        _check_text(value, where)
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int):
        if abs(value) >= 10**MAX_DIGITS:
            raise _Refused(_too_long(MAX_DIGITS + 1))
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _Refused(_not_a_number(str(value), where))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Refused(f"{where or 'the top level'} has a key that is not text: {key!r}")
            inner = _member(where, key)
            _check_text(key, inner, key=True)
            _check(item, inner, depth + 1)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _check(item, f"{where}[{i}]", depth + 1)
    else:
        raise _Refused(f"{where or 'the top level'} holds a {type(value).__name__}, not JSON")


_WORD = re.compile("[A-Za-z0-9_-]{1,40}")


def _member(where: str, key: str) -> str:
    """The place of ``key`` inside ``where``, for messages: ``hands.0`` style for a plain
    word, else the key's repr in brackets, cut short (a key may hold a newline)."""
    if _WORD.fullmatch(key):
        return f"{where}.{key}" if where else key
    return f"{where}[{shown(key, 40)}]"


def _check_text(text: str, where: str, key: bool = False) -> None:
    bad = _BAD_CHAR.search(text)
    if bad is None:
        return
    code = ord(bad.group())
    kind = "half of a surrogate pair" if 0xD800 <= code <= 0xDFFF else "a control character"
    place = f"the key {shown(text, 40)}" if key else f"the text at {where or 'the top level'}"
    raise _Refused(
        f"{place} holds U+{code:04X} ({kind}), which a record or position may not contain; "
        "remove it"
    )


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(_too_long(digits))
    return int(text)


def _too_long(digits: int) -> str:
    return (
        f"a whole number of {digits:,} digits; numbers in records and positions have at most "
        f"{MAX_DIGITS}"
    )


def _number(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _Refused(f"the number {text[:20]} is too large")
    return number


def _constant(text: str) -> float:
    raise _Refused(_not_a_number(text, ""))


def _not_a_number(text: str, where: str) -> str:
    if where:
        return f"{where} holds {text}, which is not a number JSON allows"
    return f"{text} is not a number JSON allows; write a number or null"


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {shown(key)} is given twice in one object; keep one")
        out[key] = value
    return out


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting untrusted values in a
    one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
