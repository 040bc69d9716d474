"""Rulebook 1.2.1: wounds, biting the dust, badly wounded, beating death (F9, F44 to F49)."""

from __future__ import annotations

import pytest

from duelhall.games.duelfighters.combat.injuries import (
    Health,
    badly_wounded_line,
    heal,
    is_badly_wounded,
    take_injuries,
)
from duelhall.games.duelfighters.combat.rules import CombatRules

from .scripted import Dice

RULES = CombatRules()
DERETOR = Health(wounds=10, constitution=4)


def test_s1_2_1_more_injuries_than_con_in_one_hit_knock_down() -> None:
    out = take_injuries(Dice(), DERETOR, 4, RULES)
    assert not out.knocked_down
    out = take_injuries(Dice(), DERETOR, 5, RULES)
    assert out.knocked_down and out.after.downed


def test_f44_only_one_hit_knocks_down() -> None:
    out = take_injuries(Dice(), Health(10, 0), 1, RULES, hit=False)
    assert not out.knocked_down


def test_s1_2_1_badly_wounded_past_half_the_w_f47() -> None:
    assert badly_wounded_line(DERETOR, RULES) == 5
    assert badly_wounded_line(Health(9, 3), RULES) == 5
    out = take_injuries(Dice(), Health(10, 4, injuries=5), 1, RULES)
    assert out.badly_wounded and out.loses_card
    assert is_badly_wounded(out.after, RULES)
    # Only once: the next hit costs nothing more.
    again = take_injuries(Dice(), out.after, 1, RULES)
    assert not again.badly_wounded and not again.loses_card


def test_f47_the_constitution_reading() -> None:
    rules = CombatRules(badly_wounded="constitution")
    assert badly_wounded_line(DERETOR, rules) == 2
    assert take_injuries(Dice(), DERETOR, 3, rules).badly_wounded


def test_f47_abyssal_being_is_badly_wounded_without_losing_a_card() -> None:
    out = take_injuries(Dice(), DERETOR, 6, RULES, no_badly_wounded_penalty=True)
    assert out.badly_wounded and not out.loses_card


def test_s1_2_1_at_zero_wounds_a_con_roll_keeps_fighting_f49() -> None:
    out = take_injuries(Dice(2), Health(10, 4, injuries=9), 3, RULES)
    assert out.death_roll is not None and out.death_roll.total == 4
    assert not out.after.defeated and not out.defeated
    out = take_injuries(Dice(3), Health(10, 4, injuries=9), 3, RULES)
    assert out.defeated


def test_f49_every_later_injury_rolls_again_with_the_whole_excess() -> None:
    h = Health(10, 4, injuries=11)
    out = take_injuries(Dice(1), h, 1, RULES)
    assert out.death_roll is not None and out.death_roll.excess == 2
    assert not out.defeated


def test_f49_beat_death_off_defeats_at_zero() -> None:
    out = take_injuries(Dice(), Health(10, 4, injuries=9), 1, CombatRules(beat_death=False))
    assert out.defeated and out.death_roll is None


def test_f9_healing_is_capped_by_the_con() -> None:
    h = heal(Health(10, 3, injuries=7), 5)
    assert h.injuries == 4
    assert heal(Health(10, 3, injuries=1), 5).injuries == 0
    assert not is_badly_wounded(heal(Health(10, 3, injuries=7), 2), RULES)


def test_injuries_are_never_negative() -> None:
    with pytest.raises(ValueError):
        take_injuries(Dice(), DERETOR, -1, RULES)
