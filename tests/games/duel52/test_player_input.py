"""What a person types at the Duel 52 prompt (issue 11, "targets that stay put").

Answers are read against the legal actions, with board cards named as the board draws
them or, when the board shows them to the seat, by rank and suit. Nothing typed can find a
card the seat cannot see.
"""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.core.errors import NotationError
from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.terminal.player_input import read_choice, typed_notation
from tests.games.duel52 import test_s4_teams_helpers as teams
from tests.games.duel52.helpers import act, make
from tests.games.duel52.test_s4_three_player_helpers import tri
from tests.games.duel52.test_x_heroes import xmake


def read(state: Any, text: str, seat: int | None = None) -> list[str]:
    """The record notation of the legal actions ``text`` fits (or of the one unlisted
    action it names)."""
    seat = state.current if seat is None else seat
    found = read_choice(
        text, state.view(seat), state.legal_actions(seat), seat, lambda t: state.parse_action(t)
    )
    return sorted(str(a) for a in found)


def board() -> Any:
    """Seat 0: 9♥ (1b), 10♠ (1c), its own face-down K♣ (1d); seat 1: 2♦ one hit left
    (1B), K♦ (1C), a face-down 7♣ (1D), Q♠ (1E)."""
    return make(
        {1: (["9H", "10S", "KC down"], ["2D d1", "KD", "7C down", "QS"])},
        hands=(["5C"], ["6C"]),
    )


@pytest.mark.parametrize("target", ["1C", "KD", "kd", "K♦", "k♦", "Kd"])
def test_a_card_is_named_by_its_slot_or_by_rank_and_suit_when_seen(target: str) -> None:
    assert read(board(), f"attack 1b {target}") == ["attack 1b 1C"]


@pytest.mark.parametrize("text", ["attack 10s kd qs", "attack 1c Q♠ K♦", "a TS KD QS"])
def test_a_tens_two_targets_come_in_any_order(text: str) -> None:
    assert read(board(), text) == ["attack 1c 1C 1E"]


def test_the_attacker_may_be_left_out_when_one_card_alone_can_attack() -> None:
    state = make({1: (["9H"], ["KD", "QS"])}, hands=(["5C"], ["6C"]))
    assert read(state, "attack KD") == ["attack 1b 1B"]


def test_an_answer_fitting_several_choices_returns_them_all() -> None:
    state = make({1: (["9H", "8C"], ["KD"])}, hands=(["5C"], ["6C"]))
    assert read(state, "attack KD") == ["attack 1b 1B", "attack 1c 1B"]
    assert read(state, "play 5c") == ["play 5C 1", "play 5C 2", "play 5C 3"]


def test_a_whole_answer_is_preferred_to_answers_with_words_missing() -> None:
    # The 9 strikes K♦ alone; the 10 would need a second target.
    assert read(board(), "attack KD") == ["attack 1b 1C"]
    assert read(board(), "attack 10s KD") == [
        "attack 1c 1B 1C",
        "attack 1c 1C 1D",
        "attack 1c 1C 1E",
    ]


def test_an_answer_with_a_word_missing_that_fits_one_choice_says_what_it_could_mean() -> None:
    state = make({1: (["10H"], ["KD", "QS"])}, hands=(["5C"], ["6C"]))
    with pytest.raises(NotationError, match="did you mean 'attack 1b 1B 1C'"):
        read(state, "attack kd")


@pytest.mark.parametrize(
    ("text", "wanted"),
    [("a 1b 1C", "attack 1b 1C"), ("att 1b 1C", "attack 1b 1C"), ("f 1d", "flip 1d")],
)
def test_verbs_may_be_cut_short(text: str, wanted: str) -> None:
    assert read(board(), text) == [wanted]


def test_a_cut_verb_that_fits_two_open_verbs_is_refused_with_both() -> None:
    state = make({1: (["9H", "9S"], ["KD"])}, hands=(["5C"], ["6C"]))
    with pytest.raises(NotationError, match="'p' could be pair or play"):
        read(state, "p 1b 1c")


def test_a_face_down_card_its_player_knows_is_named_by_what_it_is() -> None:
    assert read(board(), "flip KC") == ["flip 1d"]
    assert read(board(), "flip k♣") == ["flip 1d"]


def test_a_hidden_card_answers_to_its_slot_only() -> None:
    # 1D is a face-down 7♣ seat 0 has never seen: 7C names no card seat 0 can see.
    state = board()
    assert read(state, "attack 1b 1D") == ["attack 1b 1D"]
    for text in ("attack 1b 7C", "attack 1b 7c"):
        with pytest.raises(NotationError) as hidden:
            read(state, text)
        with pytest.raises(NotationError) as elsewhere:  # a card in no row at all
            read(state, text.replace("7", "8"))
        assert str(hidden.value) == str(elsewhere.value).replace("8", "7")


