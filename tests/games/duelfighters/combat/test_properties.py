"""Properties of combat resolution over seeded dice (Hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.rng import Rng
from duelhall.games.duelfighters.combat.attack import (
    AttackSpec,
    DefenceSpec,
    Situation,
    attack,
)
from duelhall.games.duelfighters.combat.injuries import Health, take_injuries
from duelhall.games.duelfighters.combat.rules import CombatRules
from duelhall.games.duelfighters.geometry import Measure

seeds = st.integers(min_value=0, max_value=2**64 - 1)
measures = st.sampled_from(list(Measure))
specs = st.builds(
    AttackSpec,
    dice=st.integers(0, 8),
    attack=st.integers(1, 6),
    maximise=st.booleans(),
    improvised=st.booleans(),
    element=st.sampled_from(["", "fire"]),
    elemental_dice=st.integers(0, 3),
    defend_on=st.integers(4, 6),
    as_position=measures,
    reroll_misses=st.booleans(),
)
situations = st.builds(
    Situation,
    measure=measures,
    exposed=measures,
    downed=st.booleans(),
    badly_wounded=st.booleans(),
)
rules = st.builds(
    CombatRules,
    vp_from=st.sampled_from(["attack-and-defence", "attack"]),
    maximise_base=st.sampled_from(["attribute", "dice"]),
    half_dice=st.sampled_from(["down", "up"]),
    downed=st.sampled_from(["flank", "rear"]),
)
defences = st.builds(
    DefenceSpec,
    dice=st.integers(0, 8),
    defence=st.integers(0, 6),
    maximise=st.booleans(),
    cover=st.integers(0, 2),
    resists=st.sampled_from([(), ("fire",)]),
)


@given(seeds, specs, defences, situations, rules)
def test_the_same_seed_gives_the_same_outcome(
    seed: int, spec: AttackSpec, defence: DefenceSpec, situation: Situation, r: CombatRules
) -> None:
    assert attack(Rng(seed), spec, defence, situation, r) == attack(
        Rng(seed), spec, defence, situation, r
    )


@given(seeds, specs, defences, situations, rules)
def test_more_defence_never_increases_injuries(
    seed: int, spec: AttackSpec, defence: DefenceSpec, situation: Situation, r: CombatRules
) -> None:
    # The defence dice follow the attack dice in the stream, so more defence dice roll the
    # same dice plus some (two more, so that halving from the rear still adds one).
    fewer = attack(Rng(seed), spec, defence, situation, r)
    more = attack(
        Rng(seed),
        spec,
        DefenceSpec(
            defence.dice + 2, defence.defence, defence.maximise, defence.cover, defence.resists
        ),
        situation,
        r,
    )
    assert more.injuries <= fewer.injuries


@given(seeds, specs, defences, situations, rules)
def test_cancels_are_one_to_one_and_criticals_need_sixes(
    seed: int, spec: AttackSpec, defence: DefenceSpec, situation: Situation, r: CombatRules
) -> None:
    out = attack(Rng(seed), spec, defence, situation, r)
    assert out.defence is not None
    dice = out.defence.roll.dice
    used = [c.defence_die for c in out.cancels]
    hit = [c.strike for c in out.cancels]
    assert len(set(used)) == len(used) and len(set(hit)) == len(hit)
    assert set(hit) | set(out.landed) == set(range(len(out.attack.strikes)))
    assert not set(hit) & set(out.landed)
    for c in out.cancels:
        assert dice[c.defence_die].success
        if out.attack.strikes[c.strike].counts_critical:
            assert dice[c.defence_die].six
    assert len(out.landed) <= out.injuries <= 2 * len(out.landed)


@given(seeds, specs, defences, situations, rules)
def test_points_are_the_attackers_natural_sixes(
    seed: int, spec: AttackSpec, defence: DefenceSpec, situation: Situation, r: CombatRules
) -> None:
    out = attack(Rng(seed), spec, defence, situation, r)
    rolls = [x for x in (out.attack.roll, out.attack.reroll) if x is not None]
    sixes = sum(x.sixes for x in rolls)
    assert out.attacker_points == (0 if spec.improvised else sixes)
    assert all(1 <= f <= 6 for x in rolls for f in x.faces)


@given(seeds, st.integers(1, 12), st.integers(1, 6), st.integers(0, 15), st.integers(0, 8))
def test_knocked_down_exactly_when_a_hit_exceeds_con(
    seed: int, wounds: int, con: int, taken: int, injuries: int
) -> None:
    out = take_injuries(Rng(seed), Health(wounds, con, taken), injuries, CombatRules())
    assert out.after.injuries == taken + injuries
    assert out.knocked_down == (injuries > con)
    if out.after.injuries < wounds:
        assert out.death_roll is None and not out.defeated
