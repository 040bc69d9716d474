"""The shape every action table has: entries (keys) in index order, their names, a key
function from an action to its entry."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from duelhall.core.errors import DuelhallError


class TableError(DuelhallError):
    """An action with no index in its game's table (a bound too small, a new word)."""


@dataclass(frozen=True)
class ActionTable:
    """``keys[i]`` is the entry of index ``i`` and ``names[i]`` says it in words (the
    notation where the notation is fixed); ``key(action)`` is an action's entry."""

    game: str
    keys: tuple[Hashable, ...]
    names: tuple[str, ...]
    key_of: Callable[[Any], Hashable]
    where: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        where = {key: i for i, key in enumerate(self.keys)}
        if len(where) != len(self.keys) or len(self.names) != len(self.keys):
            raise ValueError(f"the {self.game} action table repeats an entry")  # a bug here
        object.__setattr__(self, "where", where)

    def __len__(self) -> int:
        return len(self.keys)

    def index(self, action: Any) -> int:
        key = self.key_of(action)
        found = self.where.get(key)
        if found is None:
            raise TableError(
                f"{self.game} offered {str(action)!r}, which has no index in its action table; "
                f"raise the bound in duelhall/interop/tables/{self.game}.py"
            )
        return found


class Entries:
    """A table being written: entries appended in index order."""

    def __init__(self) -> None:
        self.keys: list[Hashable] = []
        self.names: list[str] = []

    def add(self, key: Hashable, name: str) -> None:
        self.keys.append(key)
        self.names.append(name)

    def table(self, game: str, key_of: Callable[[Any], Hashable]) -> ActionTable:
        return ActionTable(game, tuple(self.keys), tuple(self.names), key_of)
