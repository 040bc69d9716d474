"""FAQ: abilities work from the clash after they unlock; both work once the second is
unlocked; a perfect block counts as a block for abilities."""

from __future__ import annotations

from .helpers import clash, make


def test_faq_ability_not_usable_in_the_clash_it_unlocks() -> None:
    # Seat 0 is The Kurgan (Brute Strength at 3: power 1). At 2 damage it misses its
    # follow-up bar, reaching 3 before the reveal, and strikes: no bonus in this clash.
    state = make(
        (["rising", "thrust", "lunge"], ["cleave", "diagonal", "bind"]),
        damage=(2, 0),
        played=(["highguard"], ["overhead"]),
    )
    clash(state, "rising", "cleave")  # Rising Cut (4, 5) misses High Guard's bar (1, 2)
    assert state.history[-1].penalties == (1, 0)
    assert state.history[-1].result == "strike"
    assert state.damage == [3, 2]  # two positions, no Brute Strength yet
    assert state.unlocked == [1, 0]
    clash(state, "thrust", "diagonal")  # the next clash: Thrust 1 + its power 1 + 1
    assert state.history[-1].result == "strike"
    assert state.damage == [3, 5]


def test_faq_both_abilities_work_once_the_second_unlocks() -> None:
    # Connor (seat 1) at 9 damage: Ramirez's Lessons (flow) and The Quickening (riposte 1).
    state = make(
        (["overhead", "lunge", "fleche"], ["crosscut", "diagonal", "bind"]),
        damage=(0, 9),
        played=(["sweep"], ["highguard"]),
    )
    assert state.unlocked == [0, 2]
    clash(state, "overhead", "crosscut")  # Cross Cut (1, 4) follows High Guard's bar (1, 2)
    assert state.history[-1].result == "block"
    assert state.damage == [1, 9]  # The Quickening's riposte
    clash(state, "lunge", "bind")  # Bind (3) misses Cross Cut's bar (2, 5): flow saves it
    assert state.history[-1].penalties[1] == 0


def test_faq_perfect_block_counts_as_a_block_for_riposte() -> None:
    # Parry (2, 3) mirrored is (4, 3): High Guard (3, 4) meets it exactly, a perfect block.
    state = make((["highguard", "lunge"], ["parry", "bind"]))
    clash(state, "highguard", "parry")
    assert state.history[-1].result == "perfect block"
    assert state.damage == [2, 0]  # one for the perfect block, one for Parry's riposte
    assert "riposte 1" in state.history[-1].notes


def test_faq_perfect_block_counts_as_a_block_for_relentless() -> None:
    # Beat (1, 3, relentless) against Sweep (3, 5): mirrored 3 and 1, a perfect block.
    state = make((["beat", "lunge", "lowcut"], ["sweep", "bind", "parry"]))
    clash(state, "beat", "sweep")
    assert state.history[-1].result == "perfect block"
    assert state.free_next == [True, False]
    clash(state, "lowcut", "bind")  # Low Cut misses Beat's bar (4) but needs no follow-up
    assert state.history[-1].penalties[0] == 0
