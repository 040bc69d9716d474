"""Rulebook 3.3.4: the measure (F38 to F40, F33, F65)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
    may_attack,
    roll_attack,
)
from duelhall.games.duelfighters.combat.rules import CombatRules
from duelhall.games.duelfighters.geometry import Measure

from .scripted import Dice

RULES = CombatRules()


def test_s3_3_4_at_the_flank_the_victim_defends_at_minus_one() -> None:
    # Defence 4, 4 at -1: both fail.
    out = attack(
        Dice(4, 4, 4, 4), AttackSpec(2, 2), DefenceSpec(2, 2), Situation(Measure.FLANK), RULES
    )
    assert out.defence is not None and out.defence.modifier == -1
    assert out.injuries == 2
    # The attacker's dice are not changed (F39).
    assert out.attack.modifier == 0


def test_s3_3_4_from_the_rear_half_the_defence_dice_at_minus_one_f40() -> None:
    dice = Dice(4, 5, 5)  # DEF 5 from the rear: 2 dice, 5 and 5 read as 4s
    out = attack(dice, AttackSpec(1, 1), DefenceSpec(5, 5), Situation(Measure.REAR), RULES)
    assert dice.spent
    assert out.defence is not None and out.defence.count == 2 and out.defence.halved
    assert out.injuries == 0
    up = CombatRules(half_dice="up")
    out = attack(Dice(4, 5, 5, 5), AttackSpec(1, 1), DefenceSpec(5, 5), Situation(Measure.REAR), up)
    assert out.defence is not None and out.defence.count == 3


def test_s3_3_4_halving_comes_after_cover_and_wall_of_swords_f40() -> None:
    dice = Dice(1, *[1] * 4)  # DEF 3 + Wall of Swords 1 + cover 1 = 5, halved: 2
    out = attack(
        dice,
        AttackSpec(1, 1),
        DefenceSpec(3, 3, maximise=True, cover=1),
        Situation(Measure.REAR),
        RULES,
    )
    assert out.defence is not None and out.defence.extra == 1 and out.defence.count == 2


def test_s3_3_4_the_flanked_attacker_rolls_at_minus_one_f39() -> None:
    rolled = roll_attack(Dice(4, 6), AttackSpec(2, 2), Situation(exposed=Measure.FLANK), RULES)
    assert rolled.modifier == -1
    assert len(rolled.strikes) == 1


def test_s3_3_4_no_normal_attack_on_a_foe_at_ones_rear_f33() -> None:
    assert not may_attack(Measure.REAR)
    assert may_attack(Measure.REAR, technique_or_skill=True)
    assert may_attack(Measure.FLANK)


def test_f32_invisible_thrust_counts_as_from_the_rear() -> None:
    spec = AttackSpec(1, 1, as_position=Measure.REAR)
    rolled = roll_attack(Dice(1), spec, Situation(Measure.FLANK), RULES)
    assert rolled.measure == Measure.REAR


def test_f65_the_worst_measure_applies() -> None:
    spec = AttackSpec(1, 1, as_position=Measure.FLANK)
    rolled = roll_attack(Dice(1), spec, Situation(Measure.REAR), RULES)
    assert rolled.measure == Measure.REAR
