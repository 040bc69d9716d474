"""Heroes & Bannermen expansion, "Heroes": the deal, mages, warriors and all thirteen heroes."""

from __future__ import annotations

from typing import Any

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.expansion.state import Duel52XState
from tests.games.duel52.helpers import act, card, hand, illegal, legal, make, new, row


def hero(mine: str | None, theirs: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"heroes": [mine, theirs], **extra}


def xmake(lanes: Any = None, *, heroes: tuple[str | None, str | None], **kw: Any) -> Duel52XState:
    extra = kw.pop("expansion", {})
    state = make(lanes, expansion=hero(*heroes, **extra), heroes=True, **kw)
    assert isinstance(state, Duel52XState)
    return state


def spells(state: Duel52XState) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.kind == Kind.SPELL}


# -- the deal ------------------------------------------------------------------------------


def test_heroes_dealt_face_up_before_setup_and_only_8_removed() -> None:
    for seed in range(5):
        state = new(seed, heroes=True)
        assert isinstance(state, Duel52XState)
        assert all(c >= 0 for c in state.heroes)
        assert len(state.removed) == 8
        assert state.card_counts() == 52
        for seat in (0, 1):
            shown = state.view(seat)["heroes"]
            assert [h["card"] for h in shown] == [C.name(c) for c in state.heroes]


def test_heroes_both_players_may_have_the_same_hero() -> None:
    state = xmake({1: (["9C d1"], ["9D d1"])}, heroes=("7H", "7S"))
    act(state, "spell 1b")
    assert card(state, "1b").damage == 0
    act(state, "end")
    assert "spell 1b" in spells(state)


# -- mages ---------------------------------------------------------------------------------


def test_mage_spell_once_per_turn_and_costs_no_action() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("6H", None))
    act(state, "spell 1B")
    assert state.actions_left == 3
    assert spells(state) == set()
    assert state.view(0)["heroes"][0]["spell_used"]


def test_mage_spell_may_be_cast_after_the_last_action() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("6H", None), actions_left=1)
    act(state, "attack 1b 1B")
    assert state.current == 0 and state.actions_left == 0
    assert legal(state) == {"spell 1B", "end"}
    act(state, "spell 1B")
    assert state.current == 1  # nothing left to do: the turn ends by itself


def test_mage_spell_only_between_actions_not_inside_a_power() -> None:
    state = xmake({1: (["2C down"], ["5D"])}, heroes=("6H", None), hands=(["9H"], []))
    act(state, "flip 1b")
    assert state.pending == [("discard",)]
    assert spells(state) == set()


def test_mage_cannot_be_attacked() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=(None, "6H"))
    targets = {t for a in state.legal_actions() if a.kind == Kind.ATTACK for t in a.targets}
    assert targets == {(0, 1, 1)}  # the only opposing played card; no hero to strike


def test_mage_exerts_when_the_pile_is_empty() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("6H", None), pile=[], bases=False)
    assert spells(state) == set()
    assert state.view(1)["heroes"][0]["exerted"]
    live = xmake({1: (["9C"], ["5D"])}, heroes=("6H", None))
    assert not live.view(1)["heroes"][0]["exerted"]


# -- warriors ------------------------------------------------------------------------------


def test_warrior_played_face_up_once_per_game_costing_no_action() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("8H", None))
    assert {"hero 1", "hero 2", "hero 3"} <= legal(state)
    act(state, "hero 2")
    assert row(state, 2, 0)[-1] == "8H" and card(state, "2b").up
    assert state.actions_left == 3
    assert not any(a.kind == Kind.HERO for a in state.legal_actions())
    view = state.view(1)
    assert view["heroes"][0]["played"] and view["lanes"][1]["rows"][0][1]["hero"]
    act(state, "end")
    act(state, "end")
    assert not any(a.kind == Kind.HERO for a in state.legal_actions())


