"""Rulebook 3.3, execution: alternating steps, a card a step, improvised attacks (rulings F18,
F51, F71)."""

from __future__ import annotations

from ..combat.scripted import Dice
from .helpers import do, executing, words

FAR = [(400, 100, 90), (400, 700, 270)]
CONTACT = [(400, 300, 90), (400, 345, 270)]  # Deretor's front touches Lesdinn's front


def test_s3_3_players_alternate_one_step_at_a_time_player_1_first() -> None:
    state = executing([[("attack",)] * 3, [("attack",)] * 2], FAR, order=(1, 0))
    seen = []
    while state.phase == "execute":
        seat = state.to_move()[0]
        seen.append(seat)
        assert words(state, seat) == ["hold"]  # nobody within combat distance
        do(state, seat, "hold")
    assert seen == [1, 0, 1, 0, 0]
    assert state.turn == 2  # both sequences done: a new turn began


def test_s3_3_every_step_uses_up_an_action_card() -> None:
    state = executing([[("turn-left",)], [("turn-left",)]], FAR)
    deretor = state.board.fighters[0]
    available = deretor.count("available")
    do(state, 0, "turn left")
    assert deretor.count("available") == available - 1
    assert deretor.count("used") == 1


def test_s3_3_a_two_marker_step_is_played_whole_before_the_other_seat() -> None:
    state = executing([[("turn-left", "turn-right")], [("turn-left",)]], FAR)
    do(state, 0, "turn left")
    assert state.to_move() == (0,)
    do(state, 0, "turn right")
    assert state.to_move() == (1,)


def test_s3_3_8_improvised_attack_instead_of_a_step_not_obligatory() -> None:
    state = executing([[("advance",), ("advance",)], [("turn-left",)]], CONTACT)
    assert "improvise" in words(state, 0)
    assert "improvise maximise" in words(state, 0)
    # At -1 a die the 4 misses; the 6 strikes but is no critical and earns nothing.
    state.board.rng = Dice(5, 5, 6, 4, 1, 1, 1, 1)
    do(state, 0, "improvise")
    plan = state.board.plans[0]
    assert plan.next == 0 and len(plan.steps) == 1  # the abandoned step is dropped
    assert state.board.fighters[0].count("used") == 1
    assert state.board.fighters[1].injuries == 3
    assert state.board.fighters[0].points == 0


def test_f51_revealed_steps_are_obligatory() -> None:
    state = executing([[("advance",)], [("turn-left",)]], CONTACT, anticipated=(1, 0))
    assert "improvise" not in words(state, 0)
    state = executing(
        [[("advance",)], [("turn-left",)]], CONTACT, anticipated=(1, 0), improvise_revealed=True
    )
    assert "improvise" in words(state, 0)


def test_f18_with_no_step_left_a_player_may_improvise_or_pass() -> None:
    state = executing([[], [("turn-left",)]], CONTACT)
    assert words(state, 0) == ["improvise", "improvise maximise", "pass"]
    do(state, 0, "pass")
    assert state.board.plans[0].finished
    assert state.to_move() == (1,)


def test_f18_a_player_who_cannot_attack_and_has_no_step_is_done() -> None:
    state = executing([[], [("turn-left",), ("turn-left",)]], FAR)
    assert state.to_move() == (1,)
    do(state, 1, "turn left")
    assert state.to_move() == (1,)  # seat 0 has nothing left: seat 1 plays on alone


def test_f71_a_step_no_card_can_pay_for_is_lost() -> None:
    state = executing([[("turn-left",), ("turn-left",)], [("turn-left",)] * 3], FAR)
    deretor = state.board.fighters[0]
    for card in deretor.cards:
        card.state = "used"
    state.edited()
    state.settle()
    assert state.board.plans[0].next >= 1
    assert any("loses it" in line for line in state.board.log)


def test_f47_a_card_lost_during_ones_own_last_step_never_takes_that_step() -> None:
    # Lesdinn charges and loses (0 to 4): four injuries cross the badly-wounded line with no
    # card left, so the loss falls on a used-up card; the step in progress stays.
    dice = Dice(1, 1, 1, 4, 4, 4, 4, 1)  # the last die: his roll against death, 1 + 0 <= 3
    state = executing(
        [[("turn-left",)], [("advance",)]],
        [(400, 400, 270), (400, 300, 90)],
        order=(1, 0),
        dice=dice,
        collision_hits="injuries",
    )
    lesdinn = state.board.fighters[1]
    lesdinn.injuries = 4
    for card in lesdinn.cards[1:]:
        card.state = "used"
    do(state, 1, "advance 88")
    assert dice.spent
    assert lesdinn.injuries == 8 and not lesdinn.defeated
    assert lesdinn.count("discarded") == 1
    assert state.board.plans[1].next == 1
