"""Rulebook 1.1: dice read one by one, per-die modifiers, natural 6 criticals (ruling F3)."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.games.duelfighters.combat.dice import Die, half, roll, roll_die

from .scripted import Dice


def test_s1_1_successes_on_four_or_more() -> None:
    r = roll(Dice(1, 3, 4, 5, 6), 5)
    assert r.faces == (1, 3, 4, 5, 6)
    assert r.successes == 3
    assert r.criticals == 1


def test_s1_1_a_modifier_changes_every_die() -> None:
    r = roll(Dice(3, 3, 4), 3, modifier=1)
    assert [d.value for d in r.dice] == [4, 4, 5]
    assert r.successes == 3


def test_s1_1_a_bonus_on_one_die_changes_only_that_die() -> None:
    r = roll(Dice(3, 3, 3), 3, bonuses=(1,))
    assert [d.success for d in r.dice] == [True, False, False]


def test_s1_1_a_penalised_six_is_still_a_critical_strike_f3() -> None:
    r = roll(Dice(6, 4), 2, modifier=-3)
    assert r.dice[0].critical and r.dice[0].success
    assert not r.dice[1].success


def test_s1_1_a_natural_need_is_read_on_the_face() -> None:
    # Devastating Mace's defence: a natural 5 or 6; a 4 raised to 5 does not do.
    assert Die(5, -1, natural_need=5).success
    assert not Die(4, 1, natural_need=5).success
    assert Die(6, -3, natural_need=6).success


def test_s1_1_a_roll_without_criticals_still_strikes_on_six() -> None:
    d = Die(6, -1, criticals=False)
    assert d.success and d.six and not d.critical


def test_s1_1_dice_come_from_the_seeded_rng() -> None:
    a, b = Rng(7), Rng(7)
    assert [roll_die(a) for _ in range(20)] == [roll_die(b) for _ in range(20)]
    rng = Rng(1)
    seen = {roll_die(rng) for _ in range(200)}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_s1_1_no_dice_rolls_nothing() -> None:
    assert roll(Dice(), 0).faces == ()
    assert roll(Dice(), -2).faces == ()


def test_f40_half_the_dice_rounded_as_the_option_says() -> None:
    assert half(5) == 2
    assert half(5, "up") == 3
    assert half(4, "up") == 2
    assert half(1) == 0