def test_what_an_answer_finds_does_not_change_when_hidden_cards_are_re_dealt() -> None:
    """The reader sees the seat's view and legal actions only: for every card name typed,
    each re-deal of what seat 0 cannot see gives the same reading."""
    state = board()
    act(state, "attack 1b 1B")

    def outcome(s: Any, text: str) -> str:
        try:
            return " / ".join(read(s, text, 0))
        except NotationError as e:
            return f"error: {e}"

    names = [C.name(c) for c in C.DECK]
    truth = {n: outcome(state, f"attack {n}") for n in names}
    for k in range(5):
        sample = state.determinize(0, Rng(k))
        assert {n: outcome(sample, f"attack {n}") for n in names} == truth


def test_slots_are_read_with_their_case_first_then_without() -> None:
    # 1b is seat 0's face-down 5 it played (known), 1B the opponent's unknown card: a 4
    # looks at 1B. Typed in the wrong case, the only card it can be is found.
    state = make({1: (["5D down"], ["7C down"])}, hands=(["5C"], ["6C"]))
    state.pending.append(("look",))
    state._legal = None
    assert read(state, "look 1B") == ["look 1B"]
    assert read(state, "look 1b") == ["look 1B"]
    assert read(board(), "attack 1b 1c") == ["attack 1b 1C"]


def test_letters_are_read_as_the_board_draws_them_after_a_death() -> None:
    state = board()
    act(state, "attack 1b 1B")  # 1B dies; K♦ stays 1C although it is now second
    assert read(state, "attack 1c 1C 1E") == ["attack 1c 1B 1D"]
    assert read(state, "a kd qs") == ["attack 1c 1B 1D"]
    with pytest.raises(NotationError, match="no card 1B on the board"):
        read(state, "attack 1c 1B 1C")


def test_a_slot_as_drawn_means_that_slot_before_a_card_of_that_name() -> None:
    # 2C is seat 1's third card in lane 2, and 2♣ is seat 1's face-up card in lane 3:
    # typed as drawn, 2C is the slot (so the notation in brackets always reads back).
    state = make({2: (["9H"], ["5S", "KD"]), 3: (["9S"], ["2C"])}, hands=(["5C"], ["6C"]))
    assert read(state, "attack 2C") == ["attack 2b 2C"]
    assert read(state, "attack 2♣") == ["attack 3b 3B"]
    assert read(state, "attack 2c") == ["attack 3b 3B"]  # not drawn as 2c: the card


def test_typed_notation_names_cards_as_the_board_does() -> None:
    state = board()
    act(state, "attack 1b 1B")
    view = state.view(0)
    written = {typed_notation(a, view, 0) for a in state.legal_actions()}
    assert "attack 1c 1C 1E" in written and "attack 1c 1B 1D" not in written


def test_team_game_answers() -> None:
    state = teams.make({1: (["9H"], ["KD", "QS"])}, hands=(["5C"], ["6C"], ["7D"], ["8D"]))
    assert read(state, "a 1b kd") == ["attack 1b 1B"]
    state.current = 2  # the partner commands the same team cards
    state._legal = None
    assert read(state, "a 9h qs", 2) == ["attack 1b 1C"]


def test_three_player_answers() -> None:
    state = tri({1: (["9H"], ["KD"], ["QS"])}, hands=(["5C"], ["6C"], ["7D"]))
    assert read(state, "attack 11a 12a") == ["attack 11a 12a"]
    assert read(state, "a 1a 12A") == ["attack 11a 12a"]
    assert read(state, "a qs") == ["attack 11a 13a"]


def test_expansion_answers() -> None:
    state = xmake({1: (["9C"], ["8D", "5S down"])}, heroes=("6H", None))
    assert read(state, "spell 1B") == ["spell 1B"]
    assert read(state, "sp 8d") == ["spell 1B"]
    assert read(state, "e") == ["end"]
    warrior = xmake({1: (["9C"], ["5D"])}, heroes=("8H", None))
    assert read(warrior, "h 2") == ["hero 2"]


def test_a_slot_given_up_this_turn_is_refused_even_when_it_spells_a_card() -> None:
    # 2C (the 2♦) dies; "2C" also spells the 2 of clubs, and in record notation it would
    # now mean the Q♠ (third in the row). It is refused, not read either way.
    state = make({2: (["9H", "9S"], ["KD", "2D d1", "QS"])}, hands=(["5C"], ["6C"]))
    act(state, "attack 2b 2C")
    with pytest.raises(NotationError, match="no card 2C on the board"):
        read(state, "attack 2c 2C")
    assert read(state, "attack 2c 2D") == ["attack 2c 2C"]
    assert read(state, "play 2c 1") == ["play 2C 1"]  # not in hand: the engine says why
