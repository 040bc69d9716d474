"""Rulebook 3.3 and 3.3.1: strikes, cancels, criticals, victory points (F4, F27, F29)."""

from __future__ import annotations

import pytest

from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
    maximise_bonus,
    resolve,
    roll_attack,
)
from duelhall.games.duelfighters.combat.rules import CombatRules

from .scripted import Dice

RULES = CombatRules()


def test_s3_3_defence_successes_cancel_strikes() -> None:
    dice = Dice(4, 5, 2, 3, 1, 4, 2)  # ATK 4: two strikes; DEF 3: one success
    out = attack(dice, AttackSpec(4, 4), DefenceSpec(3, 3), Situation(), RULES)
    assert dice.spent
    assert len(out.attack.strikes) == 2
    assert len(out.cancels) == 1
    assert out.injuries == 1


def test_s3_3_a_critical_is_cancelled_only_by_a_critical() -> None:
    # Strikes: 6 (critical) and 4. Defence 5, 5: both successes, but only the 4 is cancelled.
    out = attack(Dice(6, 4, 5, 5), AttackSpec(2, 2), DefenceSpec(2, 2), Situation(), RULES)
    assert out.injuries == 1
    assert out.criticals_landed == 1
    assert out.attack.strikes[out.landed[0]].critical
    # A defending 6 takes the critical first, then the 5 the ordinary strike.
    out = attack(Dice(6, 4, 5, 6), AttackSpec(2, 2), DefenceSpec(2, 2), Situation(), RULES)
    assert out.injuries == 0
    assert {(c.defence_die, c.strike) for c in out.cancels} == {(1, 0), (0, 1)}


def test_s3_3_a_spare_defending_six_cancels_an_ordinary_strike_f27() -> None:
    out = attack(Dice(4, 5, 6, 1), AttackSpec(2, 2), DefenceSpec(2, 2), Situation(), RULES)
    assert out.injuries == 1


def test_s1_1_every_six_earns_a_point_even_when_cancelled_f4() -> None:
    out = attack(Dice(6, 6, 1, 6), AttackSpec(3, 3), DefenceSpec(1, 1), Situation(), RULES)
    assert out.attacker_points == 2
    assert out.defender_points == 1
    assert out.injuries == 1


def test_f4_vp_from_attack_gives_the_defender_nothing() -> None:
    rules = CombatRules(vp_from="attack")
    out = attack(Dice(6, 6), AttackSpec(1, 1), DefenceSpec(1, 1), Situation(), rules)
    assert out.attacker_points == 1
    assert out.defender_points == 0
    assert out.injuries == 0


def test_s3_3_1_the_hallothon_example() -> None:
    # ATK 4 maximised: 6 dice (2, 3, 3, 3, 5, 6); Brock's DEF 4: 2, 4, 4, 5.
    dice = Dice(2, 3, 3, 3, 5, 6, 2, 4, 4, 5)
    out = attack(dice, AttackSpec(4, 4, maximise=True), DefenceSpec(4, 4), Situation(), RULES)
    assert dice.spent
    assert out.attack.extra == 2
    assert out.attacker_points == 1
    assert out.injuries == 1  # the critical; the 5 is cancelled
    assert out.criticals_landed == 1


def test_s3_3_1_maximise_is_half_the_atk_rounded_down_f29() -> None:
    assert maximise_bonus(5, 7, RULES) == 2
    assert maximise_bonus(5, 7, CombatRules(maximise_base="dice")) == 3


def test_s3_3_1_maximise_base_dice_counts_weapon_dice_f29() -> None:
    rules = CombatRules(maximise_base="dice")
    rolled = roll_attack(Dice(*[1] * 9), AttackSpec(6, 4, maximise=True), Situation(), rules)
    assert rolled.extra == 3
    assert rolled.roll is not None and len(rolled.roll.dice) == 9


def test_s3_3_2_techniques_are_never_maximised() -> None:
    spec = AttackSpec(4, 4, maximise=True, technique=True)
    rolled = roll_attack(Dice(1, 1, 1, 1), spec, Situation(), RULES)
    assert rolled.extra == 0


def test_f32_double_thrust_rerolls_the_misses_once() -> None:
    spec = AttackSpec(3, 3, reroll_misses=True)
    dice = Dice(5, 1, 2, 6, 3)
    rolled = roll_attack(dice, spec, Situation(), RULES)
    assert dice.spent
    assert [s.die for s in rolled.strikes] == [0, 3]
    assert rolled.victory_points == 1  # the re-rolled 6 counts


def test_f32_body_smash_only_natural_sixes_defend() -> None:
    spec = AttackSpec(2, 2, defend_on=6)
    out = attack(Dice(4, 5, 5, 5, 6), spec, DefenceSpec(3, 3), Situation(), RULES)
    assert len(out.cancels) == 1
    assert out.injuries == 1


def test_f35_divine_protection_takes_no_injuries_but_points_stand() -> None:
    rolled = roll_attack(Dice(6, 6), AttackSpec(2, 2), Situation(), RULES)
    out = resolve(rolled, None, ignore=True)
    assert out.ignored and out.injuries == 0
    assert out.attacker_points == 2
    assert len(out.landed) == 2


def test_combat_rules_refuse_an_unknown_reading() -> None:
    with pytest.raises(ValueError, match="vp_from"):
        CombatRules(vp_from="both")  # type: ignore[arg-type]
