"""Game records: ``{format, version, game, options, seed, actions}`` as JSON, replayed exactly.

A record holds the complete truth of a game (it is the referee's log, not a player's), so
a replay reproduces every state. Files are written atomically: a crash mid-write leaves the
old file or none, never half of one.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duelhall.core.errors import DuelhallError, RecordError
from duelhall.core.game import get_game
from duelhall.core.state import GameState

FORMAT = "duelhall-record"
VERSION = 1


@dataclass
class Record:
    game: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    start: dict[str, Any] | None = None  # a position the game started from, if not a new deal
    result: dict[str, Any] | None = None
    # Facts about the game that are not moves, e.g. a solo player's predicted winner.
    notes: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": [{"seat": seat, "action": text} for seat, text in self.actions],
        }
        if self.start is not None:
            out["start"] = self.start
        if self.result is not None:
            out["result"] = self.result
        if self.notes:
            out["notes"] = self.notes
        return out

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError(f'not a duelhall record (expected "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise RecordError(
                f"record version {data.get('version')!r} is not supported; this duelhall "
                f"reads version {VERSION}"
            )
        try:
            actions = [(int(a["seat"]), str(a["action"])) for a in data.get("actions", [])]
            return cls(
                game=str(data["game"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                actions=actions,
                players=list(data.get("players") or []),
                start=data.get("start"),
                result=data.get("result"),
                notes=dict(data.get("notes") or {}),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(
                f"record is malformed: {e!r} (needs game, seed and actions)"
            ) from None

    def initial_state(self) -> GameState:
        info = get_game(self.game)
        if self.start is not None:
            return info.load_position(self.start)
        return info.new_state(self.seed, self.options)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so readers see the old file or the whole new one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp makes a private (0600) file; give the result the permissions the old file had,
    # or those a plain open() would have given a new one.
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target), dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def remove_stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files a killed :func:`write_atomic` left beside ``path``.

    Only names of that record's own pattern are touched: the prefix, then the eight
    characters ``tempfile.mkstemp`` draws from ``[a-z0-9_]``. Returns what was removed.
    """
    target = Path(path)
    pattern = re.compile(re.escape(_temp_prefix(target)) + r"[a-z0-9_]{8}")
    removed = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return []
    for entry in entries:
        if pattern.fullmatch(entry.name) and entry.is_file() and not entry.is_symlink():
            try:
                entry.unlink()
            except OSError:
                continue  # not ours to remove after all; the next start tries again
            removed.append(entry)
    return removed


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save(record: Record, path: str | os.PathLike[str]) -> None:
    write_atomic(path, json.dumps(record.to_json(), indent=1) + "\n")


def load(path: str | os.PathLike[str]) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read record {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON (line {e.lineno}: {e.msg})") from None
    return Record.from_json(data)


def replay_steps(record: Record) -> Iterator[tuple[GameState, int, str]]:
    """Yield ``(state before, seat, action text)`` for each action, then check the result.

    The last item is ``(final state, -1, "")``. Raises :class:`RecordError` naming the first
    action that does not apply and why, or saying how a stored result differs from the
    replayed one.
    """
    try:
        state = record.initial_state()
    except DuelhallError as e:
        raise RecordError(f"cannot start the recorded game: {e}") from None
    for number, (seat, text) in enumerate(record.actions, start=1):
        try:
            action = state.parse_action(text, seat)
            yield state, seat, text
            state.apply(action)
        except DuelhallError as e:
            raise RecordError(
                f"action {number} ({text!r} by seat {seat}) does not apply: {e}"
            ) from None
    _check_result(record, state)
    yield state, -1, ""


def _check_result(record: Record, state: GameState) -> None:
    """A stored result must be what the actions lead to (fields it leaves out are not checked)."""
    if not record.result:
        return
    outcome = state.outcome()
    if outcome is None:
        raise RecordError(
            f"the record gives a result, but after its {len(record.actions)} actions the game "
            "is not over"
        )
    actual = outcome.to_json()
    for key in ("winner", "reason", "scores"):
        if key in record.result and record.result[key] != actual[key]:
            raise RecordError(
                f"the record's result has {key} {record.result[key]!r}, but replaying its "
                f"actions gives {actual[key]!r}"
            )


def replay(record: Record) -> GameState:
    """The final state of a record (every action checked)."""
    final: GameState | None = None
    for state, seat, _ in replay_steps(record):
        if seat == -1:
            final = state
    assert final is not None
    return final
