"""Messages agree with the person at the terminal (``You take``) and with anyone else
(``Computer takes``), in every game (issue 11, "Wrong things shown")."""

from __future__ import annotations

from rich.console import Console

from duelhall.core.game import get_game
from duelhall.core.wording import numbers, their, verb
from duelhall.games.deckduel.terminal import render as deckduel_render
from duelhall.games.highlander.terminal import render as highlander_render


def shown(renderable: object) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_duel52_wording_agrees_with_you_and_a_name() -> None:
    assert verb("You", "takes", "take") == "You take"
    assert verb("Computer", "takes", "take") == "Computer takes"
    assert their("You") == "your" and their("Computer 1") == "their"
    assert numbers("lane", [2]) == "lane 2"
    assert numbers("lane", [1, 3]) == "lanes 1 and 3"
    assert numbers("lane", [1, 2, 3]) == "lanes 1, 2 and 3"


def test_deckduel_a_secret_choice_made_by_you_is_told_as_you_have_decided() -> None:
    state = get_game("deckduel").new_state(3, {})
    seat = state.to_move()[0]
    state.apply(state.legal_actions(seat)[0])
    names = ("You", "Ann") if seat == 0 else ("Ann", "You")
    board = shown(deckduel_render.render_view(state.view(1 - seat), names))
    assert "You have decided (in secret)." in board


def test_highlander_hand_titles_keep_the_name_as_written() -> None:
    state = get_game("highlander").new_state(3, {})
    board = shown(highlander_render.render_view(state.view(0), ("DeWitt", "McLeod")))
    assert "McLeod's hand:" in board and "DeWitt's hand:" in board