def test_warrior_may_attack_if_actions_allow() -> None:
    state = xmake({2: ([], ["5D"])}, heroes=("8H", None), actions_left=1)
    act(state, "hero 2")
    assert "attack 2b 2B" in legal(state)
    act(state, "attack 2b 2B")
    assert card(state, "2B", 0).damage == 1


def test_warrior_attackable_only_once_played() -> None:
    state = xmake({2: (["5D"], ["9C"])}, heroes=("8H", None), to_move=1)
    targets = {t for a in state.legal_actions() if a.kind == Kind.ATTACK for t in a.targets}
    assert targets == {(1, 0, 1)}
    state = xmake({2: (["5D"], ["9C"])}, heroes=("8H", None))
    act(state, "hero 2", "end")
    assert "attack 2b 2C" in legal(state)


def test_warrior_enrages_when_the_pile_empties_and_must_be_played_that_turn() -> None:
    state = xmake({2: (["5D"], ["9C"])}, heroes=("JH", None), pile=[], bases=False)
    assert state.view(1)["heroes"][0]["enraged"]
    assert "end" not in legal(state)
    act(state, "attack 1a 1A" if False else "hero 3")
    assert "end" in legal(state)
    assert not state.view(1)["heroes"][0]["enraged"]


def test_warrior_enraged_blocks_the_automatic_end_of_the_turn() -> None:
    state = xmake({2: (["5D"], ["9C"])}, heroes=("JH", None), pile=[], bases=False, actions_left=0)
    assert state.current == 0
    assert legal(state) == {"hero 1", "hero 2", "hero 3"}


# -- the thirteen hero powers --------------------------------------------------------------


def test_hero_2_master_recruiter_draws_then_discards_and_may_play_the_card() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("2H", None), hands=(["KH"], []), pile=["QC"])
    act(state, "spell")
    assert hand(state, 0) == ["KH", "QC"] and state.pending == [("discard",)]
    act(state, "discard KH", "play QC 2")
    assert hand(state, 0) == [] and row(state, 2, 0)[-1] == "QC"
    assert state.actions_left == 2


def test_hero_3_rush_them_plays_a_card_that_cannot_be_flipped_this_turn() -> None:
    state = xmake({1: (["5C down"], ["5D"])}, heroes=("3H", None), hands=(["KH"], []))
    act(state, "spell KH 1")
    assert row(state, 1, 0)[-1] == "KH" and not card(state, "1c").up
    assert state.actions_left == 3
    assert "flip 1c" not in legal(state)
    act(state, "flip 1b")  # a 5 does not flip it either
    assert not card(state, "1c").up
    act(state, "end", "end")
    assert "flip 1c" in legal(state)  # next turn it is a normal card


def test_hero_4_information_is_power_looks_at_any_face_down_card_base_cards_too() -> None:
    state = xmake({1: (["9C"], ["5D down"])}, heroes=("4H", None))
    assert {"spell 1a", "spell 1A", "spell 1B", "spell 2a", "spell 3A"} <= spells(state)
    act(state, "spell 1A")
    assert state.view(0)["lanes"][0]["rows"][1][0]["card"] is not None
    assert state.view(1)["lanes"][0]["rows"][1][0]["card"] is None  # not shown to its owner
    assert state.actions_left == 3


def test_hero_5_activate_flips_a_card_whose_power_fires_but_cannot_attack() -> None:
    state = xmake({1: (["AC down"], ["5D"])}, heroes=("5H", None), hands=(["KH"], []))
    act(state, "spell 1b")
    assert card(state, "1b").up
    assert state.actions_left == 4  # the Ace's power fired
    assert not any(a.kind == Kind.ATTACK and a.slots[0] == (0, 0, 1) for a in state.legal_actions())
    assert state.view(0)["lanes"][0]["rows"][0][1]["attacks_left"] == 0
    act(state, "end", "end")
    assert "attack 1b 1B" in legal(state)  # next turn a normal card


def test_hero_5_activate_may_flip_a_frozen_card() -> None:
    state = xmake({1: (["7C down frozen"], ["5D"])}, heroes=("5H", None))
    assert "flip 1b" not in legal(state)
    assert "spell 1b" in spells(state)


