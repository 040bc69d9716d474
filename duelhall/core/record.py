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

from duelhall.core.errors import DuelhallError, IllegalActionError, RecordError
from duelhall.core.game import get_game
from duelhall.core.rng import MAX_SEED
from duelhall.core.state import GameState
from duelhall.core.untrusted import check_document, read_document, shown

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
        """A record from its JSON form, every field checked: records are untrusted input."""
        check_document(data, "the record", RecordError)
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError(f'not a duelhall record (expected "format": "{FORMAT}")')
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            raise RecordError(
                f"record version {shown(version)} is not supported; this duelhall reads version "
                f"{VERSION}"
            )
        seed = _field(data, "seed", int)
        if not 0 <= seed <= MAX_SEED:
            # The generator would take it modulo 2**64 and deal another seed's game.
            raise RecordError(
                f"record is malformed: 'seed' must be between 0 and {MAX_SEED}, not {seed}"
            )
        return cls(
            game=_field(data, "game", str),
            seed=seed,
            options=dict(_field(data, "options", Mapping, {})),
            actions=[
                _action(entry, n) for n, entry in enumerate(_field(data, "actions", list, []), 1)
            ],
            players=_players(_field(data, "players", list, [])),
            start=_field(data, "start", Mapping, None),
            result=_field(data, "result", Mapping, None),
            notes=dict(_field(data, "notes", Mapping, {})),
        )

    def initial_state(self) -> GameState:
        info = get_game(self.game)
        if self.start is None:
            return info.new_state(self.seed, self.options)
        state = info.load_position(self.start)
        if info.resolve_options(self.options) != info.resolve_options(state.options):
            raise RecordError(
                "the record's options differ from those of its start position; give the "
                "record the position's options"
            )
        return state


_KINDS = {str: "text", int: "a whole number", list: "a list", Mapping: "an object"}
_MISSING = object()


def _field(data: Mapping[str, Any], key: str, kind: type, default: Any = _MISSING) -> Any:
    """``data[key]`` if it is a ``kind``; a missing key gives ``default`` (or an error when
    there is none), and so does ``null`` where ``default`` is ``None``."""
    value = data.get(key, _MISSING)
    if value is _MISSING or (value is None and default is None):
        if default is _MISSING:
            raise RecordError(
                f"record is malformed: it has no {key!r} (a record needs game and seed)"
            )
        return default
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError(
            f"record is malformed: {key!r} must be {_KINDS[kind]}, not {shown(value)}"
        )
    return value


def _action(entry: Any, number: int) -> tuple[int, str]:
    if (
        not isinstance(entry, Mapping)
        or not isinstance(entry.get("seat"), int)
        or isinstance(entry.get("seat"), bool)
        or not isinstance(entry.get("action"), str)
    ):
        raise RecordError(
            f"record is malformed: action {number} must be an object like "
            f'{{"seat": 0, "action": "play 7H 2"}}, not {shown(entry)}'
        )
    return entry["seat"], entry["action"]


def _players(names: list[Any]) -> list[str]:
    if not all(isinstance(name, str) for name in names):
        raise RecordError(
            f"record is malformed: 'players' must be a list of names, not {shown(names)}"
        )
    return names


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
    """Read a record file; anything but a well-formed record is refused with the reason."""
    data = read_document(path, "record", RecordError)
    if document_kind(data) == "position":
        game = data.get("game", "duel52")
        game = game if isinstance(game, str) and game.isidentifier() else "GAME"
        raise RecordError(
            f"{path} is a position, not a duelhall record (a game's moves): start a game "
            f"from it with: duelhall play {game} --position {path}"
        )
    return Record.from_json(data)


def document_kind(data: Any) -> str | None:
    """``"record"`` or ``"position"`` when ``data`` looks like one, else ``None``: so a
    person who gives one where the other is expected can be told which command takes it."""
    if not isinstance(data, Mapping):
        return None
    if data.get("format") == FORMAT:
        return "record"
    if "format" not in data and "actions" not in data and data.keys() & _POSITION_KEYS:
        return "position"
    return None


# Keys that positions have and records do not, across every game (docs/positions/).
_POSITION_KEYS = frozenset(
    {
        "lanes",
        "triangles",
        "hands",
        "pile",
        "pile_size",
        "to_move",
        "turn",
        "phase",
        "faceup",
        "combat",
        "expansion",
    }
)


def replay_steps(record: Record) -> Iterator[tuple[GameState, int, str]]:
    """Yield ``(state before, seat, action text)`` for each action, then check the result.

    The last item is ``(final state, -1, "")``. Each action is checked to be legal before it
    is yielded, so a caller may describe it. Raises :class:`RecordError` naming the first
    action that does not apply and why, or saying how a stored result differs from the
    replayed one.
    """
    try:
        state = record.initial_state()
    except DuelhallError as e:
        raise RecordError(f"cannot start the recorded game: {e}") from None
    for number, (seat, text) in enumerate(record.actions, start=1):
        try:
            action = _legal(state, seat, text)
        except DuelhallError as e:
            raise RecordError(
                f"action {number} ({shown(text)} by seat {seat}) does not apply: {e}"
            ) from None
        yield state, seat, text
        state.apply(action)
    _check_result(record, state)
    yield state, -1, ""


def _legal(state: GameState, seat: int, text: str) -> Any:
    """The action ``text`` by ``seat``, which must be one of the seats to act and may play
    it now; otherwise the game's reason why not."""
    movers = state.to_move()
    if seat not in movers:
        if not movers:
            raise IllegalActionError("the game is already over")
        who = " or ".join(str(s) for s in movers)
        raise IllegalActionError(f"it is seat {who} to act, not seat {seat}")
    action = state.parse_action(text, seat)
    if action not in state.legal_actions(seat):
        state.clone().apply(action)  # raises, with the game's own explanation
    return action


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
                f"the record's result has {key} {shown(record.result[key])}, but replaying its "
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
