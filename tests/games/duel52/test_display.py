"""What the Duel 52 board and log show a player (issue 11, "Wrong things shown")."""

from __future__ import annotations

from rich.console import Console

from duelhall.games.duel52 import render
from tests.games.duel52.helpers import act, make

NAMES = ("You", "Computer")


def shown(renderable: object, width: int = 120) -> str:
    console = Console(record=True, width=width, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_dead_warrior_hero_is_shown_dead_not_in_play() -> None:
    state = make(
        {1: (["9C"], ["5D", "AH d1"])},
        expansion={"heroes": ["JH", "AH"], "hero_played": [False, True]},
        heroes=True,
        pile=["2C"],
    )
    assert "The Assassin (warrior, in play)" in shown(render.render_view(state.view(0), NAMES))
    act(state, "attack 1b 1C")  # the Ace hero dies
    board = shown(render.render_view(state.view(0), NAMES))
    assert "The Assassin (warrior, dead)" in board and "in play" not in board
    act(state, "hero 2")
    assert "The Protector (warrior, in play)" in shown(render.render_view(state.view(0), NAMES))
