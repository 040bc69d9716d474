"""Duel 52's terminal interface: the two-player board, or a player variant's own.

Views of the three-player and team variants carry ``"mode"`` (``"triangles"``,
``"teams"``); their actions know their own ``sort_key``. Everything else is the
two-player game of :mod:`duelhall.games.duel52.render`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from duelhall.games.duel52 import render, render_help
from duelhall.games.duel52.tabletext import numbered_line

MODES = {
    "triangles": "duelhall.games.duel52.render_triangles",
    "teams": "duelhall.games.duel52.render_teams",
}


def _module(view: dict[str, Any]) -> ModuleType:
    mode = view.get("mode")
    if mode is None:
        return render
    return importlib.import_module(MODES[mode])


def render_view(view: dict[str, Any], names: Sequence[str]) -> RenderableType:
    result: RenderableType = _module(view).render_view(view, tuple(names))
    return result


def describe(action: Any, view: dict[str, Any], viewer: int) -> str:
    return str(_module(view).describe(action, view, viewer))


def result_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    result: Text = _module(view).result_text(view, tuple(names))
    return result


def sort_key(action: Any) -> Any:
    own = getattr(action, "sort_key", None)
    if callable(own):
        return own()
    return render.sort_key(action)


def effects(
    action: Any, before: dict[str, Any], after: dict[str, Any], viewer: int, names: Sequence[str]
) -> list[Text]:
    tell = getattr(_module(before), "effects", None)
    if tell is None:
        return []
    lines: list[Text] = tell(action, before, after, viewer, tuple(names))
    return lines


def choice_lines(legal: Sequence[Any], view: dict[str, Any], seat: int) -> list[Text]:
    module = _module(view)
    lines = getattr(module, "choice_lines", None)
    if lines is not None:
        out: list[Text] = lines(legal, view, seat)
        return out
    width = len(str(len(legal)))
    return [
        numbered_line(number, width, module.describe(action, view, seat), action)
        for number, action in enumerate(legal, start=1)
    ]


def legend() -> Text:
    return render_help.legend()


def legend_for(view: dict[str, Any]) -> Text | None:
    module = _module(view)
    if module is render:
        return render_help.legend(view)  # names the expansion's marks only when in play
    own = getattr(module, "legend", None)
    return own() if own is not None else None


def help_text() -> str:
    return render_help.help_text()


def help_for(view: dict[str, Any]) -> str | None:
    module = _module(view)
    if module is render:
        return render_help.help_text(view)
    own = getattr(module, "help_text", None)
    return own() if own is not None else None
