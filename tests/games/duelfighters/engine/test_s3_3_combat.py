"""Rulebook 3.3 to 3.3.7, 1.1 and 1.2.1 in play: attacks, maximising, the measure, points,
knock-down, badly wounded, levels and victory (rulings F4 to F7, F26 to F33, F44 to F49)."""

from __future__ import annotations

from ..combat.scripted import Dice
from .helpers import do, executing, words

CONTACT = [(400, 300, 90), (400, 345, 270)]  # front to front
BEHIND = [(400, 300, 90), (400, 255, 90)]  # Lesdinn touches Deretor's rear
WAIT = [("turn-left",)]


def test_s3_3_an_attack_needs_combat_distance() -> None:
    state = executing([[("attack",)], WAIT], [(400, 300, 90), (400, 460, 270)])
    assert words(state, 0) == ["hold"]  # a gap of 115 mm: beyond a card's diagonal
    state = executing([[("attack",)], WAIT], [(400, 300, 90), (400, 400, 270)])
    assert "attack" in words(state, 0)  # a gap of 55 mm: within a card's diagonal


def test_s3_3_strikes_cancels_criticals_and_points() -> None:
    # Deretor ATK 5: 6 4 4 1 1, three strikes, one critical; Lesdinn DEF 3: 4 1 1, one cancel.
    dice = Dice(6, 4, 4, 1, 1, 4, 1, 1)
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    do(state, 0, "attack")
    assert dice.spent
    assert state.board.fighters[0].points == 1
    assert state.board.fighters[1].injuries == 2


def test_s3_3_1_maximising_uses_a_card_for_half_the_atk_in_dice() -> None:
    dice = Dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # 5 + 2 attack dice, then 3 defence dice
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    do(state, 0, "attack maximise")
    assert dice.spent
    assert state.board.fighters[0].count("used") == 2


def test_s3_3_4_no_attack_with_the_adversary_at_ones_rear() -> None:
    state = executing([[("attack",)], WAIT], BEHIND)
    assert words(state, 0) == ["hold"]


def test_s3_3_4_from_the_rear_half_the_defence_dice_at_minus_one() -> None:
    # Lesdinn (ATK 4) behind Deretor: Deretor defends with 5 // 2 = 2 dice.
    dice = Dice(4, 4, 4, 4, 4, 4)
    state = executing([WAIT, [("attack",)]], BEHIND, dice=dice, order=(1, 0))
    do(state, 1, "attack")
    assert dice.spent
    assert state.board.fighters[0].injuries == 4  # the 4s defend as 3s


def test_s3_3_2_a_technique_costs_its_point_even_when_not_used() -> None:
    state = executing([[("technique",)], WAIT], [(400, 100, 90), (400, 700, 270)])
    state.board.fighters[0].points = 2
    state.edited()
    assert "hold" in words(state, 0)
    do(state, 0, "hold")
    assert state.board.fighters[0].points == 1


def test_s3_3_2_without_a_point_the_technique_step_is_lost() -> None:
    state = executing([[("technique",)], WAIT], CONTACT)
    assert words(state, 0) == ["hold", "improvise", "improvise maximise"]


def test_f32_stun_removes_a_step_per_critical_landed() -> None:
    dice = Dice(6, 1, 1, 1, 1, 1, 1, 1)  # one critical, not cancelled
    state = executing([[("technique",)], [WAIT[0], WAIT[0], WAIT[0]]], CONTACT, dice=dice)
    state.board.fighters[0].points = 1
    state.edited()
    do(state, 0, "technique stun")
    assert len(state.board.plans[1].steps) == 2


def test_f32_invisible_thrust_counts_as_from_the_rear() -> None:
    dice = Dice(4, 4, 4, 4, 1, 1)  # Deretor defends with half his 5 dice
    state = executing([WAIT, [("technique",)]], CONTACT, dice=dice, order=(1, 0))
    state.board.fighters[1].points = 1
    state.edited()
    do(state, 1, "technique invisible-thrust")
    assert dice.spent


def test_s1_2_1_more_injuries_than_the_con_knock_down_and_standing_costs_a_card() -> None:
    dice = Dice(4, 4, 4, 4, 4, 1, 1, 1)  # five strikes on Lesdinn (CON 3): four land
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    do(state, 0, "attack")
    lesdinn = state.board.fighters[1]
    assert "Lesdinn is knocked down" in state.board.log
    # At his next step Lesdinn stands by using up a card, then plays the step itself.
    assert state.to_move() == (1,)
    assert not lesdinn.downed
    assert lesdinn.count("used") == 1
    assert "stands up" in " ".join(state.board.log)


