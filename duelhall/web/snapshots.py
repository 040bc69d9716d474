"""What one seat, or a spectator, is sent: built from that reader's view alone.

The board, the actions and the status come from the view (and the seat's legal actions,
which a re-deal for that seat leaves unchanged: the leak test checks both); the log is the
reader's own narration (:mod:`duelhall.web.narration`). The board and the result name the
reader's own seat ``You``, as the terminal does; ``names`` stays every seat's name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.core.state import GameState
from duelhall.web.boards import action_picks, board_html, pick_words
from duelhall.web.views import Audience, names_for, plain, view_of

LOG_LINES = 400  # the latest lines of the log a snapshot carries


def snapshot(
    info: GameInfo,
    ui: ModuleType,
    state: GameState,
    who: Audience,
    names: Sequence[str],
    *,
    seq: int,
    log: Sequence[str] | None,
    view: dict[str, Any] | None = None,
    you: bool = True,
) -> dict[str, Any]:
    """``log``: the reader's log, its latest lines sent (None: no log; a live table sends
    it apart, :func:`with_log`); ``view``: ``who``'s view of ``state`` when the caller
    already holds it; ``you``: the seat's own seat is ``You`` on its board (False: a
    replay, named as recorded)."""
    if view is None:
        view = view_of(state, who)
    over = state.is_over()
    movers = state.to_move()
    said = names_for(tuple(names), who if you else None)
    out: dict[str, Any] = {
        "type": "snapshot",
        "seq": seq,
        "game": info.name,
        "seat": who,
        "names": list(names),
        "board": board_html(info, ui, view, who, said),
        "actions": actions_for(info, ui, state, view, who),
        "pick_words": pick_words(info, view, who),
        "status": {"to_move": list(movers), "over": over, "turn": view.get("turn")},
    }
    if log is not None:
        out["log"] = list(log[-LOG_LINES:])
    if over:
        out["result"] = plain(ui.result_text(view, said))
    return out


def with_log(body: str, log: Sequence[str], sent: int | None) -> tuple[str, int]:
    """The snapshot ``body`` (JSON, without a log) with the lines of the reader's ``log``
    that a connection which has had its first ``sent`` lines lacks (None: it has had none,
    so it gets the latest ``LOG_LINES``), and how many lines it has had then. ``log_from``
    tells where the lines begin: the client appends them when it holds exactly that many,
    and otherwise starts its log again from them (a catch-up past ``LOG_LINES``)."""
    start = len(log) - LOG_LINES if sent is None or len(log) - sent > LOG_LINES else sent
    start = max(0, start)
    return f'{body[:-1]}, "log_from": {start}, "log": {json.dumps(log[start:])}}}', len(log)


def actions_for(
    info: GameInfo, ui: ModuleType, state: GameState, view: dict[str, Any], who: Audience
) -> list[dict[str, Any]]:
    """The seat's legal actions, as the terminal sorts them; none unless it is to act."""
    if who is None or who not in state.to_move():
        return []
    legal = sorted(state.legal_actions(who), key=ui.sort_key)
    return [
        {
            "id": number,
            "text": str(action),
            "words": plain(ui.describe(action, view, who)),
            "picks": action_picks(info, action, view, who),
        }
        for number, action in enumerate(legal)
    ]
