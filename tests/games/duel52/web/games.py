"""Random positions of every Duel 52 mode and option set, for the spectator's-view and web
board tests."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C

GAME = get_game("duel52")

MODES: dict[str, dict[str, Any]] = {
    "duel": {},
    "duel-house-rules": {
        "facedown_jack_hp": 3,
        "view_discard": "revealed",
        "variant": "quick",
        "twinstrike_optional": True,
    },
    "heroes": {"heroes": True},
    "bannermen": {"bannermen": True},
    "forts": {"forts": True},
    "vampiric": {"vampiric": True},
    "ultimate": {"heroes": True, "bannermen": True, "forts": True, "vampiric": True},
    "three-players": {"players": 3},
    "teams": {"players": 4},
    "teams-house-rules": {
        "players": 4,
        "facedown_jack_hp": 3,
        "view_discard": "revealed",
        "twinstrike_optional": True,
    },
}

NAMES = ("Ann", "Bob", "Cy", "Di")


def seats(options: Mapping[str, Any]) -> int:
    return int(options.get("players", 2))


def positions(options: Mapping[str, Any], seed: int, every: int = 1) -> Iterator[tuple[Any, Any]]:
    """``(state, action)`` at every ``every``-th step of one random game with ``options``:
    the action is the one then played (the game's last state comes with ``None``)."""
    state = GAME.new_state(seed, dict(options))
    rng = Rng(seed)
    step = 0
    while not state.is_over() and step < 400:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        if step % every == 0:
            yield state, action
        state.apply(action)
        step += 1
    yield state, None


_PRETTY = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def pretty_cards(text: str) -> set[str]:
    """Every card named in ``text`` the way the log names them (``7♥``)."""
    return set(_PRETTY.findall(text))


def visible_cards(view: Any) -> set[str]:
    """Every card name a view holds anywhere (``7H``)."""
    out: set[str] = set()
    if isinstance(view, dict):
        for value in view.values():
            out |= visible_cards(value)
    elif isinstance(view, list):
        for value in view:
            out |= visible_cards(value)
    elif isinstance(view, str):
        try:
            C.parse(view)
        except Exception:
            return out
        out.add(view)
    return out


def hidden_cards(state: Any, view: Mapping[str, Any]) -> set[str]:
    """Cards of the game that ``view`` does not show (the deck minus what it names)."""
    everything = visible_cards(state.view(None))
    return everything - visible_cards(view)
