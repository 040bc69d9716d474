"""The hidden-card detector the browser tests rely on finds cards however they are written."""

from __future__ import annotations

from tests.web.e2e.hidden_cards import named, never_shown


def test_a_card_is_found_in_notation_words_and_markup() -> None:
    secret = {"7H", "10D", "QS"}
    assert named('{"action": "play 7H 1"}', secret) == {"7H"}
    assert named("Player 1 draws 10♦", secret) == {"10D"}
    assert named('<b class="r">Q</b>\n  <i>♠</i>', secret) == {"QS"}


def test_other_cards_and_look_alikes_are_not_reported() -> None:
    secret = {"7H", "AS"}
    assert named("play 17H; lane 7; ♥ hearts; CASE 2AS", secret) == set()
    assert named("play 8♥ into lane 7", secret) == set()


def test_the_unseen_cards_are_the_holders_hands_the_pile_and_the_set_aside() -> None:
    view = {"hands": [["2C"], ["3D"]], "pile_order": ["4S"], "removed_cards": ["5H"]}
    assert never_shown(view, holders=(0,)) == {"2C", "4S", "5H"}
    assert never_shown(view, holders=(0, 1)) == {"2C", "3D", "4S", "5H"}
