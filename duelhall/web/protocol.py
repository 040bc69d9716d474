"""The messages a browser sends over the WebSocket, read as untrusted input.

``{"type": "hello", "token"?: T}``, ``{"type": "act", "seq": N, "action": notation}``,
``{"type": "hint"}``. Anything else is refused with one line saying what is expected.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, TypeGuard

from duelhall.core.errors import DuelhallError
from duelhall.core.untrusted import parse_document
from duelhall.web.refusals import Refused

MAX_MESSAGE = 4096  # bytes: the longest notation is a few dozen characters
MAX_TEXT = 200  # characters of a token or an action


@dataclass(frozen=True)
class Hello:
    token: str | None


@dataclass(frozen=True)
class Act:
    seq: int
    action: str


@dataclass(frozen=True)
class Hint:
    pass


Message = Hello | Act | Hint


def read_message(raw: str | bytes | None) -> Message:
    if raw is None or isinstance(raw, bytes):
        raise Refused("send text frames holding JSON, not binary ones")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refused(f"message too long: at most {MAX_MESSAGE} bytes")
    try:
        data = parse_document(raw, "the message", DuelhallError)
    except DuelhallError as e:
        raise Refused(f'{e}; send an object like {{"type": "hello"}}') from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refused('a message is a JSON object with a "type": hello, act or hint')
    kind = data["type"]
    if kind == "hello":
        token = data.get("token")
        if token is not None and not _text(token):
            raise Refused('"token" is the text your link gave you')
        return Hello(token)
    if kind == "act":
        seq, action = data.get("seq"), data.get("action")
        if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < 1 << 31:
            raise Refused('"seq" is the number of the snapshot the action was chosen from')
        if not _text(action):
            raise Refused('"action" is the text of one of the actions listed in the snapshot')
        return Act(seq, action)
    if kind == "hint":
        return Hint()
    raise Refused(f"unknown message type {kind[:40]!r}; send hello, act or hint")


def _text(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``per_second``."""

    def __init__(self, burst: float = 30, per_second: float = 10) -> None:
        self.burst, self.per_second = burst, per_second
        self.level = burst
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.per_second)
        self.last = now
        if self.level < 1:
            return False
        self.level -= 1
        return True
