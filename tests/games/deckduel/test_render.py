"""What the terminal tells each player: the flip, the damage, the choices, nothing hidden."""

from __future__ import annotations

from rich.console import Console

from duelhall.games.deckduel.engine.actions import Act
from duelhall.games.deckduel.engine.state import DeckDuelState
from duelhall.games.deckduel.terminal import render
from tests.games.deckduel.helpers import make, rage_step, tops

NAMES = ("You", "Computer")


def text_of(renderable: object) -> str:
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def told(state: DeckDuelState, word: str, viewer: int) -> list[str]:
    """Apply ``word`` for the seat to move; what ``viewer`` is told about it."""
    action = state.parse_action(word)
    before = state.view(viewer)
    state.apply(action)
    lines = render.effects(action, before, state.view(viewer), viewer, NAMES)
    return [render.describe(action, before, viewer)] + [line.plain for line in lines]


def test_render_board_tells_the_flip_and_why() -> None:
    state = make(*tops("A 9", "7", {"actions": 0}, {"rage": 1}))
    rage_step(state)
    out = text_of(render.render_view(state.view(0), NAMES))
    assert "Turn 1: You A♠  vs  Computer 7♥" in out
    assert "Computer wins the flip: 7 beats the Ace, the lowest card" in out
    assert "Attack: 2 damage (1 for the win + 1 rage)" in out
    assert "You take 2" in out
    assert "deck is reshuffled (the Ace): a new round" in out


def test_render_board_fits_80_columns() -> None:
    state = make(*tops("J 9", "4", {"focus": True, "health": 12}, {"actions": 0}))
    rage_step(state)
    out = text_of(render.render_view(state.view(0), NAMES))
    assert max(len(line) for line in out.splitlines()) <= 80


def test_render_block_is_told_with_the_flip_it_follows() -> None:
    state = make(*tops("3", "Q", {}, {"rage": 2}))
    rage_step(state)
    lines = told(state, "block", 1)
    assert lines[0] == "block (Q♥ beat 3♠): take 2 damage, not 3, for 1 action point"
    assert "You block one and take 2" in lines
    assert "Your health: 10 → 8" in lines


def test_render_foresight_card_is_named_only_to_its_owner() -> None:
    state = make(*tops("J 9", "4", {}, {"actions": 0}))
    rage_step(state)
    state.apply(state.parse_action("foresight"))
    mine = render.render_view(state.view(0), NAMES)
    theirs = render.render_view(state.view(1), ("Computer", "You"))
    assert "You see the 9♠ on top" in text_of(mine)
    assert "Computer sees the card on top" in text_of(theirs)
    assert "the 9♠" not in text_of(theirs)
    assert render.describe(Act(0, "discard"), state.view(0), 0) == "discard the 9♠ face-down"
    assert render.describe(Act(0, "discard"), state.view(1), 1) == "discard the card face-down"


def test_render_secret_answer_shows_only_as_decided() -> None:
    state = make(*tops("5", "6"))
    state.apply(Act(0, "rage"))
    out = text_of(render.render_view(state.view(1), ("Computer", "You")))
    assert "Computer has decided (in secret)" in out
    assert "raged" not in out and "You chose" not in out


def test_render_choices_word_the_face_card() -> None:
    state = make(*tops("K", "4", {}, {"actions": 0}))
    rage_step(state)
    out = text_of(render.render_view(state.view(0), NAMES))
    assert "You won with the King: focus, or +1 action point?" in out
    lines = [line.plain for line in render.choice_lines(state.legal_actions(0), state.view(0), 0)]
    assert lines == [
        "  1) focus: King sideways, the Ace becomes the highest card   [focus]",
        "  2) +1 action point   [action]",
    ]


def test_render_result_names_the_winner() -> None:
    state = make(*tops("9", "4", {}, {"health": 1, "actions": 0}))
    rage_step(state)
    assert render.result_text(state.view(None), NAMES).plain == "You win the duel, 10 health to 0."
