"""What the Duel 52 board and log show a player (issue 11, "Wrong things shown")."""

from __future__ import annotations

import pytest
from rich.console import Console

from duelhall.core.errors import NotationError
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.expansion.heroes import HEROES
from duelhall.games.duel52.expansion.powers import BANNER_POWERS
from duelhall.games.duel52.terminal import render, ui
from tests.games.duel52.helpers import act, illegal, make, new
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
    gone = make(
        {1: (["9C"], ["5D"])},
        expansion={"heroes": ["JH", "AH"], "hero_played": [False, True]},
        heroes=True,
        discard=["AH"],
        to_move=1,
    )
    assert "was played and has died" in illegal(gone, "hero 2")


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


EXPANSION_WORDS = ("hero", "bannerm", "fort", "exert", "enrage", "spell", "draft", "expansion")


def _has_expansion_words(text: str) -> list[str]:
    return [word for word in EXPANSION_WORDS if word in text.lower()]


def test_the_base_games_legend_help_and_errors_name_no_expansion_word() -> None:
    state = new(3)
    view = state.view(0)
    assert _has_expansion_words(shown(ui.legend_for(view))) == []
    assert _has_expansion_words(ui.help_for(view) or "") == []
    assert _has_expansion_words(shown(ui.legend())) == []
    for text in ("xyz", "", "look", "look 1a 1b"):
        with pytest.raises(NotationError) as error:
            state.parse_action(text)
        assert _has_expansion_words(str(error.value)) == [], text


@pytest.mark.parametrize("text", ["draft 7H", "draft 5", "fort 1", "fort F1", "hero 1", "spell"])
def test_the_base_game_says_an_expansion_word_belongs_to_the_expansion(text: str) -> None:
    # 'draft 7H' was refused for holding no 7 "to choose as a bannerman", 'fort 1' as not
    # naming a board card: reasons from a game that is not being played.
    state = new(3)
    with pytest.raises(NotationError) as error:
        state.parse_action(text)
    verb = text.split()[0]
    assert str(error.value).startswith(f"'{verb}' is a word of the Heroes & Bannermen expansion")
    assert "actions: play CARD LANE" in str(error.value)


def test_the_expansions_help_names_its_parts_with_one_line_for_each_hero_and_bannerman() -> None:
    state = make(
        {1: (["9C"], ["5D"])},
        expansion={
            "heroes": ["KH", "5C"],
            "bannermen": [["9H", "7H"], ["QC"]],
            "forts": ["KS", "QS", "JS", "10S"],
        },
        heroes=True,
        bannermen=True,
        forts=True,
    )
    view = state.view(0)
    help_ = ui.help_for(view) or ""
    inspire = "  K♥ Continuing Inspiration: Reactivate the power of one of your face-up cards."
    assert inspire in help_
    assert "  5♣ Activate: Flip one of your face-down cards; it cannot attack this turn." in help_
    assert "   9 Ninja Master: Deals three damage to Jacks." in help_
    assert "   7 Life Teacher: Your 2s also heal two hit points." in help_
    assert "   Q Both to My Side!: May bring two ally cards from one other lane." in help_
    assert "exerted" in help_ and "enraged" in help_ and "fort F1" in help_
    assert all(len(line) <= 80 for line in help_.splitlines())
    legend = shown(ui.legend_for(view))
    assert "★hero" in legend and "F1 a fort in the pool" in legend
    with pytest.raises(NotationError) as error:
        state.parse_action("xyz")
    assert "hero LANE" in str(error.value)
    # Only the parts in play: a game with forts alone names no hero.
    forts = make({1: (["9C"], ["5D"])}, expansion={"forts": ["KS", "QS", "JS", "10S"]}, forts=True)
    assert "hero" not in (ui.help_for(forts.view(0)) or "").lower()
    assert "hero" not in shown(ui.legend_for(forts.view(0))).lower()


def test_every_heros_and_bannermans_help_line_fits_eighty_columns() -> None:
    for rank, hero in HEROES.items():
        line = f"  {C.pretty(C.make(rank, 0))} {hero.name}: {hero.text}"
        assert len(line) <= 80, line
    for rank, power in BANNER_POWERS.items():
        assert len(f"  {C.rank_name(rank):>2} {power.improved}: {power.text}") <= 80


def test_the_three_player_board_shows_the_turn_order_as_the_team_board_does() -> None:
    state = tri({1: (["5C"], [], [])}, first_player=1, to_move=1)
    board = shown(ui.render_view(state.view(0), ("You", "Computer 1", "Computer 2")))
    assert "Turn order: Computer 1 (P2) › Computer 2 (P3) › You (P1)" in board


@pytest.mark.parametrize(
    "options",
    [{}, {"players": 3}, {"players": 4}, {"heroes": True, "bannermen": True, "forts": True}],
)
def test_a_legend_at_80_columns_breaks_between_entries_never_inside_one(options: dict) -> None:
    from duelhall.core.game import get_game

    view = get_game("duel52").new_state(3, options).view(0)
    legend = ui.legend_for(view)
    assert legend is not None
    plain = str(legend).splitlines()
    assert all(len(line) <= 80 for line in plain)
    assert shown(legend, width=80).splitlines() == plain  # the terminal wraps nothing itself
    if options.get("players") == 3:
        assert any(line.endswith("attacked: no attack left") for line in plain)