def test_s1_2_1_badly_wounded_past_half_the_wounds_loses_a_card() -> None:
    dice = Dice(4, 1, 1, 1, 1, 1, 1, 1)  # one injury: Lesdinn from 4 to 5 of 8
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    lesdinn = state.board.fighters[1]
    lesdinn.injuries = 4
    do(state, 0, "attack")
    assert lesdinn.count("discarded") == 1


def test_f47_abyssal_being_is_spared_the_loss() -> None:
    dice = Dice(4, 1, 1, 1, 1, 1, 1, 1, 1)  # Lesdinn ATK 4: one strike; Deretor DEF 5
    state = executing([WAIT, [("attack",)]], CONTACT, dice=dice, order=(1, 0))
    deretor = state.board.fighters[0]
    deretor.injuries = 5
    do(state, 1, "attack")
    assert deretor.injuries == 6 and deretor.count("discarded") == 0


def test_f6_level_up_at_the_sheets_number() -> None:
    dice = Dice(6, 1, 1, 1, 1, 6, 1, 1)  # Deretor's critical is cancelled by a defending 6
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    deretor = state.board.fighters[0]
    deretor.points = 9
    do(state, 0, "attack")
    assert deretor.level == 2
    assert deretor.sheet.wounds == 12
    assert len(deretor.cards) == 5


def test_f7_at_level_2_the_target_wins_on_points() -> None:
    dice = Dice(6, 1, 1, 1, 1)
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    deretor = state.board.fighters[0]
    deretor.level_up()
    deretor.points = 11
    do(state, 0, "attack")
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "points"


def test_f49_at_zero_wounds_a_con_roll_to_fight_on() -> None:
    dice = Dice(4, 1, 1, 1, 1, 1, 1, 1, 6)  # one injury: 8 of 8; the death roll 6 > CON 3
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    state.board.fighters[1].injuries = 7
    do(state, 0, "attack")
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "killed"


def test_f49_beat_death_off_kills_at_zero() -> None:
    dice = Dice(4, 1, 1, 1, 1, 1, 1, 1)
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice, beat_death=False)
    state.board.fighters[1].injuries = 7
    do(state, 0, "attack")
    assert state.is_over()


def test_f15_master_swordsman_takes_a_card_for_two_injuries() -> None:
    dice = Dice(4, 4, 1, 1, 1, 1, 1, 1, 1)  # two strikes land on Deretor
    state = executing([WAIT, [("attack",)]], CONTACT, dice=dice, order=(1, 0))
    do(state, 1, "attack")
    assert state.board.fighters[0].count("discarded") == 1


def test_f62_the_turn_limit_judges_the_duel() -> None:
    state = executing([[], []], [(400, 100, 90), (400, 700, 270)], turn_limit=1)
    result = state.outcome()
    assert result is not None and result.reason == "turn-limit" and result.winner is None


def test_f32_devastating_mace_turns_and_strikes_what_it_sweeps() -> None:
    # Lesdinn at Deretor's left flank: a left sweep catches him; two automatic strikes, each
    # cancelled only by a natural 5 or 6.
    dice = Dice(4, 5, 1)  # Lesdinn's three defence dice: the 5 cancels one
    state = executing([[("technique",)], WAIT], [(400, 300, 90), (355, 300, 0)], dice=dice)
    state.board.fighters[0].points = 1
    state.edited()
    assert "technique devastating-mace left" in words(state, 0)
    do(state, 0, "technique devastating-mace left")
    assert state.board.figure(0).facing == 180
    assert state.board.fighters[1].injuries == 1
    assert state.board.fighters[0].points == 0  # the point paid, none earned


def test_f32_body_smash_only_natural_6s_defend() -> None:
    dice = Dice(4, 4, 4, 1, 1, 5, 5, 6)  # three strikes; 5s do not cancel, the 6 does
    state = executing([[("technique",)], WAIT], CONTACT, dice=dice)
    state.board.fighters[0].points = 1
    state.edited()
    do(state, 0, "technique body-smash")
    assert state.board.fighters[1].injuries == 2


def test_f32_double_thrust_rolls_the_misses_again() -> None:
    dice = Dice(4, 1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1)  # 1 strike, re-roll 3: 2 more; DEF 5 fails
    state = executing([WAIT, [("technique",)]], CONTACT, dice=dice, order=(1, 0))
    state.board.fighters[1].points = 1
    state.edited()
    do(state, 1, "technique double-thrust")
    assert dice.spent
    assert state.board.fighters[0].injuries == 3
