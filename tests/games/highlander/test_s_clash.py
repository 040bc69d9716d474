"""CLASH: secret simultaneous choice, follow-up penalty, reveal and align, block / strike /
perfect block."""

from __future__ import annotations

from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.engine.state import BLOCK, PERFECT, STRIKE

from .helpers import clash, illegal, make


def test_clash_both_choose_at_once_in_either_order() -> None:
    state = make((["thrust", "parry"], ["bind", "lunge"]))
    assert state.to_move() == (0, 1)
    state.apply(HighlanderAction(1, "play", "lunge"))
    assert state.to_move() == (0,)
    state.apply(HighlanderAction(0, "play", "thrust"))
    assert state.history[-1].cards == (state.cards.by_id["thrust"], state.cards.by_id["lunge"])


def test_clash_early_choice_is_hidden_from_the_other_seat() -> None:
    state = make((["thrust", "parry"], ["bind", "lunge"]))
    before_view = state.view(1)
    before_legal = state.legal_actions(1)
    state.apply(HighlanderAction(0, "play", "thrust"))
    after = state.view(1)
    assert after["chosen"] == [None, None]
    assert after["committed"] == [True, False]
    assert after["hands"][0] == 2  # still looks like two cards
    assert state.legal_actions(1) == before_legal
    changed = {k for k in after if after[k] != before_view[k]}
    assert changed == {"committed", "to_move"}
    assert state.view(0)["chosen"] == ["thrust", None]


def test_clash_a_seat_cannot_choose_twice_or_a_card_it_lacks() -> None:
    state = make((["thrust", "parry"], ["bind", "lunge"]))
    assert "does not hold" in illegal(state, HighlanderAction(0, "play", "bind"))
    state.apply(HighlanderAction(0, "play", "thrust"))
    assert "already chosen" in illegal(state, HighlanderAction(0, "play", "parry"))
    assert state.legal_actions(0) == []


def test_clash_block_when_some_position_aligns() -> None:
    # Overhead Cut attacks 2 and 4; Parry's 2 faces the attacker's 4.
    state = clash(make((["overhead", "lunge"], ["parry", "bind"])), "overhead", "parry")
    assert state.history[-1].result == BLOCK
    assert state.damage == [1, 0]  # Parry's riposte; a plain block would deal none


def test_clash_plain_block_deals_no_damage() -> None:
    # Diagonal Slash attacks 1 and 2; Rising Cut guards 4 and 5 = the attacker's 2 and 1.
    state = clash(make((["diagonal", "lunge"], ["crosscut", "bind"])), "diagonal", "crosscut")
    assert state.history[-1].result == BLOCK
    assert state.damage == [0, 0]


def test_clash_strike_deals_one_damage_per_attack_position() -> None:
    # Whirlwind 1+3+5 against Overhead 2+4 (mirrored: 4+2): nothing aligns.
    state = clash(make((["whirlwind", "lunge"], ["overhead", "bind"])), "whirlwind", "overhead")
    assert state.history[-1].result == STRIKE
    assert state.damage == [0, 3]


def test_clash_strike_hurts_only_the_defender() -> None:
    state = clash(
        make((["overhead", "lunge"], ["whirlwind", "bind"]), offence=1),
        "overhead",
        "whirlwind",
    )
    assert state.history[-1].result == STRIKE
    assert state.damage == [3, 0]


def test_clash_cards_meet_top_to_top_so_positions_mirror() -> None:
    # Low Cut attacks position 1; it meets position 5 of the other card.
    blocked = clash(make((["lowcut", "lunge"], ["backhand", "bind"])), "lowcut", "backhand")
    assert blocked.history[-1].result != STRIKE
    same_side = clash(make((["lowcut", "lunge"], ["diagonal", "bind"])), "lowcut", "diagonal")
    assert same_side.history[-1].result == STRIKE
    assert same_side.damage == [0, 2]  # one position plus Low Cut's power 1


def test_clash_perfect_block_hurts_the_offence() -> None:
    # Low Cut (1) against Backhand (5): every position of both cards aligned.
    state = clash(make((["lowcut", "lunge"], ["backhand", "bind"])), "lowcut", "backhand")
    assert state.history[-1].result == PERFECT
    assert state.damage == [1, 0]


def test_clash_not_perfect_unless_all_positions_of_both_align() -> None:
    # Thrust (3) meets Parry (2, 3): aligned at 3, but Parry's 2 faces nothing.
    state = clash(make((["thrust", "lunge"], ["hanging", "bind"])), "thrust", "hanging")
    assert state.history[-1].result == BLOCK


def test_clash_follow_up_penalty_when_the_bar_is_missed() -> None:
    # Seat 0 played Overhead Cut (follow-up bar: 3) earlier this round.
    state = make(
        (["lowcut", "thrust", "lunge"], ["parry", "bind", "sweep"]),
        played=(["overhead"], ["cleave"]),
    )
    miss = clash(state.clone(), "lowcut", "parry")
    assert miss.history[-1].penalties == (1, 0)
    hit = clash(state.clone(), "thrust", "parry")
    assert hit.history[-1].penalties == (0, 0)  # Thrust has 3; Parry has 2 (Cleave: 1, 2)


def test_clash_first_card_of_a_round_has_no_follow_up_requirement() -> None:
    state = clash(make((["lowcut", "lunge"], ["diagonal", "bind"])), "lowcut", "diagonal")
    assert state.history[-1].penalties == (0, 0)


def test_clash_penalty_applies_to_both_players_and_before_the_reveal() -> None:
    state = make(
        (["lowcut", "lunge"], ["rising", "bind"]),
        played=(["overhead"], ["highguard"]),
    )
    # Low Cut misses Overhead's 3; Rising Cut (4, 5) misses High Guard's bar (1, 2).
    clash(state, "lowcut", "rising")
    assert state.history[-1].penalties == (1, 1)
    assert state.history[-1].result == BLOCK  # Low Cut's 1 meets Rising Cut's 5
    assert state.damage == [1, 1]
