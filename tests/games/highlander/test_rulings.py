"""The rulings in docs/rulings/highlander.md that the section tests do not already cover."""

from __future__ import annotations

from duelhall.games.highlander.engine.actions import HighlanderAction

from .helpers import clash, make, new

ALL_BUT = [
    "thrust",
    "lunge",
    "fleche",
    "lowcut",
    "backhand",
    "bind",
    "overhead",
    "diagonal",
    "rising",
    "crosscut",
    "sweep",
    "parry",
    "highguard",
    "moulinet",
    "beat",
    "disengage",
    "whirlwind",
    "hanging",
    "sidestep",
    "cleave",
    "windmill",
    "twohand",
    "irongate",
]


def test_ruling_h3_face_up_cards_first_then_one_card_at_a_time_offence_first() -> None:
    state = new(8, kurgan="2")
    again = new(8, kurgan="2")
    # Rebuild the deal from the same shuffle: face-up from the top, then alternate.
    from duelhall.core.rng import Rng

    rng = Rng(8)
    deck = list(range(23))
    rng.shuffle(deck)
    assert again.faceup == [deck[-1], deck[-2]]
    assert state.hands[1] == [deck[-3], deck[-5]]
    assert state.hands[0] == [deck[-4], deck[-6]]


def test_ruling_h4_an_empty_face_up_place_offers_nothing() -> None:
    state = make(
        (["thrust", "lunge", "fleche", "lowcut"], ["backhand", "bind", "overhead"]),
        phase="draft",
        to_draft=1,
        faceup=[None, "rising"],
    )
    assert {str(a) for a in state.legal_actions(1)} == {"take rising", "draw"}


def test_ruling_h4_a_taken_face_up_card_is_refilled_from_the_reshuffled_discard() -> None:
    hands0 = ["thrust", "lunge", "fleche", "lowcut"]
    hands1 = ["backhand", "bind", "overhead"]
    placed = set(hands0 + hands1 + ["diagonal", "rising"])
    rest = [c for c in ALL_BUT if c not in placed]
    state = make(
        (hands0, hands1),
        phase="draft",
        to_draft=1,
        faceup=["diagonal", "rising"],
        discard=rest,
    )
    assert len(state.deck) == 0
    state.apply(HighlanderAction(1, "take", "diagonal"))
    assert state.reshuffles == 1  # the discard pile became the deck to refill the place
    assert state.faceup[0] >= 0 and state.current == 0


def test_ruling_h6_reshuffle_waits_until_a_card_is_needed() -> None:
    state = make(
        (["thrust", "lunge"], ["bind", "parry"]),
        played=(["overhead", "diagonal", "rising"], ["crosscut", "sweep", "highguard"]),
        faceup=["moulinet", "beat"],
        deck=[],
        discard=[
            "fleche",
            "lowcut",
            "backhand",
            "disengage",
            "whirlwind",
            "hanging",
            "sidestep",
            "cleave",
            "windmill",
            "twohand",
            "irongate",
        ],
    )
    clash(state, "thrust", "bind")  # the round ends; the deck is empty
    assert state.reshuffles == 0 and len(state.discard) == 11 + 8
    state.apply(HighlanderAction(1, "take", "beat"))  # refilling the place needs a card
    assert state.reshuffles == 1
    assert state.discard == [] and len(state.deck) == 18


def test_ruling_h18_total_damage_decides_not_the_last_clash() -> None:
    # Seat 0 takes 1 (penalty) in the last clash, seat 1 takes 2, but seat 0 has more in all.
    state = make(
        (["rising", "lunge"], ["cleave", "bind"]),
        damage=(12 - 1, 11),
        unlocked=[0, 0],
        played=(["highguard"], ["overhead"]),
    )
    clash(state, "rising", "cleave")
    assert state.history[-1].penalties == (1, 0) and state.history[-1].damage == (0, 2)
    assert state.damage == [12, 13]
    assert state.outcome().winner == 0  # type: ignore[union-attr]


def test_ruling_h6_reshuffle_at_once_option() -> None:
    hands0 = ["thrust", "lunge", "fleche", "lowcut"]
    hands1 = ["backhand", "bind", "overhead"]
    placed = set(hands0 + hands1 + ["diagonal", "rising", "cleave"])
    rest = [c for c in ALL_BUT if c not in placed]
    for mode, expected in (("when-needed", 0), ("at-once", 1)):
        state = make(
            (hands0, hands1),
            phase="draft",
            to_draft=1,
            faceup=["diagonal", "rising"],
            deck=["cleave"],
            discard=rest,
            options={"reshuffle": mode},
        )
        state.apply(HighlanderAction(1, "draw"))  # the last card of the deck
        assert state.cards.cards[state.hands[1][-1]].id == "cleave"
        assert state.reshuffles == expected
        assert len(state.deck) == (len(rest) if expected else 0)
