"""Holes the position fuzzing found, each a regression test: positions a game cannot be in
are refused with the reason, and those it can be in keep every card."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.core.errors import PositionError
from duelhall.core.game import get_game
from tests.fuzzing import played

DUEL52 = get_game("duel52")
DECKDUEL = get_game("deckduel")
HIGHLANDER = get_game("highlander")
EXPANSION = {"heroes": True, "bannermen": True, "forts": True}


def expansion_position(**changes: Any) -> dict[str, Any]:
    state, _ = played("duel52", EXPANSION, 5, 30)
    data: dict[str, Any] = state.to_position()
    data["expansion"].update(changes)
    return data


def draft_position() -> dict[str, Any]:
    return {
        "turn": 0,
        "hands": [["7H", "8H", "9H", "10H", "JH"], ["7C", "8C", "9C", "10C", "JC"]],
        "pile": ["7D", "8D", "9D", "10D", "JD", "7S", "8S", "9S", "10S", "JS", "2C", "3C"],
        "pending": [["draft", 1], ["draft", 0]],
        "options": {"bannermen": True},
    }


def refused(game: Any, data: Any, words: str) -> None:
    with pytest.raises(PositionError) as error:
        game.load_position(data)
    assert words in str(error.value)


def test_a_draft_position_keeps_the_cards_it_set_aside() -> None:
    # The end of the draft used to replace the cards out of the game with its own.
    state = DUEL52.load_position(draft_position())
    while state.turn == 0:
        state.apply(state.legal_actions()[0])
    assert state.card_count() == 52


def test_a_draft_only_happens_at_turn_zero() -> None:
    refused(DUEL52, {**draft_position(), "turn": 3}, "turn 0 is the bannermen draft")
    refused(DUEL52, {**draft_position(), "pending": []}, "turn 0 is the bannermen draft")
    no_option = {**draft_position(), "options": {"heroes": True}}
    refused(DUEL52, no_option, "turn 0 is the bannermen draft")
    refused(DUEL52, {"turn": 0}, "'turn' counts from 1")


def test_a_draft_position_deals_base_cards_from_its_pile() -> None:
    # Finishing the draft used to pop Base cards from an empty pile.
    refused(DUEL52, {**draft_position(), "pile": ["2C"]}, "the pile holds the 6 Base cards")


def test_expansion_pending_choices_need_the_expansion() -> None:
    refused(DUEL52, {"pending": [["draft", 0]]}, "unknown pending choice 'draft'")
    refused(DUEL52, {"pending": [["look", 2]]}, "pending ['look', 2]: write")


def test_hands_shown_name_cards_of_that_hand() -> None:
    data = expansion_position(hands_shown=[[], []])
    data["expansion"]["hands_shown"] = [[], ["2S" if "2S" not in data["hands"][1] else "3S"]]
    refused(DUEL52, data, "hands_shown of seat 1: cards of that seat's hand")
    for shown in ([[]], "", {}, [[], [], []]):
        refused(DUEL52, expansion_position(hands_shown=shown), "hands_shown")


def test_bannermen_are_a_list_for_each_seat() -> None:
    # A number where a seat's bannermen belong used to crash the loader.
    refused(DUEL52, expansion_position(bannermen=[0, 1]), "bannermen of seat 0 must be a list")


def test_expansion_parts_need_their_options() -> None:
    refused(
        DUEL52,
        {"expansion": {"bannermen": [["2C"], []]}, "options": {"heroes": True}},
        "needs the option bannermen=true",
    )
    refused(
        DUEL52,
        {"expansion": {"heroes": ["2C", None]}, "options": {"forts": True}},
        "needs the option heroes=true",
    )


def test_forts_are_chosen_exactly_while_a_turn_closes() -> None:
    refused(DUEL52, expansion_position(closing=True), "fort choices are pending exactly")


@pytest.mark.parametrize("word", ["d99999999", "p" + "1" * 5000, "a٣"])
def test_numbered_words_are_short_ascii_numbers(word: str) -> None:
    lanes = [[["7H " + word], []], [[], []], [[], []]]
    refused(DUEL52, {"lanes": lanes}, "unknown word")


def test_waiting_cards_of_an_order_are_a_list() -> None:
    refused(DUEL52, {"pending": [["order", 1, 5]]}, "the cards waiting must be a list")


@pytest.mark.parametrize(
    ("scores", "players"), [([[]], 3), ("7H", 3), (None, 3), ([0.5, 0.5], 3), ([2, 0, 0], 3)]
)
def test_a_result_has_a_score_from_0_to_1_for_each_seat(scores: Any, players: int) -> None:
    data = {"options": {"players": players}, "result": {"winner": 0, "scores": scores}}
    refused(DUEL52, data, "'result' is an object with winner")


def test_deck_duel_cards_are_short_ascii_ranks() -> None:
    # 5,000 digits used to reach int() and its limit on digits.
    refused(DECKDUEL, {"players": [{"deck_top": ["9" * 5000]}, {}]}, "is not a card")
    refused(DECKDUEL, {"players": [{"deck_top": [9]}, {}]}, "a card is written A, 2-10")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"offence": -1}, "'offence' is a seat"),
        ({"notes": [""]}, "is not a clash note"),
        ({"notes": ["power"]}, "is not a clash note"),
        ({"penalties": [0, -1]}, "penalties must be between 0 and 999"),
        ({"round": 0}, "'round' must be between 1"),
    ],
)
def test_highlander_clash_history_is_checked(change: dict[str, Any], words: str) -> None:
    # A clash with offence -1 or an empty note used to crash the board's drawing.
    state, _ = played("highlander", {}, 3, 40)
    data = state.to_position()
    assert data["clashes"], "the game played a clash"
    data["clashes"][0].update(change)
    refused(HIGHLANDER, data, words)
