"""Rulebook 3.1: initiative by INT dice; who reveals steps (F10); ties (F11)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.dice import initiative, roll_off

from .scripted import Dice


def test_s3_1_more_successes_win_and_each_reveals_per_other_success_f10() -> None:
    dice = Dice(4, 5, 1, 6, 2, 2)  # INT 3 each: 2 successes against 1
    result = initiative(dice, (3, 3))
    assert dice.spent
    assert result.winner == 0
    assert result.tie_break is None
    assert result.reveals == (1, 2)


def test_s3_1_with_anticipation_loser_only_the_loser_reveals() -> None:
    result = initiative(Dice(4, 5, 1, 6, 2, 2), (3, 3), "loser")
    assert result.reveals == (0, 2)
    result = initiative(Dice(1, 1, 1, 6, 2, 6), (3, 3), "loser")
    assert result.winner == 1
    assert result.reveals == (2, 0)


def test_s3_1_a_tie_shows_everything_and_one_die_each_decides_f11() -> None:
    # One success each, then the tie-break dice tie (3, 3) and are rolled again (2, 5).
    dice = Dice(4, 1, 1, 5, 3, 3, 2, 5)
    result = initiative(dice, (2, 2))
    assert dice.spent
    assert result.reveals == (None, None)
    assert result.tie_break is not None
    assert result.tie_break.rounds == ((3, 3), (2, 5))
    assert result.winner == 1


def test_s3_1_zero_successes_each_is_a_tie() -> None:
    result = initiative(Dice(1, 2, 6, 1), (1, 1))
    assert result.reveals == (None, None)
    assert result.winner == 0


def test_s2_3_roll_off_repeats_until_the_dice_differ_f57() -> None:
    off = roll_off(Dice(4, 4, 6, 6, 1, 2))
    assert off.rounds == ((4, 4), (6, 6), (1, 2))
    assert off.winner == 1
