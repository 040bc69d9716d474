"""Rulebook 3.3.3 (elemental damage), 3.3.5 (ATK X (Y)), 3.3.6 (short and long range)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
    attack_dice,
    range_bonus_applies,
    roll_attack,
)
from duelhall.games.duelfighters.combat.rules import CombatRules

from .scripted import Dice

RULES = CombatRules()


def test_s3_3_5_atk_x_rolls_x_dice_or_the_current_atk() -> None:
    assert attack_dice(5, 3) == 5
    assert attack_dice("X", 3) == 3


def test_s3_3_6_short_range_needs_contact_long_range_its_absence_f43() -> None:
    assert range_bonus_applies("short", contact=True)
    assert not range_bonus_applies("short", contact=False)
    assert range_bonus_applies("long", contact=False)
    assert not range_bonus_applies("long", contact=True)
    assert range_bonus_applies("any", contact=False)


def test_s3_3_3_elemental_strikes_that_land_deal_double_f36() -> None:
    spec = AttackSpec(2, 2, element="fire")
    out = attack(Dice(4, 4, 1, 1), spec, DefenceSpec(2, 2), Situation(), RULES)
    assert out.injuries == 4


def test_s3_3_3_resisted_elements_deal_single_f36() -> None:
    spec = AttackSpec(2, 2, element="fire")
    out = attack(Dice(4, 4, 1), spec, DefenceSpec(1, 1, resists=("fire",)), Situation(), RULES)
    assert out.injuries == 2


def test_f27_defence_cancels_elemental_strikes_first() -> None:
    # The Vulcan Hammer: 2 of 4 dice are fire. Strikes on dice 0 (fire) and 2 (plain); one
    # defence success takes the fire strike, so 1 injury lands instead of 2.
    spec = AttackSpec(4, 4, element="fire", elemental_dice=2)
    out = attack(Dice(4, 1, 5, 1, 4), spec, DefenceSpec(1, 1), Situation(), RULES)
    assert [s.element for s in out.attack.strikes] == ["fire", ""]
    assert out.cancels[0].strike == 0
    assert out.injuries == 1


def test_f68_maximised_dice_are_not_elemental() -> None:
    spec = AttackSpec(2, 2, element="fire", maximise=True)
    rolled = roll_attack(Dice(4, 4, 4), spec, Situation(), RULES)
    assert [s.element for s in rolled.strikes] == ["fire", "fire", ""]


def test_f68_a_rerolled_die_keeps_its_element() -> None:
    spec = AttackSpec(2, 2, element="water", elemental_dice=1, reroll_misses=True)
    rolled = roll_attack(Dice(1, 4, 5), spec, Situation(), RULES)
    assert [(s.die, s.element) for s in rolled.strikes] == [(1, ""), (2, "water")]