def test_hero_6_frost_mage_freezes_one_card_for_the_opponents_next_turn() -> None:
    state = xmake({1: (["9C"], ["8D", "5S down"])}, heroes=("6H", None))
    act(state, "spell 1B")
    assert card(state, "1B").frozen and not card(state, "1C").frozen
    act(state, "end")
    assert "attack 1b 1A" not in legal(state)  # 8D (1b for seat 1) cannot attack
    assert "flip 1c" in legal(state)
    act(state, "end")
    assert not card(state, "1B").frozen  # the freeze lasted their one turn


def test_hero_6_frost_mage_cannot_freeze_a_9() -> None:
    state = xmake({1: (["9C"], ["9D", "5S down"])}, heroes=("6H", None))
    assert "spell 1B" not in spells(state)
    assert "spell 1C" in spells(state)


def test_hero_6_frozen_card_may_still_be_flipped_by_a_5() -> None:
    state = xmake({1: (["9C"], ["5D down", "7S down"])}, heroes=("6H", None))
    act(state, "spell 1C", "end")
    assert "flip 1c" not in legal(state)
    act(state, "flip 1b")
    assert card(state, "1c").up


def test_hero_7_life_mage_heals_one_hit_point_only_with_a_damaged_card() -> None:
    state = xmake({1: (["JC d2"], ["5D"])}, heroes=("7H", None))
    act(state, "spell 1b")
    assert card(state, "1b").damage == 1
    undamaged = xmake({1: (["JC"], ["5D"])}, heroes=("7H", None))
    assert spells(undamaged) == set()


def test_hero_8_spiked_soldier_damages_attackers_except_a_9() -> None:
    state = xmake({2: ([], ["5D", "9D"])}, heroes=("8H", None))
    act(state, "hero 2", "end")
    act(state, "attack 2b 2B")
    assert card(state, "2b", 1).damage == 1  # the 5 took a spike
    act(state, "attack 2c 2B")
    assert card(state, "2c", 1).damage == 0  # the 9 did not
    assert len(state.rows[1][0]) == 1  # the 8 died


def test_hero_9_ninja_deals_two_to_a_jack_and_ignores_8s() -> None:
    state = xmake({2: ([], ["JD", "8S"])}, heroes=("9H", None), actions_left=2)
    act(state, "hero 2", "attack 2b 2B")
    assert card(state, "2B", 0).damage == 2
    state = xmake({2: ([], ["8S"])}, heroes=("9H", None), actions_left=2)
    act(state, "hero 2", "attack 2b 2B")
    assert card(state, "2b", 0).damage == 0


def test_hero_9_ninja_cannot_be_frozen_or_twinstruck_with_another() -> None:
    state = xmake({2: (["5C"], ["6D down", "10D"])}, heroes=("9H", None), hands=(["KH"], []))
    act(state, "hero 2", "end")
    act(state, "flip 2b")  # seat 1's 6 freezes seat 0's lane 2, but not the Ninja
    assert card(state, "2B").frozen and not card(state, "2C").frozen
    strikes = {str(a) for a in state.legal_actions() if str(a).startswith("attack 2c")}
    assert strikes == {"attack 2c 2C", "attack 2c 2B"}  # the 9 only ever alone


def test_hero_10_brawler_strikes_two_cards_when_played() -> None:
    state = xmake({2: ([], ["5D", "6S"])}, heroes=("10H", None), actions_left=1)
    act(state, "hero 2", "attack 2b 2B 2C")
    assert card(state, "2B", 0).damage == 1 and card(state, "2C", 0).damage == 1


def test_hero_jack_protector_taunts_with_three_hit_points() -> None:
    state = xmake({2: ([], ["5D"])}, heroes=("JH", None))
    act(state, "hero 2", "end")
    attacks = {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}
    assert attacks == {"attack 2b 2B"}  # seat 1's 5D attacks only the Jack
    assert state.view(1)["lanes"][1]["rows"][0][1]["hp"] == 3


