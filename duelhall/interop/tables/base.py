"""The shape every action table has: entries (keys) in index order, their names, a key
function from an action to its entry.

Most tables give every action one entry. A table may instead decide an action in a few
steps (``split``): its key is cut into the entries of its parts, taken one after another,
and ``end`` closes an action that could go on (docs/interop.md, "Actions decided in steps").
"""

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
    notation where the notation is fixed); ``key_of(action)`` is an action's entry, or, with
    ``split``, the key that ``split`` cuts into the entries of its steps."""

    game: str
    keys: tuple[Hashable, ...]
    names: tuple[str, ...]
    key_of: Callable[[Any], Hashable]
    split: Callable[[Hashable], tuple[Hashable, ...]] | None = None
    part_keys: tuple[Hashable, ...] = ()
    """The entries that name part of an action (observations show the parts chosen)."""
    end_key: Hashable | None = None
    """The entry that ends an action which could take more parts."""
    where: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        where = {key: i for i, key in enumerate(self.keys)}
        if len(where) != len(self.keys) or len(self.names) != len(self.keys):
            raise ValueError(f"the {self.game} action table repeats an entry")  # a bug here
        object.__setattr__(self, "where", where)

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def parts(self) -> tuple[int, ...]:
        return tuple(self.where[key] for key in self.part_keys)

    @property
    def end(self) -> int | None:
        return None if self.end_key is None else self.where[self.end_key]

    def index(self, action: Any) -> int:
        """The index of an action that is one entry (every action of an unsplit table)."""
        tokens = self.tokens(action)
        if len(tokens) != 1:
            raise TableError(f"{self.game}: {action} is decided in {len(tokens)} steps")
        return tokens[0]

    def tokens(self, action: Any) -> tuple[int, ...]:
        """The indices that decide ``action``, in order (one, unless the table splits it)."""
        key = self.key_of(action)
        parts = (key,) if self.split is None else self.split(key)
        out = []
        for part in parts:
            found = self.where.get(part)
            if found is None:
                raise TableError(
                    f"{self.game} offered {str(action)!r}, which has no index in its action "
                    f"table; raise the bound in duelhall/interop/tables/{self.game}.py"
                )
            out.append(found)
        return tuple(out)


class Entries:
    """A table being written: entries appended in index order."""

    def __init__(self) -> None:
        self.keys: list[Hashable] = []
        self.names: list[str] = []

    def add(self, key: Hashable, name: str) -> None:
        self.keys.append(key)
        self.names.append(name)

    def table(self, game: str, key_of: Callable[[Any], Hashable], **steps: Any) -> ActionTable:
        """The table; ``steps`` are ``split``, ``part_keys`` and ``end_key`` for a table
        that decides some actions in steps."""
        return ActionTable(game, tuple(self.keys), tuple(self.names), key_of, **steps)
