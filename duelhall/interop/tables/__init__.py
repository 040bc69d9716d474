"""Fixed action tables: every index of a game's action space names one action for good.

A table is built from the game and its options alone (never from a deal), so index ``i``
means the same action in every position, every re-deal and every game with those options;
the legal mask says which indices are open now. One module per game family writes its
grammar as a list of entries (layouts: docs/interop.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.interop.tables.base import ActionTable, TableError
from duelhall.interop.tables.closed import deckduel_table, highlander_table
from duelhall.interop.tables.duel52 import duel52_table
from duelhall.interop.tables.duelfighters import duelfighters_table

__all__ = ["ActionTable", "TableError", "action_table"]

_BUILDERS: dict[str, Callable[[GameInfo, Mapping[str, Any]], ActionTable]] = {
    "deckduel": deckduel_table,
    "highlander": highlander_table,
    "duel52": duel52_table,
    "duelfighters": duelfighters_table,
}


def action_table(info: GameInfo, options: Mapping[str, Any]) -> ActionTable:
    """The table of ``info`` with resolved ``options``."""
    builder = _BUILDERS.get(info.name)
    if builder is None:
        raise TableError(
            f"{info.name} has no action table yet; add one in duelhall/interop/tables/"
        )
    return builder(info, options)
