"""Duel 52's terminal interface: the two-player board, or a player variant's own.

Views of the three-player and team variants carry ``"mode"`` (``"triangles"``,
``"teams"``) and are drawn by their own modules; everything else is the two-player game of
:mod:`duelhall.games.duel52.terminal.render`. Choices are listed in one order in every mode, and
answers are read by :mod:`duelhall.games.duel52.terminal.player_input`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from duelhall.games.duel52.terminal import player_input, render
from duelhall.games.duel52.text import render_help, tabletext

MODES = {
    "triangles": "duelhall.games.duel52.variants.triangles.render",
    "teams": "duelhall.games.duel52.variants.teams.render",
}


def _module(view: dict[str, Any]) -> ModuleType:
    mode = view.get("mode")
    if mode is None:
        return render
    return importlib.import_module(MODES[mode])


def render_view(view: dict[str, Any], names: Sequence[str]) -> RenderableType:
    result: RenderableType = _module(view).render_view(view, tuple(names))
    return result


def describe(action: Any, view: dict[str, Any], viewer: int | None) -> str:
    return str(_module(view).describe(action, view, viewer))


def result_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    result: Text = _module(view).result_text(view, tuple(names))
    return result


def sort_key(action: Any) -> Any:
    return render.sort_key(action)


def typed_notation(action: Any, view: dict[str, Any], seat: int) -> str:
    """``action`` as the seat types it: its board cards by the letters on the board."""
    return player_input.typed_notation(action, view, seat)


def read_choice(
    text: str, view: dict[str, Any], legal: Sequence[Any], seat: int, parse: Any
) -> list[Any]:
    """The legal actions an answer fits: slots as drawn, cards by name, short verbs."""
    return player_input.read_choice(text, view, legal, seat, parse)


def effects(
    action: Any,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int | None,
    names: Sequence[str],
) -> list[Text]:
    tell = getattr(_module(before), "effects", None)
    if tell is None:
        return []
    lines: list[Text] = tell(action, before, after, viewer, tuple(names))
    return lines


def choice_lines(
    legal: Sequence[Any], view: dict[str, Any], seat: int, numbers: Sequence[int] | None = None
) -> list[Text]:
    """The numbered choices (``numbers``: theirs, 1, 2, 3... when not given), alike in
    every mode: plays as a grid of hand cards by places, then one line a choice."""
    module = _module(view)
    return tabletext.choice_lines(
        legal,
        module.PLAY_GRID,
        lambda a: module.describe(a, view, seat),
        numbers,
        lambda a: player_input.typed_notation(a, view, seat),
    )


def legend() -> Text:
    return render_help.legend()


def legend_for(view: dict[str, Any]) -> Text | None:
    module = _module(view)
    if module is render:
        return render_help.legend(view)  # names the expansion's marks only when in play
    own = getattr(module, "legend", None)
    return own() if own is not None else None


def help_text() -> str:
    return f"{render_help.help_text()}\n{player_input.HELP}"


def help_for(view: dict[str, Any]) -> str | None:
    module = _module(view)
    if module is render:
        return f"{render_help.help_text(view)}\n{player_input.HELP}"
    own = getattr(module, "help_text", None)
    return f"{own()}\n{player_input.HELP}" if own is not None else None
