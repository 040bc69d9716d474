"""Rulebook 3.2.2: collisions and pushes (F23 to F25, F67)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.attack import DefenceSpec
from duelhall.games.duelfighters.combat.hazards import collision, defend_hits
from duelhall.games.duelfighters.combat.rules import CombatRules

from .scripted import Dice

RULES = CombatRules()


def test_s3_2_2_the_stronger_mover_passes_and_the_other_takes_the_difference() -> None:
    dice = Dice(4, 5, 6, 1, 4, 1)  # mover CON 3: 3 successes; other CON 3: 1
    out = collision(dice, 3, 3, push=False)
    assert dice.spent
    assert out.passes
    assert out.other_strikes == 2 and out.mover_strikes == 0


def test_s3_2_2_a_weaker_mover_stops_and_takes_the_difference() -> None:
    out = collision(Dice(1, 1, 4, 4), 2, 2, push=False)
    assert not out.passes
    assert out.mover_strikes == 2 and out.other_strikes == 0


def test_s3_2_2_a_tie_stops_the_mover_without_strikes_f23() -> None:
    out = collision(Dice(4, 4), 1, 1, push=False)
    assert not out.passes
    assert (out.mover_strikes, out.other_strikes) == (0, 0)


def test_s3_2_2_a_push_deals_no_strikes_f25() -> None:
    out = collision(Dice(4, 4, 1, 1), 2, 2, push=True)
    assert out.passes
    assert (out.mover_strikes, out.other_strikes) == (0, 0)
    out = collision(Dice(1, 1, 4, 4), 2, 2, push=True)
    assert not out.passes and out.mover_strikes == 0


def test_f25_lacerating_armour_injures_when_it_wins_a_push() -> None:
    out = collision(Dice(4, 4, 1, 1), 2, 2, push=True, push_injures=True)
    assert out.other_strikes == 2


def test_f23_immune_to_charges_takes_no_strikes_when_run_into() -> None:
    out = collision(Dice(4, 4, 1, 1), 2, 2, push=False, other_immune=True)
    assert out.passes and out.other_strikes == 0


def test_f24_collision_strikes_are_defended_without_points() -> None:
    out = defend_hits(Dice(6, 4, 1), 3, DefenceSpec(3, 3, cover=1), RULES)
    assert out.defence is not None and out.defence.count == 3  # no cover (F67)
    assert out.injuries == 1
    assert out.defender_points == 0


def test_f24_collision_hits_injuries_option_skips_the_defence() -> None:
    dice = Dice()
    out = defend_hits(dice, 3, DefenceSpec(3, 3), CombatRules(collision_hits="injuries"))
    assert out.defence is None and out.injuries == 3
