"""Rulebook 3.3.7: attacking a downed figure (F45, F46, F66)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
    automatic_strikes,
    resolve,
    roll_defence,
)
from duelhall.games.duelfighters.combat.rules import CombatRules
from duelhall.games.duelfighters.geometry import Measure

from .scripted import Dice

RULES = CombatRules()
DOWN = Situation(downed=True)


def test_s3_3_7_downed_counts_as_flanked_and_only_sixes_cancel() -> None:
    # Strikes 4, 5; defence 5, 6 at -1 (flanked): the 6 cancels one strike, the 5 none.
    out = attack(Dice(4, 5, 5, 6), AttackSpec(2, 2), DefenceSpec(2, 2), DOWN, RULES)
    assert out.attack.measure == Measure.FLANK
    assert all(s.counts_critical and not s.critical for s in out.attack.strikes)
    assert out.injuries == 1


def test_s3_3_7_counted_criticals_earn_no_points_but_natural_sixes_do_f66() -> None:
    out = attack(Dice(4, 6, 1), AttackSpec(2, 2), DefenceSpec(1, 1), DOWN, RULES)
    assert out.attacker_points == 1
    assert out.criticals_landed == 1


def test_s3_3_7_downed_and_badly_wounded_is_from_the_rear() -> None:
    situation = Situation(downed=True, badly_wounded=True)
    dice = Dice(4, 1, 6)
    out = attack(dice, AttackSpec(1, 1), DefenceSpec(4, 4), situation, RULES)
    assert dice.spent
    assert out.attack.measure == Measure.REAR
    assert out.defence is not None and out.defence.count == 2
    assert out.injuries == 0


def test_f45_downed_option_rear_always_from_the_rear() -> None:
    out = attack(
        Dice(4, 1, 1), AttackSpec(1, 1), DefenceSpec(4, 4), DOWN, CombatRules(downed="rear")
    )
    assert out.attack.measure == Measure.REAR


def test_f46_improvised_strikes_on_a_downed_figure_need_sixes() -> None:
    spec = AttackSpec(2, 2, improvised=True)
    out = attack(Dice(6, 5, 5, 5), spec, DefenceSpec(2, 2), DOWN, RULES)
    assert out.injuries == 2
    assert out.attacker_points == 0


def test_f32_devastating_mace_strikes_need_a_natural_five() -> None:
    hits = automatic_strikes(2, Situation(), RULES, defend_on=5)
    defence = roll_defence(Dice(4, 5, 6), hits, DefenceSpec(3, 3), RULES)
    out = resolve(hits, defence)
    assert out.injuries == 0
    assert out.attacker_points == 0
    # Against a downed figure only the 6 cancels one.
    hits = automatic_strikes(2, DOWN, RULES, defend_on=5)
    out = resolve(hits, roll_defence(Dice(4, 5, 6), hits, DefenceSpec(3, 3), RULES))
    assert out.injuries == 1
