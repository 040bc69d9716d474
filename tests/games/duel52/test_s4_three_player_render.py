"""The three-player game in the terminal: only what the watching seat may know."""

from __future__ import annotations

from rich.console import Console

from duelhall.games.duel52.terminal import ui
from duelhall.games.duel52.variants.triangles import render as R

from .test_s4_three_player_helpers import act, tri

NAMES = ("Ann", "Bob", "Cat")


def _text(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_s4_three_player_board_shows_only_the_viewers_secrets() -> None:
    state = tri(
        {1: (["KH down"], ["4D down"], ["JS"])},
        hands=(["7H"], ["8H"], ["9H"]),
    )
    shown = _text(ui.render_view(state.view(1), NAMES))
    assert "Triangle 4" in shown and "Cat" in shown
    assert "8♥" in shown and "(4♦)" in shown and "J♠" in shown
    assert "7♥" not in shown and "9♥" not in shown and "K♥" not in shown
    full = _text(ui.render_view(state.view(None), NAMES))
    assert "7♥" in full and "K♥" in full


def test_s4_three_player_actions_described_without_leaks() -> None:
    state = tri({1: (["KH"], ["4D down"], [])}, hands=(["7H"], [], []))
    play = state.parse_action("play 7H 2")
    assert ui.describe(play, state.view(0), 0) == "play 7♥ face-down into triangle 2"
    assert ui.describe(play, state.view(1), 1) == "play a card face-down into triangle 2"
    attack = state.parse_action("attack 11a 12a")
    assert ui.describe(attack, state.view(2), 2) == "attack 12a (face-down) with 11a (K♥)"
    assert sorted([play, attack], key=ui.sort_key) == [play, attack]


def test_s4_three_player_effects_tell_deaths_and_results() -> None:
    state = tri(
        {1: (["5C"], [], []), 2: (["10H"], ["4D down d1"], ["6S down"])},
        pile=[],
    )
    before = state.view(2)
    attack = state.parse_action("attack 21a 22a 23a")
    act(state, "attack 21a 22a 23a")
    after = state.view(2)
    lines = [line.plain for line in ui.effects(attack, before, after, 2, NAMES)]
    assert "22a (face-down) dies" in lines
    assert any(line.startswith("23a (face-down 6♠) takes 1 damage") for line in lines)
    assert state.result is None  # Cat still has a card in triangle 2
    result = ui.result_text(state.view(None), NAMES).plain
    assert result == ""


def test_s4_three_player_result_names_the_triangles_held() -> None:
    state = tri({1: (["5C"], [], []), 2: (["10H"], ["4D down d1"], [])}, pile=[])
    act(state, "attack 21a 22a")
    assert ui.result_text(state.view(None), NAMES).plain == (
        "Ann wins the game, holding triangles 1 and 2."
    )
    assert "23b: triangle 2, player 3's second card" in _text(R.legend())


def test_s4_three_player_quick_reference_states_the_winning_rule() -> None:
    from duelhall.games.duel52.variants.triangles.reference import reference_text

    text = reference_text({"first_player_draws": False})
    assert "Four triangles" in text
    assert "first player to control two triangles wins" in text
    assert "does not draw" in text