def test_hero_queen_manipulator_moves_a_card_to_any_lane_keeping_damage() -> None:
    state = xmake(
        {1: (["9C d1"], ["5D"]), 3: ([], ["6D"])}, heroes=("QH", None), hands=(["KH"], [])
    )
    assert {"spell 1b 2", "spell 1b 3"} <= spells(state)
    act(state, "attack 1b 1B", "spell 1b 3")
    moved = card(state, "3b")
    assert C.name(moved.card) == "9C" and moved.damage == 1
    assert "attack 3b 3B" not in legal(state)  # it attacked before the move
    assert state.actions_left == 2


def test_hero_queen_manipulator_card_may_attack_after_the_move() -> None:
    state = xmake({1: (["9C down"], []), 3: ([], ["6D"])}, heroes=("QH", None))
    act(state, "spell 1b 3", "flip 3b", "attack 3b 3B")
    assert card(state, "3B", 0).damage == 1


def test_hero_king_continuing_inspiration_reactivates_a_card_flipped_this_turn() -> None:
    state = xmake({1: (["AC down"], ["5D"])}, heroes=("KH", None))
    act(state, "flip 1b")
    assert state.actions_left == 3
    act(state, "spell 1b")
    assert state.actions_left == 4


def test_hero_king_double_freeze_does_not_stack() -> None:
    state = xmake({1: (["6C down"], ["5D down"])}, heroes=("KH", None))
    act(state, "flip 1b", "spell 1b")
    assert card(state, "1B").frozen
    act(state, "end", "end")
    assert not card(state, "1B", 0).frozen  # one turn only


def test_hero_ace_assassin_gains_an_action_and_attacks_twice() -> None:
    state = xmake({2: ([], ["JD"])}, heroes=("AH", None), actions_left=1)
    act(state, "hero 2")
    assert state.actions_left == 2
    act(state, "attack 2b 2B", "attack 2b 2B")
    assert card(state, "2B", 0).damage == 2


def test_heroes_notation_errors_say_what_to_write() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("6H", None))
    assert "only a mage" not in illegal(state, "spell 1A")
    state = xmake({1: (["9C"], ["5D"])}, heroes=("8H", None))
    from duelhall.core.errors import NotationError

    try:
        state.parse_action("spell 1A")
    except NotationError as e:
        assert "mage" in str(e)
    else:
        raise AssertionError("a warrior cast a spell")


def test_hero_6_frozen_card_may_still_be_healed_moved_and_activated_by_hero_spells() -> None:
    heal = xmake({1: (["9C"], ["5D d1 frozen"])}, heroes=("6H", "7H"), to_move=1)
    assert "spell 1b" in spells(heal)
    move = xmake({1: (["9C"], ["5D frozen"])}, heroes=("6H", "QH"), to_move=1)
    assert "spell 1b 2" in spells(move)
    king = xmake({1: (["9C"], ["AD frozen"])}, heroes=("6H", "KH"), to_move=1)
    assert "spell 1b" in spells(king)


def test_hero_10_brawler_cannot_strike_past_a_jack() -> None:
    state = xmake({2: ([], ["JD", "6S"])}, heroes=("10H", None), actions_left=1)
    act(state, "hero 2")
    attacks = {str(a) for a in state.legal_actions() if a.kind == Kind.ATTACK}
    assert attacks == {"attack 2b 2B"}


def test_hero_explanations_say_why_a_hero_act_is_refused() -> None:
    state = xmake({1: (["9C"], ["5D"])}, heroes=("6H", None), hands=(["KH"], []))
    act(state, "spell 1B")
    assert "already cast its spell this turn" in illegal(state, "spell 1B")
    warrior = xmake({1: (["9C"], ["5D"])}, heroes=("8H", None), hands=(["KH"], []))
    act(warrior, "hero 1")
    assert "already in play" in illegal(warrior, "hero 2")
