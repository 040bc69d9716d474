"""END OF A ROUND: the defender takes the offence marker, played cards are discarded, the
draft refills hands (reshuffling an empty deck), nothing carries over, abilities unlock."""

from __future__ import annotations

from typing import Any

from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.engine.state import CLASH, DRAFT, HighlanderState

from .helpers import clash, draft_to_clash, make, new


def _last_clash_of_round(**extra: Any) -> HighlanderState:
    return make(
        (["overhead", "lunge"], ["diagonal", "bind"]),
        played=(["thrust", "sweep", "cleave"], ["parry", "highguard", "hanging"]),
        **extra,
    )


def test_round_ends_when_both_hold_one_card() -> None:
    state = make((["overhead", "lunge", "fleche"], ["diagonal", "bind", "rising"]))
    clash(state, "overhead", "diagonal")
    assert state.phase == CLASH and state.round == 1
    clash(state, "lunge", "bind")
    assert state.phase == DRAFT and state.round == 2


def test_round_end_defender_takes_the_offence_marker_and_drafts_first() -> None:
    state = _last_clash_of_round()
    clash(state, "overhead", "diagonal")
    assert state.offence == 1
    assert state.to_move() == (1,)


def test_round_end_played_cards_go_to_the_discard_pile() -> None:
    state = _last_clash_of_round(discard=["backhand"])
    clash(state, "overhead", "diagonal")
    discard = {state.cards.cards[c].id for c in state.discard}
    assert discard == {
        "backhand",
        "thrust",
        "sweep",
        "cleave",
        "overhead",
        "parry",
        "highguard",
        "hanging",
        "diagonal",
    }
    assert state.played == [[], []]


def test_round_end_draft_refills_both_hands_to_five() -> None:
    state = _last_clash_of_round()
    clash(state, "overhead", "diagonal")
    kept = [list(h) for h in state.hands]
    movers = []
    while state.phase == DRAFT:
        movers.append(state.current)
        state.apply(HighlanderAction(state.current, "draw"))
    assert movers == [1, 0] * 4
    assert [len(h) for h in state.hands] == [5, 5]
    for s in (0, 1):
        assert kept[s][0] in state.hands[s]  # the last card stays


def test_round_end_empty_deck_is_replaced_by_the_shuffled_discard() -> None:
    state = _last_clash_of_round(
        deck=["backhand"],
        faceup=[None, None],
        discard=[
            "lowcut",
            "fleche",
            "crosscut",
            "moulinet",
            "beat",
            "disengage",
            "whirlwind",
            "sidestep",
            "windmill",
            "twohand",
            "irongate",
            "rising",
        ],
    )
    clash(state, "overhead", "diagonal")
    state.apply(HighlanderAction(1, "draw"))
    assert state.reshuffles == 0
    assert state.cards.cards[state.hands[1][-1]].id == "backhand"
    state.apply(HighlanderAction(0, "draw"))
    assert state.reshuffles == 1
    assert state.discard == []
    assert len(state.deck) == 12 + 8 - 1
    view = state.view(1)
    assert "overhead" in view["deck_cards"] and "backhand" not in view["deck_cards"]


def test_round_end_nothing_carries_over() -> None:
    # Lunge strikes in the round's last clash: its momentum would boost the next card; seat 1
    # has relentless waiting too. Neither survives the end of the round.
    state = make(
        (["lunge", "whirlwind"], ["diagonal", "bind"]),
        played=(["overhead", "parry", "sweep"], ["cleave", "highguard", "hanging"]),
        relentless=[False, True],
    )
    clash(state, "lunge", "diagonal")
    assert state.history[-1].notes[-1] == "momentum waiting 1"
    assert state.next_power == [0, 0] and state.free_next == [False, False]
    assert state.required(0) == 0 and state.required(1) == 0
    draft_to_clash(state)
    card0, card1 = (state.cards.cards[min(h)].id for h in state.hands)
    clash(state, card0, card1)
    first = state.history[-1]
    assert first.round == 2 and first.penalties == (0, 0)
    assert not any(note.startswith("momentum 1") for note in first.notes)


def test_round_end_ability_unlocks_at_its_threshold() -> None:
    # Seat 0 is The Kurgan (thresholds 3 and 7); a 3-damage strike takes it from 2 to 5.
    state = make(
        (["overhead", "lunge", "thrust"], ["whirlwind", "bind", "parry"]),
        offence=1,
        damage=(2, 0),
    )
    clash(state, "overhead", "whirlwind")
    assert state.damage[0] == 5
    assert state.unlocked == [1, 0]
    assert state.view(1)["characters"][0]["abilities"][0]["unlocked"] is True


def test_round_end_unlock_option_round_waits_for_the_end_of_the_round() -> None:
    state = make(
        (["overhead", "lunge", "thrust"], ["whirlwind", "bind", "parry"]),
        offence=1,
        damage=(2, 0),
        options={"unlock": "round"},
    )
    clash(state, "overhead", "whirlwind")
    assert state.unlocked == [0, 0]
    clash(state, "lunge", "bind")
    assert state.phase == DRAFT
    assert state.unlocked[0] == state.character(0).unlocked_at(state.damage[0]) >= 1


def test_round_a_whole_game_alternates_the_offence_each_round() -> None:
    state = new(9, kurgan="1")
    offences: dict[int, int] = {}
    while not state.is_over():
        if state.phase == DRAFT:
            state.apply(state.legal_actions()[0])
            continue
        offences.setdefault(state.round, state.offence)
        clash(state, *(state.cards.cards[min(h)].id for h in state.hands))
    assert offences[1] == 0
    assert all(offences[r] == (r - 1) % 2 for r in offences)
