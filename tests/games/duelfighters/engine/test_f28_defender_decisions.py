"""Ruling F28's order within an attack: the victim decides after the attack roll whether to
maximise its defence (Wall of Swords, F30), and after the defence roll whether to discard
Divine Protection (F35)."""

from __future__ import annotations

from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.engine.fight import Replay

from ..combat.scripted import Dice
from .helpers import do, executing, words

CONTACT = [(400, 300, 90), (400, 345, 270)]
WAIT = [("turn-left",)]


def test_f30_wall_of_swords_is_decided_after_the_attack_roll() -> None:
    dice = Dice(6, 4, 1, 1, 1, 1, 1, 1, 1)  # two strikes; then Lesdinn's 3 + 1 dice
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    do(state, 0, "attack", defend=None)
    assert state.to_move() == (1,)
    assert words(state, 1) == ["defend", "defend maximise"]
    seen = state.view(0)["pending"]
    assert seen["attack_faces"] == [6, 4, 1, 1, 1] and seen["stage"] == "defend"
    assert state.board.fighters[0].points == 1  # counted as the dice are read (F7)
    do(state, 1, "defend maximise")
    assert dice.spent  # DEF 3 and half of it: four dice
    lesdinn = state.board.fighters[1]
    assert lesdinn.count("used") == 1 and lesdinn.injuries == 2


def test_f30_no_decision_without_a_strike_or_a_card() -> None:
    state = executing([[("attack",)], WAIT], CONTACT, dice=Dice(1, 1, 1, 1, 1, 1, 1, 1))
    do(state, 0, "attack", defend=None)
    assert state.board.pending is None
    state = executing([[("attack",)], WAIT], CONTACT, dice=Dice(4, 1, 1, 1, 1, 1, 1, 1))
    for card in state.board.fighters[1].cards:
        card.state = "used"
    do(state, 0, "attack", defend=None)
    assert state.board.pending is None


def test_f35_divine_protection_after_the_defence_roll() -> None:
    dice = Dice(6, 4, 4, 1, 1, 1, 1, 1, 1, 1)  # three strikes; Hallothon's DEF fails
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice, second="hallothon")
    do(state, 0, "attack")
    assert state.to_move() == (1,) and words(state, 1) == ["protect", "accept"]
    do(state, 1, "protect")
    hallothon = state.board.fighters[1]
    assert hallothon.injuries == 0
    assert [c.state for c in hallothon.cards if c.id == "divine-protection"] == ["discarded"]
    assert state.board.fighters[0].points == 1  # the attacker's point stands


def test_f35_accepting_takes_the_injuries() -> None:
    dice = Dice(6, 4, 4, 1, 1, 1, 1, 1, 1, 1)
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice, second="hallothon")
    do(state, 0, "attack")
    do(state, 1, "accept")
    assert state.board.fighters[1].injuries == 3


def test_f28_a_waiting_attack_is_a_position_that_reads_back() -> None:
    dice = Dice(6, 4, 1, 1, 1)
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    do(state, 0, "attack", defend=None)
    written = state.to_position()
    loaded = INFO.load_position(written)
    assert loaded.to_position() == written
    assert [str(a) for a in loaded.legal_actions(1)] == ["defend", "defend maximise"]


def test_f28_kept_faces_that_do_not_fit_the_attack_are_refused() -> None:
    dice = Dice(6, 4, 1, 1, 1)
    state = executing([[("attack",)], WAIT], CONTACT, dice=dice)
    do(state, 0, "attack", defend=None)
    written = state.to_position()
    written["pending"]["attack_faces"] = [6, 4]
    try:
        INFO.load_position(written)
    except Exception as e:
        assert "do not fit" in str(e)
    else:
        raise AssertionError("a short roll was accepted")
    assert Replay((1,)).below(6) == 0
