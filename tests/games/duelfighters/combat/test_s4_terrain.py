"""Rulebook 4: cover (F53), barrels (F54), trees (F55), dangerous ground (F56)."""

from __future__ import annotations

from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
    cover_dice,
)
from duelhall.games.duelfighters.combat.hazards import (
    barrel,
    dangerous_injuries,
    defend_hits,
    tree_strikes,
)
from duelhall.games.duelfighters.combat.rules import CombatRules
from duelhall.games.duelfighters.geometry import TerrainKind

from .scripted import Dice

RULES = CombatRules()


def test_s4_one_die_for_low_cover_and_one_for_tall_at_most() -> None:
    assert cover_dice([]) == 0
    assert cover_dice([TerrainKind.HEDGE, TerrainKind.BARREL]) == 1
    assert cover_dice([TerrainKind.TREE, TerrainKind.TREE]) == 1
    assert cover_dice([TerrainKind.HEDGE, TerrainKind.TREE]) == 2
    assert cover_dice([TerrainKind.ROUGH]) == 0


def test_s4_cover_adds_a_defence_die() -> None:
    out = attack(Dice(4, 1, 5), AttackSpec(1, 1), DefenceSpec(1, 1, cover=1), Situation(), RULES)
    assert out.defence is not None and out.defence.count == 2
    assert out.injuries == 0


def test_s4_barrel_won_by_the_mover_breaks() -> None:
    out = barrel(Dice(4, 5, 1, 1, 4, 1), 3, 3)
    assert out.broken and out.strikes == 0


def test_s4_barrel_that_wins_deals_the_difference() -> None:
    out = barrel(Dice(1, 1, 4, 5, 6, 2), 2, 4)
    assert not out.broken and out.strikes == 3
    assert barrel(Dice(1, 1, 4, 5, 6, 2), 2, 4, immune=True).strikes == 0


def test_s4_barrel_tie_stops_without_hits_f54() -> None:
    out = barrel(Dice(4, 1, 4, 1), 2, 2)
    assert not out.broken and out.strikes == 0


def test_s4_a_tree_deals_the_runner_its_own_con_defended_f55() -> None:
    assert tree_strikes(4) == 4
    assert tree_strikes(4, immune=True) == 0
    # Even with collision_hits = injuries, a tree's hits are defended.
    rules = CombatRules(collision_hits="injuries")
    out = defend_hits(Dice(4, 4, 1), 4, DefenceSpec(3, 3), rules, always_defended=True)
    assert out.injuries == 2
    assert out.defender_points == 0


def test_s4_dangerous_ground_is_one_injury() -> None:
    assert dangerous_injuries() == 1
    assert dangerous_injuries(immune=True) == 0
