"""Rulebook 3.3.8: improvised attacks (-1 a die, no criticals, no points; F50)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
    roll_attack,
)
from duelhall.games.duelfighters.combat.rules import CombatRules

from .scripted import Dice

RULES = CombatRules()


def test_s3_3_8_minus_one_on_each_die() -> None:
    rolled = roll_attack(Dice(4, 5, 3), AttackSpec(3, 3, improvised=True), Situation(), RULES)
    assert rolled.modifier == -1
    assert [s.die for s in rolled.strikes] == [1]


def test_s3_3_8_a_six_is_a_plain_strike_any_success_cancels_it() -> None:
    out = attack(
        Dice(6, 4), AttackSpec(1, 1, improvised=True), DefenceSpec(1, 1), Situation(), RULES
    )
    assert out.attacker_points == 0
    assert not out.attack.strikes[0].critical
    assert out.injuries == 0


def test_f50_an_improvised_attack_may_be_maximised() -> None:
    spec = AttackSpec(4, 4, improvised=True, maximise=True)
    rolled = roll_attack(Dice(*[1] * 6), spec, Situation(), RULES)
    assert rolled.extra == 2
