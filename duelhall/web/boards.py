"""A game's table as HTML: its ``web`` hook when it has one, else its terminal picture.

Both are drawn from the reader's view alone. The terminal picture is plain text, escaped
and shown in a ``<pre>``, so a game is playable in the browser before its board exists.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from markupsafe import Markup, escape
from rich.console import Console

from duelhall.core.game import GameInfo

_HOOKS: dict[str, ModuleType] = {}  # by the hook's path: a snapshot asks once per action


def web_hook(info: GameInfo) -> ModuleType | None:
    """The game's board module (imported once, then kept), or None."""
    if not info.has_hook("web"):
        return None
    module = _HOOKS.get(info.web)
    if module is None:
        module = _HOOKS[info.web] = info.hook("web")
    return module


def board_html(
    info: GameInfo, ui: ModuleType, view: dict[str, Any], seat: int | None, names: Sequence[str]
) -> str:
    hook = web_hook(info)
    if hook is not None:
        return str(hook.board_html(view, seat, tuple(names)))
    console = Console(file=io.StringIO(), width=100, color_system=None, highlight=False)
    console.print(ui.render_view(view, tuple(names)))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return str(Markup('<pre class="board-text">{}</pre>').format(escape(text)))


def action_picks(info: GameInfo, action: Any, view: dict[str, Any], seat: int) -> list[str]:
    hook = web_hook(info)
    return [] if hook is None else [str(p) for p in hook.action_picks(action, view, seat)]


# What a board without its own wording asks a player to click: the card games' hands.
CARD_PICKS = "a highlighted card"


def pick_words(info: GameInfo, view: dict[str, Any], seat: int | None) -> str:
    """What the player clicks on the board, as the move panel's "Click ..." goes on: the
    hook's ``pick_words(view, seat)`` where it has one, else :data:`CARD_PICKS`."""
    hook = web_hook(info)
    words = getattr(hook, "pick_words", None)
    return CARD_PICKS if words is None else str(words(view, seat))


def stylesheet(info: GameInfo) -> str | None:
    hook = web_hook(info)
    return None if hook is None else str(hook.stylesheet())
