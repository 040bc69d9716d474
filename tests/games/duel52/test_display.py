"""What the Duel 52 board and log show a player (issue 11, "Wrong things shown")."""

from __future__ import annotations

from rich.console import Console

from duelhall.games.duel52 import render, ui
from duelhall.games.duel52.state import Duel52State
from tests.games.duel52.helpers import act, make
from tests.games.duel52.test_s4_three_player_helpers import act as tri_act
from tests.games.duel52.test_s4_three_player_helpers import tri

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


def test_messages_agree_with_you_and_with_a_named_player() -> None:
    state = make(
        {1: (["7C", "8C", "9C"], ["5D"])},
        expansion={"forts": ["KS", "QS", "JS", "10S"]},
        forts=True,
    )
    act(state, "end")  # three face-up cards: the opponent takes a fort
    assert "You take a fort into lane 1" in shown(
        render.render_view(state.view(1), ("Computer", "You"))
    )
    assert "Computer takes a fort into lane 1" in shown(render.render_view(state.view(0), NAMES))


def test_a_queen_and_waiting_powers_speak_to_you_in_three_player_games() -> None:
    state = tri({1: (["QH down"], [], []), 2: (["5C"], [], [])})
    tri_act(state, "flip 11a")
    board = shown(ui.render_view(state.view(0), ("You", "Bob", "Cat")), width=160)
    assert "You may bring one of your cards from another triangle" in board
    state = tri({1: (["5H down", "6C down", "7C down d1"], [], ["9S"])})
    tri_act(state, "flip 11a")
    board = shown(ui.render_view(state.view(0), ("You", "Bob", "Cat")), width=160)
    assert "You pick the next." in board
    assert "Ann picks the next." in shown(ui.render_view(state.view(1), ("Ann", "You", "Cat")))


def flipped(state: Duel52State, slot: str) -> list[str]:
    before = state.view(0)
    action = state.parse_action(f"flip {slot}")
    state.apply(action)
    return [line.plain for line in render.effects(action, before, state.view(0), 0, NAMES)]


def test_flipping_an_improved_card_names_the_improved_power() -> None:
    banners = {"bannermen": [["9H", "7H"], []]}
    state = make({1: (["9C down", "2C down"], ["5D"])}, expansion=banners, bannermen=True)
    assert "1b turns face-up: 9♣, Ninja Master" in flipped(state, "1b")
    assert "1c turns face-up: 2♣, View + Life Teacher" in flipped(state, "1c")
    plain = make({1: (["9C down"], ["5D"])})
    assert "1b turns face-up: 9♣, Nimble" in flipped(plain, "1b")
    solo = make({1: (["3C down"], ["5D"])}, vampiric=True)
    assert "1b turns face-up: 3♣, Vampiric" in flipped(solo, "1b")


def test_a_banner_2s_draw_is_told_before_the_turn_passes() -> None:
    state = make(
        {1: (["2C down"], ["5D"])},
        expansion={"bannermen": [["2H", "3H"], []]},
        bannermen=True,
        actions_left=1,
        pile=["9H", "KS", "QD"],
    )
    lines = flipped(state, "1b")
    turn = next(i for i, line in enumerate(lines) if line.startswith("── Turn"))
    mine = next(i for i, line in enumerate(lines) if line.startswith("You draw "))
    theirs = lines.index("Computer draws a card")
    assert lines[0] == "1b turns face-up: 2♣, The Drafter"
    assert mine < turn < theirs
