"""CARD ANATOMY (reconstructed): each effect keyword does what docs/highlander-cards.md says."""

from __future__ import annotations

from .helpers import clash, make


def test_effect_power_adds_damage_to_a_strike() -> None:
    state = clash(make((["thrust", "lunge"], ["diagonal", "bind"])), "thrust", "diagonal")
    assert state.damage == [0, 2]


def test_effect_power_does_nothing_on_defence() -> None:
    state = clash(make((["diagonal", "lunge"], ["thrust", "bind"])), "diagonal", "thrust")
    assert state.history[-1].result == "strike" and state.damage == [0, 2]


def test_effect_momentum_boosts_the_next_striking_card() -> None:
    state = make((["lunge", "overhead", "fleche"], ["diagonal", "whirlwind", "bind"]))
    clash(state, "lunge", "diagonal")  # Lunge (2) vs Diagonal (mirror 5, 4): strike 1
    assert state.damage == [0, 1] and state.next_power == [1, 0]
    clash(state, "overhead", "whirlwind")  # Overhead (2, 4) vs Whirlwind (5, 3, 1): strike
    assert state.damage == [0, 1 + 2 + 1]
    assert state.next_power == [0, 0]


def test_effect_momentum_is_lost_if_the_next_card_is_blocked() -> None:
    state = make((["lunge", "overhead", "fleche"], ["diagonal", "parry", "bind"]))
    clash(state, "lunge", "diagonal")
    clash(state, "overhead", "parry")
    assert state.history[-1].result == "block"
    assert state.next_power == [0, 0]


def test_effect_riposte_hurts_the_attacker_on_a_block() -> None:
    state = clash(make((["overhead", "lunge"], ["parry", "bind"])), "overhead", "parry")
    assert state.damage == [1, 0]


def test_effect_armor_reduces_strike_damage() -> None:
    # Low Cut (1) against High Guard (3, 4, mirrored 3, 2): a strike for 1 + power 1, less
    # High Guard's armor 1.
    state = clash(make((["lowcut", "lunge"], ["highguard", "bind"])), "lowcut", "highguard")
    assert state.history[-1].result == "strike"
    assert state.damage == [0, 1]


def test_effect_precise_adds_to_a_perfect_block() -> None:
    state = clash(make((["thrust", "lunge"], ["bind", "parry"])), "thrust", "bind")
    assert state.history[-1].result == "perfect block"
    assert state.damage == [2, 0]


def test_effect_flow_card_never_takes_a_follow_up_penalty() -> None:
    state = make(
        (["moulinet", "lunge"], ["bind", "parry"]),
        played=(["highguard"], ["sweep"]),  # High Guard's bar is 1, 2; Moulinet has 2, 5
    )
    clash(state, "moulinet", "bind")
    assert state.history[-1].penalties[0] == 0
    state = make((["disengage", "lunge"], ["bind", "parry"]), played=(["beat"], ["sweep"]))
    clash(state, "disengage", "bind")  # Disengage (1, 5) misses Beat's bar (4): flow
    assert state.history[-1].penalties[0] == 0


def test_effect_relentless_only_on_a_block() -> None:
    state = make((["beat", "lunge", "lowcut"], ["cleave", "bind", "parry"]))
    clash(state, "beat", "cleave")  # Beat (1, 3) vs Cleave (3, 2, 1 mirrored): block at 1, 3
    assert state.free_next == [True, False]
    state = make((["beat", "lunge", "lowcut"], ["overhead", "bind", "parry"]))
    clash(state, "beat", "overhead")  # Overhead mirrored (4, 2): strike
    assert state.history[-1].result == "strike" and state.free_next == [False, False]


def test_effect_character_power_adds_to_every_strike() -> None:
    state = make((["overhead", "lunge"], ["whirlwind", "bind"]), damage=(4, 0))  # Kurgan past 3
    clash(state, "overhead", "whirlwind")
    assert state.damage == [4, 3]
